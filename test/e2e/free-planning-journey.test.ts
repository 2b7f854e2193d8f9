import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { planningBody } from '../support/planning-fixtures';
import { FreePlanningScreen, visitRange } from './pages/free-planning-screen';
import { demoPassword, LoginPage, newContext, StaffShell, waitForPath, answerVrSurvey } from './pages/livrea-browser';
import { eventually, readUntil } from '../support/eventually';

/**
 * Part 2 §2.3 (plannings list), §2.4 (free creation), §5, §8: a promoter creates a free planning
 * for 10 lots of « Les Jardins du Parc » and the invitations leave at once (10 e-mails, 10 SMS in
 * the local outbox); the plannings list shows the planning.
 */
jest.setTimeout(180_000);

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string[];
  text: string;
}

async function apiToken(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function api<T>(baseUrl: string, token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('free planning journey (part 2 §2.3, §2.4)', () => {
  let e2e: E2eContext;
  let promoter: { context: BrowserContext; page: Page };
  let programId = '';
  let adminToken = '';
  let promoterToken = '';
  const planningName = `Visites choix ${Date.now().toString(36)}`;

  /**
   * A « Choix » planning of the demo program made through the API (as the creation screen does),
   * invitations leaving at once: what a test needs when it is not the creation test itself, so
   * that any test runs alone (-t) or in any order.
   */
  async function apiPlanning(name: string, lots: number): Promise<{ planningId: string; meetings: { uuid: string }[] }> {
    const program = await api<{ clients: { _id: string }[] }>(e2e.baseUrl, promoterToken, `/programs/${programId}/clients?limit=500`);
    const lotIds = program.clients.slice(-lots).map((lot) => lot._id);
    const created = await api<{ planning: { _id: string } }>(
      e2e.baseUrl,
      promoterToken,
      '/rdv',
      'POST',
      planningBody(programId, lotIds, { name, phase: 'choices' }),
    );
    const detail = await api<{ meetings: { uuid: string }[] }>(e2e.baseUrl, promoterToken, `/rdv/${created.planning._id}`);
    return { planningId: created.planning._id, meetings: detail.meetings };
  }

  /** The invitation mail of a buyer, once the poller has sent it. */
  async function invitationOf(uuid: string): Promise<OutboxMessage> {
    return eventually(`the invitation of ${uuid}`, async () => {
      const { messages } = await api<{ messages: OutboxMessage[] }>(e2e.baseUrl, adminToken, '/dev/outbox');
      return messages.find((message) => message.channel === 'email' && message.text.includes(`/entrevue/${uuid}`));
    });
  }

  beforeAll(async () => {
    e2e = await startE2e();
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    promoter = { context, page };
    adminToken = await apiToken(e2e.baseUrl, 'admin@demo.livrea.fr');
    promoterToken = await apiToken(e2e.baseUrl, 'promoteur@demo.livrea.fr');
    const programs = await api<{ _id: string; name: string }[]>(e2e.baseUrl, promoterToken, '/users/me/programs?isActifSelected=true&isArchivedSelected=false');
    programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  afterEach(async () => {
    const name =
      expect
        .getState()
        .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 80) ?? 'step';
    await snapshot(promoter.page, `free-planning-${name}`).catch(() => undefined);
    // Every screen a step leaves passes the axe check.
    await expectNoSeriousAxeViolations(promoter.page, `${promoter.page.url()} (${name})`);
  });

  it('§2.3 the plannings list shows the demo planning with its state tag and offers Libre', async () => {
    await promoter.page.goto(`${e2e.baseUrl}/projets/${programId}/plannings`);
    await promoter.page.getByText('Visites cloisons – bâtiment A').waitFor();
    await promoter.page.getByText('En cours de réservation').first().waitFor();

    await promoter.page.getByRole('button', { name: 'Plannings', exact: true }).click();
    await promoter.page.getByRole('menuitem', { name: 'Libre' }).click();

    await waitForPath(promoter.page, `/projets/${programId}/plannings/nouveau`);
  });

  it('§2.4 a promoter creates a free planning for 10 lots; 10 e-mails and 10 SMS leave at once', async () => {
    // Prepare
    await api(e2e.baseUrl, adminToken, '/dev/outbox', 'DELETE');
    const screen = new FreePlanningScreen(promoter.page, e2e.baseUrl);
    const { start, end } = visitRange();
    await screen.open(programId);

    // Act
    await screen.chooseDays(start, end);
    await screen.selectFirstLots();
    await promoter.page.getByText('(10/40)').waitFor();
    expect(await promoter.page.getByRole('button', { name: 'Créer', exact: true }).isEnabled()).toBe(true);
    await screen.create();
    // Without a name the form is refused with the specification's texts.
    await new StaffShell(promoter.page).waitForNotification('Veuillez revoir le formulaire. Des informations sont manquantes.');
    await promoter.page.getByText('Veuillez séléctionner un nom pour retrouver cette prise de rendez-vous', { exact: true }).waitFor();
    await screen.name(planningName);
    await screen.create();

    // Assess
    await new StaffShell(promoter.page).waitForNotification('Nouveau planning créé avec succès');
    // The creation is followed to its end, then the new planning opens (docs/architecture.md « Planning creation »).
    await waitForPath(promoter.page, new RegExp(`^/projets/${programId}/plannings-libres/[a-f0-9]{24}$`));
    const planningId = new URL(promoter.page.url()).pathname.split('/').pop()!;
    // part 2 §2.3: the list follows what the server does (invitations leave after creation),
    // without a reload (the breadcrumb, inside the app): '10 invités', never a stale '2 invités'.
    await promoter.page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Plannings', exact: true }).click();
    await waitForPath(promoter.page, `/projets/${programId}/plannings`);
    await promoter.page
      .locator('tr', { hasText: planningName })
      .getByText(/^10 invités/)
      .waitFor({ timeout: 20_000 });
    // Only this planning's invitations: the demo's own scheduled sends may leave meanwhile on a slow machine.
    const { rows } = await api<{ rows: { uuid: string }[] }>(e2e.baseUrl, adminToken, `/rdv/${planningId}/participants?page=1&pageSize=50&sort=lot&desc=false`);
    const links = rows.map((row) => `/entrevue/${row.uuid}`);
    const messages = await readUntil(
      async () =>
        (await api<{ messages: OutboxMessage[] }>(e2e.baseUrl, adminToken, '/dev/outbox')).messages.filter((message) =>
          links.some((link) => message.text.includes(link)),
        ),
      (read) => read.filter((message) => message.channel === 'email').length >= 10 && read.filter((message) => message.channel === 'sms').length >= 10,
    );
    expect(messages.filter((message) => message.channel === 'email')).toHaveLength(10);
    expect(messages.filter((message) => message.channel === 'sms')).toHaveLength(10);
    expect(new Set(messages.filter((message) => message.channel === 'email').flatMap((message) => message.to)).size).toBe(10);
  });

  it('part 1 §2: a buyer opens the link from the mail on a phone, books, and receives the confirmation', async () => {
    // Prepare: the invitation mail of one buyer of a planning of its own
    const { meetings } = await apiPlanning(`Visites acquéreur ${Date.now().toString(36)}`, 1);
    const invitation = await invitationOf(meetings[0].uuid);
    const link = /https?:\/\/\S+\/entrevue\/[A-Za-z0-9_-]+/.exec(invitation.text)![0];
    const buyerAddress = invitation.to[0];
    const phone = await e2e.browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const page = await phone.newPage();

    // Act: open the link as received (same origin as the test server), pick the first slot, Valider
    await page.goto(link.replace(/^https?:\/\/[^/]+/, e2e.baseUrl));
    const firstSlot = page.locator('button.bk-time').first();
    await firstSlot.waitFor();
    const chosen = (await firstSlot.getAttribute('aria-label')) ?? '';
    await firstSlot.click();
    await answerVrSurvey(page);
    await page.getByRole('button', { name: 'Valider' }).click();

    // Assess: the page shows the booked visit, fits a 375-px screen, and the confirmation left
    await page.getByText('Rendez-vous réservé').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snapshot(page, 'free-planning-buyer-booked');
    const confirmation = await readUntil(
      async () =>
        (await api<{ messages: (OutboxMessage & { subject?: string })[] }>(e2e.baseUrl, adminToken, '/dev/outbox')).messages.find(
          (message) => message.channel === 'email' && message.to.includes(buyerAddress) && message.subject?.includes('rendez-vous confirmé'),
        ),
      (found) => found !== undefined,
    );
    expect(confirmation?.text).toContain('est confirmé le');
    expect(chosen).toMatch(/à \d{2}:\d{2}$/);
    await phone.close();
  });

  describe('a planning of ten buyers, one of whom booked', () => {
    const bookedName = `Visites choix réservé ${Date.now().toString(36)}`;

    beforeAll(async () => {
      const { planningId, meetings } = await apiPlanning(bookedName, 10);
      await invitationOf(meetings[0].uuid);
      const view = await api<{ options: { startDate: string; amoNb: number }[] }>(e2e.baseUrl, '', `/rdv/usr/${meetings[0].uuid}`);
      await api(e2e.baseUrl, '', `/rdv/book/${planningId}`, 'PATCH', {
        usr: meetings[0].uuid,
        slot: view.options[0],
        extra: { isInterestedVr: false, visitors: [] },
      });
      // Every invitation and the confirmation have left (the log is complete).
      await readUntil(
        async () => (await api<{ deliveries: { status: string }[] }>(e2e.baseUrl, promoterToken, `/rdv/${planningId}/deliveries`)).deliveries,
        (deliveries) => deliveries.length >= 21 && deliveries.every((delivery) => delivery.status === 'sent'),
      );
    }, 120_000);

    it('§2.3 the plannings list shows 10 % progress after one booking of ten', async () => {
      await promoter.page.goto(`${e2e.baseUrl}/projets/${programId}/plannings`);
      const row = promoter.page.locator('tr', { hasText: bookedName });
      await row.waitFor();
      await row.getByText('10%').or(row.getByText('10 %')).first().waitFor();
    });

    it("staff read the planning's delivery log ('Journal des envois'): 10 invitations by e-mail and 10 by SMS, sent", async () => {
      await promoter.page.goto(`${e2e.baseUrl}/projets/${programId}/plannings`);
      const row = promoter.page.locator('tr', { hasText: bookedName });
      await row.getByRole('checkbox').check();
      await promoter.page.getByRole('button', { name: 'Journal des envois' }).click();
      const dialog = promoter.page.getByRole('dialog');
      await dialog.getByText(`Journal des envois · ${bookedName}`).waitFor();
      await dialog.getByText(/^2[0-9] envoyés · 0 échec · 0 en cours$/).waitFor();
      const lines = dialog.locator('tbody tr', { hasText: 'Invitation' });
      expect(await lines.filter({ hasText: 'E-mail' }).count()).toBe(10);
      expect(await lines.filter({ hasText: 'SMS' }).count()).toBe(10);
      expect(await dialog.locator('tbody tr', { hasText: 'Confirmation' }).count()).toBeGreaterThanOrEqual(1);
      await snapshot(promoter.page, 'free-planning-delivery-log');
      await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    });

    it('§2.3 the plannings list shows the new planning, 10 invited', async () => {
      await promoter.page.goto(`${e2e.baseUrl}/projets/${programId}/plannings`);
      const row = promoter.page.locator('tr', { hasText: bookedName });
      await row.waitFor();
      expect(await row.innerText()).toContain('Choix');
      expect(await row.innerText()).toContain('10 invités');
      expect(await row.innerText()).toContain('En cours de réservation');
    });
  });
});
