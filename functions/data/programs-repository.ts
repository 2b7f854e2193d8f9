import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { programSchema } from '../../shared/domain/program';
import { type Db, withoutKeys, batchGetItems, itemWithKey, commitTransaction, deletePartition } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { keys } from './keys';
import { conditionalWrite } from './conditional-write';
import type { CommitOutcome } from './named-commit';

/** The stored program: what the API answers, with the logo's file key instead of `hasAvatar`. */
export const programRecordSchema = programSchema.omit({ hasAvatar: true }).extend({ avatarKey: z.string().optional(), updatedAt: z.string() });
export type ProgramRecord = z.infer<typeof programRecordSchema>;

/** All programs are listed by the administrator through gsi1 (newest first). */
function programItem(program: ProgramRecord) {
  return { ...keys.program(program._id), gsi1pk: 'PROGRAMS', gsi1sk: `${program.createdAt}#${program._id}`, ...program };
}

function accessItem(userId: string, programId: string, access: 'owner' | 'authorized') {
  return { ...keys.programAccess(userId, programId), programId, access };
}

// Create Program with its owner's access item
export async function createProgram(db: Db, program: ProgramRecord): Promise<void> {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.table, Item: programItem(program), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: db.table, Item: accessItem(program.owner, program._id, 'owner') } },
        ...program.authorized
          .filter((id) => id !== program.owner)
          .map((id) => ({ Put: { TableName: db.table, Item: accessItem(id, program._id, 'authorized') } })),
      ],
    }),
  );
}

/**
 * A program being deleted carries `deletingAt`: every reader but the deletion sees it as gone, so
 * nothing new happens in it (no planning, import or settings change) while its content is removed.
 */
const isDeleting = (item: Record<string, unknown>) => item.deletingAt !== undefined;

// Get Program By Id
export async function getProgram(db: Db, id: string): Promise<ProgramRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.program(id) }));
  return Item && !isDeleting(Item) ? programRecordSchema.parse(withoutKeys(Item)) : null;
}

// Get Program For Deletion (also when its deletion has started: a crash is resumed)
export async function getProgramForDeletion(db: Db, id: string): Promise<{ program: ProgramRecord; deleting: boolean } | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.program(id), ConsistentRead: true }));
  return Item ? { program: programRecordSchema.parse(withoutKeys(Item)), deleting: isDeleting(Item) } : null;
}

/** The mark of a program being deleted (first step of a deletion; idempotent), for the deletion's transaction with its purge job. */
export function markProgramDeletingItem(table: string, id: string, at: string) {
  return {
    Update: {
      TableName: table,
      Key: keys.program(id),
      UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    },
  };
}

// Mark Program Deleting (alone: a deletion's first step, as tests replay it)
export async function markProgramDeleting(db: Db, id: string, at: string): Promise<void> {
  await db.doc.send(new UpdateCommand(markProgramDeletingItem(db.table, id, at).Update));
}

/**
 * Save Program: the authorized AMOs' access items follow the list in the same transaction, and
 * the write is refused (`program-changed`) if someone else saved since it was read (updatedAt),
 * or its deletion started.
 */
export async function saveProgram(db: Db, current: ProgramRecord, next: ProgramRecord): Promise<CommitOutcome<'program-changed'>> {
  const added = next.authorized.filter((id) => !current.authorized.includes(id) && id !== next.owner);
  const removed = current.authorized.filter((id) => !next.authorized.includes(id) && id !== next.owner);
  const changes = [
    ...added.map((id) => ({ Put: { TableName: db.table, Item: accessItem(id, next._id, 'authorized') } })),
    ...removed.map((id) => ({ Delete: { TableName: db.table, Key: keys.programAccess(id, next._id) } })),
  ];
  return conditionalWrite(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: programItem(next),
              // A save must never bring back a program whose deletion has started.
              ConditionExpression: 'updatedAt = :seen AND attribute_not_exists(deletingAt)',
              ExpressionAttributeValues: { ':seen': current.updatedAt },
            },
          },
          ...changes,
        ],
      }),
    ),
    'program-changed',
  );
}

// List All Programs (administrator)
export async function listAllPrograms(db: Db): Promise<ProgramRecord[]> {
  const programs: ProgramRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'PROGRAMS' },
        ScanIndexForward: false,
        ExclusiveStartKey: cursor,
      }),
    );
    programs.push(...(page.Items ?? []).filter((item) => !isDeleting(item)).map((item) => programRecordSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return programs;
}

// List Program Ids A User Owns Or Is Authorized On
export async function listProgramAccess(db: Db, userId: string): Promise<{ programId: string; access: 'owner' | 'authorized' }[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'ACCESS#PROGRAM#' },
    }),
  );
  return Items.map((item) => ({ programId: String(item.programId), access: item.access === 'owner' ? 'owner' : 'authorized' }));
}

// Get Programs By Ids
export async function getProgramsByIds(db: Db, ids: string[]): Promise<ProgramRecord[]> {
  const items = await batchGetItems(
    db,
    [...new Set(ids)].map((id) => keys.program(id)),
  );
  return items.filter((item) => !isDeleting(item)).map((item) => programRecordSchema.parse(withoutKeys(item)));
}

// Delete Program (its access items; lots are removed by deleteProgramContent)
export async function deleteProgram(db: Db, program: ProgramRecord): Promise<void> {
  const members = [program.owner, ...program.authorized.filter((id) => id !== program.owner)];
  for (const userId of members) await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.programAccess(userId, program._id) }));
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.program(program._id) }));
}

// Set Lot Count (after an import)
export function setLotCount(db: Db, programId: string, lotCount: number): Promise<CommitOutcome<'program-gone'>> {
  return conditionalWrite(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.program(programId),
        UpdateExpression: 'SET lotCount = :count',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':count': lotCount },
      }),
    ),
    'program-gone',
  );
}

// Mark The Client File Sent (isClientFileSent, part 2 §6): one attribute, no read-modify-write
export async function markClientFileSent(db: Db, programId: string, updatedAt: string, jobs: JobRecord[] = []): Promise<void> {
  const update = {
    TableName: db.table,
    Key: keys.program(programId),
    UpdateExpression: 'SET isClientFileSent = :sent, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':sent': true, ':now': updatedAt },
  };
  // What the flag causes (the administrators' mail job) is committed with it.
  if (jobs.length > 0) await commitTransaction(db, [{ Update: update }, ...jobs.map((job) => putJobItem(db.table, job))]);
  else await db.doc.send(new UpdateCommand(update));
}

/**
 * The program (null when absent or being deleted) and whether the user owns or is authorized on it
 * (their access item exists), read in one BatchGet: every program route of a promoter or an AMO
 * reads both before anything else.
 */
export async function getProgramAndAccess(db: Db, programId: string, userId: string): Promise<{ program: ProgramRecord | null; hasAccess: boolean }> {
  const programKey = keys.program(programId);
  const accessKey = keys.programAccess(userId, programId);
  const items = await batchGetItems(db, [programKey, accessKey]);
  const program = itemWithKey(items, programKey);
  return {
    program: program && !isDeleting(program) ? programRecordSchema.parse(withoutKeys(program)) : null,
    hasAccess: itemWithKey(items, accessKey) !== undefined,
  };
}

/** Everything a program's partition holds but the program item itself (news, FAQ…): its erasure's last step but one. */
export async function deleteProgramContents(db: Db, programId: string): Promise<void> {
  await deletePartition(db, keys.program(programId).pk, (sk) => sk === keys.program(programId).sk);
}
