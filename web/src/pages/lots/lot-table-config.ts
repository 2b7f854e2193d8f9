import type { Lot } from '../../../../shared/domain/lot';

export const lotPageSizes = [10, 25, 50, 100, 200];

/** Text filter of the lot table: any of the shown fields contains the text (case and accents ignored). */
export function lotMatches(lot: Lot, text: string): boolean {
  const needle = fold(text.trim());
  if (!needle) return true;
  return [
    lot.lotcomm,
    lot.nom,
    lot.firstname,
    lot.typologie,
    lot.batiment,
    lot.etage,
    lot.telephonemonsieur,
    lot.telephonemadame,
    lot.mailmonsieur,
    lot.mailmadame,
  ]
    .filter((value): value is string => !!value)
    .some((value) => fold(value).includes(needle));
}

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Double-click detection on table rows (part 2 §9: 400 ms). */
export const DOUBLE_CLICK_MS = 400;

/** The lot table's sortable columns and the text each sorts by. */
export const lotSortKeys = {
  lotcomm: (lot: Lot) => lot.lotcomm,
  nom: (lot: Lot) => [lot.nom, lot.firstname].filter(Boolean).join(' '),
  typologie: (lot: Lot) => lot.typologie,
  batiment: (lot: Lot) => lot.batiment,
  etage: (lot: Lot) => lot.etage,
  telephone: (lot: Lot) => lot.telephonemonsieur,
  email: (lot: Lot) => lot.mailmonsieur,
} satisfies Record<string, (lot: Lot) => string>;

export type LotSortKey = keyof typeof lotSortKeys;

/** The lots ordered by a column, French order with numbers compared as numbers ('A2' before 'A10'). */
export function sortLots(lots: readonly Lot[], key: LotSortKey, descending: boolean): Lot[] {
  const value = lotSortKeys[key];
  const sign = descending ? -1 : 1;
  return [...lots].sort((a, b) => sign * value(a).localeCompare(value(b), 'fr', { numeric: true, sensitivity: 'base' }));
}
