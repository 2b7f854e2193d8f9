import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { loadPlanningForEngine, type EngineView } from './booking-round-repository';
import type { Db } from './db';
import { keys } from './keys';
import type { MeetingRecord } from './plannings-repository';

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
 * The fields the page shows of the buyer's own meeting or its slot offering reads: the read's
 * attribute list and the page's meeting type both come from this list, so the view cannot use a
 * field the read leaves out. The send history, visitors and job ids stay in the table.
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

type BuyerPageMeeting = Pick<MeetingRecord, (typeof meetingFields)[number]>;
export interface BuyerPageState extends EngineView {
  /** The buyer's own meeting (its page fields); the others are read for the engine only. */
  meeting: BuyerPageMeeting;
}

/**
 * Load Buyer Page (consistent): the planning with every meeting's engine fields (what the slot
 * offering reads of the others: booking-round-repository.ts), and beside it the buyer's own
 * meeting with the fields its page shows (names, note…), which the other buyers' meetings no longer
 * carry: at 450 buyers their names and contacts were most of the bytes read. Null when the planning
 * or the meeting is not there (or the planning is being deleted or created).
 */
export async function loadBuyerPage(db: Db, planningId: string, uuid: string): Promise<BuyerPageState | null> {
  const [view, own] = await Promise.all([
    loadPlanningForEngine(db, planningId),
    db.doc.send(new GetCommand({ TableName: db.table, Key: keys.meeting(planningId, uuid), AttributesToGet: [...meetingFields], ConsistentRead: true })),
  ]);
  return view && own.Item ? { ...view, meeting: own.Item as BuyerPageMeeting } : null;
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
