import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { senderSchema } from '../../shared/domain/buyer-area';
import { isObjectId } from '../../shared/domain/ids';
import { type Db, queryIndexPartition, withoutKeys } from './db';
import { keys } from './keys';

/**
 * A conversation between a buyer and the program's staff (part 1 §3 Ticket). Answers are kept in
 * the ticket item and appended with list_append, so two replies sent at once are both kept.
 * gsi1 lists a housing's tickets, gsi2 a program's (newest message first).
 */
const storedAnswerSchema = z.object({ _id: z.string(), sender: senderSchema, message: z.string(), files: z.array(z.string()), updatedAt: z.string() });
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

const ticketRecordSchema = z.object({
  _id: z.string(),
  housing: z.string(),
  program: z.string(),
  lotcomm: z.string(),
  buyerId: z.string(),
  subject: z.string(),
  message: z.string(),
  files: z.array(z.string()),
  sender: senderSchema,
  answers: z.array(storedAnswerSchema),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  unreadByStaff: z.boolean(),
  /** The lot's tenure when the conversation opened: the buyers of a later tenure do not see it. */
  tenure: z.string().optional(),
});
export type TicketRecord = z.infer<typeof ticketRecordSchema>;

/**
 * The program's index orders conversations as staff read them: those waiting for staff first
 * (`U#` sorts above the dates), then by latest message, so a page read newest first keeps
 * « unread first » across pages (docs/architecture.md « Bounded answers »).
 */
const programIndex = (ticket: Pick<TicketRecord, 'program' | 'lastMessageAt' | '_id' | 'unreadByStaff'>) => ({
  gsi2pk: `PROGRAM#${ticket.program}#TICKETS`,
  gsi2sk: `${ticket.unreadByStaff ? unreadPrefix : ''}${ticket.lastMessageAt}#${ticket._id}`,
});

const unreadPrefix = 'U#';

/** Whether `position` is a position in the program's index (its `gsi2sk`): `[U#]<lastMessageAt>#<ticket id>`. */
export function isTicketIndexPosition(position: string): boolean {
  const separator = position.lastIndexOf('#');
  return /^(U#)?[0-9][0-9T:.+Z-]{0,40}$/.test(position.slice(0, separator)) && isObjectId(position.slice(separator + 1));
}

/** The Put of a new ticket, inside the transaction that also attaches its files and queues its mail. */
export function ticketPut(table: string, ticket: TicketRecord) {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.ticket(ticket._id),
        gsi1pk: `HOUSING#${ticket.housing}#TICKETS`,
        gsi1sk: `${ticket.createdAt}#${ticket._id}`,
        ...programIndex(ticket),
        ...ticket,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The update that appends one answer; `unreadByStaff` says who wrote it. */
export function answerAppend(table: string, ticket: TicketRecord, answer: StoredAnswer, unreadByStaff: boolean) {
  return {
    Update: {
      TableName: table,
      Key: keys.ticket(ticket._id),
      UpdateExpression: 'SET answers = list_append(answers, :answer), lastMessageAt = :at, unreadByStaff = :unread, gsi2sk = :sort',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':answer': [answer],
        ':at': answer.updatedAt,
        ':unread': unreadByStaff,
        ':sort': programIndex({ ...ticket, lastMessageAt: answer.updatedAt, unreadByStaff }).gsi2sk,
      },
    },
  };
}

// Get Ticket
export async function getTicket(db: Db, id: string): Promise<TicketRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.ticket(id), ConsistentRead: true }));
  return Item ? ticketRecordSchema.parse(withoutKeys(Item)) : null;
}

async function queryIndex(db: Db, indexName: 'gsi1' | 'gsi2', partition: string): Promise<TicketRecord[]> {
  return (await queryIndexPartition(db, indexName, partition, { newestFirst: true })).map((item) => ticketRecordSchema.parse(withoutKeys(item)));
}

// List Tickets Of Housing (newest first)
export function listHousingTickets(db: Db, housingId: string): Promise<TicketRecord[]> {
  return queryIndex(db, 'gsi1', `HOUSING#${housingId}#TICKETS`);
}

// List Tickets Of Program (latest message first)
export function listProgramTickets(db: Db, programId: string): Promise<TicketRecord[]> {
  return queryIndex(db, 'gsi2', `PROGRAM#${programId}#TICKETS`);
}

/**
 * List Program Ticket Page: the program's conversations in the order staff read them (waiting for
 * staff first, then latest message first), after the position `after` (the last one of the
 * previous page), at most `limit` and at most about `maxBytes` of stored conversations (at least
 * one): a conversation with many answers weighs many kilobytes. `next` is the last position
 * answered, null at the end.
 */
export async function listProgramTicketPage(
  db: Db,
  programId: string,
  options: { after?: string; limit: number; maxBytes: number },
): Promise<{ tickets: TicketRecord[]; next: string | null }> {
  const gsi2pk = `PROGRAM#${programId}#TICKETS`;
  const afterId = options.after?.slice(options.after.lastIndexOf('#') + 1);
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi2pk },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: options.after && afterId ? { gsi2pk, gsi2sk: options.after, ...keys.ticket(afterId) } : undefined,
    }),
  );
  const items = page.Items ?? [];
  const kept: Record<string, unknown>[] = [];
  let bytes = 0;
  for (const item of items) {
    bytes += Buffer.byteLength(JSON.stringify(item));
    if (kept.length > 0 && bytes > options.maxBytes) break;
    kept.push(item);
  }
  const cut = kept.length < items.length;
  const next = kept.length > 0 && (cut || page.LastEvaluatedKey) ? String(kept[kept.length - 1].gsi2sk) : null;
  return { tickets: kept.map((item) => ticketRecordSchema.parse(withoutKeys(item))), next };
}

// Delete Ticket (erasure of a program or an account; nothing when already gone)
export async function deleteTicket(db: Db, id: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.ticket(id) }));
}
