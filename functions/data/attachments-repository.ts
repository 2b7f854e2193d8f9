import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/** A file uploaded for a planning (the invitation attachment), before and after the planning exists. */
const attachmentSchema = z.object({
  _id: z.string(),
  fileKey: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

// Put Attachment
export async function putAttachment(db: Db, attachment: Attachment): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.attachment(attachment._id), ...attachment } }));
}

// Get Attachment
export async function getAttachment(db: Db, id: string): Promise<Attachment | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.attachment(id) }));
  return Item ? attachmentSchema.parse(withoutKeys(Item)) : null;
}
