import type { Page } from 'playwright-core';
import { closePdfBrowser } from '../../functions/core/exports/render-pdf';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword } from './pages/livrea-browser';
import { eventually } from '../support/eventually';

/**
 * Part 2 §2.9 'Public read-only viewer': the link staff share (and LIEN_PLAN in the buyers'
 * messages) opens the planning's read-only calendar without a session, on a desktop and a phone.
 */
jest.setTimeout(180_000);

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
  let groupLink = '';
  let groupNames: string[] = [];

  beforeAll(async () => {
    e2e = await startE2e();
    const { token } = await api<{ token: string }>(e2e.baseUrl, '/users/login', {
      method: 'POST',
      body: { email: 'promoteur@demo.livrea.fr', password: demoPassword },
    });
    const programs = await api<{ _id: string }[]>(e2e.baseUrl, '/users/me/programs?isActifSelected=true&isArchivedSelected=false', { token });
    const { plannings } = await api<{ plannings: { _id: string; name: string }[] }>(e2e.baseUrl, `/rdv/project/${programs[0]._id}/plannings`, { token });
    planningName = plannings[0].name;
    // Staff share the calendar by e-mail; the recipient opens the link of the mail.
    await api(e2e.baseUrl, `/rdv/${plannings[0]._id}/share-email`, { token, method: 'POST', body: { emails: ['conducteur@chantier.fr'] } });
    // The local outbox is for administrators only.
    const admin = await api<{ token: string }>(e2e.baseUrl, '/users/login', {
      method: 'POST',
      body: { email: 'admin@demo.livrea.fr', password: demoPassword },
    });
    // The share leaves as a job after the answer: the mail is awaited in the outbox.
    const mail = await eventually('the share mail in the outbox', async () => {
      const { messages } = await api<{ messages: OutboxMessage[] }>(e2e.baseUrl, '/dev/outbox', { token: admin.token });
      return messages.find((message) => message.channel === 'email' && message.to.includes('conducteur@chantier.fr'));
    });
    link = /https?:\/\/\S+\/pview\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    // Two plannings of the program together: the group link '/pview/{uuid}&{uuid}' (part 2 §2.9).
    const withUuids = plannings as unknown as { uuid: string; name: string; templateType: string }[];
    const two = withUuids.filter((planning) => planning.templateType === 'promoter' || planning.templateType === 'promoterImpose').slice(0, 2);
    expect(two).toHaveLength(2);
    groupLink = `${e2e.baseUrl}/pview/${two.map((planning) => planning.uuid).join('&')}`;
    groupNames = two.map((planning) => planning.name);
  }, 120_000);

  afterAll(async () => {
    await closePdfBrowser();
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

  it("part 2 §2.9 'PDF export': a reader of the link, without signing in, downloads the calendar's PDF (lot and typology titles, the renderer's PDF)", async () => {
    const page = await open(1280, link);
    await page.getByText(`${planningName} - Visites Cloisons (20 lots)`).waitFor();
    await page.getByRole('button', { name: 'Exporter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter le planning' });
    await dialog.getByText('Vue').first().waitFor();
    // Without a staff session the PDF carries the viewer's own titles: no title choice is offered.
    expect(await dialog.getByText('Titre des rendez-vous').count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'viewer export modal (no session)', '[role="dialog"]');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), dialog.getByRole('button', { name: 'Exporter' }).click()]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/^planning-.*\.pdf$/);
  }, 150_000);

  it("a colour legend names each AMO's colour (one planning) and each planning's colour (a group)", async () => {
    const page = await open(1280, link);
    const legend = page.getByRole('group', { name: 'Couleur des AMO' });
    await legend.waitFor();
    expect(await legend.locator('li').count()).toBeGreaterThanOrEqual(1);
    const group = await open(1280, groupLink);
    const byPlanning = group.getByRole('group', { name: 'Couleur des plannings' });
    await byPlanning.waitFor();
    expect((await byPlanning.locator('li').allInnerTexts()).map((text) => text.trim())).toEqual(groupNames);
    // An imposed planning's answers are its confirmations: never more answers than buyers invited.
    for (const text of await group.getByText(/réponses? sur \d+ invités?/).allInnerTexts()) {
      const [answered, invited] = text.match(/\d+/g)!.map(Number);
      expect(answered).toBeLessThanOrEqual(invited);
    }
  });

  it.each([1280, 390])('two plannings together pass the axe check at %i px (contrast, label and name of every control)', async (width) => {
    const page = await open(width, groupLink);
    await page.getByRole('group', { name: 'Couleur des plannings' }).waitFor();
    await page.locator('.fc-view').first().waitFor();
    await snapshot(page, `planning-viewer-group-${width}`);
    await expectNoSeriousAxeViolations(page, `/pview with two plannings at ${width} px`);
    const single = await open(width, link);
    await single.locator('.fc-view').first().waitFor();
    await snapshot(single, `planning-viewer-single-${width}`);
    await expectNoSeriousAxeViolations(single, `/pview at ${width} px`);
  });

  it("an unknown link shows 'Planning non trouvé' with Quitter", async () => {
    const page = await open(1280, `${e2e.baseUrl}/pview/inconnu12345`);
    await page.getByText('Planning non trouvé').waitFor();
    await page.getByRole('button', { name: 'Quitter' }).waitFor();
  });
});
