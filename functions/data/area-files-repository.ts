import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys, batchGetItems, isConditionFailure, queryIndexPage, queryIndexPartition } from './db';
import { keys } from './keys';

/**
 * A file of the buyer area (part 1 §2 buyer area): a conversation attachment, a news image or a document.
 * `attachedTo` is set once, in the transaction of the message that carries it, so an upload is
 * used by one message only. Documents are listed per program on gsi1.
 */
const areaFileRecordSchema = z.object({
  _id: z.string(),
  originalname: z.string(),
  contentType: z.string(),
  size: z.number(),
  storageKey: z.string(),
  uploadedAt: z.string(),
  uploaderId: z.string(),
  kind: z.enum(['attachment', 'image', 'document']),
  program: z.string().optional(),
  /** The housing it belongs to; absent on a program-wide document or news image. */
  housing: z.string().optional(),
  attachedTo: z.string().optional(),
  /** For a file of one housing: the lot's tenure it was written in (a later buyer does not read it). */
  tenure: z.string().optional(),
});
export type AreaFileRecord = z.infer<typeof areaFileRecordSchema>;

/** gsi1 lists a program's documents; gsi2 a buyer's uploads (erased with the account). */
function fileItem(file: AreaFileRecord) {
  const documentIndex =
    file.kind === 'document' && file.program ? { gsi1pk: `PROGRAM#${file.program}#DOCUMENTS`, gsi1sk: `${file.uploadedAt}#${file._id}` } : {};
  return { ...keys.areaFile(file._id), ...documentIndex, gsi2pk: `AREAFILES#${file.uploaderId}`, gsi2sk: `${file.uploadedAt}#${file._id}`, ...file };
}

// Put Area File
export async function putAreaFile(db: Db, file: AreaFileRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: fileItem(file), ConditionExpression: 'attribute_not_exists(pk)' }));
}

// Get Area File
export async function getAreaFile(db: Db, id: string): Promise<AreaFileRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.areaFile(id), ConsistentRead: true }));
  return Item ? areaFileRecordSchema.parse(withoutKeys(Item)) : null;
}

// Get Area Files By Ids (order of `ids` kept, unknown ids left out)
export async function getAreaFiles(db: Db, ids: string[]): Promise<AreaFileRecord[]> {
  const items = await batchGetItems(
    db,
    [...new Set(ids)].map((id) => keys.areaFile(id)),
    { consistent: true },
  );
  const found = new Map(items.map((item) => areaFileRecordSchema.parse(withoutKeys(item))).map((file) => [file._id, file]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The update, inside a message's transaction, that attaches an upload: only its uploader's, only
 * once (two messages sent at once with the same file: one fails).
 */
export function attachFileUpdate(
  table: string,
  fileId: string,
  uploaderId: string,
  owner: { attachedTo: string; program: string; housing?: string; tenure?: string },
) {
  return {
    Update: {
      TableName: table,
      Key: keys.areaFile(fileId),
      UpdateExpression: 'SET attachedTo = :to, program = :program' + (owner.housing ? ', housing = :housing' : '') + (owner.tenure ? ', tenure = :tenure' : ''),
      ConditionExpression: 'attribute_exists(pk) AND uploaderId = :me AND attribute_not_exists(attachedTo)',
      ExpressionAttributeValues: {
        ':to': owner.attachedTo,
        ':program': owner.program,
        ':me': uploaderId,
        ...(owner.housing ? { ':housing': owner.housing } : {}),
        ...(owner.tenure ? { ':tenure': owner.tenure } : {}),
      },
    },
  };
}

// List Documents Of Program (newest first)
export async function listProgramDocuments(db: Db, programId: string): Promise<AreaFileRecord[]> {
  const files: AreaFileRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `PROGRAM#${programId}#DOCUMENTS` },
        ScanIndexForward: false,
        ExclusiveStartKey: cursor,
      }),
    );
    files.push(...(page.Items ?? []).map((item) => areaFileRecordSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return files;
}

/**
 * List Document Page Of Program (docs/architecture.md « Bounded answers »): at most `limit` of a
 * program's documents newest first, after the position `after` (the gsi1sk `<uploadedAt>#<id>` of
 * the previous page's last document), and `next`, the position to go on from (null at the end).
 */
export async function listProgramDocumentPage(
  db: Db,
  programId: string,
  options: { after?: string; limit: number },
): Promise<{ documents: AreaFileRecord[]; next: string | null }> {
  const page = await queryIndexPage(db, 'gsi1', `PROGRAM#${programId}#DOCUMENTS`, {
    ...options,
    newestFirst: true,
    // The position is `<uploadedAt>#<id>`: the id names the item.
    tableKeyOf: (position) => keys.areaFile(position.slice(position.lastIndexOf('#') + 1)),
  });
  return { documents: page.items.map((item) => areaFileRecordSchema.parse(withoutKeys(item))), next: page.next };
}

/** The most of a program's documents one page of a buyer's list reads (those of other housings are read and left). */
const maxDocumentsReadPerHousingPage = 2_000;

/**
 * List Document Page Of Housing (GET /users/me/documents, docs/architecture.md « Bounded answers »):
 * the program's documents newest first that are program-wide or shared with `housingId`, after the
 * position `after` (a gsi1sk), reading at most `maxDocumentsReadPerHousingPage` of the program's
 * documents: a page may be short, even empty, with `next` set while the index goes on.
 */
export async function listHousingDocumentPage(
  db: Db,
  programId: string,
  housingId: string,
  options: { after?: string; limit: number },
): Promise<{ documents: AreaFileRecord[]; next: string | null }> {
  const partition = `PROGRAM#${programId}#DOCUMENTS`;
  const startOf = (position: string) => ({ ...keys.areaFile(position.slice(position.lastIndexOf('#') + 1)), gsi1pk: partition, gsi1sk: position });
  const items: Record<string, unknown>[] = [];
  let start = options.after ? startOf(options.after) : undefined;
  let read = 0;
  const answer = (next: string | null) => ({ documents: items.map((one) => areaFileRecordSchema.parse(withoutKeys(one))), next });
  for (;;) {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'attribute_not_exists(housing) OR housing = :housing',
        ExpressionAttributeValues: { ':pk': partition, ':housing': housingId },
        ScanIndexForward: false,
        Limit: Math.min(500, maxDocumentsReadPerHousingPage - read),
        ExclusiveStartKey: start,
      }),
    );
    read += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      items.push(item);
      // A full page stops at its last document: the next one starts right after it.
      if (items.length === options.limit) {
        const last = String(item.gsi1sk);
        const more = item !== page.Items![page.Items!.length - 1] || !!page.LastEvaluatedKey;
        return answer(more ? last : null);
      }
    }
    if (!page.LastEvaluatedKey) return answer(null);
    start = page.LastEvaluatedKey as ReturnType<typeof startOf>;
    // Past its reading budget, the page answers what it found and goes on from where it stopped.
    if (read >= maxDocumentsReadPerHousingPage) return answer(String(start.gsi1sk));
  }
}

/**
 * Delete Document Of Program: only a document of this program; returns it, or null when the file
 * is another program's, not a document, or gone already (deleted meanwhile).
 */
export async function deleteProgramDocument(db: Db, programId: string, fileId: string): Promise<AreaFileRecord | null> {
  try {
    const { Attributes } = await db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.areaFile(fileId),
        ConditionExpression: 'program = :program AND kind = :document',
        ExpressionAttributeValues: { ':program': programId, ':document': 'document' },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return areaFileRecordSchema.parse(withoutKeys(Attributes!));
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

// Delete Area File (its bytes are deleted first by the caller; nothing when already gone)
export async function deleteAreaFile(db: Db, id: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.areaFile(id) }));
}

// List Files Uploaded By One Account (an account's erasure)
export async function listUploadedFiles(db: Db, uploaderId: string): Promise<AreaFileRecord[]> {
  return (await queryIndexPartition(db, 'gsi2', `AREAFILES#${uploaderId}`)).map((item) => areaFileRecordSchema.parse(withoutKeys(item)));
}
