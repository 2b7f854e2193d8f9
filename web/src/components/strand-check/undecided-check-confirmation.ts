import { amoCalendarMessages } from '../../../../shared/messages/amo-calendar';
import { SCHEDULING_MESSAGES } from '../../../../shared/messages/scheduling';
import { strandCheckMessages } from '../../../../shared/messages/strand-check';
import { ApiError } from '../../api/api-error';
import { ask, confirmingWarnings, questionStore, useQuestion, type ConfirmFlags, type Question, type ServerWarning } from '../confirmation/server-warnings';
import { shortNoticeWarning } from '../short-notice/short-notice-confirmation';

/**
 * A staff change the engine could not check within its budget (docs/scheduling.md 'Staff checks
 * fail closed'): the server refuses it with 409 WOULD_STRAND and « Le calcul n'a pas pu vérifier
 * que tous les acquéreurs restent plaçables : confirmer quand même ? ». Staff see that message in a
 * modal over their dialog; « Confirmer quand même » sends the same call again with
 * `confirmStrand: true`. A stranding the engine proved (buyers named) stays the dialog's own warning.
 */
export type UndecidedCheckQuestion = Question<{ message: string; header?: string }>;

const questions = questionStore<{ message: string; header?: string }>();

export function useUndecidedCheckQuestion(): UndecidedCheckQuestion | null {
  return useQuestion(questions);
}

const undecidedCheckDeclined = strandCheckMessages.declined;

/** The refusal of a check left undecided (the server's code and the catalogue's message). */
function isUndecidedCheck(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const body = error.body as { code?: unknown; message?: unknown } | undefined;
  return body?.code === 'WOULD_STRAND' && body.message === SCHEDULING_MESSAGES.undecidedCheck;
}

const undecidedCheckWarning: ServerWarning = {
  flag: 'confirmStrand',
  confirm: (error) => (isUndecidedCheck(error) ? ask(questions, { message: SCHEDULING_MESSAGES.undecidedCheck }) : null),
  declined: undecidedCheckDeclined,
};

/**
 * A named AMO placed where they are off or work on another planning (docs/scheduling.md « One
 * person, one calendar »): 409 « amo1 est déjà sur « … » … : placer quand même ? », asked in the
 * same modal; confirmed, the call goes again with `confirmElsewhere: true`.
 */
function isAmoElsewhere(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const body = error.body as { details?: { code?: unknown } } | undefined;
  return body?.details?.code === 'AMO_ELSEWHERE';
}

const amoElsewhereWarning: ServerWarning = {
  flag: 'confirmElsewhere',
  confirm: (error) => (isAmoElsewhere(error) ? ask(questions, { message: error.message, header: amoCalendarMessages.elsewhereHeader }) : null),
  declined: undecidedCheckDeclined,
};

/**
 * Any refusal that names stranded buyers (409 WOULD_STRAND), asked in the same modal: for the
 * changes whose only confirmation is this one (an AMO's day off or travel time).
 */
export const strandingWarning: ServerWarning = {
  flag: 'confirmStrand',
  confirm: (error) =>
    error instanceof ApiError && error.status === 409 && (error.body as { code?: unknown } | undefined)?.code === 'WOULD_STRAND'
      ? ask(questions, { message: error.message, header: amoCalendarMessages.strandingHeader })
      : null,
  declined: undecidedCheckDeclined,
};

/** Sends a staff change; an undecided check (and the notice rule's warning, on the calls that have it) is confirmed by staff, then the call sent again. */
export function confirmingStaffChange<T>(send: (flags: ConfirmFlags) => Promise<T>): Promise<T> {
  return confirmingWarnings([undecidedCheckWarning, shortNoticeWarning, amoElsewhereWarning], send);
}
