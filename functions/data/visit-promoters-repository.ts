import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/** Promoter record for virtual visits (part 1 §3): the three intro paragraphs and the logo. */
export const visitPromoterSchema = z.object({
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

// Put Visit Promoter (all promoters are listed by the virtual-visit admin through gsi1)
export async function putVisitPromoter(db: Db, promoter: VisitPromoter): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.visitPromoter(promoter._id), gsi1pk: 'VPROMOTERS', gsi1sk: `${promoter.internalName}#${promoter._id}`, ...promoter } }));
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
