import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getDeps } from '../../../functions/runtime/deps';
import { keys } from '../../../functions/data/keys';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { getJob, listDueJobs } from '../../../functions/data/jobs-repository';
import { waitlistCheckJobKind } from '../../../functions/core/planning-actions/waitlist-check-job';
import { waitlistMessages } from '../../../shared/messages/waitlist';
import { call, holdSignalledJobs, signalledJobsIdle } from '../../support/test-api';
import { runDueJobs } from '../../support/planning-fixtures';
import { assertInvariants, outboxTo, parisIso, programForFile, raceWorkersForFile, storedMeeting } from '../planning-actions/support';

/**
 * The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »; part 1 §2 booking page): real handlers,
 * DynamoDB Local. One working day of one AMO tiles seven 1 h visits (08:30 … 16:00); seven buyers
 * book all of them, so a start frees only when someone leaves.
 */
const hours = ['08:30', '09:30', '10:30', '11:30', '14:00', '15:00', '16:00'];
const slotTaken = "Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.";

function book(planningId: string, uuid: string, startDate: string) {
  return call('PATCH', `/api/rdv/book/${planningId}`, { body: { usr: uuid, slot: { startDate, amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } } });
}

/** One program for the file's nine days, imported once: each day invites seven lots of its own. */
const program = programForFile(9 * hours.length);

async function fullDay() {
  const setup = await program.freePlanning({ lots: hours.length, days: 1, overrides: { authorizeTrous: true } });
  const starts = hours.map((hm) => parisIso(setup.dayDates[0], hm));
  for (const [index, meeting] of setup.meetings.entries()) expect((await book(setup.planningId, meeting.uuid, starts[index])).status).toBe(200);
  return { ...setup, starts };
}

/** The two worker processes of the file's races (two requests at once), started once. */
const raceOnWorkers = raceWorkersForFile(2);

async function historyOf(setup: Awaited<ReturnType<typeof fullDay>>, uuid: string): Promise<string[]> {
  const response = await call('GET', `/api/rdv/${setup.planningId}/meetings/${uuid}/history`, { token: setup.token });
  return (response.body.history ?? response.body).map((entry: { action: string }) => entry.action);
}

describe("earlier-slot waitlist (docs/user-guide.md « Liste d'attente »)", () => {
  it('a waiter is offered the earlier start a cancellation frees, held 15 minutes for them only, and takes it in one move', async () => {
    const setup = await fullDay();
    const [first, , , , , , last] = setup.meetings;
    const asked = await call('PUT', `/api/rdv/waitlist/${last.uuid}`);
    expect(asked).toEqual(expect.objectContaining({ status: 200, body: { message: waitlistMessages.asked } }));
    expect((await call('GET', `/api/rdv/usr/${last.uuid}`)).body.waitlist).toEqual({ asked: true, hold: null });

    // The first buyer cancels 08:30: the check (a job of that transaction) holds it for the waiter.
    expect((await call('PATCH', `/api/rdv/unbook/${first.uuid}`)).status).toBe(200);
    await runDueJobs();
    const view = (await call('GET', `/api/rdv/usr/${last.uuid}`)).body;
    expect(view.waitlist.hold).toEqual(expect.objectContaining({ start: setup.starts[0], label: expect.stringMatching(/à 08:30$/) }));
    const until = Date.parse(view.waitlist.hold.until);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const mails = await outboxTo(last.guest.mailmonsieur);
    const offer = mails.filter((mail) => mail.subject?.startsWith('Un créneau plus tôt est disponible'));
    expect(offer).toHaveLength(1);
    expect(offer[0].text).toContain(`/entrevue/${last.uuid}`);
    // « est disponible », never « s'est libéré »: the same words serve a start that was free all along.
    expect(`${offer[0].subject} ${offer[0].text}`).not.toMatch(/libéré/);

    // Held for the waiter only: not offered to the buyer who left it, and a booking of it is refused.
    const options = (await call('GET', `/api/rdv/usr/${first.uuid}`)).body.options.map((option: { startDate: string }) => option.startDate);
    expect(options).not.toContain(setup.starts[0]);
    expect((await book(setup.planningId, first.uuid, setup.starts[0])).body.message).toBe(slotTaken);

    const taken = await call('PATCH', `/api/rdv/waitlist/${last.uuid}/take`);
    expect(taken).toEqual(expect.objectContaining({ status: 200, body: { message: waitlistMessages.taken } }));
    const moved = await storedMeeting(setup.planningId, last.uuid);
    expect(moved).toEqual(expect.objectContaining({ isBooked: true, start: setup.starts[0] }));
    expect(moved?.waitAskedAt).toBeUndefined();
    expect(moved?.waitHold).toBeUndefined();
    // The old slot is free again: the buyer who cancelled books it.
    expect((await book(setup.planningId, first.uuid, setup.starts[6])).status).toBe(200);
    await assertInvariants(setup.planningId, setup.read);
    expect(await historyOf(setup, last.uuid)).toEqual(
      expect.arrayContaining([waitlistMessages.history.joined, waitlistMessages.history.offered, waitlistMessages.history.taken]),
    );
    // Staff see the request on the planning detail while it waits (here: taken, so no longer waiting).
    const detail = (await setup.read()).meetings.find((meeting) => meeting.uuid === last.uuid) as unknown as { waitAskedAt?: string };
    expect(detail.waitAskedAt).toBeUndefined();
  }, 120_000);

  it('first come in order of asking: of two waiters the engine could move, the first to ask gets the hold; staff see both waiting', async () => {
    const setup = await fullDay();
    const [first, , , , , sixth, last] = setup.meetings;
    expect((await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).status).toBe(200);
    expect((await call('PUT', `/api/rdv/waitlist/${sixth.uuid}`)).status).toBe(200);
    const waiting = (await setup.read()).meetings.filter((meeting) => (meeting as unknown as { waitAskedAt?: string }).waitAskedAt);
    expect(waiting.map((meeting) => meeting.uuid).sort()).toEqual([last.uuid, sixth.uuid].sort());

    expect((await call('PATCH', `/api/rdv/unbook/${first.uuid}`)).status).toBe(200);
    await runDueJobs();
    expect((await call('GET', `/api/rdv/usr/${last.uuid}`)).body.waitlist.hold?.start).toBe(setup.starts[0]);
    expect((await call('GET', `/api/rdv/usr/${sixth.uuid}`)).body.waitlist.hold).toBeNull();
  }, 120_000);

  it('a staff cancellation frees an earlier start: the same transaction writes the check job', async () => {
    const setup = await fullDay();
    const [first, , , , , , last] = setup.meetings;
    expect((await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).status).toBe(200);
    const cancelled = await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, {
      token: setup.token,
      body: { uuid: first.uuid, isMailConfirmationDel: false },
    });
    expect(cancelled.status).toBe(200);
    await runDueJobs();
    expect((await call('GET', `/api/rdv/usr/${last.uuid}`)).body.waitlist.hold?.start).toBe(setup.starts[0]);
  }, 120_000);

  it('a buyer who stops waiting gives the held start to the next waiter; asking needs a booking', async () => {
    const setup = await fullDay();
    const [first, , , , , sixth, last] = setup.meetings;
    expect((await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).status).toBe(200);
    expect((await call('PUT', `/api/rdv/waitlist/${sixth.uuid}`)).status).toBe(200);
    expect((await call('PATCH', `/api/rdv/unbook/${first.uuid}`)).status).toBe(200);
    await runDueJobs();
    expect((await call('DELETE', `/api/rdv/waitlist/${last.uuid}`)).body).toEqual({ message: waitlistMessages.left });
    await runDueJobs();
    expect((await call('GET', `/api/rdv/usr/${last.uuid}`)).body.waitlist).toEqual({ asked: false, hold: null });
    expect((await call('GET', `/api/rdv/usr/${sixth.uuid}`)).body.waitlist.hold?.start).toBe(setup.starts[0]);
    // The buyer without a booking cannot wait for an earlier one.
    expect(await call('PUT', `/api/rdv/waitlist/${first.uuid}`)).toEqual(
      expect.objectContaining({ status: 409, body: { message: waitlistMessages.notBooked } }),
    );
    expect((await call('PATCH', `/api/rdv/waitlist/${last.uuid}/take`)).body.message).toBe(waitlistMessages.holdGone);
  }, 120_000);

  it('a hold not taken within 15 minutes goes to the next waiter by the check due at its end, and is not offered again to the first', async () => {
    const setup = await fullDay();
    const [first, , , , , sixth, last] = setup.meetings;
    expect((await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).status).toBe(200);
    expect((await call('PUT', `/api/rdv/waitlist/${sixth.uuid}`)).status).toBe(200);
    expect((await call('PATCH', `/api/rdv/unbook/${first.uuid}`)).status).toBe(200);
    await runDueJobs();
    const hold = (await storedMeeting(setup.planningId, last.uuid))!.waitHold!;
    expect(hold.start).toBe(setup.starts[0]);
    // The check written with the hold is due one second after it ends.
    const deps = getDeps();
    const later = await Promise.all((await listDueJobs(deps.store, new Date(Date.parse(hold.until) + 2000), 200)).map((id) => getJob(deps.store, id)));
    const atEnd = later.find((job) => job?.kind === waitlistCheckJobKind && job.payload.planningId === setup.planningId && job.status === 'pending');
    expect(Date.parse(atEnd!.runAt)).toBe(Date.parse(hold.until) + 1000);
    // Fifteen minutes pass: the hold has ended when that check runs.
    await deps.store.doc.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: keys.meeting(setup.planningId, last.uuid),
        UpdateExpression: 'SET waitHold.#until = :past',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await dispatch({ jobId: atEnd!.id });
    await runDueJobs();
    expect((await storedMeeting(setup.planningId, sixth.uuid))?.waitHold?.start).toBe(setup.starts[0]);
    expect((await call('GET', `/api/rdv/usr/${last.uuid}`)).body.waitlist).toEqual({ asked: true, hold: null });
    expect((await call('PATCH', `/api/rdv/waitlist/${last.uuid}/take`)).body.message).toBe(waitlistMessages.holdGone);
    const offers = (await outboxTo(sixth.guest.mailmonsieur)).filter((mail) => mail.subject?.startsWith('Un créneau plus tôt est disponible'));
    expect(offers).toHaveLength(1);
  }, 120_000);

  it('part 1 §2: past the booking deadline the choices are closed: nobody asks, and the page offers no waitlist', async () => {
    const setup = await fullDay();
    const last = setup.meetings[6];
    const deps = getDeps();
    await deps.store.doc.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: keys.planning(setup.planningId),
        UpdateExpression: 'SET bookingDeadline = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    expect(await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).toEqual(
      expect.objectContaining({ status: 409, body: { message: 'Les prises de rendez-vous sont clôturées.' } }),
    );
    expect((await call('GET', `/api/rdv/usr/${last.uuid}`)).body.waitlist).toBeUndefined();
  }, 120_000);

  it('races: the held buyer takes the start while a second buyer books the same start at once (two worker processes): exactly one wins, nobody stranded', async () => {
    const setup = await fullDay();
    const [first, , , , , , last] = setup.meetings;
    expect((await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).status).toBe(200);
    expect((await call('PATCH', `/api/rdv/unbook/${first.uuid}`)).status).toBe(200);
    await runDueJobs();
    const [taken, booked] = await raceOnWorkers({ method: 'GET', url: `/api/rdv/usr/${first.uuid}` }, (race) =>
      Promise.all([
        race('PATCH', `/api/rdv/waitlist/${last.uuid}/take`),
        race('PATCH', `/api/rdv/book/${setup.planningId}`, {
          body: { usr: first.uuid, slot: { startDate: setup.starts[0], amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
        }),
      ]),
    );
    expect([taken.status, booked.status].filter((status) => status === 200)).toHaveLength(1);
    // The hold keeps the start for its buyer: the held buyer is the one who wins.
    expect(taken.status).toBe(200);
    expect(booked.body.message).toBe(slotTaken);
    const { meetings } = await setup.read();
    expect(meetings.filter((meeting) => meeting.start === setup.starts[0]).map((meeting) => meeting.uuid)).toEqual([last.uuid]);
    // Nobody stranded: the buyer who lost is offered the start the waiter left.
    const options = (await call('GET', `/api/rdv/usr/${first.uuid}`)).body.options.map((option: { startDate: string }) => option.startDate);
    expect(options).toContain(setup.starts[6]);
    await assertInvariants(setup.planningId, setup.read);
  }, 180_000);

  it('races: the check job delivered three times at once, then once more, gives one hold and sends one mail', async () => {
    const setup = await fullDay();
    const [first, , , , , , last] = setup.meetings;
    expect((await call('PUT', `/api/rdv/waitlist/${last.uuid}`)).status).toBe(200);
    // The cancellation's check job stays pending until the test delivers it itself.
    const held = holdSignalledJobs();
    await call('PATCH', `/api/rdv/unbook/${first.uuid}`, { answerOnly: true });
    const deps = getDeps();
    const due = await Promise.all((await listDueJobs(deps.store, new Date(Date.now() + 1000), 100)).map((id) => getJob(deps.store, id)));
    const check = due.find((job) => job?.kind === waitlistCheckJobKind && job.payload.planningId === setup.planningId);
    expect(check?.status).toBe('pending');
    await Promise.all([dispatch({ jobId: check!.id }), dispatch({ jobId: check!.id }), dispatch({ jobId: check!.id })]);
    await dispatch({ jobId: check!.id });
    held.release();
    await signalledJobsIdle();
    await runDueJobs();
    expect((await getJob(deps.store, check!.id))?.status).toBe('done');
    const offers = (await outboxTo(last.guest.mailmonsieur)).filter((mail) => mail.subject?.startsWith('Un créneau plus tôt est disponible'));
    expect(offers).toHaveLength(1);
    expect((await storedMeeting(setup.planningId, last.uuid))?.waitHold?.start).toBe(setup.starts[0]);
  }, 120_000);

  it('races: two cancellations at once (two worker processes) free two starts: one hold per freed start at most, each for a different waiter in order', async () => {
    const setup = await fullDay();
    const [first, second, , , fifth, sixth, last] = setup.meetings;
    for (const waiter of [last, sixth, fifth]) expect((await call('PUT', `/api/rdv/waitlist/${waiter.uuid}`)).status).toBe(200);
    const cancels = await raceOnWorkers({ method: 'GET', url: `/api/rdv/usr/${first.uuid}` }, (race) =>
      Promise.all([race('PATCH', `/api/rdv/unbook/${first.uuid}`), race('PATCH', `/api/rdv/unbook/${second.uuid}`)]),
    );
    expect(cancels.map((response) => response.status)).toEqual([200, 200]);
    await runDueJobs();
    const holds = await Promise.all([last, sixth, fifth].map(async (waiter) => (await storedMeeting(setup.planningId, waiter.uuid))?.waitHold?.start));
    expect(holds.slice(0, 2).sort()).toEqual([setup.starts[0], setup.starts[1]].sort());
    expect(holds[2]).toBeUndefined();
    const offers = await Promise.all(
      [last, sixth, fifth].map(
        async (waiter) => (await outboxTo(waiter.guest.mailmonsieur)).filter((mail) => mail.subject?.startsWith('Un créneau plus tôt')).length,
      ),
    );
    expect(offers).toEqual([1, 1, 0]);
  }, 120_000);
});
