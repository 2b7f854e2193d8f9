import { virtualVisitMessages } from '../../../../shared/messages/virtual-visits';
import { errorMessage } from '../../api/api-error';
import { visitPromoterMessages, visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

/**
 * What the virtual-visit screens say when a call fails (part 2 §8, part 3 §8): the catalogue's
 * sentence, then the server's own message when there is one.
 */
export const visitFailureMessages = {
  /** Creating a visit (admin page or planning detail). */
  create: (error: unknown) => `${virtualVisitMessages.createFailed} ${errorMessage(error)}`,
  /** Deleting visits: the sentence is followed by the buyers' e-mails. */
  delete: (emails: readonly string[], error: unknown) => `${virtualVisitMessages.deleteFailed} ${emails.filter(Boolean).join(', ')} : ${errorMessage(error)}`,
  sendLinks: (error: unknown) => `${virtualVisitMessages.sendLinksFailed} : ${errorMessage(error)}`,
  /** The program's visites-3d table when its list could not be read. */
  programVisitsEmpty: (failed: boolean) => (failed ? virtualVisitMessages.planningVisitsFailed : visitTableMessages.programEmpty),
  promotersEmpty: (failed: boolean) => (failed ? virtualVisitMessages.promotersFailed : visitPromoterMessages.empty),
} as const;
