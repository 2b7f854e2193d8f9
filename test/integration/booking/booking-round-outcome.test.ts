import { commitBookingRound, type BookingRound } from '../../../functions/data/booking-round-writes';
import { acquirePlanningLock } from '../../../functions/data/planning-lock-repository';
import { loadPlanningState, type MeetingRecord, type PlanningRecord } from '../../../functions/data/plannings-repository';
import { markProgramDeleting } from '../../../functions/data/programs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePlanning, parisIso } from '../planning-actions/support';

/**
 * The data layer answers a booking round's commit in the use case's terms (book-slot.ts decides
 * on them): which of the round's conditions failed, named by its role, never by an item's place
 * in the transaction.
 */

/** A planning of two free buyers, as read, and the lock taken by `owner`. */
async function readPlanning(owner: string) {
  const setup = await freePlanning({ lots: 2, days: 1, overrides: { authorizeTrous: true } });
  const state = await loadPlanningState(getDeps().store, setup.planningId);
  if (!state) throw new Error('planning not read');
  await acquirePlanningLock(getDeps().store, setup.planningId, owner, Date.now(), 60_000);
  return { setup, planning: state.planning, meetings: state.meetings };
}

/** A round booking `meeting` at 09:30 of the planning's first day, released by `owner`. */
function roundBooking(planning: PlanningRecord, meeting: MeetingRecord, day: string, owner: string): BookingRound {
  const start = parisIso(day, '09:30');
  const booked: MeetingRecord = {
    ...meeting,
    isBooked: true,
    start,
    end: new Date(Date.parse(start) + meeting.length).toISOString(),
    amoNb: 0,
    visitors: [],
    icsSequence: 1,
  };
  return {
    planning,
    release: { planningId: planning._id, owner },
    answers: [],
    answeredAt: Date.now(),
    bookings: [{ before: meeting, booked, extra: { isInterestedVr: false, visitors: [] }, jobs: [] }],
    at: new Date(),
    calendars: [],
  };
}

describe('a booking round’s commit names the condition that refused it', () => {
  it('a round committed answers { committed: true }', async () => {
    const { setup, planning, meetings } = await readPlanning('holder');

    const outcome = await commitBookingRound(getDeps().store, roundBooking(planning, meetings[0], setup.dayDates[0], 'holder'));

    expect(outcome).toEqual({ committed: true });
  });

  it('a round whose slot was taken meanwhile (on the planning as read) answers { lost: ["planning-changed"] }', async () => {
    const { setup, planning, meetings } = await readPlanning('holder');
    expect(await commitBookingRound(getDeps().store, roundBooking(planning, meetings[0], setup.dayDates[0], 'holder'))).toEqual({ committed: true });
    await acquirePlanningLock(getDeps().store, setup.planningId, 'next-holder', Date.now(), 60_000);

    const outcome = await commitBookingRound(getDeps().store, roundBooking(planning, meetings[1], setup.dayDates[0], 'next-holder'));

    expect(outcome).toEqual({ committed: false, lost: ['planning-changed'] });
  });

  it('a round whose holder lost the lock answers { lost: ["lock"] }', async () => {
    const { setup, planning, meetings } = await readPlanning('holder');

    const outcome = await commitBookingRound(getDeps().store, roundBooking(planning, meetings[0], setup.dayDates[0], 'a-holder-whose-lease-passed'));

    expect(outcome).toEqual({ committed: false, lost: ['lock'] });
  });

  it('a round in a program being deleted answers { lost: ["program-closed"] }', async () => {
    const { setup, planning, meetings } = await readPlanning('holder');
    await markProgramDeleting(getDeps().store, planning.projectId, new Date().toISOString());

    const outcome = await commitBookingRound(getDeps().store, roundBooking(planning, meetings[0], setup.dayDates[0], 'holder'));

    expect(outcome).toEqual({ committed: false, lost: ['program-closed'] });
  });
});
