import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { uploadLimits, limitLabel } from '../../shared/domain/upload-limits';
import { uploadRefusalMessages } from '../../shared/messages/uploads';
import { expectNoSeriousAxeViolationsAtBothWidths } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { apiCall, demoPassword, LoginPage, newContext, waitForPath } from './pages/livrea-browser';

/**
 * Part 1 §5 uploads: a file over its field's limit, or of a type the field refuses, is refused in
 * the browser before anything is sent, naming the file and the limit (the limits of
 * shared/domain/upload-limits.ts, which the server applies too); its chip shows why, and the send
 * button sends nothing until it is replaced. Checked with axe at 1280 and 390 px.
 */
jest.setTimeout(180_000);

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const folder = mkdtempSync(join(tmpdir(), 'livrea-uploads-'));
/**
 * A file on disk named `name`, of `bytes` bytes starting with `head` (a large file handed to the
 * browser by its path: as a buffer, 12 MB took more than 30 s to cross to Chromium at load 30).
 */
function fileOf(name: string, head: Buffer, bytes: number): string {
  const path = join(folder, name);
  writeFileSync(path, Buffer.concat([head, Buffer.alloc(bytes - head.length)]));
  return path;
}
const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

interface Sent {
  url: string;
  bytes: number;
}

describe('upload limits in the browser (part 1 §5)', () => {
  let e2e: E2eContext;
  let buyer: { context: BrowserContext; page: Page; sent: Sent[] };
  let staff: { context: BrowserContext; page: Page; sent: Sent[] };
  let housingId = '';
  let programId = '';

  /** A signed-in page that records every API write it sends, with its body's size. */
  async function signedIn(email: string, home: string) {
    const context = await newContext(e2e.browser);
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const sent: Sent[] = [];
    page.on('request', (request: Request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/'))
        sent.push({ url: new URL(request.url()).pathname, bytes: request.postDataBuffer()?.length ?? 0 });
    });
    await new LoginPage(page, e2e.baseUrl).signInTo(email, home);
    return { context, page, sent };
  }

  beforeAll(async () => {
    e2e = await startE2e();
    // A first call wakes the worker pool (scrypt, modules), which a loaded machine takes long over.
    await apiCall(e2e.baseUrl, '', '/users/login', 'POST', { email: 'acquereur1@demo.livrea.fr', password: demoPassword });
    buyer = await signedIn('acquereur1@demo.livrea.fr', '/accueil-acquereur');
    staff = await signedIn('promoteur@demo.livrea.fr', '/projets');
  }, 420_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it('a buyer attaching a 12 MB photo to a message is told « photo.jpg dépasse 4 Mo » on its chip; Envoyer sends nothing until it is replaced', async () => {
    const { page, sent } = buyer;
    await page.getByRole('button', { name: 'Voir mon logement' }).first().click();
    await waitForPath(page, /^\/logement\/[a-f0-9]{24}\/actualite$/);
    housingId = new URL(page.url()).pathname.split('/')[2];
    programId = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('currentHousing') ?? '{}') as { program: { _id: string } }).program._id);
    await page.goto(`${e2e.baseUrl}/logement/${housingId}/messages`);
    const form = page.locator('form').first();
    await form.getByLabel('Objet').fill('Photo trop lourde');
    await form.getByLabel('Message').fill('Voici la photo du plafond.');
    await form.locator('input[type=file]').setInputFiles(fileOf('photo.jpg', jpegHead, 12 * 1024 * 1024));
    const refusal = uploadRefusalMessages.tooLarge('photo.jpg', limitLabel(uploadLimits.areaImage));
    expect(refusal).toBe('photo.jpg dépasse 4 Mo : choisissez un fichier plus petit.');
    await form.getByText(refusal).first().waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/logement/{id}/messages refused photo');
    const before = sent.length;
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await form.getByText(refusal).first().waitFor();

    // Replaced by a small photo, the message goes, with that photo alone.
    await form.getByRole('button', { name: 'Retirer le fichier' }).click();
    await form.locator('input[type=file]').setInputFiles({ name: 'plafond.png', mimeType: 'image/png', buffer: png });
    expect(await form.getByText(refusal).count()).toBe(0);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('button', { name: 'Photo trop lourde' }).waitFor({ timeout: 20_000 });
    const uploads = sent.slice(before).filter((request) => request.url.endsWith('/upload-files'));
    expect(uploads).toHaveLength(1);
    expect(Math.max(...sent.map((request) => request.bytes))).toBeLessThan(uploadLimits.areaImage.maxBytes);
  });

  it('a buyer choosing a 3 MB avatar on /profile is told it passes 2 Mo; Envoyer stays off', async () => {
    const { page, sent } = buyer;
    await page.goto(`${e2e.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Photo ou logo' }).waitFor();
    await page.locator('input[type=file]').setInputFiles(fileOf('portrait.png', png, 3 * 1024 * 1024));
    await page.getByText('portrait.png dépasse 2 Mo : choisissez un fichier plus petit.').first().waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/profile refused avatar');
    expect(await page.getByRole('button', { name: 'Envoyer', exact: true }).isDisabled()).toBe(true);
    expect(sent.filter((request) => request.url.includes('/avatar'))).toEqual([]);
  });

  it('staff publishing news with a 5 MB image or a GIF see each refused on its chip, and nothing is sent until both are replaced', async () => {
    const { page, sent } = staff;
    await page.goto(`${e2e.baseUrl}/projets/${programId}/espace-acquereur`);
    await page.getByRole('heading', { name: /^Actualités publiées/ }).waitFor();
    const news = page.locator('form').first();
    await news.getByLabel('Titre').fill('Façades');
    await news.getByLabel('Texte').fill('Les façades sont terminées.');
    await news.locator('input[type=file]').setInputFiles([fileOf('facade.jpg', jpegHead, 5 * 1024 * 1024), fileOf('plan.gif', Buffer.from('GIF89a'), 6)]);
    await news.getByText('facade.jpg dépasse 4 Mo : choisissez un fichier plus petit.').first().waitFor();
    await news.getByText("plan.gif n'est pas dans un format accepté (png, jpg ou jpeg) : choisissez un autre fichier.").first().waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/projets/{id}/espace-acquereur refused images');
    const before = sent.length;
    await news.getByRole('button', { name: 'Publier' }).click();
    await news.getByText('facade.jpg dépasse 4 Mo').first().waitFor();

    for (let chips = 2; chips > 0; chips -= 1) await news.getByRole('button', { name: 'Retirer le fichier' }).first().click();
    await news.locator('input[type=file]').setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: png });
    await news.getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('heading', { name: 'Façades' }).waitFor({ timeout: 20_000 });
    const uploads = sent.slice(before).filter((request) => request.url.endsWith('/files'));
    expect(uploads).toHaveLength(1);
  });
});
