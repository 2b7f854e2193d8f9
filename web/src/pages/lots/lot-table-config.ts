import type { Lot, LotPick } from '../../../../shared/domain/lot';
import { lotListMessages } from '../../../../shared/messages/lot-pages';

/** Lots per page of the lot list (each page is one GET /programs/{id}/clients). */
export const lotPageSizes = [10, 25, 50, 100, 200];

/** The search's count: a page of the server's search, and whether more may follow. */
export function lotTableCounter(shown: number, more: boolean): string {
  return lotListMessages.counter(shown, more);
}

/** Text filter of the buyer pickers: any of the lot's fields contains the text (case and accents ignored). */
export function lotMatches(lot: LotPick & Partial<Lot>, text: string): boolean {
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
