import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/**
 * A planning draft: the creation form as the user left it (part 2 §3 'Planning draft'). The code
 * names its program `programId`; the stored attribute keeps the specification's name, `projectId`
 * (part 2 §3 'Planning'), so that items already in the table read the same: it is renamed here only.
 */
const storedDraftSchema = z
  .object({
    _id: z.string(),
    projectId: z.string(),
    name: z.string(),
    templateType: z.enum(['draft', 'draftImpose']),
    data: z.record(z.string(), z.unknown()),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .transform(({ projectId, ...draft }) => ({ ...draft, programId: projectId }));
export type Draft = z.output<typeof storedDraftSchema>;

// Put Draft
export async function putDraft(db: Db, draft: Draft): Promise<void> {
  const { programId, ...stored } = draft;
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.draft(draft._id), gsi1pk: `PROGRAM#${programId}#DRAFTS`, gsi1sk: `${draft.updatedAt}#${draft._id}`, ...stored, projectId: programId },
    }),
  );
}

// Get Draft
export async function getDraft(db: Db, id: string): Promise<Draft | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.draft(id) }));
  return Item ? storedDraftSchema.parse(withoutKeys(Item)) : null;
}

// Delete Draft (of that program only, when given: a draft id sent with another program's planning deletes nothing)
export async function deleteDraft(db: Db, id: string, programId?: string): Promise<void> {
  await db.doc.send(
    new DeleteCommand({
      TableName: db.table,
      Key: keys.draft(id),
      // The stored attribute keeps the specification's name, `projectId` (part 2 §3 'Planning').
      ...(programId ? { ConditionExpression: 'projectId = :programId', ExpressionAttributeValues: { ':programId': programId } } : {}),
    }),
  );
}

// List Drafts Of Program (latest first)
export async function listProgramDrafts(db: Db, programId: string): Promise<Draft[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `PROGRAM#${programId}#DRAFTS` },
      ScanIndexForward: false,
    }),
  );
  return Items.map((item) => storedDraftSchema.parse(withoutKeys(item)));
}
