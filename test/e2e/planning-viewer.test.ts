import type { Page } from 'playwright-core';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword } from './pages/livrea-browser';

/**
 * Part 2 §2.9 'Public read-only viewer': the link staff share (and LIEN_PLAN in the buyers'
 * messages) opens the planning's read-only calendar without a session, on a desktop and a phone.
 */
jest.setTimeout(90_000);

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string[];
  text: string;
}

async function api<T>(baseUrl: string, path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('public read-only calendar /pview/{uuid} (part 2 §2.9)', () => {
  let e2e: E2eContext;
  let link = '';
  let planningName = '';

  beforeAll(async () => {
    e2e = await startE2e();
    const { token } = await api<{ token: string }>(e2e.baseUrl, '/users/login', { method: 'POST', body: { email: 'promoteur@demo.livrea.fr', password: demoPassword } });
    const programs = await api<{ _id: string }[]>(e2e.baseUrl, '/users/me/programs?isActifSelected=true&isArchivedSelected=false', { token });
    const { plannings } = await api<{ plannings: { _id: string; name: string }[] }>(e2e.baseUrl, `/rdv/project/${programs[0]._id}/plannings`, { token });
    planningName = plannings[0].name;
    // Staff share the calendar by e-mail; the recipient opens the link of the mail.
    await api(e2e.baseUrl, `/rdv/${plannings[0]._id}/share-email`, { token, method: 'POST', body: { emails: ['conducteur@chantier.fr'] } });
    // The local outbox is for administrators only.
    const admin = await api<{ token: string }>(e2e.baseUrl, '/users/login', { method: 'POST', body: { email: 'admin@demo.livrea.fr', password: demoPassword } });
    const { messages } = await api<{ messages: OutboxMessage[] }>(e2e.baseUrl, '/dev/outbox', { token: admin.token });
    const mail = messages.find((message) => message.channel === 'email' && message.to.includes('conducteur@chantier.fr'))!;
    link = /https?:\/\/\S+\/pview\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  async function open(width: number, url: string): Promise<Page> {
    const context = await e2e.browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  it("the shared link shows 'name - Visites {phase} (n lots)', the response rate and the booked visits by lot and typology, without signing in", async () => {
    const page = await open(1280, link);
    await page.getByText(`${planningName} - Visites Cloisons (20 lots)`).waitFor();
    await page.getByText('6 réponses sur 20 invités').waitFor();
    expect(await page.locator('.fc-timegrid-event').count()).toBe(6);
    expect(await page.locator('.fc-timegrid-event').first().innerText()).toMatch(/A\d{3} [1-5]p/);
    expect(new URL(page.url()).pathname).toMatch(/^\/pview\//);
    await page.getByRole('button', { name: 'Mois' }).click();
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await snapshot(page, 'planning-viewer-desktop');
  });

  it('on a 375-px phone it opens on one day, without sideways scrolling', async () => {
    const page = await open(375, link);
    await page.locator('.fc-timeGridDay-view').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snapshot(page, 'planning-viewer-phone');
  });

  it("an unknown link shows 'Planning non trouvé' with Quitter", async () => {
    const page = await open(1280, `${e2e.baseUrl}/pview/inconnu12345`);
    await page.getByText('Planning non trouvé').waitFor();
    await page.getByRole('button', { name: 'Quitter' }).waitFor();
  });
});
