import type { Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, LoginPage, newContext, waitForPath } from './pages/livrea-browser';

/**
 * Part 2 §2.3 'A cross-program plannings list (/promoter/plannings, /amo/plannings) exists …
 * Selecting plannings allows consolidation and deletion', with §4 'Deleting a planning' (refused
 * once invitations were sent or slots booked: 'Ce planning ne peut pas être supprimé.') and §5
 * 'Consolidation'; every column on screen at 1280 px with the side menu open.
 */
jest.setTimeout(150_000);

interface Listed {
  _id: string;
  uuid: string;
  name: string;
  projectId: string;
  templateType: string;
  phase: string;
  mTimes: Record<string, number>;
  events: { start: string }[];
  address: unknown;
  nbInvited: number;
}
interface Meeting {
  length: number;
  guest: { _id: string };
}

describe('cross-program plannings list: selection, consolidation, deletion (part 2 §2.3)', () => {
  let e2e: E2eContext;
  let token = '';
  let invited: Listed;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${e2e.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  /** A new free planning of the demo program, its invitations not sent: it may be deleted. */
  async function createFreePlanning(name: string): Promise<string> {
    const { meetings } = (await api('GET', `/rdv/${invited._id}`)).body as { meetings: Meeting[] };
    const created = await api('POST', '/rdv', {
      projectId: invited.projectId,
      name,
      phase: invited.phase,
      mTimes: invited.mTimes,
      broadcastList: meetings.slice(0, 2).map((meeting) => ({ lotId: meeting.guest._id, length: meeting.length })),
      events: invited.events,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      bookingDeadline: new Date(Math.max(Date.now() + 3_600_000, Date.parse(invited.events[0].start) - 86_400_000)).toISOString(),
      // A dispatch date far ahead: nobody is invited, so the planning may be deleted (part 2 §4).
      launchDate: new Date(Date.parse(invited.events[0].start) - 2 * 86_400_000).toISOString(),
      address: invited.address,
    });
    if (created.status !== 201) throw new Error(`planning creation: ${created.status} ${JSON.stringify(created.body)}`);
    return (created.body.planning ?? created.body)._id as string;
  }

  async function listPage(width = 1280): Promise<Page> {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    await page.goto(`${e2e.baseUrl}/promoter/plannings`);
    await waitForPath(page, '/promoter/plannings');
    await page.locator('table tbody tr').first().waitFor();
    return page;
  }

  beforeAll(async () => {
    e2e = await startE2e();
    const login = await fetch(`${e2e.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }),
    });
    token = ((await login.json()) as { token: string }).token;
    const free = (await api('GET', '/plannings/q?kind=free')).body.plannings as Listed[];
    invited = free.find((planning) => planning.nbInvited > 0)!;
    expect(invited).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it('at 1280 px with the side menu open every column is on screen, « Période » whole; axe clean at 1280 and 390 px', async () => {
    const page = await listPage();
    const table = page.locator('table').first();
    for (const header of ['Nom', 'Programme', 'Phase', 'État', 'Période', 'Fin des réservations', 'Créé le']) {
      const box = await table.locator('th', { hasText: header }).first().boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    }
    // No column is cut: the table does not scroll sideways, and a period shows both its days.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('table')].every((each) => (each.parentElement?.scrollWidth ?? 0) <= (each.parentElement?.clientWidth ?? 0) + 1),
      ),
    ).toBe(true);
    const period = (await page.locator('table tbody tr').first().locator('td').nth(4).innerText()).replace(/\s+/g, ' ');
    expect(period).toMatch(/^\d{2}\/\d{2}\/\d{4}( → \d{2}\/\d{2}\/\d{4})?$/);
    // A date is never broken inside: each cell is as wide as its longest word.
    expect(
      await page.evaluate(
        () => [...document.querySelectorAll('table tbody td, table tbody th')].filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length,
      ),
    ).toBe(0);
    // Under the phase, the kind: 'Libre' or 'Imposé'.
    expect(await page.locator('table tbody tr').first().locator('td').nth(2).innerText()).toMatch(/\n(Libre|Imposé)$/);
    await snapshot(page, 'cross-program-list-1280');
    await expectNoSeriousAxeViolations(page, 'cross-program list at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('table tbody tr').first().waitFor();
    await snapshot(page, 'cross-program-list-390');
    await expectNoSeriousAxeViolations(page, 'cross-program list at 390 px');
    await page.context().close();
  });

  it("two selected free plannings open together in the consolidated view ('Vue consolidée : 2 plannings')", async () => {
    const second = await createFreePlanning('Transversal à consolider');
    const page = await listPage();
    await page.getByRole('checkbox', { name: `Sélectionner ${invited.name}`, exact: true }).check();
    await page.getByRole('checkbox', { name: 'Sélectionner Transversal à consolider', exact: true }).check();
    await page.getByRole('button', { name: 'Consolider', exact: true }).click();
    await page.getByRole('heading', { name: 'Vue consolidée : 2 plannings' }).waitFor();
    expect(new URL(page.url()).searchParams.get('ids')?.split(',').sort()).toEqual([invited._id, second].sort());
    await page.context().close();
  });

  it("deletion asks first; a planning not yet sent is deleted ('Planning supprimé.'), one with invitations sent is refused ('Ce planning ne peut pas être supprimé.')", async () => {
    await createFreePlanning('Transversal à supprimer');
    const page = await listPage();
    await page.getByRole('checkbox', { name: 'Sélectionner Transversal à supprimer', exact: true }).check();
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le planning ?' });
    await dialog.getByText('Transversal à supprimer').waitFor();
    await expectNoSeriousAxeViolations(page, 'cross-program deletion confirmation', '[role="dialog"]');
    await snapshot(page, 'cross-program-delete-confirm');
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await page.getByText('Planning supprimé.').waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('Transversal à supprimer'));
    expect((await api('GET', '/plannings/q?pageSize=100')).body.plannings.some((planning: Listed) => planning.name === 'Transversal à supprimer')).toBe(false);

    await page.getByRole('checkbox', { name: `Sélectionner ${invited.name}`, exact: true }).check();
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await page.getByRole('dialog', { name: 'Supprimer le planning ?' }).getByRole('button', { name: 'Supprimer', exact: true }).click();
    await page
      .getByText(/Ce planning ne peut pas être supprimé/)
      .first()
      .waitFor();
    expect((await api('GET', `/rdv/${invited._id}`)).status).toBe(200);
    await page.context().close();
  });

  it("each page names the browser tab ('Plannings – Livrea', the planning's own name on its page)", async () => {
    const page = await listPage();
    await page.waitForFunction(() => document.title === 'Plannings – Livrea');
    await page.goto(`${e2e.baseUrl}/projets`);
    await page.waitForFunction(() => document.title === 'Programmes – Livrea');
    await page.goto(`${e2e.baseUrl}/projets/${invited.projectId}/plannings-libres/${invited._id}`);
    await page.waitForFunction((name) => document.title === `${name} – Livrea`, invited.name);
    await page.context().close();
  });

  it("planning detail (part 2 §5 bulk actions): the bulk-cancel dialog closes with 'Fermer', never 'Annuler' beside 'Annuler les rendez-vous'; one relance reads 'qui n'a'; the summary never counts more answers than buyers invited", async () => {
    const { meetings } = (await api('GET', `/rdv/${invited._id}`)).body as {
      meetings: (Meeting & { uuid: string; isActive: boolean; isBooked: boolean; forced: string | null; isAvailable: boolean; guest: { lotcomm: string } })[];
    };
    const booked = meetings.find((meeting) => meeting.isActive && (meeting.isBooked || meeting.forced))!;
    const waiting = meetings.find((meeting) => meeting.isActive && !meeting.isBooked && !meeting.forced && meeting.isAvailable)!;
    const page = await listPage();
    await page.goto(`${e2e.baseUrl}/projets/${invited.projectId}/plannings-libres/${invited._id}`);
    const answers = await page
      .getByText(/^\d+ \/ \d+ \(\d+ réservés?\)$/)
      .first()
      .innerText();
    const [answered, reached] = answers.match(/\d+/g)!.map(Number);
    expect(answered).toBeLessThanOrEqual(reached);

    await page.getByRole('checkbox', { name: `Sélectionner le lot ${booked.guest.lotcomm}`, exact: true }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Annuler', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler des rendez-vous' });
    await dialog.getByRole('button', { name: 'Annuler les rendez-vous' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Annuler', exact: true }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'bulk-cancel dialog', '[role="dialog"]');
    await snapshot(page, 'bulk-cancel-dialog-1280');
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('checkbox', { name: `Sélectionner le lot ${booked.guest.lotcomm}`, exact: true }).uncheck();
    await page.getByRole('checkbox', { name: `Sélectionner le lot ${waiting.guest.lotcomm}`, exact: true }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Relance', exact: true }).click();
    await page.getByRole('dialog', { name: 'Relance' }).getByText("Relancer 1 acquéreur qui n'a pas encore réservé ?").waitFor();
    await page.context().close();
  });
});
