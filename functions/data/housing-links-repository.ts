import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, queryIndexPartition, withoutKeys } from './db';
import { keys } from './keys';
import { conditionalWrite } from './conditional-write';
import type { CommitOutcome } from './named-commit';

/**
 * A lot linked to a buyer account (part 1 §2 buyer area, §6): the buyer reaches this housing while the
 * link's `tenure` is the lot's (part 1 §6: a lot whose buyers change starts a new tenure, and the
 * links of the one before stop opening it). Absent on both for the first tenure.
 */
const housingLinkSchema = z.object({
  userId: z.string(),
  lotId: z.string(),
  programId: z.string(),
  linkedAt: z.string(),
  tenure: z.string().optional(),
});
export type HousingLink = z.infer<typeof housingLinkSchema>;

/** The link item; gsi1 lists a lot's links (every account that held it), for the deletion of the lot's data. */
function linkItem(link: HousingLink) {
  return { ...keys.housingLink(link.userId, link.lotId), gsi1pk: `HOUSINGLINKS#${link.lotId}`, gsi1sk: link.userId, ...link };
}

// Link Housing To Buyer (idempotent: linking twice keeps one item)
export async function putHousingLink(db: Db, link: HousingLink): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: linkItem(link) }));
}

// List Links Of Lot (the accounts linked to it, in any tenure)
export async function listLotLinks(db: Db, lotId: string): Promise<HousingLink[]> {
  return (await queryIndexPartition(db, 'gsi1', `HOUSINGLINKS#${lotId}`)).map((item) => housingLinkSchema.parse(withoutKeys(item)));
}

// Get One Housing Of Buyer
export async function getHousingLink(db: Db, userId: string, lotId: string): Promise<HousingLink | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.housingLink(userId, lotId) }));
  return Item ? housingLinkSchema.parse(withoutKeys(Item)) : null;
}

// List Housings Of Buyer
export async function listHousingLinks(db: Db, userId: string): Promise<HousingLink[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'HOUSING#' },
    }),
  );
  return (Items ?? []).map((item) => housingLinkSchema.parse(withoutKeys(item)));
}

// Unlink Housing From Buyer (a former owner's link; nothing when already gone)
export async function deleteHousingLink(db: Db, userId: string, lotId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.housingLink(userId, lotId) }));
}

/**
 * Link And Set Lot Owner: the link item and the lot's `owner` in one transaction (staff linking a
 * housing to an account, POST /user/housings). The lot must still exist and still be in the
 * link's tenure: a change of buyers meanwhile (or the lot's removal) fails the link, `lot-changed`.
 */
export function linkHousingAndOwner(db: Db, link: HousingLink): Promise<CommitOutcome<'lot-changed'>> {
  return conditionalWrite(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: linkItem(link) } },
          {
            Update: {
              TableName: db.table,
              Key: keys.lot(link.programId, link.lotId),
              UpdateExpression: 'SET #owner = :owner',
              ConditionExpression: link.tenure ? 'attribute_exists(pk) AND tenure = :tenure' : 'attribute_exists(pk) AND attribute_not_exists(tenure)',
              ExpressionAttributeNames: { '#owner': 'owner' },
              ExpressionAttributeValues: { ':owner': link.userId, ...(link.tenure ? { ':tenure': link.tenure } : {}) },
            },
          },
        ],
      }),
    ),
    'lot-changed',
  );
}
