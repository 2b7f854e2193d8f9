import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, isConditionFailure } from './db';
import { keys } from './keys';

/**
 * Page boundaries of the admin user list (part 3 §2, part 3 §7 page & limit): the index sort key
 * of every `step`-th account of a scope, walked once, so a deep page starts its key walk at the
 * boundary just before it instead of at the first account. Accounts created, renamed, moved to
 * another role or deleted afterwards leave a change-log entry in their own transaction
 * (userIndexUpdates); a boundary's position today is its walked position plus the keys that
 * arrived before it minus those that left, so the boundaries stay exact without a new walk. After
 * a thousand entries, or a week, the scope is walked again.
 */
export const userPageBoundaryStep = 500;
const maxChanges = 1000;
/** Log entries expire after 30 days (their TTL): boundaries never rely on them that long. */
const maxAgeMs = 7 * 86_400_000;
/** Log entries this close to a walk's start may or may not be in what it read: each is checked. */
const clockMarginMs = 2000;

export interface BoundaryScope {
  index: 'gsi1' | 'gsi2';
  /** The index partition: `USERS` or `ROLE#<role>`. */
  pk: string;
  /** The counter and log scope: `ALL` or `ROLE#<role>`. */
  scope: string;
}

interface Boundaries {
  step: number;
  /** Log entries after this instant are not in `boundaries`, except those listed in `reflected`. */
  walkedFrom: string;
  boundaries: string[];
  reflected: string[];
}

interface Change {
  sk: string;
  removed?: string;
  added?: string;
}

// Page Start: the boundary at or before an ascending position, with its position today (no key: the scope's start)
export async function pageStart(db: Db, scope: BoundaryScope, position: number, step: number): Promise<{ key?: string; position: number }> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.userPageBoundaries(scope.scope) }));
  let stored = Item && Number(Item.step) === step && Date.now() - Date.parse(String(Item.walkedFrom)) < maxAgeMs ? (Item as unknown as Boundaries) : null;
  let changes = stored ? await changesSince(db, scope.scope, stored.walkedFrom, maxChanges + 1) : [];
  if (!stored || changes.length > maxChanges) {
    stored = await rebuild(db, scope, step);
    changes = await changesSince(db, scope.scope, stored.walkedFrom);
  }
  let positions = positionsToday(stored, changes);
  // Arrivals packed between two boundaries would make the walk from the first one long: walk again.
  if (positions.some((today, index) => index > 0 && today - positions[index - 1] > 2 * step)) {
    stored = await rebuild(db, scope, step);
    positions = positionsToday(stored, await changesSince(db, scope.scope, stored.walkedFrom));
  }
  let best: { key?: string; position: number } = { position: 0 };
  for (const [index, key] of stored.boundaries.entries()) {
    if (positions[index] > position) break;
    best = { key, position: positions[index] };
  }
  return best;
}

/** Each boundary's walked position plus the keys that arrived before it minus those that left since. */
function positionsToday(stored: Boundaries, changes: Change[]): number[] {
  const reflected = new Set(stored.reflected);
  const pending = changes.filter((change) => !reflected.has(change.sk));
  return stored.boundaries.map(
    (key, index) =>
      index * stored.step +
      pending.reduce(
        (sum, change) => sum + (change.added !== undefined && change.added < key ? 1 : 0) - (change.removed !== undefined && change.removed < key ? 1 : 0),
        0,
      ),
  );
}

async function changesSince(db: Db, scope: string, since: string, limit?: number): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND sk > :since',
        ExpressionAttributeValues: { ':pk': keys.userIndexChange(scope, '', '').pk, ':since': since },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    changes.push(
      ...(page.Items ?? []).map((item) => ({ sk: String(item.sk), removed: item.removed as string | undefined, added: item.added as string | undefined })),
    );
    cursor = page.LastEvaluatedKey;
  } while (cursor && (limit === undefined || changes.length < limit));
  return changes;
}

/**
 * The key ranges a walk reads in parallel, in sort order: before 'a', each initial letter, and after
 * 'z' (accented initials sort there). Their concatenation is the whole scope in order.
 */
const walkSegments: { condition: string; value: string }[] = [
  { condition: 'sk < :value', value: 'a' },
  ...'abcdefghijklmnopqrstuvwxyz'.split('').map((letter) => ({ condition: 'begins_with(sk, :value)', value: letter })),
  { condition: 'sk >= :value', value: '{' },
];

async function walkSegment(db: Db, scope: BoundaryScope, segment: (typeof walkSegments)[number]): Promise<string[]> {
  const sortKey = `${scope.index}sk`;
  const found: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: scope.index,
        KeyConditionExpression: `${scope.index}pk = :pk AND ${segment.condition.replace('sk', sortKey)}`,
        ExpressionAttributeValues: { ':pk': scope.pk, ':value': segment.value },
        ProjectionExpression: sortKey,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) found.push(String(item[sortKey]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}

/** Walks the scope's keys (sort key only, one parallel Query per initial), keeps every `step`-th, and stores them. */
async function rebuild(db: Db, scope: BoundaryScope, step: number): Promise<Boundaries> {
  const walkedFrom = new Date(Date.now() - clockMarginMs).toISOString();
  const all = (await Promise.all(walkSegments.map((segment) => walkSegment(db, scope, segment)))).flat();
  const boundaries = all.filter((_, position) => position % step === 0);
  const seen = new Set(all);
  // Changes logged while the walk ran: those the walk already read must not be counted twice.
  const during = await changesSince(db, scope.scope, walkedFrom);
  const reflected = during
    .filter((change) => (change.added !== undefined ? seen.has(change.added) : !seen.has(change.removed ?? '')))
    .map((change) => change.sk);
  const stored: Boundaries = { step, walkedFrom, boundaries, reflected };
  try {
    // A slower walk that started earlier must not replace a newer one.
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.userPageBoundaries(scope.scope), ...stored },
        ConditionExpression: 'attribute_not_exists(pk) OR walkedFrom <= :walkedFrom',
        ExpressionAttributeValues: { ':walkedFrom': walkedFrom },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return stored;
}
