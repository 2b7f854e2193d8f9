import type { Page } from 'playwright-core';

/** 'JJ/MM/AAAA' of a Monday at least three weeks ahead, and the Friday of the next week (Paris days). */
export function visitRange(now = new Date()): { start: string; end: string; first: Date } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 21));
  while (first.getUTCDay() !== 1) first.setUTCDate(first.getUTCDate() + 1);
  const last = new Date(first.getTime() + 11 * 86_400_000);
  const slash = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/'); // JJ/MM/AAAA
  return { start: slash(first), end: slash(last), first };
}

/** The creation screen, as a promoter uses it. */
export class FreePlanningScreen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(programId: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/projets/${programId}/plannings/nouveau`);
    await this.page.getByRole('heading', { name: "Création d'un nouveau planning" }).waitFor();
    await this.page.getByText('A001').first().waitFor();
  }

  async chooseDays(start: string, end: string): Promise<void> {
    await this.page.getByPlaceholder('JJ/MM/AAAA').nth(0).fill(start);
    await this.page.getByPlaceholder('JJ/MM/AAAA').nth(1).fill(end);
  }

  /** Ticks the first `count` lots of the buyers table (it shows 50 a page). */
  async selectFirstLots(count = 10): Promise<void> {
    await selectFirstLots(this.page, count);
  }

  async name(text: string): Promise<void> {
    await this.page.getByPlaceholder('Visites cloisons bâtiment A').fill(text);
  }

  async create(): Promise<void> {
    await this.page.getByRole('button', { name: 'Créer', exact: true }).click();
  }
}

/** Ticks the first `count` lots of a creation page's buyers table, one checkbox after another. */
export async function selectFirstLots(page: Page, count: number): Promise<void> {
  const boxes = page.getByRole('checkbox', { name: /^Sélectionner le lot / });
  await boxes.nth(count - 1).waitFor();
  for (const box of (await boxes.all()).slice(0, count)) await box.check();
}
