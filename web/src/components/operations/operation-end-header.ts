import { operationMessages } from '../../../../shared/messages/operations';

/**
 * The header of an ended operation: the screen's title, then how it ended in words that agree with
 * any title (« Export du planning : opération terminée », not « terminée » after a masculine noun).
 */
export function operationEndHeader(title: string, status: 'done' | 'failed'): string {
  return `${title} : ${status === 'done' ? operationMessages.endedDone : operationMessages.endedFailed}`;
}
