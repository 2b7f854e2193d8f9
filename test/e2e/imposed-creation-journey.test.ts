import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { OutboxMessage } from '../../functions/data/outbox-repository';
import { addDays, epochToParisWall, formatHm, parisWallToEpoch, parseHm } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';
import { selectFirstLots } from './pages/free-planning-screen';
import { dragFirstLotTo, nextWeekMonday } from './pages/imposed-creation-screen';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * Part 2 §2.5, §2.7 'Done when', in the browser on the planning it creates: a promoter opens the imposed
 * creation from the plannings list, ticks 13 lots, drags 12 onto the week calendar (one goes back
 * to 'not placed' by a double click and is dragged again), places the 13th with 'Placer
 * automatiquement' ('Terminé'), saves an imposed draft and reopens it, ticks a 14th lot left
 * unplaced, creates the planning through the unplaced-lots warning ('Créer quand même'), and the
 * outbox holds the 13 convocations. Two buyers open their mailed links on a phone: one confirms,
 * the other goes to the force-majeure form, comes back ('Retour'), then declares force majeure.
 * The detail page shows présent / indisponible and the progress; a convocation moved from the
 * calendar ('Déplacer', validate and send the confirmation) mails the buyer. Screens at 1280 and
 * 390 px in /tmp/shots/13/.
 */
// About a minute of steps on a quiet machine; the margin is for a loaded one (2 cores shared).
jest.setTimeout(150_000);

const SHOTS = '/tmp/shots/13';
let e2e: E2eContext;
let promoter: { context: BrowserContext; page: Page };
let adminToken = '';
let promoterToken = '';
let programId = '';

interface Row {
  uuid: string;
  start: string;
  isConfirmed: boolean;
  isAvailable: boolean;
  isActive: boolean;
  guest: { lotcomm: string; mailmonsieur: string };
}
/** The planning the journey creates, its meetings and their convocations (mail with the link). */
const created = { planningId: '', lotcomms: [] as string[], meetings: [] as Row[], autoLot: '', convocations: [] as OutboxMessage[] };

async function api<T>(token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const outbox = async () => (await api<{ messages: OutboxMessage[] }>(adminToken, '/dev/outbox')).messages;

async function token(email: string): Promise<string> {
  const response = await fetch(`${e2e.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Screens at 1280 and 390 px: the whole page, or what the viewport shows when a dialog is open. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.jpg`, fullPage, timeout: 30_000 });
  }
  await page.setViewportSize(size);
}

/** The placement section alone (calendar and list), at 1280 and 390 px. */
async function shootPlacement(page: Page, name: string, widths = [1280, 390]): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 1500 });
    await page.getByTestId('imposed-placement').screenshot({ path: `${SHOTS}/${name}-${width}.jpg`, timeout: 30_000 });
  }
  await page.setViewportSize(size);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
  promoter = { context, page };
  [adminToken, promoterToken] = await Promise.all([token('admin@demo.livrea.fr'), token('promoteur@demo.livrea.fr')]);
  const programs = await api<{ _id: string; name: string }[]>(promoterToken, '/users/me/programs');
  programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

it("part 2 §2.5, §4: 12 lots placed by drag and drop and one by 'Placer automatiquement', a 14th left unplaced through the warning ('Créer quand même'), the imposed planning is created and the outbox holds the 13 convocations", async () => {
  const { page } = promoter;
  const shell = new StaffShell(page);
  await api(adminToken, '/dev/outbox', 'DELETE');
  const name = `Convocations livraison ${Date.now().toString(36)}`;

  // §2.3: the plannings list offers Imposé.
  await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings`);
  await page.getByRole('button', { name: 'Plannings', exact: true }).click();
  await page.getByRole('menuitem', { name: /Imposé/ }).click();
  await waitForPath(page, `/projets/${programId}/plannings/nouveau-impose`);
  await page.getByRole('heading', { name: "Création d'un nouveau planning imposé" }).waitFor();

  // 13 lots of the first page (50 rows: the demo's 40 lots).
  await selectFirstLots(page, 13);
  await page.getByText('Lots à placer (13/13)').waitFor();

  // 12 lots dragged onto next week: three a day, Monday to Thursday.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.getByTestId('imposed-calendar').scrollIntoViewIfNeeded();
  await page.locator('.fc-next-button').click();
  const monday = nextWeekMonday();
  await page.locator(`td.fc-timegrid-col[data-date="${monday}"]`).waitFor();
  const dropped: { lotcomm: string; date: string; time: string }[] = [];
  for (let day = 0; day < 4; day += 1) {
    for (const time of ['09:00', '11:00', '14:00']) {
      const date = addDays(monday, day);
      dropped.push({ lotcomm: await dragFirstLotTo(page, date, time), date, time });
    }
  }
  await page.getByText('Lots à placer (1/13)').waitFor();
  await shootPlacement(page, 'imposed-creation-dragged', [1280]);

  // §2.5: a double click (400 ms) sends a visit back to 'not placed'; it is dragged again.
  const back = dropped[0];
  await page.locator('.fc-timegrid-event', { hasText: `${back.lotcomm} ` }).dblclick();
  await page.getByText('Lots à placer (2/13)').waitFor();
  await page.locator('.livrea-unplaced-lot', { hasText: back.lotcomm }).waitFor();
  await page.getByTestId('imposed-calendar').scrollIntoViewIfNeeded();
  // The list is in lot order: the lot sent back is first again.
  expect(await dragFirstLotTo(page, back.date, back.time)).toBe(back.lotcomm);

  // ★ The 13th by 'Placer automatiquement'; nothing is left: 'Terminé'.
  await page.getByRole('button', { name: 'Placer automatiquement' }).click();
  await page.getByText('Terminé', { exact: true }).waitFor();
  await expectNoSeriousAxeViolations(page, 'création planning imposé');
  await shoot(page, 'imposed-creation-placed');
  await shootPlacement(page, 'imposed-creation-auto');

  // §3: the imposed draft (draftImpose) keeps the placed visits; the planning is created from it.
  await page.getByPlaceholder('Visites cloisons bâtiment A').fill(name);
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await shell.waitForNotification('Nouveau brouillon sauvegardé');
  await waitForPath(page, `/projets/${programId}/plannings`);
  const { planningDrafts } = await api<{ planningDrafts: { _id: string; name: string; templateType: string }[] }>(
    promoterToken,
    `/rdv/project/${programId}/planning-drafts`,
  );
  const draft = planningDrafts.find((candidate) => candidate.name === name)!;
  expect(draft.templateType).toBe('draftImpose');
  await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings/nouveau-impose?id=${draft._id}`);
  // The draft, the program and the page's chunk load first (slow on a loaded machine).
  await page.getByText('Lots à placer (0/13)').waitFor({ timeout: 30_000 });
  await page.getByText('Terminé', { exact: true }).waitFor();

  // Part 2 §4: a 14th lot ticked and left unplaced; creating warns first, 'Créer quand même' goes on.
  const fourth = (await page.getByRole('checkbox', { name: /^Sélectionner le lot / }).all())[13];
  const unplacedLot = ((await fourth.getAttribute('aria-label')) ?? '').replace('Sélectionner le lot ', '');
  await fourth.check();
  await page.getByText('Lots à placer (1/14)').waitFor();
  await page.getByRole('button', { name: 'Créer le planning imposé' }).click();
  const warning = page.getByRole('dialog', { name: 'Lots non placés' });
  await warning.getByText("1 lot n'est pas placé. Créer le planning quand même ?").waitFor();
  await expectNoSeriousAxeViolations(page, 'lots non placés');
  await shoot(page, 'imposed-creation-unplaced-warning', false);
  await warning.getByRole('button', { name: 'Créer quand même' }).click();
  await shell.waitForNotification('Nouveau planning imposé créé avec succès');
  await waitForPath(page, new RegExp(`^/projets/${programId}/plannings-imposes/[a-f0-9]{24}$`));

  // The planning holds the 12 visits where they were dropped (not the unplaced lot), and the outbox the 13 convocations.
  const { plannings } = await api<{ plannings: { _id: string; name: string; templateType: string }[] }>(promoterToken, `/rdv/project/${programId}/plannings`);
  const planning = plannings.find((candidate) => candidate.name === name)!;
  expect(planning.templateType).toBe('promoterImpose');
  const { meetings } = await api<{ meetings: Row[] }>(promoterToken, `/rdv/${planning._id}`);
  expect(meetings).toHaveLength(13);
  expect(meetings.some((meeting) => meeting.guest.lotcomm === unplacedLot)).toBe(false);
  for (const drop of dropped) {
    const meeting = meetings.find((candidate) => candidate.guest.lotcomm === drop.lotcomm)!;
    expect(meeting.start).toBe(new Date(parisWallToEpoch(drop.date, parseHm(drop.time))).toISOString());
  }
  const auto = meetings.find((meeting) => !dropped.some((drop) => drop.lotcomm === meeting.guest.lotcomm))!;
  expect(formatHm(epochToParisWall(Date.parse(auto.start)).minuteOfDay) >= '08:30').toBe(true);

  const convocationOf = (messages: OutboxMessage[], meeting: Row) =>
    messages.find(
      (message) =>
        message.channel === 'email' &&
        message.to.includes(meeting.guest.mailmonsieur) &&
        /convocation/i.test(message.subject ?? '') &&
        message.text.includes(`/entrevue/${meeting.uuid}`),
    );
  const messages = await readUntil(outbox, (all) => meetings.every((meeting) => convocationOf(all, meeting)));
  expect(meetings.filter((meeting) => convocationOf(messages, meeting))).toHaveLength(13);
  // Creating from the draft deleted it (part 2 §4 'Drafts').
  const after = await api<{ planningDrafts: { _id: string }[] }>(promoterToken, `/rdv/project/${programId}/planning-drafts`);
  expect(after.planningDrafts.some((candidate) => candidate._id === draft._id)).toBe(false);
  Object.assign(created, {
    planningId: planning._id,
    meetings,
    autoLot: auto.guest.lotcomm,
    convocations: meetings.map((meeting) => convocationOf(messages, meeting)!),
  });
});

it("part 1 §2: from the mailed links of the new planning, one buyer confirms ('CONFIRMER MA PRESENCE') and another, after 'Retour' from the form, declares force majeure with the required note", async () => {
  expect(created.planningId).not.toBe('');
  const [confirming, declaring] = created.meetings.filter((meeting) => meeting.guest.lotcomm !== created.autoLot);
  const linkOf = (meeting: Row) => new RegExp(`https?://\\S+/entrevue/${meeting.uuid}`).exec(created.convocations[created.meetings.indexOf(meeting)].text)![0];
  const phone = await e2e.browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 } });
  try {
    const buyer = await phone.newPage();
    await buyer.goto(linkOf(confirming));
    await buyer.getByRole('button', { name: 'CONFIRMER MA PRESENCE' }).waitFor();
    await expectNoSeriousAxeViolations(buyer, 'convocation (en attente)');
    await shoot(buyer, 'buyer-pending');
    await buyer.getByRole('button', { name: 'CONFIRMER MA PRESENCE' }).click();
    await buyer.getByText('Présence confirmée pour le rendez-vous du').waitFor();
    await buyer.getByRole('link', { name: 'Ajouter au calendrier' }).waitFor();
    await expectNoSeriousAxeViolations(buyer, 'convocation confirmée');
    await shoot(buyer, 'buyer-confirmed');

    await buyer.goto(linkOf(declaring));
    // 'Retour' leaves the form without answering: the convocation still waits for an answer.
    await buyer.getByRole('button', { name: "Il m'est impossible d'être présent(e)" }).click();
    await buyer.getByLabel('Indiquez-nous les raisons de votre indisponibilité').waitFor();
    await buyer.getByRole('button', { name: 'Retour' }).click();
    await buyer.getByRole('button', { name: 'CONFIRMER MA PRESENCE' }).waitFor();
    expect(await buyer.getByLabel('Indiquez-nous les raisons de votre indisponibilité').count()).toBe(0);
    expect((await api<{ convocation: string }>('', `/rdv/usr/${declaring.uuid}`)).convocation).toBe('pending');

    await buyer.getByRole('button', { name: "Il m'est impossible d'être présent(e)" }).click();
    await buyer.getByRole('button', { name: 'Envoyer' }).click();
    await buyer.getByText('Veuillez indiquer les raisons de votre indisponibilité').waitFor();
    await expectNoSeriousAxeViolations(buyer, 'force majeure (note requise)');
    await shoot(buyer, 'buyer-force-majeure-form');
    await buyer.getByLabel('Indiquez-nous les raisons de votre indisponibilité').fill('Hospitalisation prévue ce jour-là.');
    await buyer.getByRole('button', { name: 'Envoyer' }).click();
    await buyer.getByText('Merci pour votre réponse').waitFor();
    await expectNoSeriousAxeViolations(buyer, 'force majeure envoyée');
    await shoot(buyer, 'buyer-unavailable');
  } finally {
    await phone.close();
  }
});

it("part 2 §2.7: the new planning's detail page shows présent and indisponible on their rows, the confirmed count and the progress (confirmed + not available) / invited", async () => {
  const { page } = promoter;
  const screen = new PlanningDetailScreen(page, e2e.baseUrl);
  const [confirming, declaring] = created.meetings.filter((meeting) => meeting.guest.lotcomm !== created.autoLot);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${created.planningId}`);
  await page.getByRole('heading', { name: 'Participants (13)' }).waitFor();
  await screen.waitForRowStatus(confirming.guest.lotcomm, 'présent');
  await screen.waitForRowStatus(declaring.guest.lotcomm, 'indisponible');
  await screen.waitForRowStatus(created.autoLot, 'en attente');
  await page.getByText('1 / 13 convoqués', { exact: true }).waitFor();
  await page.getByText('1 présent(s) · 1 indisponible(s) · 11 en attente · 0 inactif(s)', { exact: true }).waitFor();
  await page.getByText('2 / 13 (1 confirmé)', { exact: true }).waitFor();
  await page.getByRole('img', { name: 'Progression : 15 %' }).waitFor();
  await expectNoSeriousAxeViolations(page, 'planning imposé créé (détail)');
  await shoot(page, 'imposed-created-detail');
});

it("part 2 §4: a convocation moved from the calendar ('Déplacer', validate and send the confirmation) by convocation-move: the row turns présent and the buyer is mailed", async () => {
  const { page } = promoter;
  const screen = new PlanningDetailScreen(page, e2e.baseUrl);
  const moved = created.meetings.find((meeting) => meeting.guest.lotcomm === created.autoLot)!;
  const mailsTo = async () => (await outbox()).filter((message) => message.channel === 'email' && message.to.includes(moved.guest.mailmonsieur));
  const before = (await mailsTo()).length;
  const { date } = epochToParisWall(Date.parse(moved.start));
  // The calendar opens on the planning's first visit: the one 'Placer automatiquement' placed.
  await screen.calendar().scrollIntoViewIfNeeded();
  await screen.calendarMode('Déplacer');
  await screen.event(`${moved.guest.lotcomm} `).click();
  const modal = screen.modal();
  await modal.getByText(`Déplacer le rendez-vous du lot ${moved.guest.lotcomm}`).waitFor();
  await screen.dateTime(modal, 'Nouvelle date', date, '18:00');
  await modal.getByText('Valider et envoyer le mail de confirmation').click();
  await expectNoSeriousAxeViolations(page, 'déplacement de convocation');
  await shoot(page, 'imposed-move-modal', false);
  await modal.getByRole('button', { name: 'Déplacer', exact: true }).click();
  await screen.notification('Convocation déplacée.');
  await screen.waitForRowStatus(moved.guest.lotcomm, 'présent');
  const { meetings } = await api<{ meetings: Row[] }>(promoterToken, `/rdv/${created.planningId}`);
  expect(meetings.find((meeting) => meeting.uuid === moved.uuid)!.start).toBe(new Date(parisWallToEpoch(date, parseHm('18:00'))).toISOString());
  // The confirmation leaves after the answer (its job is handed to the poller).
  const mails = await readUntil(mailsTo, (all) => all.length > before);
  expect(mails.length).toBe(before + 1);
  const confirmation = mails.filter((message) => message.subject?.includes('présence confirmée'));
  expect(confirmation).toHaveLength(1);
  expect(confirmation[0].text).toContain('18:00');
});

afterEach(async () => {
  const name =
    expect
      .getState()
      .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 60) ?? 'step';
  await snapshot(promoter.page, `imposed-creation-${name}`).catch(() => undefined);
});
