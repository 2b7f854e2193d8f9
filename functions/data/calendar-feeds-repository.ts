import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * An AMO's calendar subscription (part 1 §7): one item per AMO holding only the SHA-256 of
 * the feed token, indexed by that hash (gsi2). Issuing a new link overwrites the item, so the old
 * link stops working at once; revoking deletes it.
 */

// Store Calendar Feed (replaces the AMO's previous link)
export async function storeCalendarFeed(db: Db, userId: string, tokenHash: string, createdAt: string): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.calendarFeed(userId), gsi2pk: `CALFEED#${tokenHash}`, gsi2sk: 'CALFEED', userId, tokenHash, createdAt },
    }),
  );
}

// Delete Calendar Feed of an AMO
export async function deleteCalendarFeed(db: Db, userId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.calendarFeed(userId) }));
}

// Find The AMO Of A Feed Token Hash
export async function findCalendarFeedOwner(db: Db, tokenHash: string): Promise<string | null> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `CALFEED#${tokenHash}` },
      Limit: 1,
    }),
  );
  return Items[0] ? String(Items[0].userId) : null;
}

// Get Calendar Feed Of An AMO (when it was issued; the token itself is not kept)
export async function getCalendarFeed(db: Db, userId: string): Promise<{ createdAt: string } | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.calendarFeed(userId), ProjectionExpression: 'createdAt' }));
  return Item ? { createdAt: String(Item.createdAt) } : null;
}
