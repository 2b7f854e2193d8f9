import type { HousingNotification } from '../../shared/domain/buyer-area';
import { attachFileUpdate } from './area-files-repository';
import type { Db, TransactionItem } from './db';
import { notificationPut } from './housing-notifications-repository';
import { putJobItem, type JobRecord } from './jobs-repository';
import { postPut, type PostRecord } from './program-posts-repository';
import { answerAppend, ticketPut, type StoredAnswer, type TicketRecord } from './tickets-repository';
import { commitNamedParts, type CommitOutcome, type NamedPart } from './named-commit';

/**
 * One change of the buyer area (part 1 §2 buyer area) that a message or a post writes with what
 * goes with it: its files attached, the housing's badge, the mail to the other side (a job).
 */
export type BuyerAreaChange =
  | { kind: 'newTicket'; ticket: TicketRecord }
  | { kind: 'answer'; ticket: TicketRecord; answer: StoredAnswer; unreadByStaff: boolean }
  | { kind: 'post'; post: PostRecord }
  /** An upload attached to what `owner` names: only its uploader's, only once. */
  | { kind: 'fileAttached'; fileId: string; uploaderId: string; owner: Parameters<typeof attachFileUpdate>[3] }
  | { kind: 'badge'; housingId: string; notification: HousingNotification; tenure: string | undefined }
  | { kind: 'job'; job: JobRecord };

/**
 * What such changes may lose to another writer: a file attached elsewhere meanwhile (or not the
 * sender's, or gone), the conversation deleted, or an id written already.
 */
export type BuyerAreaLost = 'file-taken' | 'ticket-gone' | 'already-written';

function namedPart(table: string, change: BuyerAreaChange): NamedPart<BuyerAreaLost> {
  const item = (write: TransactionItem, role: BuyerAreaLost) => ({ role, items: [write] });
  switch (change.kind) {
    case 'newTicket':
      return item(ticketPut(table, change.ticket), 'already-written');
    case 'answer':
      return item(answerAppend(table, change.ticket, change.answer, change.unreadByStaff), 'ticket-gone');
    case 'post':
      return item(postPut(table, change.post), 'already-written');
    case 'fileAttached':
      return item(attachFileUpdate(table, change.fileId, change.uploaderId, change.owner), 'file-taken');
    case 'badge':
      return item(notificationPut(table, change.housingId, change.notification, change.tenure), 'already-written');
    case 'job':
      return item(putJobItem(table, change.job), 'already-written');
  }
}

/** Commit Buyer Area Changes: all together or none, the outcome naming the condition that refused them. */
export function commitBuyerAreaChanges(db: Db, changes: BuyerAreaChange[]): Promise<CommitOutcome<BuyerAreaLost>> {
  return commitNamedParts(
    db,
    changes.map((change) => namedPart(db.table, change)),
  );
}
