import { ApiError } from '../../api/api-error';
import { strandDialogMessages } from '../../../../shared/messages/planning-dialogs';

/** The button of a forced booking or move once the warning named the buyers it would strand. */
export const STRAND_CONFIRM_LABEL = strandDialogMessages.confirm;

/**
 * The server refused a forced booking or a move because it would leave waiting buyers without any
 * place (409, code WOULD_STRAND; part 2 §5). Its message names them; the staff member may
 * confirm, which sends the same request with confirmStrand.
 */
export function isStrandWarning(error: unknown): boolean {
  return error instanceof ApiError && typeof error.body === 'object' && error.body !== null && (error.body as { code?: unknown }).code === 'WOULD_STRAND';
}
