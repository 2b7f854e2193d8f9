import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, signedInContext, StaffShell, waitForPath } from './pages/livrea-browser';

/**
 * Part 3 §2 "Done when": a promoter creates a template through the seven steps (one step refused
 * for a wrong tag), shares it with an AMO who applies it to a planning; an administrator opens
 * the logs and trends pages on the demo data and changes grouping and window. Every page gets the
 * axe check and screenshots at 1280 px and 390 px (/tmp/shots/18).
 */
// Each test takes 15–30 s on a quiet machine; the margin is for a shared CI machine under load.
jest.setTimeout(120_000);

const wrapper = createWrapper();
const shotsDir = '/tmp/shots/18';
let e2e: E2eContext;

beforeAll(async () => {
  mkdirSync(shotsDir, { recursive: true });
  e2e = await startE2e();
}, 300_000);
afterAll(async () => e2e?.stop());

async function signedIn(email: string, home: string): Promise<Page> {
  return (await signedInContext(e2e.browser, e2e.baseUrl, email, home)).page;
}

/** The accessibility check (of the whole page, or of the part `include` names) and the two screenshots of a screen. */
async function checkScreen(page: Page, name: string, include?: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, name, include);
  await page.screenshot({ path: `${shotsDir}/${name}-1280.jpg`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Charts measure their width after a resize (ResizeObserver): one frame before the picture.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: `${shotsDir}/${name}-390.jpg`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function apiToken(email: string): Promise<string> {
  const response = await fetch(`${e2e.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  return ((await response.json()) as { token: string }).token;
}

const templateName = 'Cloisons e2e';

it('part 1 §2: the promoter creates a template in seven steps; a wrong tag stops the step; the SMS shows its count', async () => {
  const page = await signedIn('promoteur@demo.livrea.fr', '/projets');
  await page.goto(`${e2e.baseUrl}/promoter/templates/nouveau`);
  const wizard = wrapper.findWizard();
  await page.getByLabel('Nom du modèle').fill(templateName);
  await checkScreen(page, 'template-wizard');
  await page.locator(wizard.findPrimaryButton().toSelector()).click();

  // Step 2, SMS Invitation: a tag outside the list is refused before 'Suivant'.
  await page.getByRole('textbox', { name: 'Texte du message' }).fill('Bonjour <PRENOM>, réservez : <LIEN_RDV>');
  await page.locator(wizard.findPrimaryButton().toSelector()).click();
  await page.getByText('Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles').waitFor();
  await snapshot(page, 'templates-wizard-wrong-tag');
  await page.getByRole('textbox', { name: 'Texte du message' }).fill('<PROMOTEUR> : réservez votre visite <TYPE_VISITE> ici <LIEN_RDV>');
  // The sample promoter « Habitat Rhône » has an ô, outside GSM-7: UCS-2, 70 characters an SMS.
  await page
    .getByTestId('sms-count')
    .filter({ hasText: /\d+ caractères · 2 SMS \(UCS-2\)/ })
    .waitFor();
  for (let step = 2; step <= 7; step += 1) await page.locator(wizard.findPrimaryButton().toSelector()).click();

  await new StaffShell(page).waitForNotification('Modèle créé avec succès');
  await waitForPath(page, '/promoter/templates');
  await page.getByRole('heading', { name: templateName }).waitFor();
  await checkScreen(page, 'template-list');

  // Shared with the AMO Julien Petit (amo2) through 'Autoriser des AMO'.
  const container = page.locator(wrapper.findContainer().toSelector(), { has: page.getByRole('heading', { name: templateName }) });
  await container.getByRole('button', { name: 'Autoriser des AMO' }).click();
  const amoPicker = page.locator(wrapper.findModal().findContent().findMultiselect().findTrigger().toSelector());
  await amoPicker.click();
  await page.getByText('Julien Petit').click();
  // A multiselect stays open after a choice and would cover the footer: a click on the modal's title closes it.
  await page.locator(wrapper.findModal().findHeader().toSelector()).click();
  await page.locator(wrapper.findModal().findContent().findMultiselect().findToken(1).toSelector()).getByText('Julien Petit').waitFor();
  await page.locator(wrapper.findModal().findFooter().toSelector()).getByRole('button', { name: 'Enregistrer' }).click();
  await container.getByText('Partagé avec 1 AMO').waitFor();

  await page.goto(`${e2e.baseUrl}/promoter/templates/help`);
  await page.getByRole('heading', { name: "Mode d'emploi des modèles" }).waitFor();
  await checkScreen(page, 'template-help');
  await page.context().close();
});

// Applies the template point 1 created and shared.
it('part 2 §5: the AMO sees the shared template and applies it to the demo planning (Personnaliser)', async () => {
  const token = await apiToken('amo2@demo.livrea.fr');
  const programs = (await (await fetch(`${e2e.baseUrl}/api/users/me/programs`, { headers: { authorization: `Bearer ${token}` } })).json()) as { _id: string }[];
  const { plannings } = (await (
    await fetch(`${e2e.baseUrl}/api/rdv/project/${programs[0]._id}/plannings`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { plannings: { _id: string }[] };

  const page = await signedIn('amo2@demo.livrea.fr', '/projets');
  await page.goto(`${e2e.baseUrl}/amo/templates`);
  await page.getByRole('heading', { name: templateName }).waitFor();
  await page.getByText('Partagé avec vous').first().waitFor();

  await page.goto(`${e2e.baseUrl}/projets/${programs[0]._id}/plannings-libres/${plannings[0]._id}`);
  // The planning-detail page (calendar, buyers table) is the heaviest: more time on a loaded machine.
  await page.getByRole('button', { name: 'Personnaliser' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Appliquer le modèle' }).click();
  await page.getByText("Veuillez d'abord sélectionner un template...").waitFor();
  // The dialog has two selects: the template's comes first.
  const templateSelect = wrapper.findModal().findContent().findSelect();
  await page.locator(templateSelect.findTrigger().toSelector()).first().click();
  await page.locator(templateSelect.findDropdown().findOptions().toSelector()).filter({ hasText: templateName }).click();
  await page.getByRole('button', { name: 'Appliquer le modèle' }).click();
  await new StaffShell(page).waitForNotification(`Template ${templateName} appliqué au planning`);
  // The screen checked is the dialog; the page behind it is the planning-detail journey's.
  await checkScreen(page, 'apply-template', wrapper.findModal().toSelector());

  const planning = (await (await fetch(`${e2e.baseUrl}/api/rdv/${plannings[0]._id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    planning: { messages: Record<string, string> };
  };
  expect(planning.planning.messages.smsinvitationmessage).toBe('<PROMOTEUR> : réservez votre visite <TYPE_VISITE> ici <LIEN_RDV>');
  await page.context().close();
});

it('part 3 §2 ★ funnel: the promoter sees, per phase, the demo buyers invited, who opened their link, booked and had their visit', async () => {
  const token = await apiToken('promoteur@demo.livrea.fr');
  const programs = (await (await fetch(`${e2e.baseUrl}/api/users/me/programs`, { headers: { authorization: `Bearer ${token}` } })).json()) as { _id: string }[];
  const page = await signedIn('promoteur@demo.livrea.fr', '/projets');
  await page.goto(`${e2e.baseUrl}/projets/${programs[0]._id}/parcours`);
  await page.getByRole('heading', { name: 'Parcours des acquéreurs' }).waitFor();
  // The demo free planning (Cloisons): every buyer invited, six opened their link and booked.
  const partitions = page.locator(wrapper.findContainer().toSelector(), {
    has: page.getByRole('heading', { name: /^Cloisons · \d+ acquéreur\(s\) invité\(s\)$/ }),
  });
  await page.locator(wrapper.findBarChart().findSeries().toSelector()).first().waitFor();
  await partitions
    .getByText(/^6 \(\d+ %\)$/)
    .first()
    .waitFor();
  await checkScreen(page, 'funnel');
  await page.context().close();
});

it('part 3 §2, §3: the administrator reads the appointment logs and the trends of the demo year, and changes grouping and window', async () => {
  const page = await signedIn('admin@demo.livrea.fr', '/admin/programmes');
  await page.goto(`${e2e.baseUrl}/admin/logs/rdvs`);
  await page.getByRole('heading', { name: 'Logs des rendez-vous' }).waitFor();
  await page.locator(wrapper.findBarChart().findSeries().toSelector()).first().waitFor();
  await page.locator(wrapper.findSegmentedControl().findSegmentById('phase').toSelector()).click();
  await page.locator(wrapper.findBarChart().findLegend().toSelector()).first().getByText('Livraison', { exact: true }).waitFor();
  // Grouped by entity: the demo entities by name, not by id; the table's column names them too.
  await page.locator(wrapper.findSegmentedControl().findSegmentById('invoiceEntity').toSelector()).click();
  await page.locator(wrapper.findBarChart().findLegend().toSelector()).first().getByText('Horizon Promotion SAS', { exact: true }).waitFor();
  expect(
    await page
      .locator('tbody')
      .getByText(/^dec0{18}e\d$/)
      .count(),
  ).toBe(0);
  expect(
    await page
      .locator('tbody')
      .getByText(/Horizon Promotion SAS|Rhône Habitat SA/)
      .count(),
  ).toBeGreaterThan(0);
  await checkScreen(page, 'appointment-logs');

  await page.goto(`${e2e.baseUrl}/admin/logs/trends`);
  await page.getByRole('heading', { name: 'Tendances' }).waitFor();
  await page.locator(wrapper.findMixedLineBarChart().findSeries().toSelector()).first().waitFor();
  await page.locator(wrapper.findSegmentedControl().findSegmentById('month').toSelector()).click();
  await page.getByRole('button', { name: /^Moyenne mobile Fenêtre/ }).click();
  await page.getByText('7 périodes', { exact: true }).click();
  await page.getByText('Moyenne mobile (7 périodes)').first().waitFor();
  await page.getByText('Prévision (tendance sur 10 points)').first().waitFor();
  await checkScreen(page, 'trends');
  await page.context().close();
});
