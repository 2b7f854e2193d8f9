import { closePdfBrowser } from '../../../functions/core/exports/render-pdf';
import { visitTitle } from '../../../shared/exports/title-format';
import type { RunningProduct } from '../../../infra/local/local-product';
import { runDueJobs } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { imposedPlanning } from '../imposed/support';
import { freePlanning, parisSeconds } from '../planning-actions/support';
import { pdfPageSize, pdfText, startPrintingProduct, twoPlanningsOfOneProgram } from './support';
import { callForFile } from '../../support/file-links';

jest.setTimeout(240_000);

/**
 * GET /rdv/{spec}/print through the local dispatcher, printed by the renderer's Chromium from the
 * product's print page (the local product serves the built SPA to it): part 2 §2.9.
 */
describe('PDF print through the dispatcher (part 2 §2.9)', () => {
  let product: RunningProduct;
  let setup: Awaited<ReturnType<typeof freePlanning>>;
  let first: { uuid: string; name: string };
  let second: { uuid: string; name: string };
  let bookedTitles: string[];

  beforeAll(async () => {
    product = await startPrintingProduct('livrea-print-');

    const two = await twoPlanningsOfOneProgram();
    setup = two.setup;
    const { secondId } = two;
    const free = await call('POST', `/api/rdv/${setup.planningId}/free-meetings`, {
      token: setup.token,
      body: {
        name: 'Réunion de chantier',
        start: new Date(parisSeconds(setup.dayDates[0], '08:30') * 1000).toISOString(),
        end: new Date(parisSeconds(setup.dayDates[0], '09:30') * 1000).toISOString(),
        color: '#b7695d',
      },
    });
    expect(free.status).toBe(201);
    // The invitations of the second planning are sent now: each changes the planning's version,
    // which would otherwise make a later request print anew instead of reusing the stored PDF.
    await runDueJobs();

    const firstDetail = await setup.read();
    const secondDetail = (await call('GET', `/api/rdv/${secondId}`, { token: setup.token })).body;
    first = { uuid: firstDetail.planning.uuid, name: firstDetail.planning.name };
    second = { uuid: secondDetail.planning.uuid, name: secondDetail.planning.name };
    bookedTitles = [...firstDetail.meetings, ...secondDetail.meetings]
      .filter((meeting: { start: string | null }) => meeting.start)
      .map((meeting: { guest: Parameters<typeof visitTitle>[1] }) => visitTitle('lotTypo', meeting.guest));
    expect(bookedTitles).toHaveLength(2);
  });

  afterAll(async () => {
    await closePdfBrowser();
    await product?.stop();
  });

  // The route answers a link to the stored PDF; the helper follows it as the browser does.
  const print = (path: string) => callForFile('GET', path, { token: setup.token });

  it("two plannings joined by '&' as the SPA sends them (encodeURIComponent: %26) print in one consolidated PDF; the '-' joined form names the same print", async () => {
    const response = await print(`/api/rdv/${encodeURIComponent(`${first.uuid}&${second.uuid}--lotTypo--week`)}/print`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.raw);
    expect(text).toContain(`[A] ${first.name}`);
    expect(text).toContain(`[B] ${second.name}`);
    for (const title of bookedTitles) expect(text).toContain(title);
    // The same plannings joined by '-' (uuids may hold '-' themselves): the same stored PDF.
    const dashed = await call('GET', `/api/rdv/${first.uuid}-${second.uuid}--lotTypo--week/print`, { token: setup.token });
    expect(dashed.status).toBe(200);
    expect(dashed.headers['x-livrea-pdf']).toBe('reused');
    expect((await print(`/api/rdv/${first.uuid}-inconnu1234567--lotTypo--week/print`)).status).toBe(404);
  });

  it("the week view on A4 landscape (842 x 595 pts): 'Semaine du …', each weekday, the visit at its Paris time", async () => {
    const response = await print(`/api/rdv/${first.uuid}--lotNameTypo--week/print`);
    expect(response.status).toBe(200);
    expect(pdfPageSize(response.raw)).toBe('842 x 595 pts (A4)');
    const text = pdfText(response.raw);
    expect(text).toMatch(/Semaine du \d{1,2} \p{L}+ \d{4}/u);
    for (const weekday of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi']) expect(text).toContain(weekday);
    const booked = (await setup.read()).meetings.find((meeting) => meeting.start)!;
    expect(text).toContain(visitTitle('lotNameTypo', booked.guest));
  });

  it('RDV Libre are printed with --showFM only', async () => {
    const without = pdfText((await print(`/api/rdv/${first.uuid}--lotTypo--week/print`)).raw);
    expect(without).not.toContain('Réunion de chantier');
    const withFree = pdfText((await print(`/api/rdv/${first.uuid}--lotTypo--week--showFM/print`)).raw);
    expect(withFree).toContain('RDV Libre : *Réunion de chantier*');
    expect(withFree).toContain('08:30–09:30');
  });

  it("an imposed planning's force-majeure buyer is printed 'indisponible' beside their slot, the confirmed one is not (part 1 §4)", async () => {
    const imposed = await imposedPlanning({ lots: 2 });
    const [absent, present] = [imposed.byLot(0), imposed.byLot(1)];
    expect(
      (await call('PATCH', `/api/rdv/confirm/${imposed.planningId}`, { body: { usr: absent.uuid, isAvailable: false, note: 'Hospitalisé' } })).status,
    ).toBe(200);
    expect((await call('PATCH', `/api/rdv/confirm/${imposed.planningId}`, { body: { usr: present.uuid } })).status).toBe(200);
    const uuid = (await imposed.read()).planning.uuid as string;
    const response = await callForFile('GET', `/api/rdv/${uuid}--lotName--week/print`, { token: imposed.token });
    expect(response.status).toBe(200);
    const text = pdfText(response.raw);
    expect(text).toContain(`09:00–10:00 ${absent.guest.lotcomm} - ${absent.guest.nom} – indisponible`);
    expect(text).toContain(`10:00–11:00 ${present.guest.lotcomm} - ${present.guest.nom}`);
    expect(text).not.toContain(`${present.guest.nom} – indisponible`);
  });
});
