import { addDays, epochToParisWall } from '../../../shared/scheduling/time-grid';
import { futureMonday, programWithLots, runDueJobs, workingDays } from '../../support/planning-fixtures';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { call } from '../../support/test-api';
import { xlsxRows } from '../exports/support';
import { freePlanning, parisIso, parisSeconds, storedMeeting } from '../planning-actions/support';
import { imposedBody, imposedPlanning } from './support';
import { callForFile } from '../../support/file-links';
import { signPrintToken } from '../../../functions/core/exports/print-token';
import { getDeps } from '../../../functions/runtime/deps';
import { parsePrintSpec } from '../../../shared/exports/print-spec';

// Creating plannings takes seconds on a busy machine.
jest.setTimeout(180_000);

/**
 * A Monday 7 to 13 days ahead, so that it and the Tuesday after stay under the default 15 days on
 * any day the suite runs (`futureMonday(1)` is 14 days ahead on a Monday: its Tuesday was beyond).
 */
function soon(): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 7 + ((8 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}

describe('The convocation notice rule (docs/user-guide.md « Délai de convocation »): 15 days by default for livraison plannings', () => {
  it('creating an imposed livraison planning with visits closer than 15 days asks staff to confirm, naming the buyers; once confirmed, those buyers are marked, and the XLSX and the print say so', async () => {
    const setup = await programWithLots(3);
    const monday = soon();
    // Lot 0 and 1 in 7–13 days, lot 2 two weeks later.
    const body = imposedBody(setup.program._id, setup.clients, monday, [
      [0, '09:00'],
      [1, '10:00'],
      [2, '09:00', 14],
    ]);
    const refused = await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body });
    expect(refused.status).toBe(409);
    const lots = (await call('GET', `/api/programs/${setup.program._id}/clients?limit=500`, { token: setup.promoter.token })).body.clients as {
      _id: string;
      lotcomm: string;
      nom: string;
    }[];
    const lot = (index: number) => lots.find((candidate) => candidate._id === setup.clients[index]._id)!;
    expect(refused.body.message).toMatch(/^Convocation à moins de 15 jours de la visite pour 2 acquéreurs : /);
    expect(refused.body.message).toContain(`${lot(0).lotcomm} ${lot(0).nom}`);
    expect(refused.body.message).toContain(`${lot(1).lotcomm} ${lot(1).nom}`);
    expect(refused.body.message).not.toContain(`${lot(2).lotcomm} ${lot(2).nom}`);
    expect(refused.body.details).toEqual({
      kind: 'shortNotice',
      days: 15,
      buyers: [expect.objectContaining({ lotcomm: lot(0).lotcomm }), expect.objectContaining({ lotcomm: lot(1).lotcomm })],
    });
    // Nothing was created.
    expect((await call('GET', `/api/rdv/project/${setup.program._id}/plannings`, { token: setup.promoter.token })).body.plannings).toEqual([]);

    const created = await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body: { ...body, confirmShortNotice: true } });
    expect(created.status).toBe(201);
    const planningId = created.body.planning._id as string;
    const { meetings } = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body as {
      meetings: { uuid: string; guest: { _id: string; lotcomm: string }; shortNotice?: boolean }[];
    };
    const byLot = (index: number) => meetings.find((meeting) => meeting.guest._id === setup.clients[index]._id)!;
    expect([byLot(0).shortNotice, byLot(1).shortNotice, byLot(2).shortNotice]).toEqual([true, true, undefined]);

    const rows = xlsxRows((await callForFile('GET', `/api/exports/xlsx?ids=${planningId}&format=lotName`, { token: setup.promoter.token })).raw);
    const column = rows[0].indexOf('Délai de convocation');
    expect(column).toBeGreaterThan(0);
    const row = (index: number) => rows.find((candidate) => candidate[1] === byLot(index).guest.lotcomm)!;
    expect([row(0)[column], row(1)[column], row(2)[column]]).toEqual(['Convocation tardive', 'Convocation tardive', '']);

    // The print page's data marks the same buyers (the PDF prints « Convocation tardive » beside them).
    const spec = parsePrintSpec(`${created.body.planning.uuid}--lotName--week`)!;
    const token = await signPrintToken(await getDeps().secrets.signingKey(), spec, new Date());
    const print = await call('GET', `/api/exports/print-data?token=${token}`);
    expect(print.status).toBe(200);
    const marked = new Map(
      (print.body.visits as { title: string; shortNotice?: boolean }[]).map((visit) => [visit.title.split(' - ')[0], visit.shortNotice ?? false]),
    );
    expect([marked.get(lot(0).lotcomm), marked.get(lot(1).lotcomm), marked.get(lot(2).lotcomm)]).toEqual([true, true, false]);
  });

  it('the rule is per program: switched off, or for other phases only, nothing is asked; its bounds are checked', async () => {
    const setup = await programWithLots(2);
    const body = imposedBody(setup.program._id, setup.clients, soon(), [[0, '09:00']]);
    const partitions = await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body: { ...body, phase: 'partitions' } });
    expect(partitions.status).toBe(201);
    const off = await call('PATCH', `/api/programs/${setup.program._id}`, {
      token: setup.promoter.token,
      body: { shortNoticeRule: { enabled: false, days: 15, phases: ['delivery'] } },
    });
    expect(off.status).toBe(200);
    expect(off.body.program.shortNoticeRule).toEqual({ enabled: false, days: 15, phases: ['delivery'] });
    expect((await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body: { ...body, name: 'Sans règle' } })).status).toBe(201);
    const thirty = await call('PATCH', `/api/programs/${setup.program._id}`, {
      token: setup.promoter.token,
      body: { shortNoticeRule: { enabled: true, days: 30, phases: ['partitions'] } },
    });
    expect(thirty.status).toBe(200);
    const far = imposedBody(setup.program._id, setup.clients, futureMonday(3), [[1, '09:00']], { phase: 'partitions', name: 'Trente jours' });
    const refused = await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body: far });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Convocation à moins de 30 jours de la visite pour l'acquéreur : /);
    const invalid = await call('PATCH', `/api/programs/${setup.program._id}`, {
      token: setup.promoter.token,
      body: { shortNoticeRule: { enabled: true, days: 0, phases: [] } },
    });
    expect(invalid.status).toBe(400);
  });

  it('moving a convocation closer than the rule, or adding a buyer at an imposed date closer than it, asks to confirm first', async () => {
    const setup = await imposedPlanning({ lots: 3, placed: 2 });
    const meeting = setup.byLot(0);
    const near = Date.parse(parisIso(soon(), '14:00')) / 1000;
    const move = { selected: meeting.uuid, rdvDate: near, confirmMoveOption: 'sendConfirmationRequest', selectedDateMove: Date.parse(meeting.start!) / 1000 };
    const refused = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, { token: setup.token, body: move });
    expect(refused.status).toBe(409);
    expect(refused.body.details.kind).toBe('shortNotice');
    expect((await storedMeeting(setup.planningId, meeting.uuid))?.start).toBe(meeting.start);
    const moved = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, { token: setup.token, body: { ...move, confirmShortNotice: true } });
    expect(moved.status).toBe(200);
    expect(await storedMeeting(setup.planningId, meeting.uuid)).toMatchObject({ start: new Date(near * 1000).toISOString(), shortNotice: true });
    // Moved back beyond the rule: no longer marked.
    const back = await call('PATCH', `/api/rdv/convocation-move/${setup.planningId}`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: Date.parse(meeting.start!) / 1000, confirmMoveOption: 'moveOnly' },
    });
    expect(back.status).toBe(200);
    expect((await storedMeeting(setup.planningId, meeting.uuid))?.shortNotice).toBeUndefined();

    const add = { user: setup.clients[2]._id, duree: 3_600_000, start: parisIso(addDays(soon(), 1), '09:00'), isMailConvocation: true };
    const addRefused = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, { token: setup.token, body: add });
    expect(addRefused.status).toBe(409);
    expect(addRefused.body.message).toContain('Convocation à moins de 15 jours');
    const added = await call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, { token: setup.token, body: { ...add, confirmShortNotice: true } });
    expect(added.status).toBe(200);
    expect(added.body.meeting.shortNotice).toBe(true);
  });

  it('staff imposing a date on a free livraison planning (forced booking, move) closer than the rule are asked to confirm first, naming the buyer; once confirmed the visit is marked, moved back it is not', async () => {
    // Ten working days from a Monday 7 to 13 days ahead: the first days under 15 days, the last ones beyond.
    const events = workingDays(soon(), 10);
    const setup = await freePlanning({
      lots: 2,
      overrides: { phase: 'delivery', events, bookingDeadline: new Date(Date.parse(events[0].start) - 86_400_000).toISOString() },
    });
    const [meeting] = setup.meetings;
    // (setup.dayDates are freePlanning's own days, not these.)
    const [near, far] = [events[0], events.at(-1)!].map((event) => epochToParisWall(Date.parse(event.start)).date);
    const force = { selected: meeting.uuid, rdvDate: parisSeconds(near, '10:00'), length: 3_600_000 };
    const refused = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: force });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Convocation à moins de 15 jours de la visite pour l'acquéreur : ${meeting.guest.lotcomm} ${meeting.guest.nom} (${formatParisDateTime(parisIso(near, '10:00'))}). Confirmez-vous ?`,
    );
    expect(refused.body.details).toEqual({
      kind: 'shortNotice',
      days: 15,
      buyers: [{ lotcomm: meeting.guest.lotcomm, nom: meeting.guest.nom, start: parisIso(near, '10:00') }],
    });
    expect(await storedMeeting(setup.planningId, meeting.uuid)).toMatchObject({ isBooked: false, start: null });
    const forced = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, { token: setup.token, body: { ...force, confirmShortNotice: true } });
    expect(forced.status).toBe(200);
    expect(forced.body.meeting).toMatchObject({ start: parisIso(near, '10:00'), shortNotice: true });

    // Moved beyond the rule: nothing asked, no longer marked; moved back under it: asked again.
    const moveTo = (date: string, extra: Record<string, unknown> = {}) =>
      call('PATCH', `/api/rdv/${setup.planningId}/move`, {
        token: setup.token,
        body: { selected: meeting.uuid, rdvDate: parisSeconds(date, '10:00'), confirmMoveOption: 'moveOnly', ...extra },
      });
    expect((await moveTo(far)).status).toBe(200);
    expect((await storedMeeting(setup.planningId, meeting.uuid))?.shortNotice).toBeUndefined();
    const moveRefused = await moveTo(near);
    expect(moveRefused.status).toBe(409);
    expect(moveRefused.body.details.kind).toBe('shortNotice');
    expect((await storedMeeting(setup.planningId, meeting.uuid))?.start).toBe(parisIso(far, '10:00'));
    expect((await moveTo(near, { confirmShortNotice: true })).status).toBe(200);
    expect(await storedMeeting(setup.planningId, meeting.uuid)).toMatchObject({ start: parisIso(near, '10:00'), shortNotice: true });
    // The free planning's XLSX marks the buyer too.
    const rows = xlsxRows((await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotName`, { token: setup.token })).raw);
    const column = rows[0].indexOf('Délai de convocation');
    expect(column).toBeGreaterThan(0);
    expect(rows.find((row) => row[1] === meeting.guest.lotcomm)?.[column]).toBe('Convocation tardive');
  });

  it("'Décaler' of an imposed livraison planning onto a date closer than the rule: the preview names the buyers, the shift is refused until confirmed, then the moved buyers are marked", async () => {
    const setup = await imposedPlanning({ lots: 3, placed: 2 });
    const newDay = addDays(soon(), 1);
    const request = { mode: 'from', from: setup.monday, to: newDay };
    const preview = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, { token: setup.token, body: request });
    expect(preview.status).toBe(200);
    expect(preview.body.shortNotice).toEqual({
      kind: 'shortNotice',
      days: 15,
      buyers: [0, 1].map((index) => expect.objectContaining({ lotcomm: setup.byLot(index).guest.lotcomm, nom: setup.byLot(index).guest.nom })),
    });
    expect(preview.body.shortNoticeWarning).toMatch(/^Convocation à moins de 15 jours de la visite pour 2 acquéreurs : /);

    const refused = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(preview.body.shortNoticeWarning);
    expect(refused.body.details).toEqual(preview.body.shortNotice);
    // Nothing moved.
    expect((await setup.read()).planning.events.map((event: { start: string }) => event.start.slice(0, 10))).toEqual([setup.monday]);

    const started = await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: { ...request, confirmShortNotice: true } });
    expect(started.status).toBe(202);
    await runDueJobs();
    for (const index of [0, 1])
      expect(await storedMeeting(setup.planningId, setup.byLot(index).uuid)).toMatchObject({
        start: parisIso(newDay, `${9 + index}:00`.padStart(5, '0')),
        isConfirmed: false,
        shortNotice: true,
      });
  });

  it("'Décaler' of an imposed livraison planning beyond the rule asks nothing", async () => {
    const setup = await imposedPlanning({ lots: 2, placed: 1 });
    const request = { mode: 'from', from: setup.monday, to: addDays(setup.monday, 14) };
    const preview = await call('POST', `/api/rdv/${setup.planningId}/decaler/apercu`, { token: setup.token, body: request });
    expect(preview.body.shortNotice).toBeUndefined();
    expect((await call('POST', `/api/rdv/${setup.planningId}/decaler`, { token: setup.token, body: request })).status).toBe(202);
  });
});
