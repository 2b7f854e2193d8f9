import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { OutboxMessage } from '../../functions/data/outbox-repository';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { imposedMeetingStatus } from '../../shared/rules/meeting-status';
import { demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * Part 2 §2.7, the imposed detail page in the browser on the demo program's imposed planning
 * (some answers, one force majeure): the counts and statuses, relance, cancel, the editing flags,
 * adding a buyer with a start and the convocation mail, and 'Planning imposé non trouvé'. The
 * creation, the buyers' answers from the mailed links and the move are the creation journey's
 * (imposed-creation-journey.test.ts). Screens at 390 and 1280 px in /tmp/shots/13d/.
 */
// A step takes 2–7 s on a quiet machine and passed 60 s at CI's load: the limit leaves room.
jest.setTimeout(240_000);

let e2e: E2eContext;
let promoter = '';
let admin = '';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
async function api<T = any>(path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const login = async (email: string) => (await api<{ token: string }>('/users/login', { method: 'POST', body: { email, password: demoPassword } })).body.token;
const outbox = async () => (await api<{ messages: OutboxMessage[] }>('/dev/outbox', { token: admin })).body.messages;

interface Row {
  uuid: string;
  isConfirmed: boolean;
  isActive: boolean;
  start: string;
  guest: { mailmonsieur: string; lotcomm: string };
}

beforeAll(async () => {
  e2e = await startE2e();
  [promoter, admin] = await Promise.all([login('promoteur@demo.livrea.fr'), login('admin@demo.livrea.fr')]);
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

// part 2 §2.7 (imposed detail page): the page in the browser, relance and cancel from it, the counts.
describe('imposed planning detail page (part 2 §2.7)', () => {
  const DETAIL_SHOTS = '/tmp/shots/13d';
  let programId = '';
  let planningId = '';
  let name = '';
  let staff: import('playwright-core').BrowserContext;
  let page: Page;
  let screen: PlanningDetailScreen;

  interface Counters {
    nbInvited: number;
    nbConfirmed: number;
    nbNotAvailable: number;
  }
  const read = async () =>
    (
      await api<{ planning: Counters & { name: string }; meetings: (Row & { isAvailable: boolean; relancesMail: string[] })[] }>(`/rdv/${planningId}`, {
        token: promoter,
      })
    ).body;
  const statusOf = (meeting: { isActive: boolean; isConfirmed: boolean; isAvailable: boolean }) => imposedMeetingStatus(meeting);
  /** The summary's figures as the page must show them (part 2 §4 progress; 'Réponses' = confirmed + not available). */
  const expectCounts = async ({ planning }: { planning: Counters }) => {
    const answered = planning.nbConfirmed + planning.nbNotAvailable;
    await page
      .getByText(`${answered} / ${planning.nbInvited} (${planning.nbConfirmed} confirmé${planning.nbConfirmed > 1 ? 's' : ''})`, { exact: true })
      .waitFor();
    await page.getByText(`${planning.nbConfirmed} / ${planning.nbInvited} convoqués`, { exact: true }).waitFor();
    await page.getByRole('img', { name: `Progression : ${Math.round((answered / planning.nbInvited) * 100)} %` }).waitFor();
  };
  /** Screens at 390 and 1280 px: the whole page, or what the viewport shows when a dialog is open. */
  async function shootDetail(shot: string, fullPage = true): Promise<void> {
    mkdirSync(DETAIL_SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${DETAIL_SHOTS}/${shot}-${width}.jpg`, fullPage, timeout: 30_000 });
    }
  }

  beforeAll(async () => {
    programId = (await api<{ _id: string }[]>('/users/me/programs', { token: promoter })).body[0]._id;
    const { plannings } = (
      await api<{ plannings: { _id: string; templateType: string; name: string }[] }>(`/rdv/project/${programId}/plannings`, { token: promoter })
    ).body;
    const imposed = plannings.find((planning) => planning.templateType === 'promoterImpose')!;
    [planningId, name] = [imposed._id, imposed.name];
    staff = await newContext(e2e.browser);
    page = await staff.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    screen = new PlanningDetailScreen(page, e2e.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await staff?.close();
  });

  afterEach(async () => {
    // A failed step leaves no dialog open over the next one.
    for (let attempt = 0; attempt < 3 && (await screen.modal().count()) > 0; attempt += 1) await page.keyboard.press('Escape');
  });

  it("part 2 §2.7 the imposed detail page shows the Convocation tag, présent / indisponible / en attente, 'Réponses' (confirmed + not available) / invited, the hours of the days against the total visit duration", async () => {
    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${planningId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const state = await read();
    await page.getByRole('heading', { name: `Participants (${state.meetings.length})` }).waitFor();
    await expectCounts(state);
    for (const meeting of state.meetings.slice(0, 4)) await screen.waitForRowStatus(meeting.guest.lotcomm, statusOf(meeting));
    // Part 2 §2.7: no slot grid for an imposed planning, the hours come from its days (never « Calcul… »).
    expect(await page.getByText('Calcul…').count()).toBe(0);
    await page.getByText(/^Marge /).waitFor();
    await expectNoSeriousAxeViolations(page, 'planning imposé (détail)');
    await shootDetail('imposed-detail');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("part 2 §5 relance from the imposed page: refused with the reason when an answered buyer is selected; sent to an 'en attente' buyer, who gets the convocation relance", async () => {
    const state = await read();
    const answered = state.meetings.find((meeting) => statusOf(meeting) === 'présent')!;
    const waiting = state.meetings.find((meeting) => statusOf(meeting) === 'en attente')!;
    await screen.select([answered.guest.lotcomm, waiting.guest.lotcomm]);
    await screen.selectionAction('Relance');
    expect(await screen.notification('Relance impossible pour cette sélection')).toContain('1 acquéreur ayant déjà répondu');
    await screen.unselect([answered.guest.lotcomm]);
    await screen.selectionDialog('Relance');
    await screen.modal().getByText("Relancer 1 acquéreur qui n'a pas encore répondu à sa convocation ?").waitFor();
    await expectNoSeriousAxeViolations(page, 'relance (imposé)');
    await shootDetail('imposed-relance-modal', false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screen.modal().getByRole('button', { name: 'Relancer', exact: true }).click();
    await screen.notification('Envoi de 1 relance en cours.');
    await screen.unselect([waiting.guest.lotcomm]);
    const relances = await readUntil(
      async () =>
        (await outbox()).filter(
          (message) => message.to.includes(waiting.guest.mailmonsieur) && message.subject?.includes('merci de répondre à votre convocation'),
        ),
      (found) => found.length > 0,
    );
    expect(relances).toHaveLength(1);
    expect(relances[0].text).toContain(`/entrevue/${waiting.uuid}`);
  });

  it("part 2 §5 cancel from the imposed page: an 'indisponible' convocation is cancelled, the row turns « inactif » and the counts follow; the edit form explains the locked flags", async () => {
    const before = await read();
    const unavailable = before.meetings.find((meeting) => statusOf(meeting) === 'indisponible')!;
    await screen.select([unavailable.guest.lotcomm]);
    await screen.selectionDialog('Annuler');
    await screen.modal().getByText('Annuler 1 convocation ? Les créneaux seront libérés et les acquéreurs passeront inactifs.').waitFor();
    await screen.modal().getByRole('button', { name: 'Annuler les rendez-vous (action définitive)' }).click();
    await screen.notification('Annulation de 1 rendez-vous en cours.');
    await screen.waitForRowStatus(unavailable.guest.lotcomm, 'inactif');
    await screen.unselect([unavailable.guest.lotcomm]);
    const after = await read();
    expect(after.planning).toEqual(expect.objectContaining({ nbNotAvailable: before.planning.nbNotAvailable - 1, nbConfirmed: before.planning.nbConfirmed }));
    await expectCounts(after);
    await shootDetail('imposed-after-cancel');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Part 2 §4 editing flags: a présent buyer's 'Actif' is locked, with the reason; 'Disponible' may change.
    const present = after.meetings.find((meeting) => statusOf(meeting) === 'présent')!;
    await screen.rowAction(present.guest.lotcomm, "Modifier l'acquéreur");
    const modal = screen.modal();
    await modal.getByText("L'acquéreur a répondu à sa convocation : déplacez ou annulez le rendez-vous (Calendrier) pour changer son statut.").waitFor();
    // The form's first two toggles: 'Actif', then 'Disponible'.
    expect(await modal.locator('input[type=checkbox]').nth(0).isDisabled()).toBe(true);
    expect(await modal.locator('input[type=checkbox]').nth(1).isDisabled()).toBe(false);
    await expectNoSeriousAxeViolations(page, 'modification acquéreur (imposé)');
    await shootDetail('imposed-edit-flags', false);
    await page.keyboard.press('Escape');
  });

  it('part 2 §5 add buyer on the imposed page: the dialog asks the date and time and offers the convocation mail; one add-customer call places the buyer at that start and convenes them (outbox)', async () => {
    const before = await read();
    const { clients } = (
      await api<{ clients: { _id: string; lotcomm: string; mailmonsieur: string }[] }>(`/programs/${programId}/clients?limit=500`, { token: promoter })
    ).body;
    const lot = clients.find((client) => !before.meetings.some((meeting) => meeting.guest.lotcomm === client.lotcomm))!;
    // The day after the planning's last visit, at 17:00: no visit of the AMO there.
    const last = Math.max(...before.meetings.filter((meeting) => meeting.start).map((meeting) => Date.parse(meeting.start)));
    const day = new Date(last + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    await page.getByRole('button', { name: 'Ajouter un acquéreur' }).click();
    const modal = screen.modal();
    await modal.getByRole('heading', { name: 'Ajouter un acquéreur au planning' }).waitFor();
    await screen.chooseFiltered(screen.selectIn(modal, 'Invité'), lot.lotcomm, new RegExp(`^${lot.lotcomm} · `));
    await modal.getByRole('radio', { name: 'Envoyer la convocation maintenant' }).check();
    // A convocation needs its date: no toggle, the field is required.
    await modal.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await modal.getByText('Veuillez choisir une date et une heure.').waitFor();
    await screen.dateTime(modal, 'Date du rendez-vous', day, '17:00');
    await expectNoSeriousAxeViolations(page, 'ajout acquéreur (imposé)');
    await shootDetail('imposed-add-buyer', false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await modal.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await screen.notification('Acquéreur convoqué.');
    await page.getByRole('heading', { name: `Participants (${before.meetings.length + 1})` }).waitFor();
    await screen.waitForRowStatus(lot.lotcomm, 'en attente');
    const added = (await read()).meetings.find((meeting) => meeting.guest.lotcomm === lot.lotcomm)!;
    expect(new Date(added.start).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' })).toBe(`${day} 17:00:00`);
    const convocations = await readUntil(
      async () =>
        (await outbox()).filter(
          (message) => message.channel === 'email' && message.to.includes(lot.mailmonsieur) && message.text.includes(`/entrevue/${added.uuid}`),
        ),
      (found) => found.length > 0,
    );
    expect(convocations).toHaveLength(1);
    expect(convocations[0].subject).toContain('convocation');
  });

  it("part 2 §8: an unknown imposed planning shows 'Planning imposé non trouvé' with the way back to the plannings", async () => {
    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${'c'.repeat(24)}`);
    await page.getByText('Planning imposé non trouvé', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Retour aux plannings' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'planning imposé non trouvé');
    await shootDetail('imposed-not-found');
  });
});
