import { randomBytes } from 'node:crypto';
import { callForFile } from '../../support/file-links';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { xlsxRows } from '../exports/support';
import { buyerBooks, freePlanning, outboxTo, parisSeconds, raceWorkersForFile, storedMeeting } from '../planning-actions/support';
import { runDueJobs } from '../../support/planning-fixtures';
import { imposedPlanning } from '../imposed/support';
import { futureMonday } from '../../support/planning-fixtures';
import { addDays } from '../../../shared/scheduling/time-grid';
import { parisDay } from '../../../shared/logs/periods';
import { attendanceLogItem, listAttendanceLogs } from '../../../functions/data/attendance-repository';
import { commitTransaction } from '../../../functions/data/db';
import { getDeps } from '../../../functions/runtime/deps';
import { atClock, tokenAt } from '../../support/clock';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

// Creating a planning and sending its invitations takes seconds on a busy machine.
jest.setTimeout(180_000);

/** The two worker processes of the file's races (two requests at once), started once. */
const raceOnWorkers = raceWorkersForFile(2);

const markId = () => randomBytes(12).toString('base64url');

/** A free planning of `lots` buyers, the first `booked` of them booked, and an AMO authorized on its program. */
async function dayOfVisits(
  options: {
    lots?: number;
    booked?: number;
    overrides?: Parameters<typeof freePlanning>[0]['overrides'];
    amo?: Awaited<ReturnType<typeof createUserAndLogin>>;
  } = {},
) {
  const amo = options.amo ?? (await createUserAndLogin('amo', { firstname: 'Paul', lastname: 'Terrain' }));
  const setup = await freePlanning({ lots: options.lots ?? 3, overrides: options.overrides });
  const granted = await call('PATCH', `/api/programs/${setup.program._id}`, { token: setup.promoter.token, body: { authorized: [amo.user._id] } });
  if (granted.status !== 200) throw new Error(JSON.stringify(granted.body));
  for (const meeting of setup.meetings.slice(0, options.booked ?? 2)) {
    const booked = await buyerBooks(setup.planningId, meeting.uuid);
    if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  }
  const { meetings } = await setup.read();
  const visits = meetings.filter((meeting) => meeting.isBooked);
  return { ...setup, amo, visits, day: parisDay(visits[0].start!) };
}

/** A minute into the visit: the local clock's instant for marking it (a visit is marked once it has started). */
async function onTheDay(planningId: string, uuid: string): Promise<number> {
  const start = (await storedMeeting(planningId, uuid))?.start;
  return start ? Date.parse(start) + 60_000 : Date.now();
}

/**
 * Marks sent one after another are a second apart on the moved clock: each call moves the clock
 * back to its instant, so two calls at the same instant could date the second before the first.
 */
let marksSent = 0;

/** A mark sent during the visit, as on the day. */
const mark = async (planningId: string, uuid: string, token: string, body: Record<string, unknown>) => {
  const at = (await onTheDay(planningId, uuid)) + 1_000 * marksSent++;
  const signed = await tokenAt(token, at);
  return atClock(at, () =>
    call('PUT', `/api/rdv/${planningId}/meetings/${uuid}/attendance`, {
      token: signed,
      body: { markId: markId(), markedAt: new Date().toISOString(), ...body },
    }),
  );
};

type HistoryEntry = { action: string; by: { name: string }; before: Record<string, unknown>; after: Record<string, unknown> };

const history = async (planningId: string, uuid: string, token: string) =>
  (await call('GET', `/api/rdv/${planningId}/meetings/${uuid}/history`, { token })).body.history as HistoryEntry[];

/**
 * The latest change other than a mark: the marks are dated on the visit's day (the clock moved
 * there), weeks after the test's later changes, so the history, in time order, lists them last.
 */
const latestChange = (entries: HistoryEntry[]) => entries.filter((entry) => !entry.action.startsWith('Présence pointée')).at(-1);

describe("Attendance on the day: 'Ma journée', marks, corrections, no-shows (docs/user-guide.md « Présences »)", () => {
  it("'Ma journée' lists the day's visits across the AMO's plannings; a mark with its note is stored, in the history, the funnel and the XLSX", async () => {
    const setup = await dayOfVisits();
    const [first, second] = setup.visits;
    const day = await call('GET', `/api/attendance/day?date=${setup.day}`, { token: setup.amo.token });
    expect(day.status).toBe(200);
    expect(day.body.date).toBe(setup.day);
    const listed = day.body.visits.map((visit: { uuid: string }) => visit.uuid);
    expect(listed).toEqual(expect.arrayContaining(setup.visits.filter((visit) => parisDay(visit.start!) === setup.day).map((visit) => visit.uuid)));
    expect(day.body.visits[0]).toMatchObject({
      planningId: setup.planningId,
      programName: 'Résidence du Lac',
      nom: expect.any(String),
      lotcomm: expect.any(String),
    });
    // Another day, another program: nothing.
    expect((await call('GET', '/api/attendance/day?date=2020-01-06', { token: setup.amo.token })).body.visits).toEqual([]);

    const present = await mark(setup.planningId, first.uuid, setup.amo.token, { status: 'present', note: 'Arrivé avec son cuisiniste' });
    expect(present.status).toBe(200);
    expect(present.body).toMatchObject({
      recorded: true,
      applied: true,
      attendance: 'present',
      attendanceNote: 'Arrivé avec son cuisiniste',
      attendanceBy: 'Paul Terrain',
    });
    expect(await mark(setup.planningId, second.uuid, setup.amo.token, { status: 'absent' })).toMatchObject({ status: 200 });
    expect(await storedMeeting(setup.planningId, first.uuid)).toMatchObject({ attendance: 'present', attendanceNote: 'Arrivé avec son cuisiniste' });
    const entries = await history(setup.planningId, first.uuid, setup.token);
    expect(entries.at(-1)).toMatchObject({
      action: 'Présence pointée',
      by: { name: 'Paul Terrain' },
      after: { attendance: 'present', attendanceNote: 'Arrivé avec son cuisiniste' },
    });

    const funnel = await call('GET', `/api/rdv/project/${setup.program._id}/funnel`, { token: setup.token });
    expect(funnel.body.rows[0]).toMatchObject({ booked: 2, attended: 1, absent: 1 });
    const xlsx = xlsxRows((await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotNameTypo`, { token: setup.token })).raw);
    const column = xlsx[0].indexOf('Présence');
    expect(xlsx.find((row) => row[1] === first.guest.lotcomm)?.[column]).toBe('Présent');
    expect(xlsx.find((row) => row[1] === second.guest.lotcomm)?.[column]).toBe('Absent');
    expect(xlsx.find((row) => row[1] === first.guest.lotcomm)?.[column + 1]).toBe('Arrivé avec son cuisiniste');
  });

  it('a visit is marked once it has started: before, the mark is refused in French (409) and nothing is stored', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const visit = setup.visits[0];
    const url = `/api/rdv/${setup.planningId}/meetings/${visit.uuid}/attendance`;
    const early = await call('PUT', url, { token: setup.amo.token, body: { status: 'present', markId: markId(), markedAt: new Date().toISOString() } });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Cette visite n'a pas encore commencé : vous pourrez la pointer à partir du \S+ \d+ \S+ \d{4} à \d\d:\d\d\.$/);
    const minuteBefore = Date.parse(visit.start!) - 60_000;
    const token = await tokenAt(setup.token, minuteBefore);
    const justBefore = await atClock(minuteBefore, () =>
      call('PUT', url, { token, body: { status: 'absent', markId: markId(), markedAt: new Date().toISOString() } }),
    );
    expect(justBefore.status).toBe(409);
    expect(await storedMeeting(setup.planningId, visit.uuid)).not.toHaveProperty('attendance');
    expect((await history(setup.planningId, visit.uuid, setup.token)).map((entry) => entry.action)).not.toContain('Présence pointée');
    expect((await mark(setup.planningId, visit.uuid, setup.amo.token, { status: 'present' })).status).toBe(200);
  });

  it('a visit moved by « Décaler » is another visit: its marks are dropped (the history keeps them) and the funnel no longer counts them', async () => {
    const setup = await dayOfVisits();
    const [first, second] = setup.visits;
    expect((await mark(setup.planningId, first.uuid, setup.amo.token, { status: 'present' })).status).toBe(200);
    expect((await mark(setup.planningId, second.uuid, setup.amo.token, { status: 'rescheduled' })).status).toBe(200);
    const funnel = async () => (await call('GET', `/api/rdv/project/${setup.program._id}/funnel`, { token: setup.token })).body.rows[0];
    expect(await funnel()).toMatchObject({ attended: 1, rescheduled: 1 });

    const request = { mode: 'from', from: setup.day, to: addDays(setup.day, 7) };
    expect((await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request })).status).toBe(202);
    await runDueJobs();

    for (const visit of [first, second]) {
      const moved = await storedMeeting(setup.planningId, visit.uuid);
      expect(moved?.start).not.toBe(visit.start);
      expect(moved).not.toHaveProperty('attendance');
      expect(moved).not.toHaveProperty('attendanceBy');
    }
    const last = latestChange(await history(setup.planningId, first.uuid, setup.token))!;
    expect(last.action).toBe('Décalage du planning');
    expect(last.before).toMatchObject({ attendance: 'present', attendanceBy: 'Paul Terrain' });
    expect(last.after.attendance).toBeUndefined();
    expect(await funnel()).toMatchObject({ booked: 2, attended: 0, rescheduled: 0 });
  });

  it('a visit moved by staff (« Déplacer ») is another visit too: its mark is dropped, kept in the history line of the move', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const visit = setup.visits[0];
    expect((await mark(setup.planningId, visit.uuid, setup.token, { status: 'absent' })).status).toBe(200);
    const moved = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: visit.uuid, rdvDate: parisSeconds(setup.day, '15:00'), confirmMoveOption: 'moveOnly' },
    });
    expect(moved.status).toBe(200);
    expect(await storedMeeting(setup.planningId, visit.uuid)).not.toHaveProperty('attendance');
    const last = latestChange(await history(setup.planningId, visit.uuid, setup.token))!;
    expect(last.before).toMatchObject({ attendance: 'absent' });
    expect(last.after.attendance).toBeUndefined();
  });

  it('the trends read each marked visit once, with its latest mark, for administrators only', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const uuid = setup.visits[0].uuid;
    await mark(setup.planningId, uuid, setup.amo.token, { status: 'absent' });
    await mark(setup.planningId, uuid, setup.token, { status: 'present' });
    const admin = await createUserAndLogin('administrator');
    const trend = await call('GET', '/api/attendance/trend', { token: admin.token });
    expect(trend.status).toBe(200);
    // The visits are weeks ahead: the trend covers the last year up to today, so they are not in it yet.
    expect(trend.body).toMatchObject({ from: expect.any(String), to: parisDay(Date.now()) });
    const logs = await listAttendanceLogs(getDeps().store, [setup.day.slice(0, 7)]);
    expect(logs.filter((log) => log.uuid === uuid)).toEqual([
      expect.objectContaining({ status: 'present', planningId: setup.planningId, phase: 'partitions' }),
    ]);
    // A visit marked ten days ago is in it, with its mark.
    const past = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await commitTransaction(getDeps().store, [
      attendanceLogItem(getDeps().store.table, {
        uuid: 'visite-passee-0001',
        planningId: setup.planningId,
        programId: setup.program._id,
        phase: 'delivery',
        visitStart: past,
        status: 'rescheduled',
      }),
    ]);
    const withPast = await call('GET', '/api/attendance/trend', { token: admin.token });
    expect(withPast.body.visits).toContainEqual({ visitStart: past, status: 'rescheduled', phase: 'delivery' });
    expect((await call('GET', '/api/attendance/trend', { token: setup.token })).status).toBe(403);
  });

  it('the same mark sent twice (an offline queue retrying) is one change: one history entry, the second answer says it was already recorded', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const uuid = setup.visits[0].uuid;
    const body = { status: 'absent', markId: markId(), markedAt: new Date().toISOString() };
    const at = await onTheDay(setup.planningId, uuid);
    const token = await tokenAt(setup.amo.token, at);
    const send = () => call('PUT', `/api/rdv/${setup.planningId}/meetings/${uuid}/attendance`, { token, body });
    const [once, again] = await atClock(at, async () => [await send(), await send()]);
    expect(once.body).toMatchObject({ recorded: true, applied: true, attendance: 'absent' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ recorded: false, applied: false, attendance: 'absent' });
    expect((await history(setup.planningId, uuid, setup.token)).filter((entry) => entry.action === 'Présence pointée')).toHaveLength(1);
  });

  it('the same mark sent at once by two processes (a retry racing its first send) is recorded once', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const uuid = setup.visits[0].uuid;
    const url = `/api/rdv/${setup.planningId}/meetings/${uuid}/attendance`;
    const body = { status: 'present', markId: markId(), markedAt: new Date().toISOString() };
    const at = await onTheDay(setup.planningId, uuid);
    const token = await tokenAt(setup.amo.token, at);
    const answers = await atClock(at, () =>
      raceOnWorkers({ method: 'PUT', url }, (race) => Promise.all([race('PUT', url, { token, body }), race('PUT', url, { token, body })])),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.recorded).sort()).toEqual([false, true]);
    expect((await history(setup.planningId, uuid, setup.token)).filter((entry) => entry.action === 'Présence pointée')).toHaveLength(1);
  });

  it('two staff marking one visit at once: both answered, both in the history one after the other, the last write wins', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const uuid = setup.visits[0].uuid;
    const url = `/api/rdv/${setup.planningId}/meetings/${uuid}/attendance`;
    const markedAt = new Date().toISOString();
    const at = await onTheDay(setup.planningId, uuid);
    const [amoToken, staffToken] = [await tokenAt(setup.amo.token, at), await tokenAt(setup.token, at)];
    const answers = await atClock(at, () =>
      raceOnWorkers({ method: 'PUT', url }, (race) =>
        Promise.all([
          race('PUT', url, { token: amoToken, body: { status: 'present', markId: markId(), markedAt } }),
          race('PUT', url, { token: staffToken, body: { status: 'absent', markId: markId(), markedAt } }),
        ]),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body.applied])).toEqual([
      [200, true],
      [200, true],
    ]);
    const marks = (await history(setup.planningId, uuid, setup.token)).filter((entry) => entry.action === 'Présence pointée');
    expect(marks).toHaveLength(2);
    // The second entry starts from what the first wrote: neither was lost.
    expect(marks[1].before.attendance).toBe(marks[0].after.attendance);
    expect((await storedMeeting(setup.planningId, uuid))?.attendance).toBe(marks[1].after.attendance);
  });

  it("staff correct a mark afterwards; an older mark arriving later (a phone's offline queue) is kept in the history but does not undo the correction", async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const uuid = setup.visits[0].uuid;
    const tappedOffline = new Date(Date.now() - 10 * 60_000).toISOString();
    const corrected = await mark(setup.planningId, uuid, setup.token, { status: 'rescheduled', note: 'Reporté à 16 h' });
    expect(corrected.body).toMatchObject({ applied: true, attendance: 'rescheduled' });
    const late = await mark(setup.planningId, uuid, setup.amo.token, { status: 'absent', markedAt: tappedOffline });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ recorded: true, applied: false, attendance: 'rescheduled', attendanceNote: 'Reporté à 16 h' });
    expect((await storedMeeting(setup.planningId, uuid))?.attendance).toBe('rescheduled');
    const actions = (await history(setup.planningId, uuid, setup.token)).map((entry) => entry.action);
    expect(actions.slice(-2)).toEqual(['Présence pointée', 'Présence pointée (plus ancienne, non appliquée)']);
  });

  it('roles and ownership are checked on the server: an AMO of another program, an AMO the planning does not name, a buyer; only held visits are marked; input is bounded', async () => {
    const named = await createUserAndLogin('amo');
    const setup = await dayOfVisits({ booked: 1, overrides: { amoList: [named.user._id], areAmosAssigned: true } });
    const uuid = setup.visits[0].uuid;
    // `setup.amo` is authorized on the program, but the planning names another AMO.
    const notNamed = await mark(setup.planningId, uuid, setup.amo.token, { status: 'present' });
    expect(notNamed.status).toBe(403);
    expect(notNamed.body.message).toBe('Vous ne travaillez pas sur ce planning : vous ne pouvez pas pointer ses visites.');
    expect((await call('GET', `/api/attendance/day?date=${setup.day}`, { token: setup.amo.token })).body.visits).toEqual([]);
    const stranger = await createUserAndLogin('amo');
    expect((await mark(setup.planningId, uuid, stranger.token, { status: 'present' })).status).toBe(403);
    expect((await call('GET', `/api/attendance/day?date=${setup.day}`, { token: stranger.token })).body.visits).toEqual([]);
    const buyer = await createUserAndLogin('customer');
    expect((await mark(setup.planningId, uuid, buyer.token, { status: 'present' })).status).toBe(403);
    expect((await call('GET', `/api/attendance/day`, { token: buyer.token })).status).toBe(403);
    expect((await mark(setup.planningId, uuid, '', { status: 'present' })).status).toBe(401);
    // The promoter (owner) marks it.
    expect((await mark(setup.planningId, uuid, setup.token, { status: 'present' })).status).toBe(200);
    // A buyer who has not booked has no visit to mark.
    const unbooked = setup.meetings.find((meeting) => !setup.visits.some((visit) => visit.uuid === meeting.uuid))!;
    const refused = await mark(setup.planningId, unbooked.uuid, setup.token, { status: 'absent' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Ce rendez-vous n'a pas de visite à pointer.");
    const invalid = await mark(setup.planningId, uuid, setup.token, { status: 'late', note: 'x'.repeat(501) });
    expect(invalid.status).toBe(400);
    expect((await call('GET', '/api/attendance/day?date=27-11-2026', { token: setup.token })).status).toBe(400);
  });

  it('a no-show is invited again in one action: the missed slot freed, the invitation sent by a job, the buyer may book again; only an absent buyer', async () => {
    const setup = await dayOfVisits({ booked: 2 });
    const [absent, present] = setup.visits;
    await mark(setup.planningId, absent.uuid, setup.amo.token, { status: 'absent' });
    await mark(setup.planningId, present.uuid, setup.amo.token, { status: 'present' });
    const mailsBefore = (await outboxTo(absent.guest.mailmonsieur)).length;

    const refused = await call('POST', `/api/rdv/${setup.planningId}/meetings/${present.uuid}/reinvite`, { token: setup.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Seul un acquéreur absent peut être réinvité.');

    const reinvited = await call('POST', `/api/rdv/${setup.planningId}/meetings/${absent.uuid}/reinvite`, { token: setup.token });
    expect(reinvited.status).toBe(200);
    expect(reinvited.body.message).toBe("L'acquéreur est réinvité : son invitation part dans l'instant.");
    const stored = await storedMeeting(setup.planningId, absent.uuid);
    expect(stored).toMatchObject({ isBooked: false, start: null, bookingReopenedUntil: expect.any(String) });
    expect(stored?.attendance).toBeUndefined();
    const mails = await outboxTo(absent.guest.mailmonsieur);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(latestChange(await history(setup.planningId, absent.uuid, setup.token))?.action).toBe('Réinvité après absence');
    // The buyer's page offers slots again, and the same click twice does not invite twice.
    expect((await call('GET', `/api/rdv/usr/${absent.uuid}`)).body.state).toBe('choice');
    expect((await call('POST', `/api/rdv/${setup.planningId}/meetings/${absent.uuid}/reinvite`, { token: setup.token })).status).toBe(409);
    expect((await outboxTo(absent.guest.mailmonsieur)).length).toBe(mailsBefore + 1);
  });
});

describe('A no-show on an imposed planning is convened again in one action (docs/user-guide.md « Présences », « Délai de convocation »)', () => {
  const reinvite = (planningId: string, uuid: string, token: string, body?: Record<string, unknown>) =>
    call('POST', `/api/rdv/${planningId}/meetings/${uuid}/reinvite`, { token, body });

  it('staff choose the new start: the visit moves there, unconfirmed and unmarked, the new convocation goes out as a job, the history says so', async () => {
    const setup = await imposedPlanning({ lots: 3, placed: 2 });
    const [absent, present] = [setup.byLot(0), setup.byLot(1)];
    await mark(setup.planningId, absent.uuid, setup.token, { status: 'absent' });
    await mark(setup.planningId, present.uuid, setup.token, { status: 'present' });
    const mailsBefore = (await outboxTo(absent.guest.mailmonsieur)).length;

    // No start given: an imposed buyer has nothing to choose, so staff must say when.
    const dateless = await reinvite(setup.planningId, absent.uuid, setup.token);
    expect(dateless.status).toBe(400);
    expect(dateless.body.message).toBe('Choisissez la date de la nouvelle convocation.');
    // Only an absent buyer, and never onto another visit of the same AMO.
    expect((await reinvite(setup.planningId, present.uuid, setup.token, { rdvDate: parisSeconds(setup.monday, '15:00') })).status).toBe(409);
    const overlap = await reinvite(setup.planningId, absent.uuid, setup.token, { rdvDate: parisSeconds(setup.monday, '10:00') });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toContain(present.guest.lotcomm);

    const newStart = parisSeconds(addDays(setup.monday, 2), '14:00');
    const reconvened = await reinvite(setup.planningId, absent.uuid, setup.token, { rdvDate: newStart });
    expect(reconvened.status).toBe(200);
    expect(reconvened.body.message).toBe("L'acquéreur est reconvoqué : sa nouvelle convocation, à confirmer, part dans l'instant.");
    const stored = await storedMeeting(setup.planningId, absent.uuid);
    expect(stored).toMatchObject({ isBooked: true, isConfirmed: false, isAvailable: true, start: new Date(newStart * 1000).toISOString() });
    expect(stored?.attendance).toBeUndefined();
    expect(stored?.shortNotice).toBeUndefined();
    // The planning holds the new day.
    const { planning } = await setup.read();
    expect((planning.events as { start: string }[]).some((event) => parisDay(event.start) === addDays(setup.monday, 2))).toBe(true);
    expect((await outboxTo(absent.guest.mailmonsieur)).length).toBe(mailsBefore + 1);
    const entries = await history(setup.planningId, absent.uuid, setup.token);
    expect(latestChange(entries)).toMatchObject({
      action: 'Reconvoqué après absence',
      after: expect.objectContaining({ start: new Date(newStart * 1000).toISOString() }),
    });
    // The absence itself stays in the history.
    expect(entries.some((entry) => entry.action === 'Présence pointée' && entry.after?.attendance === 'absent')).toBe(true);
    // Not absent any more: the same click again is refused and sends nothing.
    expect((await reinvite(setup.planningId, absent.uuid, setup.token, { rdvDate: newStart + 3600 })).status).toBe(409);
    expect((await outboxTo(absent.guest.mailmonsieur)).length).toBe(mailsBefore + 1);
  });

  it('a new convocation closer than the notice rule asks staff to confirm first, naming the buyer; once confirmed the buyer is marked', async () => {
    const setup = await imposedPlanning({ lots: 2, placed: 1 });
    const absent = setup.byLot(0);
    await mark(setup.planningId, absent.uuid, setup.token, { status: 'absent' });
    const body = { rdvDate: parisSeconds(futureMonday(1), '14:00') };
    const refused = await reinvite(setup.planningId, absent.uuid, setup.token, body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Convocation à moins de 15 jours de la visite pour l'acquéreur : /);
    expect(refused.body.message).toContain(`${absent.guest.lotcomm} ${absent.guest.nom}`);
    expect(refused.body.details).toMatchObject({ kind: 'shortNotice', days: 15 });
    expect(await storedMeeting(setup.planningId, absent.uuid)).toMatchObject({ start: absent.start, attendance: 'absent' });
    const confirmed = await reinvite(setup.planningId, absent.uuid, setup.token, { ...body, confirmShortNotice: true });
    expect(confirmed.status).toBe(200);
    expect(await storedMeeting(setup.planningId, absent.uuid)).toMatchObject({ start: new Date(body.rdvDate * 1000).toISOString(), shortNotice: true });
  });

  it('two staff convening one no-show again at once, at different times: one wins, the other is refused, one history line', async () => {
    const setup = await imposedPlanning({ lots: 2, placed: 1 });
    const absent = setup.byLot(0);
    await mark(setup.planningId, absent.uuid, setup.token, { status: 'absent' });
    const admin = await createUserAndLogin('administrator');
    const url = `/api/rdv/${setup.planningId}/meetings/${absent.uuid}/reinvite`;
    const [early, late] = [parisSeconds(setup.monday, '14:00'), parisSeconds(setup.monday, '16:00')];
    const answers = await raceOnWorkers({ method: 'POST', url }, (race) =>
      Promise.all([race('POST', url, { token: setup.token, body: { rdvDate: early } }), race('POST', url, { token: admin.token, body: { rdvDate: late } })]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? early : late;
    expect((await storedMeeting(setup.planningId, absent.uuid))?.start).toBe(new Date(winner * 1000).toISOString());
    expect((await history(setup.planningId, absent.uuid, setup.token)).filter((entry) => entry.action === 'Reconvoqué après absence')).toHaveLength(1);
  });

  it('two staff re-inviting one free planning no-show at once: one invitation, the other refused', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    const absent = setup.visits[0];
    await mark(setup.planningId, absent.uuid, setup.token, { status: 'absent' });
    const admin = await createUserAndLogin('administrator');
    const url = `/api/rdv/${setup.planningId}/meetings/${absent.uuid}/reinvite`;
    const answers = await raceOnWorkers({ method: 'POST', url }, (race) =>
      Promise.all([race('POST', url, { token: setup.token }), race('POST', url, { token: admin.token })]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await history(setup.planningId, absent.uuid, setup.token)).filter((entry) => entry.action === 'Réinvité après absence')).toHaveLength(1);
  });

  it('a free planning re-invites without a date: the buyer chooses again', async () => {
    const setup = await dayOfVisits({ booked: 1 });
    await mark(setup.planningId, setup.visits[0].uuid, setup.token, { status: 'absent' });
    const dated = await reinvite(setup.planningId, setup.visits[0].uuid, setup.token, { rdvDate: parisSeconds(futureMonday(), '10:00') });
    expect(dated.status).toBe(400);
    expect(dated.body.message).toBe("Sur un planning libre, l'acquéreur réinvité choisit lui-même son créneau : n'indiquez pas de date.");
  });
});
