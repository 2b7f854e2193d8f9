import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { BuyerView } from '../../shared/domain/planning';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { clientRows, importClientsOverHttp } from '../support/client-file';
import { startE2e, type E2eContext } from '../support/e2e';
import { planningBody, workingDays } from '../support/planning-fixtures';
import { until } from '../support/eventually';
import { demoPassword, answerVrSurvey } from './pages/livrea-browser';
import { bookingMessages } from '../../shared/messages/booking';

/**
 * Part 1 §2 'Public buyer booking page /entrevue/{uuid}', §4 buyer page flow, §5, §8, §9, against
 * the real local product (handlers, engine, DynamoDB Local): the data is made through the API as
 * staff would, every failure is a real one (a slot taken by another buyer, a meeting disabled or a
 * planning deleted meanwhile). The browser runs in New York time: Paris times must still show.
 * Every state is photographed at 375×812 and 1280×800 (test-results/booking/) and must not scroll
 * sideways on a 375 px phone. Each test makes the buyer it needs: any one runs alone (-t).
 */
// Each state is opened at two sizes, then exercised: more than the default 30 s on a busy machine.
jest.setTimeout(120_000);

const SHOTS = resolve(__dirname, '../../test-results/booking');
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };
const contact = {
  contactTitre: 'Madame',
  contactPrenom: 'Claire',
  contactNom: 'Martin',
  contactTelephone: '06 12 34 56 78',
  contactMail: 'claire.martin@promoteur-demo.fr',
} as const;
const address = { numero: '12', rue: 'avenue des Peupliers prolongée', codepostal: '69003', ville: 'Lyon' };
const ninetyMinutes = 90 * 60_000;
/** A real 1×1 PNG: the logo must display, not only pass the upload's signature check. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let e2e: E2eContext;
let promoter = '';
let admin = '';
let programId = '';
let lots: { _id: string; lotcomm: string; email: string }[] = [];
let nextLot = 0;

// ---------------------------------------------------------------- the API, as staff and buyers use it

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
async function api<T = any>(
  path: string,
  init: { token?: string; method?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function login(email: string): Promise<string> {
  return (await api<{ token: string }>('/users/login', { method: 'POST', body: { email, password: demoPassword } })).body.token;
}

/** The next `count` lots of the program, never used by another planning of this file. */
function takeLots(count: number) {
  const taken = lots.slice(nextLot, nextLot + count);
  nextLot += count;
  if (taken.length < count) throw new Error('not enough lots imported for this file');
  return taken;
}

/**
 * A planning of « Les Jardins de la Cité Radieuse », invitations sent at creation: 90-minute visits,
 * one AMO, the buyers' questions of part 1 §5, up to 2 visitors. `days` working days from Monday
 * 2 December 2030, booking until Friday 29 November 2030 18:00 (Paris) unless told otherwise.
 */
async function planning(
  buyers: number,
  options: { days?: string[]; events?: { start: string; end: string; nbAmo: number }[]; bookingDeadline?: string; name?: string } = {},
) {
  const chosen = takeLots(buyers);
  const body = planningBody(
    programId,
    chosen.map((lot) => lot._id),
    {
      name: options.name ?? 'Livraison bâtiment B',
      phase: 'delivery',
      mTimes: { '1p': ninetyMinutes, '2p': ninetyMinutes, '3p': ninetyMinutes, '4p': ninetyMinutes, '5p': ninetyMinutes },
      broadcastList: chosen.map((lot) => ({ lotId: lot._id, length: ninetyMinutes })),
      events: options.events ?? workingDays('2030-12-02', 12),
      bookingDeadline: options.bookingDeadline ?? '2030-11-29T17:00:00.000Z',
      address,
      contact,
      questions: ['vrSurvey', 'shoeSize', 'visitors'],
      maxVisitorsNb: 2,
    },
  );
  const created = await api('/rdv', { token: promoter, method: 'POST', body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const planningId = created.body.planning._id as string;
  const detail = await api(`/rdv/${planningId}`, { token: promoter });
  const meetings = detail.body.meetings as { uuid: string; guest: { lotcomm: string; mailmonsieur: string } }[];
  return { planningId, meetings };
}

/** A buyer of their own in a 12-day planning (one planning per test: others' bookings never change what it checks). */
async function newBuyer(): Promise<{ planningId: string; uuid: string; lotcomm: string; email: string }> {
  const { planningId, meetings } = await planning(1);
  return { planningId, uuid: meetings[0].uuid, lotcomm: meetings[0].guest.lotcomm, email: meetings[0].guest.mailmonsieur };
}

async function buyerView(uuid: string): Promise<BuyerView> {
  return (await api<BuyerView>(`/rdv/usr/${uuid}`)).body;
}

async function setActive(planningId: string, uuid: string, isActive: boolean): Promise<void> {
  const response = await api(`/rdv/${planningId}/meetings/${uuid}`, { token: promoter, method: 'PATCH', body: { isActive } });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
}

// ---------------------------------------------------------------- Paris time, computed here (not by the SPA's code)

const parisDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long' });
const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hour12: false });
const dayOf = (iso: string) => parisDay.format(new Date(iso));
const timeOf = (iso: string) => parisTime.format(new Date(iso)).replace(/\s?h\s?/, ':');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The offered slots grouped by Paris day, in order: what the page must show. */
function offeredDays(view: BuyerView): { day: string; times: string[]; options: BuyerView['options'] }[] {
  const days = new Map<string, BuyerView['options']>();
  for (const option of view.options) days.set(dayOf(option.startDate), [...(days.get(dayOf(option.startDate)) ?? []), option]);
  return [...days].map(([day, options]) => ({ day, times: options.map((option) => timeOf(option.startDate)), options }));
}

// ---------------------------------------------------------------- browser helpers

/**
 * The buyers' browser, one for the file (a context costs 1–1.6 s of Chromium: docs/testing.md « Where
 * the suite's time goes »); each page opened is a tab of its own. The booking page keeps nothing in
 * the browser (no session, no local storage, no cookie), so a tab starts as a fresh browser would.
 */
let buyersBrowser: BrowserContext | undefined;

async function open(uuid: string, viewport = phone, beforeLoad?: (page: Page) => Promise<void>): Promise<Page> {
  buyersBrowser ??= await e2e.browser.newContext({ viewport: phone, locale: 'fr-FR', timezoneId: 'America/New_York', acceptDownloads: true });
  const page = await buyersBrowser.newPage();
  await page.setViewportSize(viewport);
  await beforeLoad?.(page);
  await page.goto(`${e2e.baseUrl}/entrevue/${uuid}`);
  return page;
}

/** Closes the buyer's page, after the axe check of the page as the step left it (issue 12 point 10). */
async function close(page: Page): Promise<void> {
  if (page.url().includes('/entrevue/')) await expectNoSeriousAxeViolations(page, `/entrevue/{uuid} (${expect.getState().currentTestName})`);
  await page.close();
}

/** The API calls the page makes (observed, never answered by the test). */
function record(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
  });
  return requests;
}
const count = (requests: Request[], method: string, path: string) =>
  requests.filter((request) => request.method() === method && new URL(request.url()).pathname === path).length;

/** Main text of the page (header, state and footer). */
async function text(page: Page): Promise<string> {
  return (await page.locator('.bk').innerText()).replace(/\s+/g, ' ');
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

/**
 * Photographs the state at phone and desktop sizes, each page checked with axe; checks the phone has
 * no sideways scroll. The phone page is handed back, still on the state, for the step to go on with.
 */
async function photograph(uuid: string, name: string, ready: string): Promise<Page> {
  const page = await open(uuid, phone);
  await page.getByText(ready, { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page);
  await page.screenshot({ path: join(SHOTS, `${name}-375.jpg`), fullPage: true });
  await expectNoSeriousAxeViolations(page, `/entrevue/{uuid} (${expect.getState().currentTestName})`);
  const wide = await open(uuid, desktop);
  await wide.getByText(ready, { exact: false }).first().waitFor();
  await wide.waitForLoadState('networkidle');
  await wide.screenshot({ path: join(SHOTS, `${name}-1280.jpg`), fullPage: true });
  await close(wide);
  return page;
}

/** The full French labels of the days shown ('lundi 2 décembre', …). */
function dayLabels(page: Page): Promise<string[]> {
  return page.locator('.bk-day__title .bk-sr').evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim().replace(/^\(|\)$/g, '')));
}

/** A promise and its resolver, to hold a real answer back. */
function gate(): { promise: Promise<void>; open: () => void } {
  let openGate = () => {};
  const promise = new Promise<void>((resolvePromise) => {
    openGate = resolvePromise;
  });
  return { promise, open: openGate };
}

// ---------------------------------------------------------------- the product and its data

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  [promoter, admin] = await Promise.all([login('promoteur@demo.livrea.fr'), login('admin@demo.livrea.fr')]);
  const program = await api('/program/create', {
    token: promoter,
    method: 'POST',
    body: { name: 'Les Jardins de la Cité Radieuse', promotername: 'Promoteur Démo', colors: ['rgb(46, 125, 107)'] },
  });
  programId = program.body._id;
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const logo = await api(`/programs/${programId}/avatar`, { token: promoter, method: 'POST', form });
  if (logo.status >= 300) throw new Error(JSON.stringify(logo.body));
  const imported = await importClientsOverHttp(e2e.baseUrl, admin, programId, clientRows(40, 'B2'));
  if (imported.operation?.status !== 'done') throw new Error(JSON.stringify(imported.operation ?? imported.body));
  lots = (await api(`/programs/${programId}/clients?limit=500`, { token: promoter })).body.clients;
}, 120_000);

afterAll(async () => {
  await buyersBrowser?.close();
  await e2e?.stop();
});

// ---------------------------------------------------------------- tests

describe('part 1 §2 booking page /entrevue/{uuid}: each state, exact texts, phone width', () => {
  it('shows a loading spinner until the meeting arrives', async () => {
    const buyer = await newBuyer();
    const held = gate();
    const page = await open(buyer.uuid, phone, async (loading) => {
      // The real answer, held back until the spinner has been seen.
      await loading.route(`**/api/rdv/usr/${buyer.uuid}`, async (route) => {
        await held.promise;
        await route.continue();
      });
    });
    await page.getByRole('status').filter({ hasText: 'Chargement…' }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'loading-375.jpg') });
    held.open();
    await page.getByRole('heading', { name: 'Choisissez votre rendez-vous' }).waitFor();
    await close(page);
  });

  it("not found: 'Rendez-vous non trouvé', the VPN note and Quitter", async () => {
    const unknown = 'Zk3q9XbT2mLr8VwY4sPaInconnu';
    const page = await photograph(unknown, 'not-found', 'Rendez-vous non trouvé');
    await page.getByRole('heading', { name: 'Rendez-vous non trouvé' }).waitFor();
    expect(await text(page)).toContain('Si vous utilisez un VPN');
    const closed = page
      .waitForEvent('close', { timeout: 3000 })
      .then(() => 'closed')
      .catch(() => 'open');
    await page.getByRole('button', { name: 'Quitter' }).click();
    if ((await closed) === 'open') {
      await page.waitForURL('about:blank');
      await close(page);
    }
  });

  it("disabled: 'Votre rendez-vous a été désactivé. Veuillez contacter' and the contact's links", async () => {
    const buyer = await newBuyer();
    await setActive(buyer.planningId, buyer.uuid, false);
    const page = await photograph(buyer.uuid, 'disabled', 'Veuillez contacter');
    await page.getByText('Votre rendez-vous a été désactivé. Veuillez contacter').waitFor();
    expect(await text(page)).toContain('Madame Claire Martin');
    expect(await page.getByRole('link', { name: /06 12 34 56 78/ }).getAttribute('href')).toBe('tel:0612345678');
    expect(await page.getByRole('link', { name: /claire.martin@promoteur-demo.fr/ }).getAttribute('href')).toBe('mailto:claire.martin@promoteur-demo.fr');
    await close(page);
  });

  it("closed: 'Les prises de rendez-vous sont clôturées.'", async () => {
    // The deadline passes a few seconds after the planning is created (it cannot be set in the past).
    const { meetings } = await planning(1, { bookingDeadline: new Date(Date.now() + 3000).toISOString(), name: 'Clôturé' });
    const uuid = meetings[0].uuid;
    await until('the booking deadline passed', async () => (await buyerView(uuid)).state === 'closed');
    const page = await photograph(uuid, 'closed', 'Les prises de rendez-vous sont clôturées.');
    await page.getByRole('heading', { name: 'Les prises de rendez-vous sont clôturées.' }).waitFor();
    await close(page);
  });

  it('booked: the appointment in Paris time, address with map, calendar file, cancel after confirmation', async () => {
    const buyer = await newBuyer();
    const [option] = (await buyerView(buyer.uuid)).options;
    const bookedNow = await api(`/rdv/book/${buyer.planningId}`, {
      method: 'PATCH',
      body: { usr: buyer.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(bookedNow.status).toBe(200);
    const page = await photograph(buyer.uuid, 'booked', 'Votre rendez-vous');
    const requests = record(page);
    await page.getByRole('heading', { name: 'Votre rendez-vous' }).waitFor();
    const shown = await text(page);
    // Paris time although the browser runs in New York time.
    expect(shown).toContain(capital(parisDate.format(new Date(option.startDate))));
    expect(shown).toContain(`de ${timeOf(option.startDate)} à ${timeOf(new Date(Date.parse(option.startDate) + ninetyMinutes).toISOString())}`);
    expect(shown).toContain('1 h 30');
    expect(shown).toContain('12 avenue des Peupliers prolongée, 69003 Lyon');
    expect(await page.getByRole('link', { name: 'Voir sur la carte' }).getAttribute('href')).toContain(
      'https://www.google.com/maps/search/?api=1&query=12%20avenue',
    );
    const calendar = page.getByRole('link', { name: 'Ajouter au calendrier' });
    expect(await calendar.getAttribute('href')).toBe(`/api/rdv/usr/${buyer.uuid}/ics`);
    expect(await calendar.getAttribute('download')).toBe('rendez-vous.ics');
    // The link downloads the real calendar file of this visit.
    const ics = await fetch(`${e2e.baseUrl}/api/rdv/usr/${buyer.uuid}/ics`);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain(`UID:${buyer.uuid}@livrea`);

    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      `Voulez-vous vraiment annuler votre rendez-vous du ${parisDate.format(new Date(option.startDate))} à ${timeOf(option.startDate)} ?`,
    );
    await page.screenshot({ path: join(SHOTS, 'booked-cancel-confirm-375.jpg'), fullPage: true });
    expect(count(requests, 'PATCH', `/api/rdv/unbook/${buyer.uuid}`)).toBe(0);
    // 'Non' keeps the booking; 'Oui' cancels and the page reloads into the choice.
    await page.getByRole('button', { name: 'Non, conserver' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect((await buyerView(buyer.uuid)).state).toBe('booked');
    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await page.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByRole('heading', { name: 'Choisissez votre rendez-vous' }).waitFor();
    expect(await text(page)).toContain('Rendez-vous annulé');
    expect(count(requests, 'PATCH', `/api/rdv/unbook/${buyer.uuid}`)).toBe(1);
    expect((await buyerView(buyer.uuid)).state).toBe('choice');
    await close(page);
  });

  it('booked and forced by staff: no cancel action, the contact instead', async () => {
    const buyer = await newBuyer();
    const [option] = (await buyerView(buyer.uuid)).options;
    const forced = await api(`/rdv/book-force/${buyer.planningId}`, {
      token: promoter,
      method: 'PATCH',
      body: { selected: buyer.uuid, rdvDate: Date.parse(option.startDate) / 1000, selectedAmo: 0 },
    });
    expect(forced.status).toBe(200);
    const page = await photograph(buyer.uuid, 'booked-forced', 'Ce rendez-vous a été fixé');
    await page.getByText('Ce rendez-vous a été fixé par votre interlocuteur : contactez-le pour le modifier.').waitFor();
    expect(await page.getByRole('button', { name: 'Annuler le rendez-vous' }).count()).toBe(0);
    await close(page);
  });

  it('choice: header, slots grouped by Paris day in pages of 5 days with précédent/suivant', async () => {
    const buyer = await newBuyer();
    const days = offeredDays(await buyerView(buyer.uuid));
    // Twelve working days, each with slots: three pages of days.
    expect(days).toHaveLength(12);
    const page = await photograph(buyer.uuid, 'choice', 'Créneaux disponibles');
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    const shown = await text(page);
    expect(shown).toContain('Les Jardins de la Cité Radieuse');
    expect(shown).toContain('Livraison');
    expect(shown).toContain(`Lot ${buyer.lotcomm}`);
    expect(shown).toContain("Prise de rendez-vous possible jusqu'au vendredi 29 novembre 2030 à 18:00.");
    expect(await page.getByRole('img', { name: 'Logo Les Jardins de la Cité Radieuse' }).count()).toBe(1);

    const previous = page.getByRole('button', { name: 'Précédent', exact: true });
    const next = page.getByRole('button', { name: 'Suivant', exact: true });
    expect(await dayLabels(page)).toEqual(['lundi 2 décembre', 'mardi 3 décembre', 'mercredi 4 décembre', 'jeudi 5 décembre', 'vendredi 6 décembre']);
    expect(await previous.isDisabled()).toBe(true);
    expect(shown).toContain('Jours 1 à 5 sur 12');
    // Paris times of the engine's offer (the browser runs in New York time).
    const monday = page.locator('.bk-day').first();
    expect(await monday.locator('.bk-time').allInnerTexts()).toEqual(days[0].times);

    await next.click();
    expect(await dayLabels(page)).toEqual(['lundi 9 décembre', 'mardi 10 décembre', 'mercredi 11 décembre', 'jeudi 12 décembre', 'vendredi 13 décembre']);
    await next.click();
    expect(await dayLabels(page)).toEqual(['lundi 16 décembre', 'mardi 17 décembre']);
    expect(await text(page)).toContain('Jours 11 à 12 sur 12');
    expect(await next.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Voir les jours suivants' }).count()).toBe(0);
    await expectNoSideScroll(page);
    await previous.click();
    await previous.click();
    expect(await previous.isDisabled()).toBe(true);
    // The button under the stacked days goes to the next page too.
    await page.getByRole('button', { name: 'Voir les jours suivants' }).click();
    expect((await dayLabels(page))[0]).toBe('lundi 9 décembre');
    await close(page);
  });

  it('choice without any slot: a clear message to contact the contact person', async () => {
    // One morning, two buyers of 90 minutes: staff place the first at 09:30, which leaves no 90 minutes
    // for the second (staff are warned that it strands her, and confirm).
    const { planningId, meetings } = await planning(2, { events: workingDays('2030-12-02', 1, { start: 9 * 60, end: 12 * 60 }), name: 'Une matinée' });
    const [first, second] = meetings;
    const at = Date.parse(workingDays('2030-12-02', 1, { start: 9 * 60 + 30, end: 12 * 60 })[0].start) / 1000;
    const forced = await api(`/rdv/book-force/${planningId}`, {
      token: promoter,
      method: 'PATCH',
      body: { selected: first.uuid, rdvDate: at, selectedAmo: 0, confirmStrand: true },
    });
    expect(forced.status).toBe(200);
    const view = await buyerView(second.uuid);
    expect([view.state, view.options]).toEqual(['choice', []]);
    const page = await photograph(second.uuid, 'choice-empty', "Aucun créneau n'est disponible");
    await page.getByText("Aucun créneau n'est disponible pour le moment. Veuillez contacter votre interlocuteur :").waitFor();
    expect(await text(page)).toContain('Madame Claire Martin');
    await close(page);
  });
});

describe('part 1 §2 free booking flow, §5 visitors and shoe sizes, §8 booking failures', () => {
  it('pick a slot → questions → visitors checked (Nom manquant, Prénom manquant) → Valider books and reloads', async () => {
    const buyer = await newBuyer();
    const tuesday = offeredDays(await buyerView(buyer.uuid))[1];
    const option = tuesday.options.at(-1)!;
    const page = await open(buyer.uuid);
    const requests = record(page);
    await page.getByRole('button', { name: `${tuesday.day} à ${timeOf(option.startDate)}` }).click();
    await page.getByRole('heading', { name: `${capital(tuesday.day)} à ${timeOf(option.startDate)}` }).waitFor();
    expect(await text(page)).toContain(`Fin prévue à ${timeOf(new Date(Date.parse(option.startDate) + ninetyMinutes).toISOString())}`);

    // Shoe sizes: 'inconnue' or 35 to 47.
    const shoe = page.getByLabel('Pointure (facultatif)', { exact: true }).first(); // optional, as the spec says (issue 12 point 3)
    expect(await shoe.locator('option').allInnerTexts()).toEqual(['Choisir', 'Inconnue', ...Array.from({ length: 13 }, (_, i) => String(35 + i))]);
    await shoe.selectOption('42');
    await page.getByLabel('Seconde pointure (facultatif)').selectOption('inconnue');
    await page.getByRole('radiogroup', { name: 'Intérêt pour une visite virtuelle' }).getByRole('radio', { name: 'Oui' }).check();

    await page.getByRole('button', { name: 'Ajouter un accompagnant (2 restants)' }).click();
    await page.getByRole('button', { name: 'Ajouter un accompagnant (1 restant)' }).click();
    expect(await text(page)).toContain("Nombre maximum d'accompagnants atteint.");
    expect(await page.getByRole('group', { name: 'Accompagnant 1' }).getByLabel('Rôle (facultatif)').locator('option').allInnerTexts()).toEqual([
      'Choisir',
      'Cuisiniste',
      'Architecte',
      'Ami/Famille',
      'Autre',
    ]);
    await answerVrSurvey(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Nom manquant', { exact: true }).first().waitFor();
    expect(await page.getByText('Nom manquant', { exact: true }).count()).toBe(2);
    expect(await page.getByText('Prénom manquant', { exact: true }).count()).toBe(2);
    expect(count(requests, 'PATCH', `/api/rdv/book/${buyer.planningId}`)).toBe(0);
    await expectNoSideScroll(page);
    await page.screenshot({ path: join(SHOTS, 'booking-form-errors-375.jpg'), fullPage: true });

    await page.getByRole('button', { name: "Retirer l'accompagnant 2" }).click();
    const first = page.getByRole('group', { name: 'Accompagnant 1' });
    await first.getByLabel('Nom', { exact: true }).fill('Durand');
    await first.getByLabel('Prénom', { exact: true }).fill('Léa');
    await first.getByLabel('Rôle (facultatif)').selectOption('architecte');
    expect(await page.getByText('Nom manquant', { exact: true }).count()).toBe(0);

    await answerVrSurvey(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Votre rendez-vous' }).waitFor();
    expect(await text(page)).toContain('Votre rendez-vous est réservé. Un e-mail de confirmation vous a été envoyé.');
    const sent = requests.find((request) => request.method() === 'PATCH');
    expect(sent?.postDataJSON()).toEqual({
      usr: buyer.uuid,
      slot: { startDate: option.startDate, amoNb: option.amoNb },
      label: option.label,
      extra: { isInterestedVr: true, shoeSize: '42', shoeSize2: 'inconnue', visitors: [{ nom: 'Durand', prenom: 'Léa', role: 'architecte' }] },
    });
    // Booked for real, at the chosen time.
    const after = await buyerView(buyer.uuid);
    expect([after.state, after.meeting.start]).toEqual(['booked', option.startDate]);
    await close(page);
  });

  it('the virtual-visit question is marked required (part 1 §2): Valider without an answer says so and books nothing; answered, it books', async () => {
    const { planningId, meetings } = await planning(1, { name: 'Sondage visite virtuelle' });
    const [first] = offeredDays(await buyerView(meetings[0].uuid));
    const page = await open(meetings[0].uuid);
    const requests = record(page);
    await page.getByRole('button', { name: `${first.day} à ${first.times[0]}` }).click();
    const question = page.getByRole('radiogroup', { name: 'Intérêt pour une visite virtuelle' });
    expect(await question.getAttribute('aria-required')).toBe('true');
    expect(await text(page)).toContain('(obligatoire)');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText(bookingMessages.vrSurveyRequired).first().waitFor();
    expect(count(requests, 'PATCH', `/api/rdv/book/${planningId}`)).toBe(0);
    await question.getByRole('radio', { name: 'Non' }).check();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Votre rendez-vous' }).waitFor();
    await close(page);
  });

  it('Retour clears the selected slot and shows the same page of days', async () => {
    const buyer = await newBuyer();
    const sixth = offeredDays(await buyerView(buyer.uuid))[5];
    const page = await open(buyer.uuid);
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.getByRole('button', { name: `${sixth.day} à ${sixth.times[0]}` }).click();
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    expect(await text(page)).toContain('Jours 6 à 10 sur 12');
    await close(page);
  });

  it('a slot taken meanwhile (409): the message and fresh slots at once', async () => {
    const { planningId, meetings } = await planning(2, { name: 'Deux acquéreurs' });
    const [me, other] = meetings;
    const first = offeredDays(await buyerView(me.uuid))[0];
    const taken = first.options[0];
    const page = await open(me.uuid);
    const requests = record(page);
    await page.getByRole('button', { name: `${first.day} à ${timeOf(taken.startDate)}` }).click();
    // Another buyer takes the same slot while this one fills the form.
    const theirs = await api(`/rdv/book/${planningId}`, {
      method: 'PATCH',
      body: { usr: other.uuid, slot: { startDate: taken.startDate, amoNb: taken.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(theirs.status).toBe(200);
    const reads = count(requests, 'GET', `/api/rdv/usr/${me.uuid}`);
    await answerVrSurvey(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText("Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.").waitFor();
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    const fresh = offeredDays(await buyerView(me.uuid)).find((day) => day.day === first.day);
    expect(fresh?.times ?? []).not.toContain(timeOf(taken.startDate));
    await page.waitForFunction((expected) => document.querySelector('.bk-day .bk-time')?.textContent?.trim() === expected, fresh?.times[0]);
    expect(await page.locator('.bk-day').first().locator('.bk-time').allInnerTexts()).toEqual(fresh?.times);
    expect(count(requests, 'GET', `/api/rdv/usr/${me.uuid}`)).toBe(reads + 1);
    expect((await buyerView(me.uuid)).state).toBe('choice');
    await page.screenshot({ path: join(SHOTS, 'booking-409-375.jpg'), fullPage: true });
    await close(page);
  });

  it('another booking failure (the planning deleted meanwhile): the message while the form stays, then the page reloads', async () => {
    const { planningId, meetings } = await planning(1, { name: 'Supprimé' });
    const [first] = offeredDays(await buyerView(meetings[0].uuid));
    const page = await open(meetings[0].uuid);
    const requests = record(page);
    await page.getByRole('button', { name: `${first.day} à ${first.times[0]}` }).click();
    expect((await api(`/rdv/${planningId}?force=true`, { token: admin, method: 'DELETE' })).status).toBe(202);
    const reads = count(requests, 'GET', `/api/rdv/usr/${meetings[0].uuid}`);
    await answerVrSurvey(page);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Rendez-vous non trouvé').first().waitFor();
    // Still on the form right after the message (not reloaded at once, unlike a 409)…
    expect(await page.getByRole('button', { name: 'Valider' }).count()).toBe(1);
    expect(count(requests, 'GET', `/api/rdv/usr/${meetings[0].uuid}`)).toBe(reads);
    // …then reloaded: the page now says the meeting no longer exists.
    await page.getByRole('heading', { name: 'Rendez-vous non trouvé' }).waitFor({ timeout: 10_000 });
    expect(count(requests, 'GET', `/api/rdv/usr/${meetings[0].uuid}`)).toBeGreaterThan(reads);
    await close(page);
  });
});

describe('part 1 §2 unavailable flow (optimistic, rolled back on failure) and data protection §8', () => {
  it("'Cliquez ici' → note required → sent: unavailable at once; 'Vous êtes finalement disponible(s) ?' rolled back when the call fails", async () => {
    const buyer = await newBuyer();
    const note = 'Nous serons à l’étranger tout le mois de décembre.';
    const held = gate();
    // Availability calls reach the real API; a step can hold one back (to look at the page before
    // the answer) or drop it on the way (a network failure: the server never sees it).
    const steps: { wait: Promise<void>; drop: boolean }[] = [{ wait: held.promise, drop: false }];
    const page = await open(buyer.uuid, phone, async (loading) => {
      await loading.route(`**/api/rdv/${buyer.planningId}/broadcastlist`, async (route) => {
        const step = steps.shift();
        if (step) await step.wait;
        if (step?.drop) await route.abort('failed');
        else await route.continue();
      });
    });
    const requests = record(page);
    await page.getByRole('button', { name: 'Cliquez ici' }).click();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Veuillez indiquer les raisons de votre indisponibilité').waitFor();
    expect(count(requests, 'PATCH', `/api/rdv/${buyer.planningId}/broadcastlist`)).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'unavailable-form-375.jpg'), fullPage: true });
    await page.getByLabel('Indiquez-nous les raisons de votre indisponibilité').fill(note);

    await page.getByRole('button', { name: 'Envoyer' }).click();
    // Shown at once, while the call is still pending.
    await page.getByRole('heading', { name: 'Indisponibilité enregistrée' }).waitFor();
    expect(requests.find((request) => request.method() === 'PATCH')?.postDataJSON()).toEqual({ uuid: buyer.uuid, isAvailable: false, note });
    expect((await buyerView(buyer.uuid)).state).toBe('choice');
    held.open();
    await page.getByText('Votre réponse a bien été prise en compte.').waitFor();
    expect((await buyerView(buyer.uuid)).state).toBe('unavailable');
    await expectNoSideScroll(page);
    await page.screenshot({ path: join(SHOTS, 'unavailable-375.jpg'), fullPage: true });

    // The connection drops: the page rolls back to what the server still holds.
    const failing = gate();
    steps.push({ wait: failing.promise, drop: true });
    await page.getByRole('button', { name: 'Vous êtes finalement disponible(s) ?' }).click();
    await page.getByRole('heading', { name: 'Choisissez votre rendez-vous' }).waitFor();
    expect(
      requests
        .filter((request) => request.method() === 'PATCH')
        .at(-1)
        ?.postDataJSON(),
    ).toEqual({ uuid: buyer.uuid, isAvailable: true });
    failing.open();
    await page.getByRole('heading', { name: 'Indisponibilité enregistrée' }).waitFor();
    await page.getByText('Une erreur est apparue.', { exact: true }).waitFor();
    expect(await text(page)).toContain(note);
    expect((await buyerView(buyer.uuid)).state).toBe('unavailable');

    // Available again for real: back to the choice with fresh slots.
    await page.getByRole('button', { name: 'Vous êtes finalement disponible(s) ?' }).click();
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    expect((await buyerView(buyer.uuid)).state).toBe('choice');
    await close(page);
  });

  it('unavailable state at both sizes', async () => {
    const buyer = await newBuyer();
    const saved = await api(`/rdv/${buyer.planningId}/broadcastlist`, {
      method: 'PATCH',
      body: { uuid: buyer.uuid, isAvailable: false, note: 'En déplacement professionnel.' },
    });
    expect(saved.status).toBe(200);
    await close(await photograph(buyer.uuid, 'unavailable', 'Indisponibilité enregistrée'));
  });

  it('data protection: the personal-data mail is asked for; failure shows the catalogue text', async () => {
    const buyer = await newBuyer();
    const page = await open(buyer.uuid);
    const requests = record(page);
    await page.getByRole('button', { name: 'Recevoir mes données personnelles' }).click();
    await page.getByText(/^Un mail vous a été envoyé à l'adresse suivante: .+\. Il contient vos données personnelles\.$/).waitFor();
    expect(requests.find((request) => new URL(request.url()).pathname === '/api/gdpr/ask-info')?.postDataJSON()).toEqual({ uuid: buyer.uuid });
    // The mail really leaves (to the local outbox), to the buyer's address, once: its job runs after the answer.
    const personalDataMails = async () =>
      (await api<{ messages: { to: string[]; subject?: string }[] }>('/dev/outbox', { token: admin })).body.messages.filter(
        (message) => message.to.includes(buyer.email) && message.subject === 'Livrea : vos données personnelles',
      );
    await until('the personal-data mail', async () => (await personalDataMails()).length > 0, 15_000);
    expect(await personalDataMails()).toHaveLength(1);
    await close(page);

    // The planning deleted meanwhile: the request fails.
    const other = await newBuyer();
    const failing = await open(other.uuid);
    await failing.getByRole('button', { name: 'Recevoir mes données personnelles' }).waitFor();
    expect((await api(`/rdv/${other.planningId}?force=true`, { token: admin, method: 'DELETE' })).status).toBe(202);
    await failing.getByRole('button', { name: 'Recevoir mes données personnelles' }).click();
    await failing.getByText('Une erreur est apparue lors de la demande').waitFor();
    await close(failing);
  });
});
