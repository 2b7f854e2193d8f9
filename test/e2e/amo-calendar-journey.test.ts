import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { futureMonday, workingDays } from '../support/planning-fixtures';
import { call, createUserAndLogin } from '../support/test-api';
import { freePlanning, parisIso } from '../integration/planning-actions/support';
import { LoginPage, newContext } from './pages/livrea-browser';

/**
 * One person, one calendar (docs/scheduling.md): an AMO named on two plannings of two programs
 * enters a day off once in their profile (« Mes indisponibilités »); staff of the later planning
 * see on its page the time the AMO works on the other planning; the AMO's « Ma journée » shows
 * the whole person's day.
 */
const shots = '/tmp/shots/amo-calendar';

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

  it('the AMO adds and deletes a day off on /profile; the later planning’s page says « … est déjà sur « Les Jardins du Parc » … »; « Ma journée » shows the other planning’s visit and the day off', async () => {
    const amo = await createUserAndLogin('amo');
    const monday = futureMonday();
    const named = { areAmosAssigned: true, amoList: [amo.user._id] };
    const a = await freePlanning({
      lots: 2,
      days: 1,
      overrides: { name: 'Les Jardins du Parc', events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), ...named },
    });
    const b = await freePlanning({ lots: 2, days: 1, overrides: { name: 'Le Clos des Vignes', events: workingDays(monday, 1), ...named } });
    const date = a.dayDates[0];
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
    await expectNoSeriousAxeViolations(page, 'amo-day-off-stranding-1280');
    await question.getByRole('button', { name: 'Confirmer quand même' }).click();
    await page.getByText(`${label}/${date.slice(0, 4)} à 00:00`).waitFor();
    await expectNoSeriousAxeViolations(page, 'amo-days-off-1280');
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
    await expectNoSeriousAxeViolations(staffPage, 'amo-taken-elsewhere-1280');
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
    await expectNoSeriousAxeViolations(page, 'amo-whole-day-1280');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/amo-whole-day-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, 'amo-whole-day-390');
    await page.screenshot({ path: `${shots}/amo-whole-day-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 240_000);
});
