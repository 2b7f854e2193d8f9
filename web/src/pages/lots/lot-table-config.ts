import type { Lot } from '../../../../shared/domain/lot';

export const lotPageSizes = [10, 25, 50, 100, 200];

/** Text filter of the lot table: any of the shown fields contains the text (case and accents ignored). */
export function lotMatches(lot: Lot, text: string): boolean {
  const needle = fold(text.trim());
  if (!needle) return true;
  return [lot.lotcomm, lot.nom, lot.firstname, lot.typologie, lot.batiment, lot.etage, lot.telephonemonsieur, lot.telephonemadame, lot.mailmonsieur, lot.mailmadame]
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
