import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Locator, Page } from 'playwright-core';

/**
 * Page object of the free planning detail page (part 2 §2.6, §2.10):
 * /projets/{programId}/plannings-libres/{planningId}. Built on Cloudscape's test-utils selectors
 * and accessible names.
 */
const wrapper = createWrapper();
/** A test-utils selector usable inside another locator (without the leading 'body '). */
const inner = (selector: { toSelector(): string }): string => selector.toSelector().replace(/^body /, '');

export class PlanningDetailScreen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(programId: string, planningId: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/projets/${programId}/plannings-libres/${planningId}`);
  }

  /** The open Cloudscape modal (the detail page shows one at a time). */
  modal(): Locator {
    return this.page.locator(wrapper.findModal().toSelector()).filter({ visible: true }).last();
  }

  participants(): Locator {
    return this.page.locator(wrapper.findTable().toSelector()).filter({ has: this.page.getByRole('heading', { name: /^Participants/ }) });
  }

  /** The participants table's row of a lot. */
  row(lot: string): Locator {
    return this.participants()
      .locator('tbody tr')
      .filter({ has: this.page.getByRole('checkbox', { name: `Sélectionner le lot ${lot}` }) });
  }

  async rowStatus(lot: string): Promise<string> {
    return (
      await this.row(lot)
        .locator(inner(wrapper.findBadge()))
        .filter({ hasText: /^(réservé|en attente|indisponible|inactif)$/ })
        .first()
        .innerText()
    ).trim();
  }

  async waitForRowStatus(lot: string, status: string): Promise<void> {
    await this.row(lot)
      .locator(inner(wrapper.findBadge()))
      .filter({ hasText: new RegExp(`^${status}$`) })
      .waitFor();
  }

  /** Ticks the lots' rows (each row brought to the middle of the screen, clear of the sticky header). */
  async select(lots: string[]): Promise<void> {
    for (const lot of lots) await this.tick(lot, true);
  }

  async unselect(lots: string[]): Promise<void> {
    for (const lot of lots) await this.tick(lot, false);
  }

  private async tick(lot: string, checked: boolean): Promise<void> {
    const box = this.page.getByRole('checkbox', { name: `Sélectionner le lot ${lot}` });
    await box.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await box.setChecked(checked);
  }

  /** The table's 'Actions' dropdown on the selection. */
  async selectionAction(item: string): Promise<void> {
    await this.participants().getByRole('button', { name: 'Actions', exact: true }).click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /**
   * Chooses a selection action that opens a dialog, and answers the dialog. On a loaded machine a
   * menu click can be lost while the table re-renders: the action is chosen again once; a refusal
   * (a notification instead of the dialog) is reported with the page's words.
   */
  async selectionDialog(item: string): Promise<Locator> {
    for (let attempt = 1; ; attempt += 1) {
      await this.selectionAction(item);
      const opened = await this.modal()
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (opened) return this.modal();
      const shown = (
        await this.flashbar()
          .innerText()
          .catch(() => '')
      ).trim();
      if (shown || attempt === 2) throw new Error(`'${item}' opened no dialog${shown ? `; the page says: ${shown}` : ''}`);
    }
  }

  /** A row's icon dropdown ('Actions du lot X'). */
  async rowAction(lot: string, item: string): Promise<void> {
    const trigger = this.page.getByRole('button', { name: `Actions du lot ${lot}` });
    await trigger.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await trigger.click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  async headerButton(name: string): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).first().click();
  }

  /** Picks `option` in the Cloudscape Select whose trigger is `trigger`. */
  async choose(trigger: Locator, option: string | RegExp): Promise<void> {
    await trigger.click();
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** Picks `option` in a filtered Select with a virtual list (only the options in view are in the page): types `filter` first. */
  async chooseFiltered(trigger: Locator, filter: string, option: string | RegExp): Promise<void> {
    await trigger.click();
    await this.page.getByLabel('Rechercher un lot', { exact: true }).fill(filter);
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** The Select of the form field labelled `label` inside `scope`. */
  selectIn(scope: Locator, label: string): Locator {
    return scope
      .locator(inner(wrapper.findFormField()))
      .filter({ has: this.page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
      .locator('button[aria-haspopup]')
      .first();
  }

  /** A DateTimeField (date picker + time select) labelled `label` inside `scope`. */
  async dateTime(scope: Locator, label: string, date: string, time: string): Promise<void> {
    const input = scope.getByRole('textbox', { name: `${label} : date (JJ/MM/AAAA)`, exact: true });
    await input.fill(date.split('-').reverse().join('/')); // JJ/MM/AAAA
    await this.choose(scope.getByRole('button', { name: new RegExp(`${label} : heure`) }), new RegExp(`^${time}$`));
  }

  calendar(): Locator {
    return this.page.locator('.livrea-calendar');
  }

  /** A foreground calendar event by its title ('D0021 3p', '*Réunion*'). */
  event(title: string): Locator {
    return this.calendar().locator('.fc-event:not(.fc-bg-event)').filter({ hasText: title }).first();
  }

  async calendarMode(name: 'Déplacer' | 'Switch AMO' | 'Terminé' | 'Supprimer un RDV Libre'): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  flashbar(): Locator {
    return this.page.locator(wrapper.findFlashbar().toSelector());
  }

  /**
   * Waits for a notification (Flashbar) holding `text`, answers its text and dismisses every
   * notification (more than two are stacked, which would hide the next one).
   */
  async notification(text: string | RegExp): Promise<string> {
    const item = this.page.locator(wrapper.findFlashbar().findItems().toSelector()).filter({ hasText: text }).last();
    await item.waitFor();
    const shown = (await item.innerText()).trim();
    await this.dismissNotifications();
    return shown;
  }

  /**
   * Dismisses every notification (errors stay until dismissed). The click is dispatched to the
   * buttons themselves: a pointer click could land on an open modal's backdrop and close it.
   */
  async dismissNotifications(): Promise<void> {
    const buttons = this.page.locator(wrapper.findFlashbar().findItems().toSelector()).getByRole('button', { name: 'Fermer' });
    for (let attempt = 0; attempt < 20 && (await buttons.count()) > 0; attempt += 1) {
      await buttons
        .first()
        .dispatchEvent('click', undefined, { timeout: 1_000 })
        .catch(() => undefined);
    }
  }

  availabilityDrawer(): Locator {
    return this.page.getByRole('dialog', { name: 'Disponibilités des AMO' });
  }
}
