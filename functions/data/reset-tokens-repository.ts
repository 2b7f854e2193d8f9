import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * The account's current reset link: one item per account (`USER#id / RESET`), holding only the
 * SHA-256 of the token. Issuing a link overwrites it, so every earlier link stops working; a
 * reset deletes it in the password change's transaction.
 */
export interface ResetTokenRecord {
  userId: string;
  tokenHash: string;
  expiresAt: number;
}

// Store Reset Token (replaces the account's previous one)
export async function storeResetToken(db: Db, record: ResetTokenRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.resetToken(record.userId), ...record } }));
}

// Get Reset Token of an account
export async function getResetToken(db: Db, userId: string): Promise<ResetTokenRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.resetToken(userId), ConsistentRead: true }));
  return Item ? { userId: String(Item.userId), tokenHash: String(Item.tokenHash), expiresAt: Number(Item.expiresAt) } : null;
}

/**
 * Transaction part consuming the token: fails if it was already used, or replaced by a newer link
 * between the read and the write.
 */
export function consumeResetToken(db: Db, userId: string, tokenHash: string) {
  return {
    Delete: {
      TableName: db.table,
      Key: keys.resetToken(userId),
      ConditionExpression: 'tokenHash = :hash',
      ExpressionAttributeValues: { ':hash': tokenHash },
    },
  };
}
