import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { messageTemplateSchema, type MessageTemplate, type TemplateTextField } from '../../shared/domain/message-template';
import { conditionHeld, type Db, withoutKeys, batchGetItems } from './db';
import { keys } from './keys';

/**
 * Message templates (part 3 §3). Each template has one access item per user who may see it (its
 * owner and the AMOs it authorizes), under the user's partition: a user's list is one Query and a
 * BatchGet. `version` guards the authorized list, so the access items always follow it.
 */
const templateRecordSchema = messageTemplateSchema.extend({ version: z.number().int() });
export type TemplateRecord = z.infer<typeof templateRecordSchema>;

const accessItem = (userId: string, templateId: string, access: 'owner' | 'authorized') => ({ ...keys.templateAccess(userId, templateId), templateId, access });

// Create Template with its access items (put only if absent: a repeated default set creates nothing twice)
export async function createTemplate(db: Db, template: MessageTemplate): Promise<boolean> {
  const record: TemplateRecord = { ...template, version: 0 };
  return conditionHeld(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { ...keys.messageTemplate(template._id), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: db.table, Item: accessItem(template.owner, template._id, 'owner') } },
          ...template.authorized
            .filter((id) => id !== template.owner)
            .map((id) => ({ Put: { TableName: db.table, Item: accessItem(id, template._id, 'authorized') } })),
        ],
      }),
    ),
  );
}

// Get Template By Id
export async function getTemplate(db: Db, id: string): Promise<TemplateRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.messageTemplate(id), ConsistentRead: true }));
  return Item ? templateRecordSchema.parse(withoutKeys(Item)) : null;
}

// List Templates A User Owns Or Is Authorized On (an access item whose template is gone is skipped)
export async function listUserTemplates(db: Db, userId: string): Promise<TemplateRecord[]> {
  const ids: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'ACCESS#TEMPLATE#' },
        ExclusiveStartKey: cursor,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => String(item.templateId)));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  const found = (
    await batchGetItems(
      db,
      ids.map((id) => keys.messageTemplate(id)),
    )
  ).map((item) => templateRecordSchema.parse(withoutKeys(item)));
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id));
}

// Update One Template Text (false when the template is gone)
export async function updateTemplateText(db: Db, id: string, field: TemplateTextField, value: string, at: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.messageTemplate(id),
        UpdateExpression: 'SET #field = :value, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':value': value, ':at': at },
      }),
    ),
  );
}

// Set Authorized Users: the list and the access items change together, if nobody changed the list since it was read
export async function setTemplateAuthorized(db: Db, current: TemplateRecord, authorized: string[], at: string): Promise<boolean> {
  const added = authorized.filter((id) => !current.authorized.includes(id) && id !== current.owner);
  const removed = current.authorized.filter((id) => !authorized.includes(id) && id !== current.owner);
  return conditionHeld(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.table,
              Key: keys.messageTemplate(current._id),
              UpdateExpression: 'SET authorized = :authorized, updatedAt = :at, version = :next',
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':authorized': authorized, ':at': at, ':version': current.version, ':next': current.version + 1 },
            },
          },
          ...added.map((id) => ({ Put: { TableName: db.table, Item: accessItem(id, current._id, 'authorized') } })),
          ...removed.map((id) => ({ Delete: { TableName: db.table, Key: keys.templateAccess(id, current._id) } })),
        ],
      }),
    ),
  );
}

// Delete Template with every access item, if its authorized list is still the one read
export async function deleteTemplate(db: Db, current: TemplateRecord): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.table,
              Key: keys.messageTemplate(current._id),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': current.version },
            },
          },
          ...[current.owner, ...current.authorized.filter((id) => id !== current.owner)].map((id) => ({
            Delete: { TableName: db.table, Key: keys.templateAccess(id, current._id) },
          })),
        ],
      }),
    ),
  );
}
