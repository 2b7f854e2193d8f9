import type { Lot } from '../../shared/domain/lot';
import { newObjectId } from '../../functions/core/security/ids';
import type { Db } from '../../functions/data/db';
import { putLots } from '../../functions/data/lots-repository';
import { setLotCount } from '../../functions/data/programs-repository';

/** Lot numbers as programs write them: buildings with and without a dash, accents, bare numbers (never zero-padded). */
const prefixes = ['A', 'B', 'C-', 'É', ''];

/** The `index`-th lot number of a seeded program: 'A1', 'B1', 'C-1', 'É1', '1', 'A2'… */
export function seededLotNumber(index: number): string {
  return `${prefixes[index % prefixes.length]}${Math.floor(index / prefixes.length) + 1}`;
}

/** Every `nameEvery`-th seeded lot's buyer is named this way (a search test's needle). */
export const seededRareName = 'Dupont-Éléonore';
export const nameEvery = 1_000;

/**
 * A program of `count` lots written straight through the repository's batch put (10,000 lots in
 * seconds, where the HTTP import would take minutes), with the program's lot count set as an
 * import sets it. Buyers get full rows (address, phones, second e-mail), so a page weighs what a
 * real program's does.
 */
export async function seedLots(db: Db, programId: string, count: number): Promise<Lot[]> {
  const now = new Date().toISOString();
  const lots: Lot[] = Array.from({ length: count }, (_, index) => ({
    _id: newObjectId(),
    program: programId,
    lotcomm: seededLotNumber(index),
    lotcopro: String(index + 1),
    titre: 'M. et Mme',
    firstname: 'Jean-Baptiste',
    nom: index % nameEvery === 0 ? seededRareName : `Acquéreur ${index + 1}`,
    adresse: `${index + 1} avenue des Acquéreurs de Longue Date`,
    codepostal: '69003',
    ville: 'Lyon',
    telephonemonsieur: '06 10 00 00 00',
    telephonemadame: '06 20 00 00 00',
    mailmonsieur: `lot${index + 1}.${programId}@big-program.test`,
    mailmadame: `madame${index + 1}.${programId}@big-program.test`,
    typologie: (['1p', '2p', '3p', '4p', '5p'] as const)[index % 5],
    batiment: `Bâtiment ${prefixes[index % prefixes.length] || 'Central'}`,
    etage: String(index % 12),
    createdAt: now,
    updatedAt: now,
  }));
  await putLots(db, lots);
  await setLotCount(db, programId, count);
  return lots;
}
