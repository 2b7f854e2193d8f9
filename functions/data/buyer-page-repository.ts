import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';
import { type MeetingRecord, planningRecordSchema, type PlanningRecord } from './plannings-repository';

/**
 * The reads of the buyer's page (GET /rdv/usr/{uuid}), the busiest public call: each reads only
 * what the page shows.
 */

// Find Planning Id Of Meeting (the buyer's link → its planning; the index item's planningId only)
export async function findMeetingPlanningId(db: Db, uuid: string): Promise<string | null> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `MEETING#${uuid}` },
      ProjectionExpression: 'planningId',
      Limit: 1,
    }),
  );
  return typeof Items[0]?.planningId === 'string' ? Items[0].planningId : null;
}

/**
 * The meeting fields the page shows or its slot offering reads: the read's projection and the
 * page's meeting type both come from these lists, so the view cannot use a field the read leaves
 * out. The send history, visitors and job ids stay in the table.
 */
const meetingFields = [
  'uuid',
  'isActive',
  'isAvailable',
  'isBooked',
  'isConfirmed',
  'forced',
  'start',
  'end',
  'amoNb',
  'length',
  'note',
  'maxVisitorsNb',
  'openedAt',
  'guest',
  'bookingReopenedUntil',
  'waitAskedAt',
  'waitHold',
] as const satisfies readonly (keyof MeetingRecord)[];

export type BuyerPageMeeting = Pick<MeetingRecord, (typeof meetingFields)[number]>;
export interface BuyerPageState {
  planning: PlanningRecord;
  meetings: BuyerPageMeeting[];
}

/** One projection for both kinds of item the range holds: the whole planning record, the meetings' page fields. */
const attributesToGet = [...new Set(['sk', 'deletedAt', ...Object.keys(planningRecordSchema.shape), ...meetingFields])];

/**
 * Load Planning And Meetings (consistent): the sort keys from `MEETING#` to `PLANNING` hold the
 * meetings and the planning item, and leave out the booked slots' grains (`SLOT#…`, one per `pas`
 * of each visit) and the lock, which the page does not need.
 *
 * Written with the key conditions and attribute list rather than expressions: DynamoDB Local
 * parses expressions with a costly parser, and a 50-name ProjectionExpression cost it more CPU than
 * reading the items (the buyer page's throughput went from 66 % to 80 % of a bare Query). DynamoDB
 * supports both forms; they read the same items and attributes.
 *
 * The meetings are not re-validated with zod: only our own writes (themselves parsed) put them
 * there, and parsing 40 meetings cost about 6 ms of CPU per call, a third of the call's cost. Nor
 * are they copied without their keys: the view picks its fields. The planning item, one per
 * call, still is parsed.
 */
export async function loadPlanningAndMeetings(db: Db, planningId: string): Promise<BuyerPageState | null> {
  let state: BuyerPageState | null = null;
  let deleted = false;
  const meetings: BuyerPageMeeting[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditions: {
          pk: { ComparisonOperator: 'EQ', AttributeValueList: [keys.planning(planningId).pk] },
          sk: { ComparisonOperator: 'BETWEEN', AttributeValueList: ['MEETING#', 'PLANNING'] },
        },
        AttributesToGet: attributesToGet,
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === 'PLANNING') {
        // The schema drops the keys, as it drops any field it does not name.
        state = { planning: planningRecordSchema.parse(item), meetings };
        // A planning whose program is being deleted is gone for buyers (see plannings-repository).
        deleted = item.deletedAt !== undefined;
      } else if (String(item.sk).startsWith('MEETING#')) meetings.push(item as BuyerPageMeeting);
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return deleted ? null : state;
}

export interface ProgramAppearance {
  hasLogo: boolean;
  color: string | undefined;
}

// Get Program Appearance (logo present, first colour: the buyer page's header)
export async function getProgramAppearance(db: Db, programId: string): Promise<ProgramAppearance | null> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.program(programId), ProjectionExpression: 'avatarKey, colors, deletingAt' }),
  );
  if (!Item || Item.deletingAt !== undefined) return null;
  const colors: unknown = Item.colors;
  return { hasLogo: typeof Item.avatarKey === 'string', color: Array.isArray(colors) && typeof colors[0] === 'string' ? colors[0] : undefined };
}
