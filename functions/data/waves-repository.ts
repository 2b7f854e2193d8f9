import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { waveKinds, type WaveFailure } from '../../shared/domain/send-wave';
import { sendPauseReasons, type SendPauseReason } from '../../shared/messages/send-quotas';
import { type Db, commitTransaction, conditionHeld, deletePartition, isConditionFailure, queryIndexPartition, withoutKeys } from './db';
import { keys } from './keys';

/**
 * A wave: one staff bulk action on many recipients (buyers of a planning, or share addresses),
 * delivered by jobs. The header counts what is settled (sent, failed, skipped); the recipients
 * are kept in their own item (up to 3,000, about 100 KB) so that listing a planning's waves
 * (gsi1 `PLANNINGWAVES#<planningId>` / `<createdAt>#<id>`) reads small items. Each recipient's
 * outcome is an item written once with its counter (a job re-run counts nothing twice).
 * Kept 90 days (TTL).
 */
const waveRecordSchema = z.object({
  waveId: z.string(),
  planningId: z.string(),
  kind: z.enum(waveKinds),
  total: z.number(),
  sent: z.number().default(0),
  failed: z.number().default(0),
  skipped: z.number().default(0),
  createdAt: z.string(),
  createdBy: z.string(),
  /** What the action sends (channels, a custom mail's text): read by its jobs. */
  params: z.record(z.string(), z.unknown()),
  /**
   * The selection's check (part 2 §5 'refused if any selected buyer…'), made by the wave's first
   * run rather than the request, which reads no meeting: `checked` once it passed, `refused` (the
   * French message) when it did not; a refused wave sends nothing and is done.
   */
  checked: z.boolean().optional(),
  refused: z.string().optional(),
  /** Its sends wait for a quota until then (docs/deploy.md « Sending quotas »): the progress says why. */
  pausedUntil: z.string().optional(),
  pauseReason: z.enum(sendPauseReasons).optional(),
});
export type WaveRecord = z.infer<typeof waveRecordSchema>;

export type WaveOutcome = { status: 'sent' } | { status: 'failed' | 'skipped'; reason: string };

const keepSeconds = 90 * 86_400;
const wavesOf = (planningId: string) => `PLANNINGWAVES#${planningId}`;
const expiry = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + keepSeconds;

/** The Puts of a new wave (header and recipients), for the caller's transaction with its first job. */
export function newWaveItems(table: string, wave: WaveRecord, targets: string[]) {
  return [
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.wave(wave.waveId),
          gsi1pk: wavesOf(wave.planningId),
          gsi1sk: `${wave.createdAt}#${wave.waveId}`,
          ...wave,
          expiresAt: expiry(wave.createdAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: { ...keys.waveTargets(wave.waveId), targets, expiresAt: expiry(wave.createdAt) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Deletes the waves of a deleted planning: each wave's header, recipients and outcomes. */
export async function deletePlanningWaves(db: Db, planningId: string): Promise<void> {
  for (const wave of await queryIndexPartition(db, 'gsi1', wavesOf(planningId))) await deletePartition(db, String(wave.pk));
}

// Get Wave
export async function getWave(db: Db, waveId: string): Promise<WaveRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.wave(waveId), ConsistentRead: true }));
  return Item ? waveRecordSchema.parse(withoutKeys(Item)) : null;
}

/**
 * Settles the selection's check once: refused (with its message) unless already checked, or
 * checked unless already refused; two runs of the first batch at once agree on one. Answers the
 * wave as it stands after.
 */
export async function settleWaveCheck(db: Db, waveId: string, refusal: string | null): Promise<WaveRecord | null> {
  const update = refusal
    ? {
        UpdateExpression: 'SET refused = :reason',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(checked)',
        ExpressionAttributeValues: { ':reason': refusal },
      }
    : {
        UpdateExpression: 'SET checked = :true',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(refused)',
        ExpressionAttributeValues: { ':true': true },
      };
  await conditionHeld(db.doc.send(new UpdateCommand({ TableName: db.table, Key: keys.wave(waveId), ...update })));
  return getWave(db, waveId);
}

// Get Wave Targets
export async function getWaveTargets(db: Db, waveId: string): Promise<string[]> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.waveTargets(waveId), ConsistentRead: true }));
  return z.array(z.string()).parse(Item?.targets ?? []);
}

// List Waves Of Planning (newest first)
export async function listPlanningWaves(db: Db, planningId: string, limit = 10): Promise<WaveRecord[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': wavesOf(planningId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => waveRecordSchema.parse(withoutKeys(item)));
}

// Pause Wave: its sends wait for a quota until `until` (a later pause is kept: the wave resumes when every quota has room)
export async function pauseWave(db: Db, waveId: string, reason: SendPauseReason, until: Date): Promise<void> {
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.wave(waveId),
        UpdateExpression: 'SET pausedUntil = :until, pauseReason = :reason',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(pausedUntil) OR pausedUntil < :until)',
        ExpressionAttributeValues: { ':until': until.toISOString(), ':reason': reason },
      }),
    ),
  );
}

/**
 * Record Wave Outcome: the recipient's outcome and its counter, once (a second record of the same
 * recipient, from a job run again after a crash, changes nothing). False when it was recorded already.
 */
export async function recordWaveOutcome(db: Db, waveId: string, target: string, label: string, outcome: WaveOutcome, now: Date): Promise<boolean> {
  try {
    await commitTransaction(db, [
      {
        Put: {
          TableName: db.table,
          Item: {
            ...keys.waveOutcome(waveId, target),
            target,
            label,
            ...outcome,
            at: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + keepSeconds,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: db.table,
          Key: keys.wave(waveId),
          UpdateExpression: 'ADD #counter :one',
          ExpressionAttributeNames: { '#counter': outcome.status },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// List Wave Failures (at most `limit`, in recipient order)
export async function listWaveFailures(db: Db, waveId: string, limit = 500): Promise<WaveFailure[]> {
  const failures: WaveFailure[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :outcome)',
        FilterExpression: '#status = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': keys.wave(waveId).pk, ':outcome': 'OUTCOME#', ':failed': 'failed' },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) failures.push({ target: String(item.target), label: String(item.label), reason: String(item.reason) });
    cursor = page.LastEvaluatedKey;
  } while (cursor && failures.length < limit);
  return failures.slice(0, limit);
}

/**
 * The claim of one recipient by one staff action on one channel, inside the wave's transaction:
 * refused while an earlier claim by another wave holds (`windowMs`), so that a double-click, or
 * the same action sent again within minutes, sends once. The wave that holds it may claim again
 * (its run re-done after a crash).
 */
export function recentSendClaim(
  table: string,
  planningId: string,
  action: string,
  target: string,
  channel: string,
  waveId: string,
  now: Date,
  windowMs: number,
) {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.recentSend(planningId, action, target, channel),
        waveId,
        until: new Date(now.getTime() + windowMs).toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR #until < :now OR waveId = :wave',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':wave': waveId },
    },
  };
}

// Get Recent Send: whether another wave holds this recipient's claim for this action and channel
export async function recentSendHeldByOther(
  db: Db,
  planningId: string,
  action: string,
  target: string,
  channel: string,
  waveId: string,
  now: Date,
): Promise<boolean> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.recentSend(planningId, action, target, channel), ConsistentRead: true }));
  return !!Item && Item.waveId !== waveId && String(Item.until) >= now.toISOString();
}
