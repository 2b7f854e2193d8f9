import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { faqSchema, type Faq } from '../../shared/domain/buyer-area';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

// Get FAQ Of Program (empty when staff wrote none)
export async function getFaq(db: Db, programId: string): Promise<Faq> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.programFaq(programId) }));
  return Item ? faqSchema.parse(withoutKeys(Item)) : { entries: [] };
}

// Put FAQ Of Program (the whole list: staff edit it as one text)
export async function putFaq(db: Db, programId: string, faq: Faq, updatedAt: string): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.programFaq(programId), ...faq, updatedAt } }));
}
