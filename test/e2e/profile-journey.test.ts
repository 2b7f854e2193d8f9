import type { BrowserContext, Page } from 'playwright-core';
import { getUserByEmail } from '../../functions/data/users-repository';
import { getDeps } from '../../functions/runtime/deps';
import { messages } from '../../shared/messages/common';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { createUserAndLogin } from '../support/test-api';
import { LoginPage, newContext, waitForPath } from './pages/livrea-browser';

/**
 * /profile (part 1 §2 'Authentication and account screens', §5): an invited buyer's account holds
 * the lot's `nom` and no first name; the page sends only what changed, so the buyer can change
 * their password without being asked a first name the account never had.
 */
describe('profile journey (part 1 §5)', () => {
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

  it('a buyer whose account has no first name changes their password on /profile; the first name stays absent, not refused', async () => {
    const buyer = await createUserAndLogin('customer', { firstname: '', lastname: 'Invité' });
    const login = new LoginPage(page, e2e.baseUrl);
    await login.open();
    await login.signIn(buyer.email, buyer.password);
    await waitForPath(page, '/accueil-acquereur');
    await page.goto(`${e2e.baseUrl}/profile`);
    await page.getByLabel('Mot de passe actuel').waitFor();
    await page.getByText('Facultatif').waitFor();
    await expectNoSeriousAxeViolations(page, 'profile-without-firstname-1280');

    await page.getByLabel('Mot de passe actuel').fill(buyer.password);
    await page.getByLabel('Nouveau mot de passe').fill('nouveau-mdp-2027');
    await page.getByLabel('Confirmation').fill('nouveau-mdp-2027');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();

    await page.getByText(messages.profileUpdated).waitFor();
    expect(await page.getByText('Obligatoire').count()).toBe(0);
    const stored = await getUserByEmail(getDeps().store, buyer.email);
    expect(stored?.firstname).toBe('');
    expect(stored?.lastname).toBe('Invité');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, 'profile-without-firstname-390');
  }, 120_000);
});
