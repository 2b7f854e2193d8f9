import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { closePdfBrowser } from '../../functions/core/exports/render-pdf';
import { titleFormats, visitTitle } from '../../shared/exports/title-format';
import { epochToParisWall, formatHm } from '../../shared/scheduling/time-grid';
import { pdfText } from '../integration/exports/support';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import type { Download, Page } from 'playwright-core';
import { demoPassword, newContext, signedInContext, waitForPath } from './pages/livrea-browser';

/**
 * Part 2 §2.9 "Done when": the PDF of the demo planning in every title format of part 2 §9, printed
 * by the renderer's code (puppeteer-core on Chromium) from the product's own print page, read back
 * with pdftotext: the right lots and Paris times. A second request for the unchanged planning
 * reuses the stored PDF.
 */
jest.setTimeout(240_000);

interface Guest {
  lotcomm: string;
  nom: string;
  typologie: string;
  telephonemonsieur: string;
}
interface Meeting {
  uuid: string;
  start: string | null;
  length: number;
  isBooked: boolean;
  forced: string | null;
  isActive: boolean;
  guest: Guest & { _id: string };
}
interface DemoPlanning {
  _id: string;
  uuid: string;
  name: string;
  projectId: string;
  templateType: string;
  phase: string;
  mTimes: Record<string, number>;
  events: unknown[];
  bookingDeadline: string;
  address: unknown;
}

const shots = '/tmp/shots/14';
const parisHm = (instant: string) => formatHm(epochToParisWall(Date.parse(instant)).minuteOfDay);

describe('exports journey (part 2 §2.9)', () => {
  let e2e: E2eContext;
  let token: string;
  let planning: DemoPlanning;
  let meetings: Meeting[];
  let booked: Meeting[];

  beforeAll(async () => {
    e2e = await startE2e();
    mkdirSync(shots, { recursive: true });
    const login = await fetch(`${e2e.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }),
    });
    token = ((await login.json()) as { token: string }).token;
    const list = (await (await fetch(`${e2e.baseUrl}/api/plannings/q?kind=free`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      plannings: DemoPlanning[];
    };
    planning = list.plannings[0];
    const detail = (await (await fetch(`${e2e.baseUrl}/api/rdv/${planning._id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      meetings: Meeting[];
    };
    meetings = detail.meetings;
    booked = detail.meetings.filter((meeting) => meeting.isActive && (meeting.isBooked || meeting.forced) && meeting.start);
  });

  afterAll(async () => {
    await closePdfBrowser();
    await e2e?.stop();
  });

  /** GET /rdv/{spec}/print answers a link to the stored PDF: the PDF as the browser then reads it, and whether it was printed or reused. */
  const printPdf = async (segment: string) => {
    const answer = await fetch(`${e2e.baseUrl}/api/rdv/${encodeURIComponent(segment)}/print`, { headers: { authorization: `Bearer ${token}` } });
    if (answer.status !== 200) return { status: answer.status, contentType: answer.headers.get('content-type'), printed: null, body: Buffer.alloc(0) };
    const link = (await answer.json()) as { url: string };
    const file = await fetch(new URL(link.url, e2e.baseUrl));
    return {
      status: file.status,
      contentType: file.headers.get('content-type'),
      printed: answer.headers.get('x-livrea-pdf'),
      body: Buffer.from(await file.arrayBuffer()),
    };
  };

  it('the demo planning has booked visits to print', () => {
    expect(booked.length).toBeGreaterThan(0);
  });

  // The 15 formats print in the month view (one sheet for the demo's days, instead of one per
  // week) and three at a time (the renderer opens a page per request in one browser); each test
  // below waits for its own format's text.
  let formatTexts: Map<string, Promise<string>> | undefined;
  let freeSlots = 3;
  const waiting: (() => void)[] = [];
  async function inSlot<T>(run: () => Promise<T>): Promise<T> {
    if (freeSlots > 0) freeSlots -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else freeSlots += 1;
    }
  }
  const renderText = async (format: string) => {
    const response = await printPdf(`${planning.uuid}--${format}--month`);
    if (response.status !== 200 || response.contentType !== 'application/pdf') throw new Error(`${format}: HTTP ${response.status} ${response.contentType}`);
    return pdfText(response.body).replace(/\s+/g, ' ');
  };
  /** Every format's PDF text, all requested at the first call (three renders at a time). */
  function formatText(format: string): Promise<string> {
    formatTexts ??= new Map(titleFormats.map((each) => [each, inSlot(() => renderText(each))]));
    // Awaited by its own test; a failure read later is not an unhandled rejection meanwhile.
    for (const pending of formatTexts.values()) pending.catch(() => undefined);
    return formatTexts.get(format)!;
  }

  it.each(titleFormats)('PDF in the %s title format (part 2 §9): every booked lot titled so, at its Paris time', async (format) => {
    const text = await formatText(format);
    expect(text).toContain(`${planning.name} - Visites Cloisons`);
    for (const meeting of booked) {
      expect(text).toContain(visitTitle(format, meeting.guest));
      expect(text).toContain(parisHm(meeting.start!));
    }
  });

  it('a second request for the unchanged planning reuses the stored PDF; the day view and one AMO print too', async () => {
    const again = await printPdf(`${planning.uuid}--lotTypo--month`);
    expect(again.printed).toBe('reused');
    // The printed pages as images (a month on A4 landscape), for a person to look at.
    writeFileSync(join(shots, 'planning-month.pdf'), again.body);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-l', '2', join(shots, 'planning-month.pdf'), join(shots, 'pdf-month')]);
    const day = await printPdf(`${planning.uuid}--lotTypo--day--showFM--0amoNb`);
    expect(day.status).toBe(200);
    expect(day.printed).toBe('rendered');
    expect(pdfText(day.body)).toMatch(/Jour :/);
    // Without a session only the public viewer's own titles (lotTypo) print: names need staff.
    expect((await fetch(`${e2e.baseUrl}/api/rdv/${encodeURIComponent(`${planning.uuid}--nameTypo--week`)}/print`)).status).toBe(401);
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

  // --- part 2 §2.3, §2.8, §2.9: the screens ---

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${e2e.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** Another free planning of the demo program, on the demo planning's days, with two of its lots. */
  const createFreePlanning = async (name: string) => {
    const firstStart = Date.parse((planning.events[0] as { start: string }).start);
    const created = await api('POST', '/rdv', {
      projectId: planning.projectId,
      name,
      phase: planning.phase,
      mTimes: planning.mTimes,
      broadcastList: meetings.slice(0, 2).map((meeting) => ({ lotId: meeting.guest._id, length: meeting.length })),
      events: planning.events,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      bookingDeadline: new Date(Math.max(Date.now() + 3_600_000, firstStart - 86_400_000)).toISOString(),
      address: planning.address,
    });
    if (created.status !== 201) throw new Error(`planning creation: ${created.status} ${JSON.stringify(created.body)}`);
    return (created.body.planning as { _id: string })._id;
  };
  async function shoot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(shots, `${name}-1280.jpg`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, `${name}-390.jpg`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  async function signedInPage(email = 'promoteur@demo.livrea.fr'): Promise<Page> {
    return (await signedInContext(e2e.browser, e2e.baseUrl, email, '/projets')).page;
  }

  it('detail page: « Exporter » opens the options modal (format, AMO, view, RDV Libre) and downloads one PDF per AMO (day view), then the XLSX (part 2 §2.9)', async () => {
    const page = await signedInPage();
    await page.goto(`${e2e.baseUrl}/projets/${planning.projectId}/plannings-libres/${planning._id}`);
    await page.getByRole('heading', { name: planning.name }).first().waitFor();
    await page.getByRole('button', { name: 'Exporter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Exporter le planning' });
    await dialog.getByText('Titre des rendez-vous').waitFor();
    for (const label of ['Format du fichier', 'AMO', 'Vue', 'Afficher les RDV Libres']) await dialog.getByText(label, { exact: true }).first().waitFor();
    await expectNoSeriousAxeViolations(page, 'export options modal', '[role="dialog"]');
    await shoot(page, 'export-modal');
    // Per-AMO multi print of the day view (part 2 §2.9): one PDF per AMO, each for its AMO only.
    await dialog.getByText('Jour', { exact: true }).click();
    await dialog.getByRole('button', { name: /AMO/ }).click();
    await page.getByRole('option', { name: /Un PDF par AMO/ }).click();
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 90_000 });
    expect(downloads.map((download) => download.suggestedFilename())).toEqual([
      `planning-${planning.uuid.slice(0, 8)}-amo1.pdf`,
      `planning-${planning.uuid.slice(0, 8)}-amo2.pdf`,
    ]);
    const texts = await Promise.all(downloads.map(async (download) => pdfText(await readFile((await download.path())!))));
    for (const text of texts) expect(text).toContain('Jour :');
    const printed = booked.filter((meeting) => texts.some((text) => text.replace(/\s+/g, ' ').includes(visitTitle('lotTypo', meeting.guest))));
    expect(printed.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Exporter' }).first().click();
    await dialog.getByText('Excel (XLSX)').click();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exporter' }).click()]);
    expect(xlsx.suggestedFilename()).toBe(`planning-${planning.uuid}.xlsx`);
    await page.context().close();
  });

  it("consolidation (part 2 §2.3, §2.8, §5): a free and an imposed planning are refused; two free ones open 'Vue consolidée : 2 plannings' with one colour each", async () => {
    const secondName = 'Visites cloisons – bâtiment A (2e passage)';
    const secondId = await createFreePlanning(secondName);
    const imposed = (await api('GET', '/plannings/q?kind=imposed')).body.plannings as DemoPlanning[];
    const page = await signedInPage();
    const base = `${e2e.baseUrl}/projets/${planning.projectId}`;
    if (imposed.length > 0) {
      // The same refusal from the server when the link is typed: 'Erreur lors du chargement des plannings'.
      await page.goto(`${base}/plannings-consolidate?ids=${planning._id},${imposed[0]._id}`);
      const alert = page.getByText('Erreur lors du chargement des plannings', { exact: true });
      await alert.waitFor();
      await page.getByText('Veuillez selectionner des plannings de même type').waitFor();
      await page.goto(`${base}/plannings`);
      await page.getByRole('checkbox', { name: `Sélectionner ${planning.name}`, exact: true }).check();
      await page.getByRole('checkbox', { name: `Sélectionner ${imposed[0].name}`, exact: true }).check();
      await page.getByRole('button', { name: 'Consolider' }).click();
      await page.getByText('Veuillez selectionner des plannings de même type').waitFor();
      await page.getByRole('checkbox', { name: `Sélectionner ${imposed[0].name}`, exact: true }).uncheck();
    } else {
      await page.goto(`${base}/plannings`);
      await page.getByRole('checkbox', { name: `Sélectionner ${planning.name}`, exact: true }).check();
    }
    await page.getByRole('checkbox', { name: `Sélectionner ${secondName}`, exact: true }).check();
    await page.getByRole('button', { name: 'Consolider' }).click();
    await waitForPath(page, `/projets/${planning.projectId}/plannings-consolidate`);
    expect(new URL(page.url()).searchParams.get('ids')?.split(',').sort()).toEqual([planning._id, secondId].sort());
    await page.getByRole('heading', { name: 'Vue consolidée : 2 plannings' }).waitFor();
    await page.getByText(`${planning.name} · ${secondName}`).first().waitFor();
    const legend = page.getByRole('list', { name: 'Légende des plannings' });
    expect(await legend.getByRole('listitem').allInnerTexts()).toEqual([planning.name, secondName]);
    await page
      .getByText(`${visitTitle('lotTypo', booked[0].guest)} · ${planning.name}`)
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'consolidated view');
    await shoot(page, 'consolidated-view');
    await page.context().close();
  });

  // The SPA sends 'uuidA&uuidB' encoded ('%26'), which the dispatcher's decodeURI keeps: the print
  // route decodes its parameter once more (it answered 404, and no download came, before).
  it('consolidated view: its PDF prints both plannings in the consolidated layout lotTypo (part 2 §2.8)', async () => {
    const page = await signedInPage();
    const ids = ((await api('GET', '/plannings/q?kind=free&sortField=createdAt&sortOrder=ascend')).body.plannings as DemoPlanning[]).slice(0, 2);
    const secondName = ids[1].name;
    await page.goto(`${e2e.baseUrl}/projets/${planning.projectId}/plannings-consolidate?ids=${ids.map((each) => each._id).join(',')}`);
    await page.getByRole('heading', { name: 'Vue consolidée : 2 plannings' }).waitFor();
    await page.getByRole('button', { name: 'Exporter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Exporter le planning' });
    const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: 'Exporter' }).click()]);
    const text = pdfText(await readFile((await pdf.path())!)).replace(/\s+/g, ' ');
    expect(text).toContain(`[A] ${planning.name}`);
    expect(text).toContain(`[B] ${secondName}`);
    await page.context().close();
  });

  it("cross-program list /promoter/plannings (part 2 §2.3): 10 a page from GET /plannings/q, page 2, the 'Type' filter; in the menu", async () => {
    for (let index = 0; index < 10; index += 1) await createFreePlanning(`Export paging ${String(index).padStart(2, '0')}`);
    const total = (await api('GET', '/plannings/q')).body.totalCount as number;
    expect(total).toBeGreaterThan(10);
    const page = await signedInPage();
    await page.getByRole('link', { name: 'Plannings', exact: true }).first().click();
    await waitForPath(page, '/promoter/plannings');
    await page
      .getByRole('heading', { name: /Plannings/ })
      .first()
      .waitFor();
    await page.getByText(`(${total})`).first().waitFor();
    const rows = page.locator('table tbody tr');
    await page.getByText('Export paging 09').waitFor();
    expect(await rows.count()).toBe(10);
    await expectNoSeriousAxeViolations(page, 'cross-program plannings list');
    await shoot(page, 'cross-program-list');
    // Back from 390 px, Cloudscape's table may show its pagination twice until its layout settles
    // (a CI run clicked in between): wait for the one pagination of the wide layout.
    await page.waitForFunction(() => document.querySelectorAll('button[aria-label="Page 2"]').length === 1);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForFunction((expected) => document.querySelectorAll('table tbody tr').length === expected, total - 10 > 10 ? 10 : total - 10);
    const imposedCount = (await api('GET', '/plannings/q?kind=imposed')).body.totalCount as number;
    if (imposedCount > 0) {
      await page.getByRole('button', { name: /Tous les types/ }).click();
      await page.getByRole('option', { name: 'Imposé' }).click();
      await page.getByText(`(${imposedCount})`).first().waitFor();
      expect(await rows.count()).toBe(imposedCount);
    }
    await page.context().close();
  });

  it("the viewer's « Exporter » (part 2 §2.9 PDF export): staff download the planning's PDF from /pview", async () => {
    const page = await signedInPage();
    await page.goto(`${e2e.baseUrl}/pview/${planning.uuid}`);
    await page.getByRole('button', { name: 'Exporter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Exporter le planning' });
    await dialog.getByText('Titre des rendez-vous').waitFor();
    await expectNoSeriousAxeViolations(page, 'viewer export modal', '[role="dialog"]');
    const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), dialog.getByRole('button', { name: 'Exporter' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`planning-${planning.uuid.slice(0, 8)}.pdf`);
    const text = pdfText(await readFile((await pdf.path())!));
    expect(text).toContain(`${planning.name} - Visites Cloisons`);
    expect(text).toMatch(/Semaine du /);
    expect(text).toContain(visitTitle('lotTypo', booked[0].guest));
    await page.context().close();
  });

  it('/amo/plannings (part 2 §2.3): an AMO lists the plannings of the programs they are authorized on', async () => {
    const login = await fetch(`${e2e.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'amo1@demo.livrea.fr', password: demoPassword }),
    });
    const amoToken = ((await login.json()) as { token: string }).token;
    const theirs = (await (await fetch(`${e2e.baseUrl}/api/plannings/q`, { headers: { authorization: `Bearer ${amoToken}` } })).json()) as {
      plannings: DemoPlanning[];
      totalCount: number;
    };
    expect(theirs.totalCount).toBeGreaterThan(0);
    expect(theirs.plannings.every((each) => each.projectId === planning.projectId)).toBe(true);
    const page = await signedInPage('amo1@demo.livrea.fr');
    await page.goto(`${e2e.baseUrl}/amo/plannings`);
    await page
      .getByRole('heading', { name: /Plannings/ })
      .first()
      .waitFor();
    await page.getByText(`(${theirs.totalCount})`).first().waitFor();
    await page.getByText(theirs.plannings[0].name, { exact: true }).first().waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(Math.min(10, theirs.totalCount));
    await expectNoSeriousAxeViolations(page, 'AMO cross-program plannings list');
    await page.context().close();
  });

  it('★ AMO calendar feed (part 1 §7): from the profile an AMO gets the private link, the feed answers text/calendar; once revoked the old link answers 404', async () => {
    const page = await signedInPage('amo1@demo.livrea.fr');
    await page.goto(`${e2e.baseUrl}/profile`);
    const section = page.getByRole('heading', { name: 'Abonnement à mon calendrier de visites' });
    await section.waitFor();
    await page.getByText("Aucun lien d'abonnement actif.").waitFor();
    await page.getByRole('button', { name: "Obtenir mon lien d'abonnement" }).click();
    await page.getByText("Votre lien d'abonnement").waitFor();
    const shown = (await page
      .getByText(/\/api\/exports\/calendar-feed\/[\w-]+\/visites\.ics$/)
      .first()
      .textContent())!.trim();
    expect(shown.startsWith(`${e2e.baseUrl}/api/exports/calendar-feed/`)).toBe(true);
    await page.getByText(/Un lien d'abonnement est actif depuis le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\./).waitFor();
    const feed = await fetch(shown);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await expectNoSeriousAxeViolations(page, 'profile: calendar feed section');
    await shoot(page, 'profile-calendar-feed');

    await page.getByRole('button', { name: 'Révoquer le lien' }).click();
    const confirm = page.getByRole('dialog', { name: "Révoquer le lien d'abonnement ?" });
    await confirm.waitFor();
    await expectNoSeriousAxeViolations(page, 'calendar feed revoke confirmation', '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Révoquer' }).click();
    await page.getByText("Lien d'abonnement révoqué : les calendriers abonnés ne reçoivent plus vos visites.").waitFor();
    await page.getByText("Aucun lien d'abonnement actif.").waitFor();
    expect((await fetch(shown)).status).toBe(404);
    await shoot(page, 'profile-calendar-feed-revoked');
    await page.context().close();
  });
});
