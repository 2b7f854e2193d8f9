import { useSyncExternalStore } from 'react';
import { ApiError } from '../../api/api-error';

/**
 * Warnings the server wants staff to confirm (409, then the same call sent again with a flag): the
 * convocation notice rule (`confirmShortNotice`, docs/user-guide.md « Délai de convocation ») and a
 * staff check the engine's budget could not settle (`confirmStrand`, docs/scheduling.md 'Staff
 * checks fail closed'). Each is asked in its own modal on every staff page while the call waits:
 * the dialog that made the call stays open with everything typed in it.
 */
type ConfirmFlag = 'confirmShortNotice' | 'confirmStrand' | 'confirmElsewhere';
export type ConfirmFlags = Partial<Record<ConfirmFlag, true>>;

/** A question shown in a modal; `answer` resumes the waiting call. */
export type Question<Q> = Q & { answer: (confirmed: boolean) => void };

/** The one question of a kind asked at a time, read by its modal. */
export interface QuestionStore<Q> {
  current: Question<Q> | null;
  listeners: Set<() => void>;
}

export function questionStore<Q>(): QuestionStore<Q> {
  return { current: null, listeners: new Set() };
}

function setQuestion<Q>(store: QuestionStore<Q>, next: Question<Q> | null): void {
  store.current = next;
  for (const listener of store.listeners) listener();
}

/** Asks staff and waits for their answer. */
export async function ask<Q>(store: QuestionStore<Q>, question: Q): Promise<boolean> {
  const confirmed = await new Promise<boolean>((resolve) => setQuestion(store, { ...question, answer: resolve }));
  setQuestion(store, null);
  return confirmed;
}

/** The question its modal shows (null: none asked). */
export function useQuestion<Q>(store: QuestionStore<Q>): Question<Q> | null {
  return useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.current,
  );
}

/** One kind of warning: the flag that confirms it, and how a refused call asks it. */
export interface ServerWarning {
  flag: ConfirmFlag;
  /** Asks staff when `error` is this warning (their answer), null when it is not. */
  confirm(error: unknown): Promise<boolean> | null;
  /** The error of a call staff did not confirm: nothing was changed. */
  declined: string;
}

/** The flag of the warning `error` asks and staff confirmed; rethrows any other error, and a declined warning as nothing changed. */
async function confirmedFlag(warnings: readonly ServerWarning[], flags: ConfirmFlags, error: unknown): Promise<ConfirmFlag> {
  for (const warning of warnings) {
    const answer = flags[warning.flag] ? null : warning.confirm(error);
    if (answer === null) continue;
    if (!(await answer)) throw new ApiError(409, warning.declined);
    return warning.flag;
  }
  throw error;
}

/**
 * Sends the call; each warning among `warnings` it is refused with is asked once, and the call sent
 * again with every warning confirmed so far (a call may need two: the notice rule and the staff check).
 */
export async function confirmingWarnings<T>(warnings: readonly ServerWarning[], send: (flags: ConfirmFlags) => Promise<T>): Promise<T> {
  const flags: ConfirmFlags = {};
  for (;;) {
    try {
      return await send({ ...flags });
    } catch (error) {
      flags[await confirmedFlag(warnings, flags, error)] = true;
    }
  }
}
