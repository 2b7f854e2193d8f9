import { signPrintToken } from '../../../functions/core/exports/print-token';
import { getDeps } from '../../../functions/runtime/deps';
import { parsePrintSpec } from '../../../shared/exports/print-spec';
import { callForFile } from '../../support/file-links';
import { call } from '../../support/test-api';
import { imposedPlanning } from '../imposed/support';
import { icsEvents, xlsxRows } from './support';

jest.setTimeout(180_000);

/** An imposed planning of 3 lots: lot 0 confirmed, lot 1 declared force majeure, lot 2 silent. */
async function planningWithForceMajeure() {
  const setup = await imposedPlanning({ lots: 3 });
  const present = setup.byLot(0);
  const absent = setup.byLot(1);
  expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: present.uuid } })).status).toBe(200);
  expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: absent.uuid, isAvailable: false, note: 'Hospitalisé' } })).status).toBe(
    200,
  );
  return { setup, present, absent, waiting: setup.byLot(2) };
}

describe("a force-majeure buyer keeps the slot but every export says 'indisponible' (part 1 §4 statuses, part 2 §2.7, §2.9)", () => {
  it('print data: the force-majeure visit is marked unavailable, the others are not', async () => {
    const { setup, present, absent, waiting } = await planningWithForceMajeure();
    const planning = (await setup.read()).planning;
    const spec = parsePrintSpec(`${planning.uuid}--lotName--week`)!;
    const token = await signPrintToken(await getDeps().secrets.signingKey(), spec, new Date());
    const response = await call('GET', `/api/exports/print-data?token=${token}`);
    expect(response.status).toBe(200);
    const byTitle = new Map((response.body.visits as { title: string; unavailable: boolean }[]).map((visit) => [visit.title, visit.unavailable]));
    expect(byTitle.get(`${absent.guest.lotcomm} - ${absent.guest.nom}`)).toBe(true);
    expect(byTitle.get(`${present.guest.lotcomm} - ${present.guest.nom}`)).toBe(false);
    expect(byTitle.get(`${waiting.guest.lotcomm} - ${waiting.guest.nom}`)).toBe(false);
  });

  it("XLSX: the force-majeure row reads 'indisponible' in Statut and in 'Présence confirmée' (not 'oui')", async () => {
    const { setup, present, absent, waiting } = await planningWithForceMajeure();
    const response = await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotName`, { token: setup.token });
    expect(response.status).toBe(200);
    const rows = xlsxRows(response.raw);
    const byLot = new Map(rows.slice(1).map((row) => [row[1], row]));
    expect(byLot.get(absent.guest.lotcomm)!.slice(8, 10)).toEqual(['indisponible', 'indisponible']);
    expect(byLot.get(present.guest.lotcomm)!.slice(8, 10)).toEqual(['présent', 'oui']);
    expect(byLot.get(waiting.guest.lotcomm)!.slice(8, 10)).toEqual(['en attente', 'non']);
  });

  it("ICS: the force-majeure event's summary ends '(indisponible)', its status is CANCELLED and its description carries the buyer's reason", async () => {
    const { setup, present, absent } = await planningWithForceMajeure();
    const text = (await call('GET', `/api/exports/plannings/${setup.planningId}/ics?format=lotName`, { token: setup.token })).raw.toString('utf8');
    const events = icsEvents(text);
    expect(events).toHaveLength(3);
    const absentEvent = events.find((event) => event.uid === `${absent.uuid}@livrea`)!;
    expect(absentEvent.summary).toMatch(new RegExp(`^Visite \\S+ – ${absent.guest.lotcomm} - ${absent.guest.nom} \\(indisponible\\)$`));
    expect(events.find((event) => event.uid === `${present.uuid}@livrea`)!.summary).not.toContain('indisponible');
    const block = text
      .split('BEGIN:VEVENT')
      .find((part) => part.includes(`${absent.uuid}@livrea`))!
      .replace(/\r\n[ \t]/g, '');
    expect(block).toContain('STATUS:CANCELLED');
    expect(block).toContain('Acquéreur indisponible (force majeure) : Hospitalisé');
  });
});
