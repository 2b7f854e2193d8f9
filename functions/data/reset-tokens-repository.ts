import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

export interface ResetTokenRecord {
  userId: string;
  email: string;
  expiresAt: number;
}

// Store Reset Token (only its hash is kept)
export async function storeResetToken(db: Db, tokenHash: string, record: ResetTokenRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.resetToken(tokenHash), ...record } }));
}

// Get Reset Token
export async function getResetToken(db: Db, tokenHash: string): Promise<ResetTokenRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.resetToken(tokenHash), ConsistentRead: true }));
  return Item ? { userId: String(Item.userId), email: String(Item.email), expiresAt: Number(Item.expiresAt) } : null;
}

/** Transaction part consuming the token: fails if it was already used. */
export function consumeResetToken(db: Db, tokenHash: string) {
  return { Delete: { TableName: db.table, Key: keys.resetToken(tokenHash), ConditionExpression: 'attribute_exists(pk)' } };
}
