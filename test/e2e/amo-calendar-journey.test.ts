import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { call } from '../support/test-api';
import { parisIso } from '../integration/planning-actions/support';
import { amoOnTwoPlannings } from '../integration/plannings/amo-two-plannings';
import { LoginPage, newContext } from './pages/livrea-browser';

/**
 * One person, one calendar (docs/scheduling.md): an AMO named on two plannings of two programs
 * enters a day off once in their profile (« Mes indisponibilités ») and their travel time; staff
 * of the later planning see on its page the time the AMO works on the other planning, and are
 * warned when creating a planning over it; the AMO's « Ma journée » and calendar feed show the
 * whole person's day. Each page checked with axe and photographed at 1280 and 390 px.
 */
const shots = '/tmp/shots/amo-calendar';

/**
 * The page checked with axe and photographed at 1280 and 390 px (then back to 1280): the whole
 * page from its top, and the screen around `focus` (what the person looks at).
 */
async function lookAt(page: Page, name: string, focus?: Locator): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await expectNoSeriousAxeViolations(page, `${name}-${width}`);
    if (focus) {
      await focus.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/${name}-${width}-focus.jpg` });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/${name}-${width}.jpg`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('an AMO on several plannings: days off and times taken elsewhere', () => {
  let e2e: E2eContext;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2e();
    context = await newContext(e2e.browser);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it('the AMO adds and deletes a day off and sets their travel time on /profile; the later planning’s page and the creation of a planning say « … est déjà sur « Les Jardins du Parc » … »; « Ma journée » and the feed show the other planning’s visit and the day off', async () => {
    const { amo, a, b, date } = await amoOnTwoPlannings(2);
    const label = `${date.slice(8, 10)}/${date.slice(5, 7)}`;

    const login = new LoginPage(page, e2e.baseUrl);
    await login.open();
    await login.signIn(amo.email, amo.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${e2e.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Mes indisponibilités' }).waitFor();
    await page.getByText('Aucune indisponibilité.').waitFor();
    await page.getByRole('textbox', { name: "Premier jour de l'indisponibilité" }).fill(`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`);
    await page.getByRole('button', { name: "Ajouter l'indisponibilité" }).click();
    // The whole day off leaves the buyers of « Les Jardins du Parc » without a place: named, and asked.
    const question = page.getByRole('dialog');
    await question.getByText('Des acquéreurs n’auraient plus de créneau').waitFor();
    await question.getByText(a.meetings[0].guest.nom, { exact: false }).waitFor();
    await lookAt(page, 'amo-day-off-stranding');
    await question.getByRole('button', { name: 'Confirmer quand même' }).click();
    await page.getByText(`${label}/${date.slice(0, 4)} à 00:00`).waitFor();
    // The travel time between two programs: the AMO's own setting, beside their days off.
    await page.getByRole('spinbutton', { name: 'Temps de trajet entre deux programmes (minutes)' }).fill('60');
    await page.getByRole('button', { name: 'Enregistrer le temps de trajet' }).click();
    await page.getByText('Temps de trajet enregistré.').waitFor();
    await lookAt(page, 'amo-days-off', page.getByRole('heading', { name: 'Mes indisponibilités' }));
    await page.getByRole('button', { name: /Supprimer l'indisponibilité/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Aucune indisponibilité.').waitFor();

    const staff = await newContext(e2e.browser);
    const staffPage = await staff.newPage();
    const staffLogin = new LoginPage(staffPage, e2e.baseUrl);
    await staffLogin.open();
    await staffLogin.signIn(b.promoter.email, b.promoter.password);
    await staffPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await staffPage.goto(`${e2e.baseUrl}/projets/${b.program._id}/plannings-libres/${b.planningId}`);
    await staffPage.getByText('Temps déjà pris ailleurs').waitFor();
    await staffPage.getByText(`${amo.user.username} est déjà sur « Les Jardins du Parc » le ${label} de 08:30 à 12:30`).waitFor();
    await lookAt(staffPage, 'amo-taken-elsewhere', staffPage.getByText('Temps déjà pris ailleurs'));
    // Creating a planning that names the AMO over their time elsewhere: the warning, before saving.
    const authorized = await call('PATCH', `/api/programs/${b.program._id}`, { token: b.token, body: { authorized: [amo.user._id] } });
    expect(authorized.status).toBe(200);
    await staffPage.goto(`${e2e.baseUrl}/projets/${b.program._id}/plannings/nouveau`);
    await staffPage.getByRole('heading', { name: "Création d'un nouveau planning" }).waitFor();
    const day = `${label}/${date.slice(0, 4)}`;
    await staffPage.getByPlaceholder('JJ/MM/AAAA').nth(0).fill(day);
    await staffPage.getByPlaceholder('JJ/MM/AAAA').nth(1).fill(day);
    await staffPage.getByText('Affecter les AMO aux rendez-vous').click();
    await staffPage.getByRole('button', { name: /Choisir des AMO/ }).click();
    await staffPage.getByRole('option', { name: `${amo.user.firstname} ${amo.user.lastname}` }).click();
    await staffPage.keyboard.press('Escape');
    await staffPage.getByText('AMO déjà pris ailleurs').waitFor();
    await staffPage.getByText(`${amo.user.username} est déjà sur « Les Jardins du Parc » le ${label} de 08:30 à 12:30`).waitFor();
    await staffPage.getByText('Ces horaires ne seront pas proposés aux acquéreurs de ce planning', { exact: false }).waitFor();
    await lookAt(staffPage, 'amo-creation-warning', staffPage.getByText('AMO déjà pris ailleurs'));
    await staff.close();

    // « Ma journée »: the whole person's day, the visit of the other planning and the evening off.
    const booked = await call('PATCH', `/api/rdv/book/${b.planningId}`, {
      body: { usr: b.meetings[0].uuid, slot: { startDate: parisIso(date, '14:00'), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);
    const evening = { start: parisIso(date, '18:00'), end: parisIso(date, '20:00') };
    expect((await call('POST', '/api/amo/days-off', { token: amo.token, body: evening })).status).toBe(201);
    await page.goto(`${e2e.baseUrl}/ma-journee?date=${date}`);
    await page.getByRole('heading', { name: b.meetings[0].guest.nom, exact: false }).waitFor();
    await page
      .getByText(/Le Clos des Vignes/)
      .first()
      .waitFor();
    await page.getByText('Indisponible de 18:00 à 20:00 (Mes indisponibilités)').waitFor();
    await lookAt(page, 'amo-whole-day');

    // The calendar feed, from the profile: the whole person too (the other planning's visit, the evening off).
    await page.goto(`${e2e.baseUrl}/profile`);
    await page.getByRole('button', { name: "Obtenir mon lien d'abonnement" }).click();
    const link = (await page
      .getByText(/\/api\/exports\/calendar-feed\/[\w-]+\/visites\.ics$/)
      .first()
      .textContent())!.trim();
    const feed = await (await fetch(link)).text();
    expect(feed).toContain(`${b.meetings[0].uuid}@livrea`);
    expect(feed).toContain('Indisponible (Mes indisponibilités)');
    await lookAt(page, 'amo-profile-feed', page.getByRole('heading', { name: 'Abonnement à mon calendrier de visites' }));
  }, 240_000);
});
