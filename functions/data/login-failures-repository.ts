import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, conditionHeld } from './db';
import { keys } from './keys';

/**
 * Wrong passwords of one account (by the e-mail typed, known or not), for the login slow-down.
 * `version` orders the attempts: each is let through by one conditional write, so two attempts at
 * once cannot both pass a delay. Removed by TTL 15 minutes after the last failure.
 */
export interface LoginFailures {
  failures: number;
  /** Epoch ms before which no attempt on the account is checked. */
  nextAt: number;
  version: number;
  /** Epoch seconds: the failures are forgotten then. */
  expiresAt: number;
  /**
   * Epoch ms: the attempt holding the turn is still being checked until it settles or until then
   * (a crashed attempt does not hold the account longer).
   */
  checkingUntil: number;
}

// Get Login Failures of an account (consistent: the gate reads then writes conditionally)
export async function getLoginFailures(db: Db, email: string): Promise<LoginFailures | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.loginFailures(email), ConsistentRead: true }));
  return Item
    ? {
        failures: Number(Item.failures ?? 0),
        nextAt: Number(Item.nextAt ?? 0),
        version: Number(Item.version ?? 0),
        expiresAt: Number(Item.expiresAt ?? 0),
        checkingUntil: Number(Item.checkingUntil ?? 0),
      }
    : null;
}

/**
 * Takes the account's next attempt, counted as a failure until it proves right (then the item is
 * cleared): an attempt in flight counts, so a burst of parallel guesses cannot pass the delay.
 * Its turn (the new version), or null when another attempt took the turn since `seen` was read.
 */
export async function claimLoginAttempt(db: Db, email: string, seen: LoginFailures | null, next: Omit<LoginFailures, 'version'>): Promise<number | null> {
  const version = (seen?.version ?? 0) + 1;
  const taken = await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.loginFailures(email),
        UpdateExpression: 'SET version = :next, failures = :failures, nextAt = :nextAt, expiresAt = :exp, checkingUntil = :checking',
        ConditionExpression: seen === null ? 'attribute_not_exists(pk)' : 'version = :seen',
        ExpressionAttributeValues: {
          ':next': version,
          ':failures': next.failures,
          ':nextAt': next.nextAt,
          ':exp': next.expiresAt,
          ':checking': next.checkingUntil,
          ...(seen === null ? {} : { ':seen': seen.version }),
        },
      }),
    ),
  );
  return taken ? version : null;
}

/**
 * The attempt that took turn `version` proved wrong: the account's delay runs from now, and the
 * turn is no longer being checked. Nothing when a later attempt has taken the turn since.
 */
export async function settleLoginFailure(db: Db, email: string, version: number, nextAt: number): Promise<void> {
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.loginFailures(email),
        UpdateExpression: 'SET nextAt = :nextAt, checkingUntil = :zero',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':nextAt': nextAt, ':zero': 0, ':version': version },
      }),
    ),
  );
}

// Clear Login Failures (the right password was given)
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.loginFailures(email) }));
}
