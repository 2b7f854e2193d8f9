import { shortNoticeMessages } from '../../../../shared/messages/short-notice';
import { shortNoticeDetailsSchema, type ShortNoticeDetails } from '../../../../shared/rules/short-notice';
import { ApiError } from '../../api/api-error';
import { ask, confirmingWarnings, questionStore, useQuestion, type Question, type ServerWarning } from '../confirmation/server-warnings';

/**
 * The convocation notice rule's confirmation (docs/user-guide.md « Délai de convocation »): a call the server
 * refuses with the warning (409, details `shortNotice`) is shown to staff in a modal naming the
 * buyers, and sent again with `confirmShortNotice: true` once they confirm.
 */
export type ShortNoticeQuestion = Question<{ message: string; details: ShortNoticeDetails }>;

const questions = questionStore<{ message: string; details: ShortNoticeDetails }>();

export function useShortNoticeQuestion(): ShortNoticeQuestion | null {
  return useQuestion(questions);
}

const shortNoticeDeclined = shortNoticeMessages.declined;

/** The warning of a refused call, when it is the notice rule's. */
function shortNoticeOf(error: unknown): { message: string; details: ShortNoticeDetails } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = shortNoticeDetailsSchema.safeParse((error.body as { details?: unknown } | undefined)?.details);
  return details.success ? { message: error.message, details: details.data } : null;
}

export const shortNoticeWarning: ServerWarning = {
  flag: 'confirmShortNotice',
  confirm: (error) => {
    const warning = shortNoticeOf(error);
    return warning ? ask(questions, warning) : null;
  },
  declined: shortNoticeDeclined,
};

/** Sends the call; on the notice rule's warning, asks staff and sends it again confirmed, or fails with `shortNoticeDeclined`. */
export async function confirmingShortNotice<T>(send: (confirmed: boolean) => Promise<T>): Promise<T> {
  return confirmingWarnings([shortNoticeWarning], (flags) => send(flags.confirmShortNotice === true));
}
