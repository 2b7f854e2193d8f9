import { useSyncExternalStore } from 'react';
import { shortNoticeDetailsSchema, type ShortNoticeDetails } from '../../../../shared/rules/short-notice';
import { ApiError } from '../../api/api-error';

/**
 * The convocation notice rule's confirmation (docs/user-guide.md « Délai de convocation »): a call the server
 * refuses with the warning (409, details `shortNotice`) is shown to staff in a modal naming the
 * buyers, and sent again with `confirmShortNotice: true` once they confirm.
 */
export interface ShortNoticeQuestion {
  message: string;
  details: ShortNoticeDetails;
  answer: (confirmed: boolean) => void;
}

let question: ShortNoticeQuestion | null = null;
const listeners = new Set<() => void>();

function setQuestion(next: ShortNoticeQuestion | null): void {
  question = next;
  for (const listener of listeners) listener();
}

export function useShortNoticeQuestion(): ShortNoticeQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => question,
  );
}

export const shortNoticeDeclined = 'Rien n’a été modifié : la convocation tardive n’a pas été confirmée.';

/** The warning of a refused call, when it is the notice rule's. */
function shortNoticeOf(error: unknown): { message: string; details: ShortNoticeDetails } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = shortNoticeDetailsSchema.safeParse((error.body as { details?: unknown } | undefined)?.details);
  return details.success ? { message: error.message, details: details.data } : null;
}

/** Sends the call; on the notice rule's warning, asks staff and sends it again confirmed, or fails with `shortNoticeDeclined`. */
export async function confirmingShortNotice<T>(send: (confirmed: boolean) => Promise<T>): Promise<T> {
  try {
    return await send(false);
  } catch (error) {
    const warning = shortNoticeOf(error);
    if (!warning) throw error;
    const confirmed = await new Promise<boolean>((resolve) => setQuestion({ ...warning, answer: resolve }));
    setQuestion(null);
    if (!confirmed) throw new ApiError(409, shortNoticeDeclined);
    return send(true);
  }
}
