import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, conditionHeld, withoutKeys } from './db';
import { keys } from './keys';

/** Promoter record for virtual visits (part 1 §3): the three intro paragraphs and the logo. */
const visitPromoterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  internalName: z.string(),
  firstParagraph: z.string(),
  secondParagraph: z.string(),
  thirdParagraph: z.string(),
  logoKey: z.string().optional(),
  createdAt: z.string(),
});
export type VisitPromoter = z.infer<typeof visitPromoterSchema>;

function visitPromoterItem(promoter: VisitPromoter) {
  return { ...keys.visitPromoter(promoter._id), gsi1pk: 'VPROMOTERS', gsi1sk: `${promoter.internalName}#${promoter._id}`, ...promoter };
}

// Put Visit Promoter (all promoters are listed by the virtual-visit admin through gsi1)
export async function putVisitPromoter(db: Db, promoter: VisitPromoter): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: visitPromoterItem(promoter) }));
}

/** The Put of a promoter record, for the transaction that starts the planning it belongs to (part 2 §4). */
export function visitPromoterPut(table: string, promoter: VisitPromoter) {
  return { Put: { TableName: table, Item: visitPromoterItem(promoter) } };
}

// Get Visit Promoter
export async function getVisitPromoter(db: Db, id: string): Promise<VisitPromoter | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.visitPromoter(id) }));
  return Item ? visitPromoterSchema.parse(withoutKeys(Item)) : null;
}

// Delete Visit Promoter
export async function deleteVisitPromoter(db: Db, id: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.visitPromoter(id) }));
}

// part 1 §2, part 3 §2: virtual visits
// List Visit Promoters (by internal name: the admin's promoter picker and list)
export async function listVisitPromoters(db: Db): Promise<VisitPromoter[]> {
  const promoters: VisitPromoter[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'VPROMOTERS' },
        ExclusiveStartKey: cursor,
      }),
    );
    promoters.push(...(page.Items ?? []).map((item) => visitPromoterSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return promoters;
}

// Set Visit Promoter Logo (false when the promoter is gone)
export function setVisitPromoterLogo(db: Db, id: string, logoKey: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.visitPromoter(id),
        UpdateExpression: 'SET logoKey = :key',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':key': logoKey },
      }),
    ),
  );
}
