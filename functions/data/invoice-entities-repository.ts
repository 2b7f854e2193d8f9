import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invoiceEntitySchema, type InvoiceEntity } from '../../shared/domain/invoice-entity';
import { conditionHeld, type Db, withoutKeys } from './db';
import { keys } from './keys';

/** Invoicing entities (part 3 §3), listed by company name through gsi1 `INVOICEENTITIES`. */
function item(entity: InvoiceEntity) {
  return { ...keys.invoiceEntity(entity._id), gsi1pk: 'INVOICEENTITIES', gsi1sk: `${entity.raisonsociale.toLowerCase()}#${entity._id}`, ...entity };
}

// Create Invoice Entity
export async function createInvoiceEntity(db: Db, entity: InvoiceEntity): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: item(entity), ConditionExpression: 'attribute_not_exists(pk)' }));
}

// Get Invoice Entity
export async function getInvoiceEntity(db: Db, id: string): Promise<InvoiceEntity | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.invoiceEntity(id) }));
  return Item ? invoiceEntitySchema.parse(withoutKeys(Item)) : null;
}

// Save Invoice Entity (conditioned on the version read: two editors never overwrite each other silently)
export function saveInvoiceEntity(db: Db, current: InvoiceEntity, next: InvoiceEntity): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: item(next),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': current.updatedAt },
      }),
    ),
  );
}

// Delete Invoice Entity
export function deleteInvoiceEntity(db: Db, id: string): Promise<boolean> {
  return conditionHeld(db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.invoiceEntity(id), ConditionExpression: 'attribute_exists(pk)' })));
}

// List Invoice Entities (by company name)
export async function listInvoiceEntities(db: Db): Promise<InvoiceEntity[]> {
  const entities: InvoiceEntity[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'INVOICEENTITIES' },
        ExclusiveStartKey: cursor,
      }),
    );
    entities.push(...(page.Items ?? []).map((entry) => invoiceEntitySchema.parse(withoutKeys(entry))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return entities;
}
