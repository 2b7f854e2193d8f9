import { getShiftPlan } from '../../../functions/data/planning-shift-repository';
import { getPlanning } from '../../../functions/data/plannings-repository';
import { getWave } from '../../../functions/data/waves-repository';
import { runWave } from '../../../functions/core/waves/run-wave';
import { waveSpecOf } from '../../../functions/dispatch/wave-specs';
import { runJobNow } from '../../../functions/core/jobs/dispatch-job';
import type { JobRun } from '../../../functions/core/jobs/job-context';
import { jobRunners } from '../../../functions/dispatch/job-runners';
import { getDeps } from '../../../functions/runtime/deps';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { addDays, epochToParisWall } from '../../../shared/scheduling/time-grid';
import { futureMonday, programWithLots, runDueJobs } from '../../support/planning-fixtures';
import { call, holdSignalledJobs, signalledJobsIdle, signInWithoutLoginRoute } from '../../support/test-api';
import { imposedBody, imposedPlanning } from '../imposed/support';
import { assertInvariants, outboxTo, parisIso, parisSeconds, programForFile, storedMeeting, type TestMeeting } from './support';
import { getJob } from '../../../functions/data/jobs-repository';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { shiftLockMs } from '../../../shared/domain/planning-shift';
import { keys } from '../../../functions/data/keys';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

const deps = getDeps();
/** One program for the file's free plannings (25 buyers), imported once: each planning invites lots of its own. */
const program = programForFile(25);
const dayOf = (instant: string) => epochToParisWall(Date.parse(instant)).date;
const hourOf = (instant: string) => new Date(Date.parse(instant)).toLocaleTimeString('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

/** What a buyer received by e-mail since they had `before` e-mails (the outbox lists newest first). */
async function mailsSince(address: string, before: number) {
  const mails = (await outboxTo(address)).filter((message) => message.channel === 'email');
  return mails.slice(0, mails.length - before);
}
const mailCount = async (address: string) => (await outboxTo(address)).filter((message) => message.channel === 'email').length;

/** A buyer's own booking from their page: the first option offered on `date`. */
async function buyerBooks(planningId: string, uuid: string, date: string) {
  const view = await call('GET', `/api/rdv/usr/${uuid}`);
  const option = (view.body.options as { startDate: string; amoNb: number }[]).find((candidate) => dayOf(candidate.startDate) === date)!;
  return call('PATCH', `/api/rdv/book/${planningId}`, {
    body: { usr: uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
  });
}

describe("'Décaler': POST /rdv/{id}/decaler/apercu and /decaler", () => {
  it('an imposed planning moved earlier than its deadline to confirm, onto a Saturday: the preview says the deadline moves before the first visit and names the Saturday; the confirmation must accept it; the mails carry the new deadline', async () => {
    const setup = await imposedPlanning({ lots: 2 });
    const saturday = addDays(setup.monday, -2);
    const request = { mode: 'from', from: setup.monday, to: saturday };
    const before = await mailCount(setup.byLot(0).guest.mailmonsieur);

    const preview = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, { token: setup.token, body: request });
    expect(preview.status).toBe(200);
    const firstVisit = Math.min(...preview.body.moves.map((move: { toStart: string }) => Date.parse(move.toStart)));
    expect(Date.parse(preview.body.bookingDeadline)).toBeLessThan(firstVisit);
    expect(preview.body.deadlineNote).toMatch(/^La date limite de réponse est avancée au .+, avant la première visite\.$/);
    expect(preview.body.nonWorkingDays).toEqual([saturday]);
    expect(preview.body.nonWorkingWarning).toMatch(/^Le sam\. .+ n’est pas un jour ouvré : des rendez-vous y seront placés\./);

    const unconfirmed = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toBe(preview.body.nonWorkingWarning);
    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: { ...request, confirmNonWorkingDays: true } });
    expect(started.status).toBe(202);
    await runDueJobs();

    const { planning, meetings } = await setup.read();
    expect(planning.bookingDeadline).toBe(preview.body.bookingDeadline);
    expect(Math.min(...meetings.map((meeting) => Date.parse(meeting.start!)))).toBeGreaterThan(Date.parse(planning.bookingDeadline));
    const [mail] = await mailsSince(setup.byLot(0).guest.mailmonsieur, before);
    expect(mail.text).toContain(formatParisDateTime(planning.bookingDeadline));
  });

  it('a two-week delay of an imposed planning: the preview shows who moves where; confirmed (202), each buyer moved to the same hour and AMO, asked again to confirm by one new convocation; days moved; history lines; the wave counts everyone', async () => {
    const setup = await imposedPlanning({ lots: 4 });
    // One buyer had confirmed: the new date needs a new answer.
    expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: setup.byLot(0).uuid, isAvailable: true } })).status).toBe(200);
    const day = setup.monday;
    const newDay = addDays(day, 14);
    const request = { mode: 'from', from: day, to: newDay };
    const before = Object.fromEntries(await Promise.all(setup.meetings.map(async (meeting) => [meeting.uuid, await mailCount(meeting.guest.mailmonsieur)])));

    const preview = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, { token: setup.token, body: request });
    expect(preview.status).toBe(200);
    expect(preview.body.days).toEqual([{ from: day, to: newDay }]);
    expect(preview.body.dropped).toEqual([]);
    expect(preview.body.moves.map((move: { lotcomm: string; toStart: string }) => `${move.lotcomm} ${dayOf(move.toStart)} ${hourOf(move.toStart)}`)).toEqual(
      [0, 1, 2, 3].map((index) => `${setup.byLot(index).guest.lotcomm} ${newDay} ${String(9 + index).padStart(2, '0')}:00`),
    );
    // The preview writes nothing.
    expect((await setup.read()).planning.events.map((event: { start: string }) => dayOf(event.start))).toEqual([day]);

    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ waveId: expect.stringMatching(/^wave-/), total: 4, message: 'Décalage de 4 rendez-vous en cours.' });
    await runDueJobs();

    const { planning, meetings } = await setup.read();
    expect(planning.events.map((event: { start: string }) => dayOf(event.start))).toEqual([newDay]);
    expect(planning.shiftWaveId).toBeUndefined();
    expect(planning.nbConfirmed).toBe(0);
    for (const original of setup.meetings) {
      const moved = meetings.find((meeting) => meeting.uuid === original.uuid)! as TestMeeting & { isConfirmed: boolean };
      expect(moved).toEqual(
        expect.objectContaining({ start: parisIso(newDay, hourOf(original.start!)), amoNb: original.amoNb, isBooked: true, isConfirmed: false }),
      );
      const mails = await mailsSince(original.guest.mailmonsieur, before[original.uuid]);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('convocation déplacée');
      expect(mails[0].text).toContain(`déplacée au ${formatParisDateTime(moved.start!)}`);
      expect(mails[0].text).toContain(`/entrevue/${original.uuid}`);
      const history = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${original.uuid}/history`, { token: setup.token })).body.history;
      expect(history.at(-1)).toEqual(expect.objectContaining({ action: 'Décalage du planning', after: expect.objectContaining({ start: moved.start }) }));
    }
    await assertInvariants(setup.planningId, setup.read);
    expect(await getWave(deps.store, started.body.waveId)).toEqual(expect.objectContaining({ total: 4, sent: 4, failed: 0, skipped: 0 }));
  }, 120_000);

  it('every day one day later, each landing on a day the same shift empties (a long planning delayed): every buyer moved to the same hour and AMO, none dropped, each told once', async () => {
    const setup = await programWithLots(8);
    const monday = futureMonday();
    // Four visits on Monday and four at the same hours on Tuesday: Monday moves onto Tuesday, Tuesday onto Wednesday.
    const placements = Array.from(
      { length: 8 },
      (_, index) => [index, `${String(9 + (index % 4)).padStart(2, '0')}:00`, Math.floor(index / 4)] as [number, string, number],
    );
    const created = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: imposedBody(setup.program._id, setup.clients, monday, placements),
    });
    expect(created.status).toBe(201);
    const planningId = created.body.planning._id as string;
    const read = async () =>
      (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body as Awaited<ReturnType<Parameters<typeof assertInvariants>[1]>>;
    const before = (await read()).meetings;
    const request = { mode: 'from', from: monday, to: addDays(monday, 1) };

    const preview = await call('POST', `/api/rdv/${planningId}/decaler/apercu`, { token: setup.promoter.token, body: request });
    expect(preview.status).toBe(200);
    expect(preview.body.dropped).toEqual([]);
    const started = await call('POST', `/api/rdv/${planningId}/decaler`, { token: setup.promoter.token, body: request });
    expect(started.status).toBe(202);
    await runDueJobs();

    const after = (await read()).meetings;
    for (const original of before) {
      const moved = after.find((meeting) => meeting.uuid === original.uuid)!;
      expect([dayOf(moved.start!), hourOf(moved.start!), moved.amoNb]).toEqual([addDays(dayOf(original.start!), 1), hourOf(original.start!), original.amoNb]);
    }
    expect(await getWave(deps.store, started.body.waveId)).toEqual(expect.objectContaining({ total: 8, sent: 8, failed: 0, skipped: 0 }));
    await assertInvariants(planningId, read);
  }, 120_000);

  it('a free planning moved onto one of its days: the buyer whose place is taken there cannot be kept (French reason in the preview), is cancelled with the cancellation mail; the moved buyer gets the new time and the link to choose another; availability moves', async () => {
    const setup = await program.freePlanning({ lots: 4, days: 2 });
    const [first, second] = setup.dayDates;
    const [a, b, c] = setup.meetings;
    const force = (uuid: string, date: string, hm: string) =>
      call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
        token: setup.token,
        body: { selected: uuid, rdvDate: parisSeconds(date, hm), length: 3_600_000 },
      });
    for (const [meeting, date, hm] of [
      [a, first, '09:00'],
      [b, first, '14:00'],
      [c, second, '14:00'],
    ] as const)
      expect((await force(meeting.uuid, date, hm)).status).toBe(200);
    const unavailable = await call('PATCH', `/api/rdv/book-unavailabilities/${setup.planningId}`, {
      token: setup.token,
      body: { events: [{ kind: 'remove', amoNb: 0, start: parisIso(first, '15:30'), end: parisIso(first, '17:00') }] },
    });
    expect(unavailable.status).toBe(200);
    const before = { a: await mailCount(a.guest.mailmonsieur), b: await mailCount(b.guest.mailmonsieur), c: await mailCount(c.guest.mailmonsieur) };
    const request = { mode: 'days', days: [{ from: first, to: second }] };

    const preview = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, { token: setup.token, body: request });
    expect(preview.body.moves).toEqual([expect.objectContaining({ uuid: a.uuid, toStart: parisIso(second, '09:00'), amoNb: 0 })]);
    expect(preview.body.dropped).toEqual([
      expect.objectContaining({
        uuid: b.uuid,
        reason: expect.stringMatching(/^Créneau du .* à 14:00 déjà occupé \(lot .+\) et aucun autre AMO n’est libre à cette heure\.$/),
      }),
    ]);

    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request });
    expect(started.status).toBe(202);
    await runDueJobs();
    const { planning, meetings } = await setup.read();
    expect(planning.events.map((event: { start: string }) => dayOf(event.start))).toEqual([second]);
    // The AMO's availability edit of the moved day moved with it, same hours.
    expect((await getPlanning(deps.store, setup.planningId))?.unavailable).toEqual([
      { amoNb: 0, start: Date.parse(parisIso(second, '15:30')), end: Date.parse(parisIso(second, '17:00')) },
    ]);
    expect(meetings.find((meeting) => meeting.uuid === a.uuid)).toEqual(expect.objectContaining({ start: parisIso(second, '09:00'), isBooked: true }));
    expect(meetings.find((meeting) => meeting.uuid === b.uuid)).toEqual(expect.objectContaining({ start: null, isBooked: false }));
    // The reminder follows the visit: 48 h before its new time.
    const stored = await storedMeeting(setup.planningId, a.uuid);
    expect((await getJob(deps.store, stored!.reminderJobId!))?.runAt).toBe(new Date(Date.parse(parisIso(second, '09:00')) - 48 * 3_600_000).toISOString());
    const [moved] = await mailsSince(a.guest.mailmonsieur, before.a);
    expect(moved.subject).toContain('rendez-vous déplacé');
    // Placed by staff, the visit cannot be cancelled from the buyer's page: they are asked to contact the team.
    expect(moved.text).toContain('Ce rendez-vous a été fixé par notre équipe : si ce nouvel horaire ne vous convient pas, contactez-nous');
    expect(moved.text).toContain(`/entrevue/${a.uuid}`);
    expect((await mailsSince(b.guest.mailmonsieur, before.b)).map((mail) => mail.subject)).toEqual([expect.stringContaining('rendez-vous annulé')]);
    expect(await mailsSince(c.guest.mailmonsieur, before.c)).toEqual([]);
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);

  it('a free planning day moved onto another leaves less time: the preview names the buyers still to place who would find no place (part 2 §5 warning); the shift is refused (409) unless confirmed', async () => {
    // 2 days of 7 one-hour places, 10 buyers to place: on one day only 7 fit.
    const setup = await program.freePlanning({ lots: 10, days: 2 });
    const [first, second] = setup.dayDates;
    const request = { mode: 'days', days: [{ from: first, to: second }] };
    const preview = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, { token: setup.token, body: request });
    expect(preview.status).toBe(200);
    expect(preview.body.stranded).toHaveLength(3);
    expect(preview.body.strandWarning).toMatch(
      /^Attention : après cette modification, 3 acquéreurs ne pourront plus être placés dans le planning : .+\. Confirmez pour continuer\.$/,
    );
    const refused = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'WOULD_STRAND', message: preview.body.strandWarning });
    expect((await setup.read()).planning.events).toEqual(setup.events);
    const confirmed = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: { ...request, confirmStrand: true } });
    expect(confirmed.status).toBe(202);
    await runDueJobs();
    expect((await setup.read()).planning.events.map((event: { start: string }) => dayOf(event.start))).toEqual([second]);
  }, 60_000);

  it('refuses in French: a day not in the planning, a date passed; nothing written', async () => {
    const setup = await program.freePlanning({ lots: 2, days: 1 });
    const notADay = await call('POST', `/api/rdv/${setup.planningId}/decaler`, {
      token: setup.token,
      body: { mode: 'days', days: [{ from: addDays(setup.dayDates[0], 1), to: addDays(setup.dayDates[0], 20) }] },
    });
    expect(notADay.status).toBe(400);
    expect(notADay.body.message).toMatch(/^Le .* n’est pas une journée de ce planning\.$/);
    const past = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, {
      token: setup.token,
      body: { mode: 'from', from: setup.dayDates[0], to: '2020-01-06' },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Le lun. 6 janv. 2020 est passé : choisissez une date à venir.');
    const badBody = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: { mode: 'from', from: 'demain' } });
    expect(badBody.status).toBe(400);
    expect((await setup.read()).planning.events).toEqual(setup.events);
  }, 60_000);
});

describe("'Décaler' with others acting at once", () => {
  it('two staff confirming the same shift at once: one wins (202), the other is refused in French; every buyer moved once and told once', async () => {
    const setup = await imposedPlanning({ lots: 3 });
    const newDay = addDays(setup.monday, 14);
    const request = { mode: 'from', from: setup.monday, to: newDay };
    const before = await Promise.all(setup.meetings.map((meeting) => mailCount(meeting.guest.mailmonsieur)));
    const answers = await Promise.all([0, 1].map(() => call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request })));
    await runDueJobs();
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, expect.any(Number)]);
    const refused = answers.find((answer) => answer.status !== 202)!;
    expect([409, 400]).toContain(refused.status);
    expect([
      'Un décalage de ce planning est en cours : réessayez dans un instant.',
      expect.stringMatching(/n’est pas une journée de ce planning\.$/),
    ]).toContainEqual(refused.body.message);
    const { meetings } = await setup.read();
    for (const [index, original] of setup.meetings.entries()) {
      expect(dayOf(meetings.find((meeting) => meeting.uuid === original.uuid)!.start!)).toBe(newDay);
      expect(await mailsSince(original.guest.mailmonsieur, before[index])).toHaveLength(1);
    }
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);

  it('a buyer booking while the shift runs is told to try again in a moment (503), and books on the new days once it is done; staff placements wait too (409); a buyer cancelling meanwhile is left out (no message about the move); nobody overlaps', async () => {
    const setup = await program.freePlanning({ lots: 4, days: 2 });
    const [first, second] = setup.dayDates;
    const [booker, canceller, late] = setup.meetings;
    expect((await buyerBooks(setup.planningId, booker.uuid, first)).status).toBe(200);
    expect((await buyerBooks(setup.planningId, canceller.uuid, first)).status).toBe(200);
    const before = await mailCount(canceller.guest.mailmonsieur);
    const bookerMails = await mailCount(booker.guest.mailmonsieur);
    const newFirst = addDays(first, 14);
    const newSecond = addDays(second, 14);

    // The wave held: the shift is committed and running.
    const hold = holdSignalledJobs();
    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, {
      token: setup.token,
      body: { mode: 'from', from: first, to: newFirst },
      answerOnly: true,
    });
    expect(started.status).toBe(202);
    expect((await getPlanning(deps.store, setup.planningId))?.shiftWaveId).toBe(started.body.waveId);
    const cancelled = await call('PATCH', `/api/rdv/unbook/${canceller.uuid}`, { answerOnly: true });
    expect(cancelled.status).toBe(200);
    const view = await call('GET', `/api/rdv/usr/${late.uuid}`, { answerOnly: true });
    const option = view.body.options[0] as { startDate: string; amoNb: number };
    const during = await call('PATCH', `/api/rdv/book/${setup.planningId}`, {
      body: { usr: late.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
      answerOnly: true,
    });
    expect(during.status).toBe(503);
    expect(during.body.message).toBe('Le planning est en cours de réorganisation : réessayez dans un instant.');
    // Staff placements wait too; a staff cancellation does not.
    const placing = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: late.uuid, rdvDate: parisSeconds(newSecond, '09:00') },
      answerOnly: true,
    });
    expect(placing.status).toBe(409);
    expect(placing.body.message).toBe('Un décalage de ce planning est en cours : réessayez dans un instant.');
    hold.release();
    await signalledJobsIdle();
    await runDueJobs();

    expect((await getPlanning(deps.store, setup.planningId))?.shiftWaveId).toBeUndefined();
    const { meetings } = await setup.read();
    expect(dayOf(meetings.find((meeting) => meeting.uuid === booker.uuid)!.start!)).toBe(newFirst);
    // Booked by the buyer: the new time and the link to choose another.
    const [moved] = (await mailsSince(booker.guest.mailmonsieur, bookerMails)).filter((mail) => mail.subject?.includes('rendez-vous déplacé'));
    expect(moved.text).toMatch(new RegExp(`Si ce nouvel horaire ne vous convient pas, vous pouvez en choisir un autre : \\S+/entrevue/${booker.uuid}`));
    expect(meetings.find((meeting) => meeting.uuid === canceller.uuid)!.start).toBeNull();
    // The canceller got the buyer's own cancellation notice, never a 'déplacé'.
    expect((await mailsSince(canceller.guest.mailmonsieur, before)).filter((mail) => mail.subject?.includes('déplacé'))).toEqual([]);
    expect(await getWave(deps.store, started.body.waveId)).toEqual(expect.objectContaining({ total: 2, sent: 1, skipped: 1 }));
    // Done: the buyer books on the new days.
    expect((await buyerBooks(setup.planningId, late.uuid, newSecond)).status).toBe(200);
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);

  it('a buyer booking at the very moment the shift is confirmed: booked before (then moved with the day), refused to try again, or booked on the new days; never a visit outside the planning’s days, never an overlap', async () => {
    const setup = await program.freePlanning({ lots: 3, days: 2 });
    const [first] = setup.dayDates;
    const [early, racer] = setup.meetings;
    expect((await buyerBooks(setup.planningId, early.uuid, first)).status).toBe(200);
    const view = await call('GET', `/api/rdv/usr/${racer.uuid}`);
    const option = (view.body.options as { startDate: string; amoNb: number }[]).find((candidate) => dayOf(candidate.startDate) === first)!;
    const [shift, booking] = await Promise.all([
      call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: { mode: 'from', from: first, to: addDays(first, 14) } }),
      call('PATCH', `/api/rdv/book/${setup.planningId}`, {
        body: { usr: racer.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
      }),
    ]);
    await runDueJobs();
    expect(shift.status).toBe(202);
    expect([200, 409, 503]).toContain(booking.status);
    const { planning, meetings } = await setup.read();
    const days = new Set(planning.events.map((event: { start: string }) => dayOf(event.start)));
    for (const meeting of meetings.filter((candidate) => candidate.isBooked)) expect(days.has(dayOf(meeting.start!))).toBe(true);
    expect(dayOf(meetings.find((meeting) => meeting.uuid === early.uuid)!.start!)).toBe(addDays(first, 14));
    expect(planning.shiftWaveId).toBeUndefined();
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);

  it('a place promised by the shift found taken when the buyer is moved (a safety net: placements wait for the shift): that visit is cancelled with its message rather than the shift never ending', async () => {
    const setup = await imposedPlanning({ lots: 2 });
    const newDay = addDays(setup.monday, 14);
    const [kept, blocked] = [setup.byLot(0), setup.byLot(1)];
    const before = await mailCount(blocked.guest.mailmonsieur);
    const hold = holdSignalledJobs();
    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, {
      token: setup.token,
      body: { mode: 'from', from: setup.monday, to: newDay },
      answerOnly: true,
    });
    expect(started.status).toBe(202);
    const promised = Date.parse(parisIso(newDay, hourOf(blocked.start!)));
    await deps.store.doc.send(
      new PutCommand({ TableName: deps.store.table, Item: { ...keys.slotGrain(setup.planningId, blocked.amoNb!, promised), meetingUuid: 'someone-else' } }),
    );
    hold.release();
    await signalledJobsIdle();
    await runDueJobs();
    const { meetings } = await setup.read();
    expect(dayOf(meetings.find((meeting) => meeting.uuid === kept.uuid)!.start!)).toBe(newDay);
    expect(meetings.find((meeting) => meeting.uuid === blocked.uuid)).toEqual(expect.objectContaining({ start: null, isBooked: false }));
    expect((await mailsSince(blocked.guest.mailmonsieur, before)).map((mail) => mail.subject)).toEqual([expect.stringContaining('convocation annulée')]);
    expect((await getPlanning(deps.store, setup.planningId))?.shiftWaveId).toBeUndefined();
    const history = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${blocked.uuid}/history`, { token: setup.token })).body.history;
    expect(history.at(-1).action).toBe('Rendez-vous annulé par le décalage du planning');
  }, 120_000);

  it('a shift whose wave died (dead-lettered) stops holding the planning back once lapsed: bookings and a new shift go through', async () => {
    const setup = await program.freePlanning({ lots: 2, days: 1 });
    const [buyer] = setup.meetings;
    const lapsed = new Date(Date.now() - shiftLockMs - 60_000).toISOString();
    await deps.store.doc.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: keys.planning(setup.planningId),
        UpdateExpression: 'SET shiftWaveId = :wave, shiftStartedAt = :at',
        ExpressionAttributeValues: { ':wave': 'wave-deadwavedeadwave', ':at': lapsed },
      }),
    );
    expect((await buyerBooks(setup.planningId, buyer.uuid, setup.dayDates[0])).status).toBe(200);
    const shifted = await call('POST', `/api/rdv/${setup.planningId}/decaler`, {
      token: setup.token,
      body: { mode: 'from', from: setup.dayDates[0], to: addDays(setup.dayDates[0], 14) },
    });
    expect(shifted.status).toBe(202);
    await runDueJobs();
    const { meetings } = await setup.read();
    expect(dayOf(meetings.find((meeting) => meeting.uuid === buyer.uuid)!.start!)).toBe(addDays(setup.dayDates[0], 14));
    expect((await getPlanning(deps.store, setup.planningId))?.shiftWaveId).toBeUndefined();
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);

  it('the wave delivered twice (its run and its message jobs run again, and two runs of the batch at once): every buyer moved once and told once', async () => {
    const setup = await imposedPlanning({ lots: 5 });
    const newDay = addDays(setup.monday, 14);
    const before = await Promise.all(setup.meetings.map((meeting) => mailCount(meeting.guest.mailmonsieur)));
    const hold = holdSignalledJobs();
    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, {
      token: setup.token,
      body: { mode: 'from', from: setup.monday, to: newDay },
      answerOnly: true,
    });
    const { waveId } = started.body as { waveId: string };
    const run = (): JobRun => ({
      job: { id: `${waveId}.run0` } as JobRun['job'],
      finalAttempt: false,
      runJobNow: (jobId) => runJobNow(deps, jobId, jobRunners),
    });
    await Promise.all([runWave(deps, { waveId, seq: 0 }, run(), waveSpecOf), runWave(deps, { waveId, seq: 0 }, run(), waveSpecOf)]);
    hold.release();
    await signalledJobsIdle();
    await runDueJobs();
    await runWave(deps, { waveId, seq: 0 }, run(), waveSpecOf);
    await runDueJobs();
    const { meetings } = await setup.read();
    for (const [index, original] of setup.meetings.entries()) {
      expect(meetings.find((meeting) => meeting.uuid === original.uuid)!.start).toBe(parisIso(newDay, hourOf(original.start!)));
      expect(await mailsSince(original.guest.mailmonsieur, before[index])).toHaveLength(1);
    }
    expect(await getWave(deps.store, waveId)).toEqual(expect.objectContaining({ total: 5, sent: 5, skipped: 0, failed: 0 }));
    expect((await getShiftPlan(deps.store, waveId))?.settled).toBe(5);
    expect((await getPlanning(deps.store, setup.planningId))?.shiftWaveId).toBeUndefined();
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);
});
