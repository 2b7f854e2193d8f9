import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * The account's current single-use link, per purpose: the reset link (`USER#id / RESET`) and the
 * e-mail confirmation link (`USER#id / VERIFYEMAIL`, part 1 §2 buyer area). One item per account and purpose,
 * holding only the SHA-256 of the token. Issuing a link overwrites it, so every earlier link stops
 * working; using it deletes it in the same transaction as its effect.
 */
export interface ResetTokenRecord {
  userId: string;
  tokenHash: string;
  expiresAt: number;
}

export type TokenPurpose = 'reset' | 'email';

function tokenKey(purpose: TokenPurpose, userId: string) {
  return purpose === 'reset' ? keys.resetToken(userId) : keys.emailVerificationToken(userId);
}

// Store Reset Token (replaces the account's previous one)
export async function storeResetToken(db: Db, record: ResetTokenRecord, purpose: TokenPurpose = 'reset'): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...tokenKey(purpose, record.userId), ...record } }));
}

// Get Reset Token of an account
export async function getResetToken(db: Db, userId: string, purpose: TokenPurpose = 'reset'): Promise<ResetTokenRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: tokenKey(purpose, userId), ConsistentRead: true }));
  return Item ? { userId: String(Item.userId), tokenHash: String(Item.tokenHash), expiresAt: Number(Item.expiresAt) } : null;
}

/**
 * Transaction part consuming the token: fails if it was already used, or replaced by a newer link
 * between the read and the write.
 */
export function consumeResetToken(db: Db, userId: string, tokenHash: string, purpose: TokenPurpose = 'reset') {
  return {
    Delete: {
      TableName: db.table,
      Key: tokenKey(purpose, userId),
      ConditionExpression: 'tokenHash = :hash',
      ExpressionAttributeValues: { ':hash': tokenHash },
    },
  };
}
