import { recordFirstOpening } from '../../../functions/data/link-opening-writes';
import { getMeeting } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { planningBody, programWithLots, runDueJobs } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';
import { until } from '../../support/eventually';

// Creating a planning and sending its invitations takes seconds on a busy machine.
jest.setTimeout(120_000);

/** A sent planning of three buyers whose invitations have gone out. */
async function invitedPlanning() {
  const setup = await programWithLots(3);
  const created = await call('POST', '/api/rdv', {
    token: setup.promoter.token,
    body: planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
    ),
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await runDueJobs();
  const detail = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token })).body;
  return { ...setup, planningId: created.body.planning._id as string, meetings: detail.meetings as { uuid: string; isInvitationSent: boolean }[] };
}

describe('part 3 §2 ★ funnel: GET /rdv/project/{programId}/funnel and the first opening of a buyer link', () => {
  it('invited → opened the link → booked → visit held, per phase, with the median days from invitation to booking', async () => {
    const { promoter, admin, program, planningId, meetings } = await invitedPlanning();
    expect(meetings.every((meeting) => meeting.isInvitationSent)).toBe(true);
    // Buyer 1 opens the link twice; buyer 2 opens it and books; buyer 3 does nothing.
    await call('GET', `/api/rdv/usr/${meetings[0].uuid}`);
    await call('GET', `/api/rdv/usr/${meetings[0].uuid}`);
    const option = (await call('GET', `/api/rdv/usr/${meetings[1].uuid}`)).body.options[0];
    const booked = await call('PATCH', `/api/rdv/book/${planningId}`, {
      body: { usr: meetings[1].uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);

    const answer = await call('GET', `/api/rdv/project/${program._id}/funnel`, { token: promoter.token });
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toEqual([
      {
        programId: program._id,
        programName: 'Résidence du Lac',
        phase: 'partitions',
        invited: 3,
        opened: 2,
        booked: 1,
        attended: 0,
        absent: 0,
        rescheduled: 0,
        unmarked: 0,
        medianDaysToBooking: expect.any(Number),
      },
    ]);
    // Booked within the test's seconds of the invitation.
    expect(answer.body.rows[0].medianDaysToBooking).toBeGreaterThanOrEqual(0);
    expect(answer.body.rows[0].medianDaysToBooking).toBeLessThan(0.01);
    expect((await call('GET', `/api/rdv/project/${program._id}/funnel`, { token: admin.token })).body.rows).toEqual(answer.body.rows);
  });

  it('the first opening is recorded once: a later load keeps the first instant', async () => {
    const { planningId, meetings } = await invitedPlanning();
    const uuid = meetings[0].uuid;
    expect((await getMeeting(getDeps().store, planningId, uuid))?.openedAt).toBeUndefined();
    await call('GET', `/api/rdv/usr/${uuid}`);
    const first = (await getMeeting(getDeps().store, planningId, uuid))?.openedAt;
    expect(first).toEqual(expect.any(String));
    await until('the clock past the first opening', () => Date.now() > Date.parse(first!), 5_000, 1);
    await call('GET', `/api/rdv/usr/${uuid}`);
    expect((await getMeeting(getDeps().store, planningId, uuid))?.openedAt).toBe(first);
  });

  it('first openings at once: exactly one write records the instant, the others change nothing', async () => {
    const { planningId, meetings } = await invitedPlanning();
    const uuid = meetings[2].uuid;
    const instants = Array.from({ length: 6 }, (_, index) => `2026-09-01T09:00:0${index}.000Z`);
    const recorded = await Promise.all(instants.map((at) => recordFirstOpening(getDeps().store, planningId, uuid, at)));
    expect(recorded.filter(Boolean)).toHaveLength(1);
    expect((await getMeeting(getDeps().store, planningId, uuid))?.openedAt).toBe(instants[recorded.indexOf(true)]);
    // Buyers opening their links at once: each gets its page and is counted once.
    const pages = await Promise.all([...meetings, ...meetings].map((meeting) => call('GET', `/api/rdv/usr/${meeting.uuid}`)));
    expect(pages.map((page) => page.status)).toEqual(Array(6).fill(200));
    for (const meeting of meetings) expect((await getMeeting(getDeps().store, planningId, meeting.uuid))?.openedAt).toEqual(expect.any(String));
  });

  it('an opening never creates a meeting that is gone', async () => {
    const { planningId } = await invitedPlanning();
    expect(await recordFirstOpening(getDeps().store, planningId, 'no-such-meeting-uuid-0000', '2026-09-01T09:00:00.000Z')).toBe(false);
    expect(await getMeeting(getDeps().store, planningId, 'no-such-meeting-uuid-0000')).toBeNull();
  });

  it("another program's promoter is refused; an unknown program is not found", async () => {
    const { program } = await invitedPlanning();
    const stranger = await createUserAndLogin('promoter');
    expect((await call('GET', `/api/rdv/project/${program._id}/funnel`, { token: stranger.token })).status).toBe(403);
    expect((await call('GET', `/api/rdv/project/${'0'.repeat(24)}/funnel`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', `/api/rdv/project/${program._id}/funnel`)).status).toBe(401);
  });
});
