import { loadBuyerPage } from '../../../functions/data/buyer-page-repository';
import { loadBookingRound } from '../../../functions/data/booking-round-repository';
import { disablePlanning, loadPlanningState } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { buyerBooks, freePlanning } from '../planning-actions/support';

/**
 * The buyer page's read and a booking round's (docs/architecture.md « Reading a planning for one
 * buyer ») ask only for the fields they use: they must still see the whole planning, every field
 * the engine reads of every meeting, and every field the page shows of the buyer's own meeting;
 * the other buyers' names, contacts and send history stay in the table.
 */
describe("buyer page and booking round reads: the planning, every meeting's engine fields, the buyer's own page fields", () => {
  it('read the same planning record, the same engine fields of every meeting and the page fields of the own meeting as the full read, and no other buyer’s name', async () => {
    const setup = await freePlanning({ lots: 3 });
    await buyerBooks(setup.planningId, setup.meetings[0].uuid);
    const { store: db } = getDeps();

    const full = await loadPlanningState(db, setup.planningId);
    const own = setup.meetings[1].uuid;
    const page = await loadBuyerPage(db, setup.planningId, own);
    const round = await loadBookingRound(db, setup.planningId);

    expect(full).not.toBeNull();
    expect(page?.planning).toEqual(full?.planning);
    expect(round?.planning).toEqual(full?.planning);
    for (const read of [page, round]) {
      expect(read?.meetings).toHaveLength(3);
      for (const meeting of full?.meetings ?? []) {
        const seen = read?.meetings.find((candidate) => candidate.uuid === meeting.uuid);
        const { uuid, length, start, end, amoNb, isBooked, forced, isActive, isAvailable } = meeting;
        expect(seen).toMatchObject(JSON.parse(JSON.stringify({ uuid, length, start, end, amoNb, isBooked, forced, isActive, isAvailable })));
        // Names, contacts, notes and the invitation history are not the engine's business.
        expect(seen).not.toHaveProperty('guest');
        expect(seen).not.toHaveProperty('invitationMail');
        expect(seen).not.toHaveProperty('reminderJobId');
      }
    }
    const mine = full?.meetings.find((meeting) => meeting.uuid === own);
    const { uuid, isActive, isAvailable, isBooked, forced, start, end, amoNb, length, maxVisitorsNb, guest } = mine!;
    expect(page?.meeting).toMatchObject(
      JSON.parse(JSON.stringify({ uuid, isActive, isAvailable, isBooked, forced, start, end, amoNb, length, maxVisitorsNb, guest })),
    );
    expect(page?.meeting).not.toHaveProperty('invitationMail');
  });

  it('a planning being deleted with its program is gone for buyers and bookings', async () => {
    const setup = await freePlanning({ lots: 1 });
    const { store: db } = getDeps();
    await disablePlanning(db, setup.planningId, new Date().toISOString());

    expect(await loadBuyerPage(db, setup.planningId, setup.meetings[0].uuid)).toBeNull();
    expect(await loadBookingRound(db, setup.planningId)).toBeNull();
  });
});
