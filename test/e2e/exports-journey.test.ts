import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePdfBrowser } from '../../functions/core/exports/render-pdf';
import { titleFormats, visitTitle } from '../../shared/exports/title-format';
import { epochToParisWall, formatHm } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, newContext } from './pages/livrea-browser';

/**
 * Issue 14 "Done when": the PDF of the demo planning in every title format of part 2 §9, printed
 * by the renderer's code (puppeteer-core on Chromium) from the product's own print page, read back
 * with pdftotext: the right lots and Paris times. A second request for the unchanged planning
 * reuses the stored PDF.
 */
jest.setTimeout(240_000);

interface Guest { lotcomm: string; nom: string; typologie: string; telephonemonsieur: string }
interface Meeting { uuid: string; start: string | null; isBooked: boolean; forced: string | null; isActive: boolean; guest: Guest }

const shots = '/tmp/shots/14';
const parisHm = (instant: string) => formatHm(epochToParisWall(Date.parse(instant)).minuteOfDay);

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'livrea-pdf-'));
  try {
    writeFileSync(join(dir, 'planning.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', join(dir, 'planning.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('exports journey (issue 14)', () => {
  let e2e: E2eContext;
  let token: string;
  let planning: { _id: string; uuid: string; name: string };
  let booked: Meeting[];

  beforeAll(async () => {
    e2e = await startE2e();
    mkdirSync(shots, { recursive: true });
    const login = await fetch(`${e2e.baseUrl}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }) });
    token = ((await login.json()) as { token: string }).token;
    const list = (await (await fetch(`${e2e.baseUrl}/api/plannings/q`, { headers: { authorization: `Bearer ${token}` } })).json()) as { plannings: { _id: string; uuid: string; name: string }[] };
    planning = list.plannings[0];
    const detail = (await (await fetch(`${e2e.baseUrl}/api/rdv/${planning._id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { meetings: Meeting[] };
    booked = detail.meetings.filter((meeting) => meeting.isActive && (meeting.isBooked || meeting.forced) && meeting.start);
  });

  afterAll(async () => {
    await closePdfBrowser();
    await e2e?.stop();
  });

  const printPdf = (segment: string) => fetch(`${e2e.baseUrl}/api/rdv/${encodeURIComponent(segment)}/print`, { headers: { authorization: `Bearer ${token}` } });

  it('the demo planning has booked visits to print', () => {
    expect(booked.length).toBeGreaterThan(0);
  });

  it.each(titleFormats)('PDF in the %s title format (part 2 §9): every booked lot titled so, at its Paris time', async (format) => {
    const response = await printPdf(`${planning.uuid}--${format}--week`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`${planning.name} - Visites Cloisons`);
    for (const meeting of booked) {
      expect(text).toContain(visitTitle(format, meeting.guest));
      expect(text).toContain(parisHm(meeting.start!));
    }
  });

  it('a second request for the unchanged planning reuses the stored PDF; the day view and one AMO print too', async () => {
    const again = await printPdf(`${planning.uuid}--lotTypo--week`);
    expect(again.headers.get('x-livrea-pdf')).toBe('reused');
    // The printed pages as images (a week on A4 landscape), for a person to look at.
    writeFileSync(join(shots, 'planning-week.pdf'), Buffer.from(await again.arrayBuffer()));
    execFileSync('pdftoppm', ['-png', '-r', '70', '-l', '2', join(shots, 'planning-week.pdf'), join(shots, 'pdf-week')]);
    const day = await printPdf(`${planning.uuid}--lotTypo--day--showFM--0amoNb`);
    expect(day.status).toBe(200);
    expect(day.headers.get('x-livrea-pdf')).toBe('rendered');
    expect(pdfText(Buffer.from(await day.arrayBuffer()))).toMatch(/Jour :/);
    expect((await fetch(`${e2e.baseUrl}/api/rdv/${encodeURIComponent(`${planning.uuid}--lotTypo--week`)}/print`)).status).toBe(401);
  });

  it('the print page without a valid print token shows the error, and passes the axe check (1280 and 390 px)', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/print/${planning.uuid}--lotTypo/week?token=invalide`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe("Lien d'impression invalide ou expiré.");
    await expectNoSeriousAxeViolations(page, 'print page (invalid token)');
    await context.close();
  });
});
