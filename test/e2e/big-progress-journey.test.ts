import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { bigDemoNames, seedBigFreePlanning, seedBigProgram } from '../../infra/local/seed-big-demo';
import { addDays, epochToParisWall } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { clientFile, clientRows } from '../support/client-file';
import { startE2e, type E2eContext } from '../support/e2e';
import { growPlanning } from '../support/grow-planning';
import { signedInContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { LotsScreen, xlsx } from './pages/program-pages';

/**
 * docs/architecture.md « Work that grows with a program »: the progress screens of long work on a
 * big program, walked in the browser — a client file of 1,500 lots imported from the lot screen,
 * the XLSX and the PDF of a 600-buyer planning, « Décaler » of its days, then its deletion — each
 * screen seen at 1280 and 390 px with the axe check, its French texts, its figures and its result.
 * The program's lots and the planning are written through the data layer (as the big journey
 * does), not through thousands of requests. Screenshots in /tmp/shots/big-progress/.
 */
jest.setTimeout(240_000);

const SHOTS = '/tmp/shots/big-progress';
const size = { lots: 2_000, createdParticipants: 100, participants: 600, booked: 60, importRows: 1_500 };
/** « 1500 », « 1 500 » (the French thousands separator is a narrow space). */
const fifteenHundred = '1[\\s\u00a0\u202f]?500';

let e2e: E2eContext;
const demo = { programId: '', planningId: '', importProgramId: '' };

beforeAll(async () => {
  e2e = await startE2e();
  const { getDeps } = await import('../../functions/runtime/deps');
  const { getUserByEmail } = await import('../../functions/data/users-repository');
  const deps = getDeps();
  const promoter = (await getUserByEmail(deps.store, 'promoteur@demo.livrea.fr'))!;
  const amos = await Promise.all(['amo1', 'amo2', 'amo3'].map((name) => getUserByEmail(deps.store, `${name}@demo.livrea.fr`)));
  const amoIds = amos.flatMap((amo) => (amo ? [amo._id] : []));
  const program = await seedBigProgram(deps, { ownerId: promoter._id, authorized: [promoter._id, ...amoIds], lots: size.lots });
  demo.programId = program.programId;
  demo.planningId = await seedBigFreePlanning(deps, {
    programId: program.programId,
    promoterId: promoter._id,
    amoIds,
    lots: program.lots.slice(0, size.createdParticipants),
    booked: 0,
    name: bigDemoNames.free,
  });
  await growPlanning(deps, demo.planningId, program.lots, size.participants, size.booked);
  // An empty program of the promoter, for the import.
  const empty = await seedBigProgram(deps, { ownerId: promoter._id, authorized: [promoter._id, ...amoIds], lots: 0, name: 'Les Jardins de l’Import' });
  demo.importProgramId = empty.programId;
}, 300_000);

afterAll(async () => {
  await kept?.context.close();
  await e2e?.stop();
});

/**
 * The promoter's signed-in page a passed step leaves to the next promoter step, which opens its own
 * screen in it: the sign-in and the SPA's cold load are paid once. A step that failed (so its
 * second try, test/support/e2e-retry.ts) closes its page; the next one signs in anew.
 */
let kept: { context: BrowserContext; page: Page } | undefined;

/** A signed-in page of `email` (the staff shell at 1280 px): the promoter's kept one if a passed step left it. */
async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const reused = kept && email === 'promoteur@demo.livrea.fr' ? kept : undefined;
  kept = undefined;
  if (reused) return reused;
  // An administrator lands on the programs' administration, staff on their programs.
  const { context, page } = await signedInContext(e2e.browser, e2e.baseUrl, email, email.startsWith('admin@') ? '/admin/programmes' : '/projets');
  await page.setViewportSize({ width: 1280, height: 900 });
  return { context, page };
}

/** Runs a promoter step in `session`: passed, its page is kept for the next promoter step; failed, it is closed. */
async function keepingPage(session: { context: BrowserContext; page: Page }, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    await session.page.setViewportSize({ width: 1280, height: 900 });
    kept = session;
  } catch (error) {
    await session.context.close();
    throw error;
  }
}

/**
 * Opens the 600-buyer planning's page, unless the page already shows it: a passed export step
 * leaves it loaded anew (its reload is its point), and loading the same page again right after
 * (the SPA, the planning's reads, its first drawing) would only cost the browser and the product
 * the same work twice.
 */
async function openBigPlanning(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== `/projets/${demo.programId}/plannings-libres/${demo.planningId}`)
    await new PlanningDetailScreen(page, e2e.baseUrl).open(demo.programId, demo.planningId);
  await page.getByRole('heading', { level: 1, name: bigDemoNames.free }).waitFor({ timeout: 60_000 });
}

/** The screen as it is, at 1280 then 390 px: the axe check and a screenshot each, back to 1280. */
async function shoot(page: Page, name: string, where: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await expectNoSeriousAxeViolations(page, `${where} (${width} px)`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.jpg`, fullPage: false, timeout: 30_000 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('progress screens of long work on a big program (1280 and 390 px, axe)', () => {
  it('part 2 §2.1: a 1,500-lot client file imported from the lot screen shows « Import des lots » with its figures, then its result', async () => {
    const { context, page } = await signedIn('admin@demo.livrea.fr');
    try {
      const lots = new LotsScreen(page, e2e.baseUrl);
      await lots.open(demo.importProgramId);
      await lots.waitForCount(0);
      await lots.chooseFile(xlsx('clients.xlsx', await clientFile(clientRows(size.importRows, 'G'))));
      await lots.load();
      await page.getByText(new RegExp(`${fifteenHundred} lots prêts à être importés`)).waitFor({ timeout: 60_000 });
      await lots.confirmImport();
      // While it runs: the step and « done / total » lots; it may also be done already on a quiet machine.
      const running = page.getByText(new RegExp(`\\d[\\d\\s\u00a0\u202f]* / ${fifteenHundred}`)).first();
      const created = page.getByText(new RegExp(`${fifteenHundred} lots créés, 0 lot mis à jour\\.`));
      await running.or(created).first().waitFor({ timeout: 60_000 });
      if (await running.isVisible()) await shoot(page, 'import-progress', 'import en cours');
      await created.waitFor({ timeout: 180_000 });
      await page.getByRole('heading', { name: new RegExp(`Liste des Lots \\(${fifteenHundred}\\)`) }).waitFor({ timeout: 60_000 });
      await shoot(page, 'import-done', 'import terminé');
    } finally {
      await context.close();
    }
  });

  for (const fileType of ['Excel (XLSX)', 'PDF'] as const) {
    it(`part 2 §2.9: the ${fileType} of the 600-buyer planning is an export followed in the modal, then its link`, async () => {
      const session = await signedIn('promoteur@demo.livrea.fr');
      const { page } = session;
      await keepingPage(session, async () => {
        await openBigPlanning(page);
        await page.getByRole('button', { name: 'Exporter' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Exporter le planning' });
        await dialog.waitFor();
        if (fileType !== 'PDF') await dialog.getByText(fileType).click();
        // On a narrow screen the view's segmented control is a select (Cloudscape renders both, CSS
        // shows one): named by its field alone, « Vue » is written once, not again above the select.
        else expect(await dialog.getByText('Vue', { exact: true }).count()).toBe(1);
        await dialog.getByRole('button', { name: 'Exporter' }).click();
        const progress = dialog.getByText('Export du planning').first();
        await progress.waitFor({ timeout: 60_000 });
        await shoot(page, `export-${fileType === 'PDF' ? 'pdf' : 'xlsx'}-progress`, `export ${fileType} en cours`);
        // Done: the stored file's link, in French.
        const link = dialog.getByText('Télécharger le fichier').first();
        await link.waitFor({ timeout: 180_000 });
        await shoot(page, `export-${fileType === 'PDF' ? 'pdf' : 'xlsx'}-done`, `export ${fileType} terminé`);
        // Closed once done, it stays closed: the planning's page opens without it.
        await dialog.getByRole('button', { name: 'Annuler' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.reload();
        await page.getByRole('heading', { level: 1, name: bigDemoNames.free }).waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: 'Exporter' }).first().waitFor();
        expect(await page.getByRole('dialog', { name: 'Exporter le planning' }).count()).toBe(0);
      });
    });
  }

  it('part 2 §5: « Décaler » of the 600-buyer planning by two weeks: the preview counts the moved visits, then the shift goes on in the background', async () => {
    const { context, page } = await signedIn('promoteur@demo.livrea.fr');
    try {
      const screen = new PlanningDetailScreen(page, e2e.baseUrl);
      await openBigPlanning(page);
      await screen.headerButton('Décaler');
      const modal = screen.modal();
      await modal.getByRole('heading', { name: 'Décaler des journées' }).waitFor();
      const { getDeps } = await import('../../functions/runtime/deps');
      const { getPlanning } = await import('../../functions/data/plannings-repository');
      const firstDay = (await getPlanning(getDeps().store, demo.planningId))!.events[0].start;
      const newDay = addDays(epochToParisWall(Date.parse(firstDay)).date, 14);
      await modal.getByRole('textbox', { name: 'Nouvelle date de la première journée décalée (JJ/MM/AAAA)' }).fill(newDay.split('-').reverse().join('/'));
      await modal.getByRole('button', { name: 'Voir l’aperçu' }).click();
      await modal
        .getByText(/rendez-vous déplacés/)
        .first()
        .waitFor({ timeout: 60_000 });
      await shoot(page, 'shift-preview', 'aperçu du décalage');
      await modal.getByRole('button', { name: 'Confirmer le décalage' }).click();
      // The shift goes on as a wave of jobs: the page says so (a loaded machine may take a while to answer).
      await page
        .getByText(/Décalage de \d+ rendez-vous en cours\./)
        .first()
        .waitFor({ timeout: 90_000 });
      await shoot(page, 'shift-started', 'décalage en cours');
    } finally {
      await context.close();
    }
  });

  it('part 2 §4: an administrator deletes the 600-buyer planning: « Suppression du planning » with its figures, then the plannings list', async () => {
    const { context, page } = await signedIn('admin@demo.livrea.fr');
    try {
      const screen = new PlanningDetailScreen(page, e2e.baseUrl);
      await screen.open(demo.programId, demo.planningId);
      await page.getByRole('heading', { level: 1, name: bigDemoNames.free }).waitFor({ timeout: 60_000 });
      await screen.headerButton('Options');
      const modal = screen.modal();
      await modal.getByRole('tab', { name: 'Supprimer' }).click();
      await modal.getByRole('button', { name: 'Supprimer le planning' }).click();
      await modal.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await modal.getByRole('button', { name: 'Supprimer quand même' }).click();
      const progress = modal.getByText('Suppression du planning').first();
      const deleted = page.getByText(`Planning « ${bigDemoNames.free} » supprimé.`);
      await progress.or(deleted).first().waitFor({ timeout: 60_000 });
      if (await progress.isVisible()) await shoot(page, 'deletion-progress', 'suppression en cours');
      await deleted.waitFor({ timeout: 180_000 });
      await page.waitForURL((url) => url.pathname === `/projets/${demo.programId}/plannings`);
      await shoot(page, 'deletion-done', 'liste des plannings après la suppression');
    } finally {
      await context.close();
    }
  });
});
