import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Locator, Page } from 'playwright-core';
import { waitForPath } from './livrea-browser';

/** Page objects of the program screens (part 2 §2.1, §2.2; part 3 §2). */
const wrapper = createWrapper();
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export function xlsx(name: string, buffer: Buffer): UploadFile {
  return { name, mimeType: xlsxType, buffer };
}

export class ProgramListScreen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path: '/projets' | '/admin/programmes'): Promise<void> {
    // The list must have loaded: a mutation settling while the first GET is still in flight reuses
    // that GET instead of sending another, and a step waiting for the reload would never see it.
    const listed = this.page.waitForResponse((response) => /^\/api\/(admin\/programs|users\/me\/programs)$/.test(new URL(response.url()).pathname), {
      timeout: 60_000,
    });
    await this.page.goto(`${this.baseUrl}${path}`);
    await listed;
    await this.page.getByRole('heading', { name: /^Programmes/ }).waitFor();
  }

  /** The create-program modal: name, promoter name, the default colours. */
  async create(name: string, promotername: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Nouveau programme' }).first().click();
    const modal = this.page.locator(wrapper.findModal().toSelector());
    await modal.getByLabel('Nom du programme').fill(name);
    await modal.getByLabel('Nom du promoteur').fill(promotername);
    await modal.getByRole('button', { name: 'Créer' }).click();
    await modal.waitFor({ state: 'hidden' });
  }

  row(name: string): Locator {
    return this.page.locator('tr', { has: this.page.getByRole('button', { name, exact: true }) });
  }

  /** Opens a program from its row; answers its id (from the URL /projets/{id}/clients). */
  async openProgram(name: string): Promise<string> {
    await this.page.getByRole('button', { name, exact: true }).click();
    await waitForPath(this.page, /^\/projets\/[a-f0-9]{24}\/clients$/);
    return new URL(this.page.url()).pathname.split('/')[2];
  }

  async names(): Promise<string[]> {
    await this.page.locator(wrapper.findTable().toSelector()).first().waitFor();
    return this.page.locator(`${wrapper.findTable().findRows().toSelector()} button`).allInnerTexts();
  }
}

export class LotsScreen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(programId: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/projets/${programId}/clients`);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async waitForCount(count: number): Promise<void> {
    await this.page.getByRole('heading', { name: `Liste des Lots (${count})` }).waitFor();
  }

  /** The file input of the 'Fichier client' container (the only file input of the page). */
  async chooseFile(file: UploadFile): Promise<void> {
    await this.page.locator(wrapper.findFileUpload().findNativeInput().toSelector()).setInputFiles(file);
  }

  async load(): Promise<void> {
    await this.page.getByRole('button', { name: 'Charger un fichier client' }).click();
  }

  async confirmImport(): Promise<void> {
    await this.page.getByRole('button', { name: 'Importer', exact: true }).click();
  }

  async send(): Promise<void> {
    await this.page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  }

  /** The rows of 'Détails de l'erreur': [Ligne, Colonne, Erreur]. */
  async errorDetails(): Promise<string[][]> {
    await this.page.getByText("Détails de l'erreur").waitFor();
    const table = this.page.getByRole('table', { name: "Détails de l'erreur" });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    const out: string[][] = [];
    for (let index = 0; index < count; index += 1) out.push((await rows.nth(index).locator('td, th').allInnerTexts()).map((text) => text.trim()));
    return out;
  }

  /** Double-clicks the row of a lot (part 2 §2.1). */
  async openClient(lotcomm: string): Promise<void> {
    await this.page.locator('tr', { hasText: lotcomm }).first().locator('td').nth(1).dblclick();
    await this.page.getByRole('heading', { name: 'Données client' }).waitFor();
  }
}

/** A real 1×1 PNG (the server checks the image's first bytes). */
export const onePixelPng: UploadFile = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
};

export class SettingsScreen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(programId: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/projets/${programId}/parametres`);
    await this.page.getByRole('heading', { name: 'Paramètres du programme' }).waitFor();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  }

  /** The logo section: choose an image, send it (POST /programs/{id}/avatar). */
  async uploadLogo(file: UploadFile): Promise<void> {
    await this.page.locator(wrapper.findFileUpload().findNativeInput().toSelector()).setInputFiles(file);
    await this.page.getByRole('button', { name: 'Envoyer le logo' }).click();
  }

  /** True once the stored logo is displayed (a decoded image, not the initial). */
  async logoShown(programName: string): Promise<boolean> {
    const logo = this.page.getByRole('img', { name: `Logo de ${programName}` });
    await logo.waitFor();
    return logo.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0);
  }

  warnings(): Locator {
    return this.page.locator(wrapper.findAlert().toSelector()).filter({ hasText: /manquant/ });
  }

  /** Waits for a form field's error text; answers the label of the field that shows it. */
  async fieldWithError(message: string): Promise<string> {
    const error = this.page.locator(wrapper.findFormField().findError().toSelector()).filter({ hasText: message }).first();
    await error.waitFor();
    const labelledBy = await error.evaluate((element) => element.closest('[class*="awsui_root_"]')?.querySelector('label')?.textContent ?? '');
    return labelledBy.trim();
  }
}
