import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LiveMeeting } from '../../shared/scheduling/live-calendar';
import type { WaitHold } from '../../shared/domain/waitlist';
import { batchGetItems, type Db, withoutKeys } from './db';
import { keys } from './keys';
import { meetingRecordSchema, planningRecordSchema, type MeetingRecord, type PlanningRecord } from './plannings-repository';
import type { PlanningLockItem } from './planning-lock-repository';

/**
 * What the engine reads of every buyer of a planning to decide a booking or offer its slots
 * (docs/architecture.md « Booking integrity », « Reading a planning for one buyer »): its length,
 * its visit if placed, whether it still counts, and a start held for it. The buyers' names,
 * contacts, visitors, notes and send history (most of a meeting item's bytes) stay in the table.
 */
const engineMeetingFields = ['uuid', 'length', 'start', 'end', 'amoNb', 'isBooked', 'forced', 'isActive', 'isAvailable', 'waitHold'] as const;
export type EngineMeeting = LiveMeeting & { waitHold?: WaitHold };

/** The planning item and every meeting's engine fields. */
export interface EngineView {
  planning: PlanningRecord;
  meetings: EngineMeeting[];
}

/** The planning item, every meeting's engine fields and the booking queue: what one booking round decides on. */
export interface BookingRoundState extends EngineView {
  /** The lock's item: the lock and the bookings waiting on it (booking-requests-repository.ts). */
  bookingQueue: PlanningLockItem;
}

/**
 * Load Planning For Engine (consistent): the planning item (a GetItem) and, beside it, its meetings'
 * engine fields in one Query of the `MEETING#` sort keys (the slot grains, the lock and the
 * tombstones left out), written with the key conditions and attribute list, which DynamoDB Local
 * parses far more cheaply than a ProjectionExpression (buyer-page-repository.ts). DynamoDB Local
 * applies the attribute list to every item: the planning's fifty names on each of 450 meetings
 * cost it 110–210 ms, the ten engine fields 15–80 ms, where the whole items took 230–1,100 ms on
 * the loaded 2-core machine (the items' bytes are mostly the buyers' names, contacts and send
 * history). The meetings are not re-validated with zod (only our own parsed writes put them
 * there; parsing hundreds per call was a good part of its CPU). Null when the planning is absent,
 * being created or being deleted.
 */
export async function loadPlanningForEngine(db: Db, planningId: string): Promise<EngineView | null> {
  const meetings: EngineMeeting[] = [];
  const readMeetings = async () => {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          KeyConditions: {
            pk: { ComparisonOperator: 'EQ', AttributeValueList: [keys.planning(planningId).pk] },
            sk: { ComparisonOperator: 'BEGINS_WITH', AttributeValueList: ['MEETING#'] },
          },
          AttributesToGet: [...engineMeetingFields],
          ConsistentRead: true,
          ExclusiveStartKey: cursor,
        }),
      );
      meetings.push(...((page.Items ?? []) as unknown as EngineMeeting[]));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
  };
  const [{ Item }] = await Promise.all([
    db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planning(planningId), ConsistentRead: true })),
    readMeetings(),
  ]);
  if (!Item || Item.deletedAt !== undefined || Item.creationOperationId !== undefined) return null;
  return { planning: planningRecordSchema.parse(withoutKeys(Item)), meetings };
}

/**
 * Load Booking Round (consistent): the planning for the engine and, beside it, the lock's item
 * (its attribute names are the waiting requests' ids, which no attribute list can name). Both
 * reads start after the round noted its start: a request in the queue came before the planning
 * was read only if it came before that instant, which is what a final refusal requires (book-slot.ts).
 */
export async function loadBookingRound(db: Db, planningId: string): Promise<BookingRoundState | null> {
  const [view, lock] = await Promise.all([
    loadPlanningForEngine(db, planningId),
    db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planningLock(planningId), ConsistentRead: true })),
  ]);
  return view ? { ...view, bookingQueue: lock.Item ?? {} } : null;
}

/** Get Meetings (consistent, whole records) of a planning: the few a round books, by one BatchGet per 100. */
export async function getMeetings(db: Db, planningId: string, uuids: readonly string[]): Promise<MeetingRecord[]> {
  const items = await batchGetItems(
    db,
    [...new Set(uuids)].map((uuid) => keys.meeting(planningId, uuid)),
    { consistent: true },
  );
  return items.map((item) => meetingRecordSchema.parse(withoutKeys(item)));
}
