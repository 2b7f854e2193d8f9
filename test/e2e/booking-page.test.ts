import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import type { BuyerView } from '../../shared/domain/planning';
import { launchBrowser } from '../support/browser';

/**
 * Part 1 §2 'Public buyer booking page /entrevue/{uuid}', §4 buyer page flow, §5, §8, §9: the built
 * SPA (web/dist) served as static files, the API mocked in the browser (page.route) with one
 * BuyerView per state. Every state is photographed at 375×812 and 1280×800 (test-results/booking/)
 * and must not scroll sideways on a 375 px phone.
 */
// Each state is opened at two sizes, then exercised: more than the default 30 s on a busy machine.
jest.setTimeout(90_000);

const DIST = process.env.WEB_DIST ?? resolve(__dirname, '../../web/dist');
const SHOTS = resolve(__dirname, '../../test-results/booking');
const UUID = 'Zk3q9XbT2mLr8VwY4sPa';
const PLANNING_ID = '0123456789abcdef01234567';

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

// ---------------------------------------------------------------- fixtures

/** Twelve working days from Monday 2 December 2030, three to five times a day (Paris 09:00 = 08:00Z). */
const DAYS = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17'];
function slotsOf(day: string, hoursUtc = [8, 9.5, 13, 14.5, 16]): BuyerView['options'] {
  return hoursUtc.map((hour, index) => {
    const start = new Date(Date.UTC(2030, 11, Number(day), Math.floor(hour), (hour % 1) * 60));
    return {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 90 * 60_000).toISOString(),
      amoNb: index % 2,
      label: `${day}/12 ${start.toISOString().slice(11, 16)}`,
    };
  });
}
const allOptions = DAYS.flatMap((day, index) => slotsOf(day, index % 3 === 0 ? [8, 9.5, 13, 14.5, 16] : [8, 13, 14.5]));

function view(patch: Partial<Omit<BuyerView, 'meeting' | 'planning'>> & { meeting?: Partial<BuyerView['meeting']>; planning?: Partial<BuyerView['planning']> } = {}): BuyerView {
  return {
    state: patch.state ?? 'choice',
    meeting: {
      uuid: UUID,
      guestName: 'Mme et M. Dupont-Lefèvre',
      lotcomm: 'B204',
      typologie: '3p',
      length: 90 * 60_000,
      start: null,
      end: null,
      forced: false,
      isAvailable: true,
      maxVisitorsNb: 2,
      ...patch.meeting,
    },
    planning: {
      _id: PLANNING_ID,
      name: 'Livraison bâtiment B',
      projectName: 'Les Jardins de la Cité Radieuse',
      projectId: 'abcdef0123456789abcdef01',
      promoter: 'Promoteur Démo',
      phase: 'delivery',
      phaseLabel: 'Livraison',
      templateType: 'promoter',
      bookingDeadline: '2030-11-29T17:00:00.000Z',
      address: { numero: '12', rue: 'avenue des Peupliers prolongée', codepostal: '69003', ville: 'Lyon' },
      contact: { contactTitre: 'Madame', contactPrenom: 'Claire', contactNom: 'Martin', contactTelephone: '06 12 34 56 78', contactMail: 'claire.martin@promoteur-demo.fr' },
      questions: ['vrSurvey', 'shoeSize', 'visitors'],
      hasLogo: true,
      ...patch.planning,
    },
    options: patch.options ?? (patch.state === undefined || patch.state === 'choice' ? allOptions : []),
  };
}

const booked = (forced = false) =>
  view({ state: 'booked', meeting: { start: '2030-12-02T08:00:00.000Z', end: '2030-12-02T09:30:00.000Z', forced } });

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="10" fill="#2e7d6b"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">JC</text></svg>';

// ---------------------------------------------------------------- mocked API

interface Reply {
  status: number;
  body?: unknown;
  /** Answer only once this promise settles (to look at the page while a call is pending). */
  wait?: Promise<unknown>;
}
type Handler = (body: unknown) => Reply;
interface Call {
  method: string;
  path: string;
  body: unknown;
}

class MockBookingApi {
  /** null: the meeting is unknown (404). */
  view: BuyerView | null;
  calls: Call[] = [];
  viewGate?: Promise<unknown>;
  book: Handler = () => ({ status: 200, body: { message: 'Votre rendez-vous est réservé. Un e-mail de confirmation vous a été envoyé.' } });
  unbook: Handler = () => ({ status: 200, body: { message: 'Rendez-vous annulé' } });
  availability: Handler = () => ({ status: 200, body: { message: 'Votre réponse a bien été prise en compte.' } });
  gdpr: Handler = () => ({ status: 200, body: { message: "Un mail vous a été envoyé à l'adresse suivante: d***@exemple.fr. Il contient vos données personnelles." } });

  constructor(initial: BuyerView | null) {
    this.view = initial;
  }

  count(method: string, path: string): number {
    return this.calls.filter((call) => call.method === method && call.path === path).length;
  }

  async handle(route: Route): Promise<void> {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const method = request.method();
    let body: unknown;
    try {
      body = request.postDataJSON();
    } catch {
      body = undefined;
    }
    this.calls.push({ method, path, body });
    const json = (reply: Reply) => route.fulfill({ status: reply.status, contentType: 'application/json', body: JSON.stringify(reply.body ?? {}) });
    const answer = async (handler: Handler) => {
      const reply = handler(body);
      if (reply.wait) await reply.wait;
      await json(reply);
    };

    if (method === 'GET' && path === `/api/rdv/usr/${UUID}`) {
      if (this.viewGate) await this.viewGate;
      return this.view ? json({ status: 200, body: this.view }) : json({ status: 404, body: { message: 'Rendez-vous non trouvé' } });
    }
    if (method === 'GET' && path.startsWith('/api/rdv/usr/')) return json({ status: 404, body: { message: 'Rendez-vous non trouvé' } });
    if (method === 'GET' && /^\/api\/programs\/[^/]+\/avatar$/.test(path)) return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: logoSvg });
    if (method === 'PATCH' && path === `/api/rdv/book/${PLANNING_ID}`) return answer(this.book);
    if (method === 'PATCH' && path === `/api/rdv/unbook/${UUID}`) return answer(this.unbook);
    if (method === 'PATCH' && path === `/api/rdv/${PLANNING_ID}/broadcastlist`) return answer(this.availability);
    if (method === 'POST' && path === '/api/gdpr/ask-info') return answer(this.gdpr);
    return json({ status: 404, body: { message: `unexpected ${method} ${path}` } });
  }
}

/** A promise and its resolver, to hold a mocked answer back. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolvePromise) => {
    open = resolvePromise;
  });
  return { promise, open };
}

// ---------------------------------------------------------------- static server for web/dist

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

function serveDist(): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(DIST, pathname));
    const inside = file.startsWith(DIST) && existsSync(file) && statSync(file).isFile();
    const target = inside ? file : join(DIST, 'index.html');
    let content: Buffer;
    try {
      content = readFileSync(target);
    } catch {
      // web/dist is being rebuilt by another process: answer, do not crash the test file.
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[extname(target)] ?? 'application/octet-stream' });
    response.end(content);
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

// ---------------------------------------------------------------- helpers

let server: Server;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: run npm run build`);
  mkdirSync(SHOTS, { recursive: true });
  server = await serveDist();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

async function open(api: MockBookingApi, viewport = phone, uuid = UUID): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'America/New_York', acceptDownloads: true });
  const page = await context.newPage();
  await page.route('**/api/**', (route) => api.handle(route));
  await page.goto(`${baseUrl}/entrevue/${uuid}`);
  return page;
}

async function close(page: Page): Promise<void> {
  await page.context().close();
}

/** Main text of the page (header, state and footer). */
async function text(page: Page): Promise<string> {
  return (await page.locator('.bk').innerText()).replace(/\s+/g, ' ');
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

/** Photographs the state at phone and desktop sizes; checks the phone has no sideways scroll. */
async function photograph(api: () => MockBookingApi, name: string, ready: string): Promise<void> {
  for (const [label, viewport] of [
    ['375', phone],
    ['1280', desktop],
  ] as const) {
    const page = await open(api(), viewport);
    await page.getByText(ready, { exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
    if (label === '375') await expectNoSideScroll(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
    await close(page);
  }
}

/** The full French labels of the days shown ('lundi 2 décembre', …). */
function dayLabels(page: Page): Promise<string[]> {
  return page.locator('.bk-day__title .bk-sr').evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim().replace(/^\(|\)$/g, '')));
}

// ---------------------------------------------------------------- tests

describe('part 1 §2 booking page /entrevue/{uuid}: each state, exact texts, phone width', () => {
  it('shows a loading spinner until the meeting arrives', async () => {
    const api = new MockBookingApi(view());
    const held = gate();
    api.viewGate = held.promise;
    const page = await open(api);
    await page.getByRole('status').filter({ hasText: 'Chargement…' }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'loading-375.png') });
    held.open();
    await page.getByRole('heading', { name: 'Choisissez votre rendez-vous' }).waitFor();
    await close(page);
  });

  it("not found: 'Rendez-vous non trouvé', the VPN note and Quitter", async () => {
    const api = new MockBookingApi(null);
    await photograph(() => api, 'not-found', 'Rendez-vous non trouvé');
    const page = await open(api);
    await page.getByRole('heading', { name: 'Rendez-vous non trouvé' }).waitFor();
    expect(await text(page)).toContain('Si vous utilisez un VPN');
    const closed = page.waitForEvent('close', { timeout: 3000 }).then(() => 'closed').catch(() => 'open');
    await page.getByRole('button', { name: 'Quitter' }).click();
    if ((await closed) === 'open') {
      await page.waitForURL('about:blank');
      await close(page);
    } else {
      await page.context().close();
    }
  });

  it("disabled: 'Votre rendez-vous a été désactivé. Veuillez contacter' and the contact's links", async () => {
    const api = new MockBookingApi(view({ state: 'disabled' }));
    await photograph(() => api, 'disabled', 'Veuillez contacter');
    const page = await open(api);
    await page.getByText('Votre rendez-vous a été désactivé. Veuillez contacter').waitFor();
    expect(await text(page)).toContain('Madame Claire Martin');
    expect(await page.getByRole('link', { name: /06 12 34 56 78/ }).getAttribute('href')).toBe('tel:0612345678');
    expect(await page.getByRole('link', { name: /claire.martin@promoteur-demo.fr/ }).getAttribute('href')).toBe('mailto:claire.martin@promoteur-demo.fr');
    await close(page);
  });

  it("closed: 'Les prises de rendez-vous sont clôturées.'", async () => {
    const api = new MockBookingApi(view({ state: 'closed' }));
    await photograph(() => api, 'closed', 'Les prises de rendez-vous sont clôturées.');
    const page = await open(api);
    await page.getByRole('heading', { name: 'Les prises de rendez-vous sont clôturées.' }).waitFor();
    await close(page);
  });

  it('booked: the appointment in Paris time, address with map, calendar file, cancel after confirmation', async () => {
    const api = new MockBookingApi(booked());
    await photograph(() => api, 'booked', 'Votre rendez-vous');
    const page = await open(api);
    await page.getByRole('heading', { name: 'Votre rendez-vous' }).waitFor();
    const shown = await text(page);
    // 08:00Z in December is 09:00 in Paris (the browser itself runs in New York time).
    expect(shown).toContain('Lundi 2 décembre 2030');
    expect(shown).toContain('de 09:00 à 10:30');
    expect(shown).toContain('1 h 30');
    expect(shown).toContain('12 avenue des Peupliers prolongée, 69003 Lyon');
    expect(await page.getByRole('link', { name: 'Voir sur la carte' }).getAttribute('href')).toContain('https://www.google.com/maps/search/?api=1&query=12%20avenue');
    const calendar = page.getByRole('link', { name: 'Ajouter au calendrier' });
    expect(await calendar.getAttribute('href')).toBe(`/api/rdv/usr/${UUID}/ics`);
    expect(await calendar.getAttribute('download')).toBe('rendez-vous.ics');

    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Voulez-vous vraiment annuler votre rendez-vous du lundi 2 décembre 2030 à 09:00 ?');
    await page.screenshot({ path: join(SHOTS, 'booked-cancel-confirm-375.png'), fullPage: true });
    expect(api.count('PATCH', `/api/rdv/unbook/${UUID}`)).toBe(0);
    // 'Non' keeps the booking; 'Oui' cancels and the page reloads into the choice.
    await page.getByRole('button', { name: 'Non, conserver' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    api.unbook = () => {
      api.view = view();
      return { status: 200, body: { message: 'Rendez-vous annulé' } };
    };
    await page.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByRole('heading', { name: 'Choisissez votre rendez-vous' }).waitFor();
    expect(await text(page)).toContain('Rendez-vous annulé');
    expect(api.count('PATCH', `/api/rdv/unbook/${UUID}`)).toBe(1);
    await close(page);
  });

  it('booked and forced by staff: no cancel action, the contact instead', async () => {
    const api = new MockBookingApi(booked(true));
    await photograph(() => api, 'booked-forced', 'Ce rendez-vous a été fixé');
    const page = await open(api);
    await page.getByText('Ce rendez-vous a été fixé par votre interlocuteur : contactez-le pour le modifier.').waitFor();
    expect(await page.getByRole('button', { name: 'Annuler le rendez-vous' }).count()).toBe(0);
    await close(page);
  });

  it('choice: header, slots grouped by Paris day in pages of 5 days with précédent/suivant', async () => {
    const api = new MockBookingApi(view());
    await photograph(() => api, 'choice', 'Créneaux disponibles');
    const page = await open(api);
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    const shown = await text(page);
    expect(shown).toContain('Les Jardins de la Cité Radieuse');
    expect(shown).toContain('Livraison');
    expect(shown).toContain('Lot B204');
    expect(shown).toContain("Prise de rendez-vous possible jusqu'au vendredi 29 novembre 2030 à 18:00.");
    expect(await page.getByRole('img', { name: 'Logo Les Jardins de la Cité Radieuse' }).count()).toBe(1);

    const previous = page.getByRole('button', { name: 'Précédent', exact: true });
    const next = page.getByRole('button', { name: 'Suivant', exact: true });
    expect(await dayLabels(page)).toEqual(['lundi 2 décembre', 'mardi 3 décembre', 'mercredi 4 décembre', 'jeudi 5 décembre', 'vendredi 6 décembre']);
    expect(await previous.isDisabled()).toBe(true);
    expect(shown).toContain('Jours 1 à 5 sur 12');
    // Paris times: 08:00Z → 09:00, 09:30Z → 10:30, 13:00Z → 14:00.
    const monday = page.locator('.bk-day').first();
    expect(await monday.locator('.bk-time').allInnerTexts()).toEqual(['09:00', '10:30', '14:00', '15:30', '17:00']);

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
    const api = new MockBookingApi(view({ options: [] }));
    await photograph(() => api, 'choice-empty', "Aucun créneau n'est disponible");
    const page = await open(api);
    await page.getByText("Aucun créneau n'est disponible pour le moment. Veuillez contacter votre interlocuteur :").waitFor();
    expect(await text(page)).toContain('Madame Claire Martin');
    await close(page);
  });
});

describe('part 1 §2 free booking flow, §5 visitors and shoe sizes, §8 booking failures', () => {
  it('pick a slot → questions → visitors checked (Nom manquant, Prénom manquant) → Valider books and reloads', async () => {
    const api = new MockBookingApi(view());
    const page = await open(api);
    await page.getByRole('button', { name: 'mardi 3 décembre à 14:00' }).click();
    await page.getByRole('heading', { name: 'Mardi 3 décembre à 14:00' }).waitFor();
    expect(await text(page)).toContain('Fin prévue à 15:30');

    // Shoe sizes: 'inconnue' or 35 to 47.
    const shoe = page.getByLabel('Pointure', { exact: true });
    expect(await shoe.locator('option').allInnerTexts()).toEqual(['Choisir', 'Inconnue', ...Array.from({ length: 13 }, (_, i) => String(35 + i))]);
    await shoe.selectOption('42');
    await page.getByLabel('Seconde pointure (facultatif)').selectOption('inconnue');
    await page.getByLabel('Je suis intéressé(e) par une visite virtuelle de mon logement').check();

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
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Nom manquant', { exact: true }).first().waitFor();
    expect(await page.getByText('Nom manquant', { exact: true }).count()).toBe(2);
    expect(await page.getByText('Prénom manquant', { exact: true }).count()).toBe(2);
    expect(api.count('PATCH', `/api/rdv/book/${PLANNING_ID}`)).toBe(0);
    await expectNoSideScroll(page);
    await page.screenshot({ path: join(SHOTS, 'booking-form-errors-375.png'), fullPage: true });

    await page.getByRole('button', { name: "Retirer l'accompagnant 2" }).click();
    const first = page.getByRole('group', { name: 'Accompagnant 1' });
    await first.getByLabel('Nom', { exact: true }).fill('Durand');
    await first.getByLabel('Prénom', { exact: true }).fill('Léa');
    await first.getByLabel('Rôle (facultatif)').selectOption('architecte');
    expect(await page.getByText('Nom manquant', { exact: true }).count()).toBe(0);

    api.book = () => {
      api.view = booked();
      return { status: 200, body: { message: 'Votre rendez-vous est réservé. Un e-mail de confirmation vous a été envoyé.' } };
    };
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByRole('heading', { name: 'Votre rendez-vous' }).waitFor();
    expect(await text(page)).toContain('Votre rendez-vous est réservé. Un e-mail de confirmation vous a été envoyé.');
    const call = api.calls.find((item) => item.method === 'PATCH');
    expect(call?.body).toEqual({
      usr: UUID,
      slot: { startDate: '2030-12-03T13:00:00.000Z', amoNb: 1 },
      label: '03/12 13:00',
      extra: { isInterestedVr: true, shoeSize: '42', shoeSize2: 'inconnue', visitors: [{ nom: 'Durand', prenom: 'Léa', role: 'architecte' }] },
    });
    await close(page);
  });

  it('Retour clears the selected slot and shows the same page of days', async () => {
    const api = new MockBookingApi(view());
    const page = await open(api);
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.getByRole('button', { name: 'mercredi 11 décembre à 09:00' }).click();
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    expect(await text(page)).toContain('Jours 6 à 10 sur 12');
    await close(page);
  });

  it('a slot taken meanwhile (409): the message and fresh slots at once', async () => {
    const api = new MockBookingApi(view());
    const page = await open(api);
    const taken = '2030-12-02T08:00:00.000Z';
    api.book = () => {
      api.view = view({ options: allOptions.filter((option) => option.startDate !== taken) });
      return { status: 409, body: { message: "Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre." } };
    };
    await page.getByRole('button', { name: 'lundi 2 décembre à 09:00' }).click();
    const reads = api.count('GET', `/api/rdv/usr/${UUID}`);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText("Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.").waitFor();
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    await page.locator('.bk-day').first().locator('.bk-time', { hasText: '10:30' }).waitFor();
    expect(await page.locator('.bk-day').first().locator('.bk-time').allInnerTexts()).toEqual(['10:30', '14:00', '15:30', '17:00']);
    expect(api.count('GET', `/api/rdv/usr/${UUID}`)).toBe(reads + 1);
    await page.screenshot({ path: join(SHOTS, 'booking-409-375.png'), fullPage: true });
    await close(page);
  });

  it('another booking failure: the message, then the page reloads after 1.5 s', async () => {
    const api = new MockBookingApi(view({ planning: { questions: [] } }));
    const page = await open(api);
    api.book = () => ({ status: 500, body: { message: 'Une erreur est survenue. Veuillez réessayer.' } });
    await page.getByRole('button', { name: 'jeudi 5 décembre à 09:00' }).click();
    const reads = api.count('GET', `/api/rdv/usr/${UUID}`);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Une erreur est survenue. Veuillez réessayer.').waitFor();
    const shownAt = Date.now();
    // Still on the form right after the message; back to the slots once reloaded.
    expect(await page.getByRole('button', { name: 'Valider' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1200);
    expect(api.count('GET', `/api/rdv/usr/${UUID}`)).toBe(reads + 1);
    await close(page);
  });
});

describe('part 1 §2 unavailable flow (optimistic, rolled back on failure) and data protection §8', () => {
  it("'Cliquez ici' → note required → sent: unavailable at once; 'Vous êtes finalement disponible(s) ?' rolled back when the call fails", async () => {
    const api = new MockBookingApi(view());
    const page = await open(api);
    await page.getByRole('button', { name: 'Cliquez ici' }).click();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Veuillez indiquer les raisons de votre indisponibilité').waitFor();
    expect(api.count('PATCH', `/api/rdv/${PLANNING_ID}/broadcastlist`)).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'unavailable-form-375.png'), fullPage: true });
    await page.getByLabel('Indiquez-nous les raisons de votre indisponibilité').fill('Nous serons à l’étranger tout le mois de décembre.');

    const held = gate();
    api.availability = () => {
      api.view = view({ state: 'unavailable', meeting: { isAvailable: false, note: 'Nous serons à l’étranger tout le mois de décembre.' } });
      return { status: 200, body: { message: 'Votre réponse a bien été prise en compte.' }, wait: held.promise };
    };
    await page.getByRole('button', { name: 'Envoyer' }).click();
    // Shown at once, while the call is still pending.
    await page.getByRole('heading', { name: 'Indisponibilité enregistrée' }).waitFor();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ uuid: UUID, isAvailable: false, note: 'Nous serons à l’étranger tout le mois de décembre.' });
    held.open();
    await page.getByText('Votre réponse a bien été prise en compte.').waitFor();
    await expectNoSideScroll(page);
    await page.screenshot({ path: join(SHOTS, 'unavailable-375.png'), fullPage: true });

    const failing = gate();
    api.availability = () => ({ status: 500, body: { message: 'boom' }, wait: failing.promise });
    await page.getByRole('button', { name: 'Vous êtes finalement disponible(s) ?' }).click();
    await page.getByRole('heading', { name: 'Choisissez votre rendez-vous' }).waitFor();
    expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ uuid: UUID, isAvailable: true });
    failing.open();
    await page.getByRole('heading', { name: 'Indisponibilité enregistrée' }).waitFor();
    await page.getByText('Une erreur est apparue.', { exact: true }).waitFor();
    expect(await text(page)).toContain('Nous serons à l’étranger tout le mois de décembre.');

    // Available again for real: back to the choice with fresh slots.
    api.availability = () => {
      api.view = view();
      return { status: 200, body: { message: 'Votre réponse a bien été prise en compte.' } };
    };
    await page.getByRole('button', { name: 'Vous êtes finalement disponible(s) ?' }).click();
    await page.getByRole('heading', { name: 'Créneaux disponibles' }).waitFor();
    await close(page);
  });

  it('unavailable state at both sizes', async () => {
    const api = new MockBookingApi(view({ state: 'unavailable', meeting: { isAvailable: false, note: 'En déplacement professionnel.' } }));
    await photograph(() => api, 'unavailable', 'Indisponibilité enregistrée');
  });

  it('data protection: the personal-data mail is asked for; failure shows the catalogue text', async () => {
    const api = new MockBookingApi(view());
    const page = await open(api);
    await page.getByRole('button', { name: 'Recevoir mes données personnelles' }).click();
    await page.getByText("Un mail vous a été envoyé à l'adresse suivante: d***@exemple.fr. Il contient vos données personnelles.").waitFor();
    expect(api.calls.find((call) => call.path === '/api/gdpr/ask-info')?.body).toEqual({ uuid: UUID });
    await close(page);

    api.gdpr = () => ({ status: 500, body: { message: 'panne' } });
    const failing = await open(api);
    await failing.getByRole('button', { name: 'Recevoir mes données personnelles' }).click();
    await failing.getByText('Une erreur est apparue lors de la demande').waitFor();
    await close(failing);
  });
});
