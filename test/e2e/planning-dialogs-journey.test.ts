import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { addDays } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { clientRows, importClientsOverHttp } from '../support/client-file';
import { startE2e, type E2eContext } from '../support/e2e';
import { futureMonday, planningBody, workingDays } from '../support/planning-fixtures';
import { demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';

/**
 * The planning detail page's dialogs read what they show (docs/architecture.md « Live staff
 * screens »), in a real browser at 1280 px: « Placer manuellement » and « Retirer du planning »
 * find a buyer by a server search, « Ajouter un acquéreur » finds a lot of the program outside the
 * planning, the availability drawer draws the booked slots from the calendar's ranges; the page
 * never reads the whole planning (GET /api/rdv/{id}). Axe on each dialog; screens in
 * /tmp/shots/planning-dialogs/.
 */
jest.setTimeout(120_000);

const SHOTS = '/tmp/shots/planning-dialogs';
const prefix = `G${Date.now().toString(36).slice(-3).toUpperCase()}`;
const lot = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
/** 30 lots: 1–25 in the planning, 26–30 outside it. */
const programLots = 30;
const planningLots = 25;

async function call<T>(baseUrl: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const apiToken = async (baseUrl: string, email: string) =>
  (await call<{ token: string }>(baseUrl, 'POST', '/users/login', undefined, { email, password: demoPassword })).body.token;

let e2e: E2eContext;
let page: Page;
let screen: PlanningDetailScreen;
let programId = '';
let planningId = '';
const monday = futureMonday();
const name = `Visites dialogues ${prefix}`;
/** Every GET of the whole planning the page sent (GET /api/rdv/{id}, with or without a cursor). */
const wholeReads: string[] = [];

/** Types `text` in the open picker's search field (`label`) and picks the option starting with `lotcomm · `. */
async function pick(trigger: ReturnType<PlanningDetailScreen['selectIn']>, label: string, text: string, lotcomm: string): Promise<void> {
  await trigger.click();
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByRole('option', { name: new RegExp(`^${lotcomm} · `) }).click();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  const context = await newContext(e2e.browser);
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const login = new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
  const [adminToken, promoterToken] = await Promise.all([apiToken(e2e.baseUrl, 'admin@demo.livrea.fr'), apiToken(e2e.baseUrl, 'promoteur@demo.livrea.fr')]);
  programId = (
    await call<{ _id: string }>(e2e.baseUrl, 'POST', '/program/create', promoterToken, {
      name: `Résidence ${prefix}`,
      promotername: 'Promotion Dialogues',
      colors: ['rgb(67, 99, 134)'],
    })
  ).body._id;
  const imported = await importClientsOverHttp(e2e.baseUrl, adminToken, programId, clientRows(programLots, prefix));
  if (imported.operation?.status !== 'done') throw new Error(`import: ${JSON.stringify(imported.body)}`);
  const lots = (await call<{ clients: { _id: string; lotcomm: string }[] }>(e2e.baseUrl, 'GET', `/programs/${programId}/clients?limit=500`, promoterToken)).body
    .clients;
  const inPlanning = lots.filter((entry) => entry.lotcomm <= lot(planningLots)).map((entry) => entry._id);
  const events = workingDays(monday, 3, undefined, 2);
  const created = await call<{ planning: { _id: string } }>(
    e2e.baseUrl,
    'POST',
    '/rdv',
    promoterToken,
    planningBody(programId, inPlanning, { name, events, bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString() }),
  );
  if (created.status !== 201) throw new Error(`planning: ${JSON.stringify(created.body)}`);
  planningId = created.body.planning._id;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path === `/api/rdv/${planningId}`) wholeReads.push(request.url());
  });
  await login;
  screen = new PlanningDetailScreen(page, e2e.baseUrl);
  await screen.open(programId, planningId);
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 60_000 });
  await page.getByRole('heading', { name: `Participants (${planningLots})` }).waitFor();
}, 240_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(async () => {
  // A failed step leaves no dialog open over the next one.
  for (let attempt = 0; attempt < 3 && (await screen?.modal().count()) > 0; attempt += 1) await page.keyboard.press('Escape');
});

it("part 2 §5 'Placer manuellement': the dialog opens on the row's buyer; another buyer found by a server search is placed", async () => {
  await screen.rowAction(lot(3), 'Placer manuellement');
  const modal = screen.modal();
  await modal.getByRole('heading', { name: 'Placer un rendez-vous' }).waitFor();
  const buyer = screen.selectIn(modal, 'Acquéreur');
  expect(await buyer.innerText()).toContain(`${lot(3)} · `);
  await pick(buyer, 'Rechercher un acquéreur', lot(7), lot(7));
  expect(await buyer.innerText()).toContain(`${lot(7)} · `);
  await screen.dateTime(modal, 'Début', addDays(monday, 1), '10:00');
  await screen.choose(screen.selectIn(modal, 'AMO'), /^AMO 1$/);
  await expectNoSeriousAxeViolations(page, 'placer un rendez-vous', '[role="dialog"]');
  await page.screenshot({ path: `${SHOTS}/book-1280.jpg` });
  await modal.getByRole('button', { name: 'Placer', exact: true }).click();
  await screen.notification('Rendez-vous placé.');
  await screen.waitForRowStatus(lot(7), 'réservé');
  expect(await screen.rowStatus(lot(3))).toBe('en attente');
});

it("part 2 §5 'Ajouter un acquéreur': a search finds only the program's lots outside the planning; the lot found joins it", async () => {
  await page.getByRole('button', { name: 'Ajouter un acquéreur' }).click();
  const modal = screen.modal();
  await modal.getByRole('heading', { name: 'Ajouter un acquéreur au planning' }).waitFor();
  const guest = screen.selectIn(modal, 'Invité');
  // A lot already in the planning is not offered.
  await guest.click();
  await page.getByLabel('Rechercher un lot', { exact: true }).fill(lot(5));
  // The list's text (Cloudscape also reads it out in a live region: the first is the one shown).
  await page.getByText('Aucun lot hors du planning ne correspond à cette recherche').first().waitFor();
  await page.getByLabel('Rechercher un lot', { exact: true }).fill('');
  // Without a search: the five lots outside the planning, and only them.
  const options = page.getByRole('option');
  await options.first().waitFor();
  await page.getByRole('option', { name: new RegExp(`^${lot(30)} · `) }).waitFor();
  expect(await options.count()).toBe(programLots - planningLots);
  await page.screenshot({ path: `${SHOTS}/add-picker-1280.jpg` });
  await page.keyboard.press('Escape');
  await pick(guest, 'Rechercher un lot', lot(27), lot(27));
  await modal.getByRole('radio', { name: "Ne pas envoyer d'invitation" }).check();
  await expectNoSeriousAxeViolations(page, 'ajouter un acquéreur', '[role="dialog"]');
  await page.screenshot({ path: `${SHOTS}/add-1280.jpg` });
  await modal.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await screen.notification('Acquéreur ajouté au planning.');
  await page.getByRole('heading', { name: `Participants (${planningLots + 1})` }).waitFor();
});

it("part 2 §5 'Retirer du planning': a booked buyer must be cancelled first; a buyer found by a search is removed", async () => {
  await screen.rowAction(lot(7), 'Retirer du planning');
  const modal = screen.modal();
  await modal.getByText("Cet acquéreur a un rendez-vous : annulez-le d'abord").waitFor();
  await pick(screen.selectIn(modal, 'Invité'), 'Rechercher un acquéreur', lot(27), lot(27));
  expect(await modal.getByText("Cet acquéreur a un rendez-vous : annulez-le d'abord").count()).toBe(0);
  await expectNoSeriousAxeViolations(page, 'retirer un acquéreur', '[role="dialog"]');
  await page.screenshot({ path: `${SHOTS}/remove-1280.jpg` });
  await modal.getByRole('button', { name: 'Retirer (action définitive)' }).click();
  await screen.notification('Acquéreur retiré du planning.');
  await page.getByRole('heading', { name: `Participants (${planningLots})` }).waitFor();
  expect(await screen.row(lot(27)).count()).toBe(0);
});

it("part 2 §4 the availability drawer draws the booked slot from the calendar's ranges; the page never read the whole planning", async () => {
  await screen.headerButton('Disponibilités');
  const drawer = screen.availabilityDrawer();
  await drawer.getByRole('heading', { name: 'Disponibilités' }).waitFor();
  await drawer
    .getByRole('button', { name: / 10:00 : réservé$/ })
    .first()
    .waitFor();
  await expectNoSeriousAxeViolations(page, 'disponibilités', '[role="dialog"]');
  await page.screenshot({ path: `${SHOTS}/availability-1280.jpg` });
  await drawer.getByRole('button', { name: 'Fermer' }).click();
  expect(wholeReads).toEqual([]);
});
