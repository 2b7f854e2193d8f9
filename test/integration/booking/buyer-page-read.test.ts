import { loadPlanningAndMeetings } from '../../../functions/data/buyer-page-repository';
import { disablePlanning, loadPlanningState } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { buyerBooks, freePlanning } from '../planning-actions/support';

/**
 * The buyer page's read (issue 12 point 12) asks only for the fields the page uses: it must still
 * see the whole planning and every field of the meetings the view and the slot offering read.
 */
describe("buyer page read: the planning and the meetings' page fields, without the send history", () => {
  it('reads the same planning record and, for every meeting, the same page fields as the full read', async () => {
    const setup = await freePlanning({ lots: 3 });
    await buyerBooks(setup.planningId, setup.meetings[0].uuid);
    const { db } = getDeps();

    const full = await loadPlanningState(db, setup.planningId);
    const page = await loadPlanningAndMeetings(db, setup.planningId);

    expect(full).not.toBeNull();
    expect(page?.planning).toEqual(full?.planning);
    expect(page?.meetings).toHaveLength(3);
    for (const meeting of full?.meetings ?? []) {
      const read = page?.meetings.find((candidate) => candidate.uuid === meeting.uuid);
      const { uuid, isActive, isAvailable, isBooked, isConfirmed, forced, start, end, amoNb, length, note, maxVisitorsNb, openedAt, guest } = meeting;
      expect(read).toMatchObject(
        JSON.parse(
          JSON.stringify({ uuid, isActive, isAvailable, isBooked, isConfirmed, forced, start, end, amoNb, length, note, maxVisitorsNb, openedAt, guest }),
        ),
      );
      // The invitation history and job ids are not the page's business.
      expect(read).not.toHaveProperty('invitationMail');
      expect(read).not.toHaveProperty('reminderJobId');
    }
  });

  it('a planning being deleted with its program is gone for buyers', async () => {
    const setup = await freePlanning({ lots: 1 });
    const { db } = getDeps();
    await disablePlanning(db, setup.planningId, new Date().toISOString());

    expect(await loadPlanningAndMeetings(db, setup.planningId)).toBeNull();
  });
});
