import { genderSchema } from '../../../shared/domain/account';
import type { Lot, LotImportRow } from '../../../shared/domain/lot';
import { typologySchema } from '../../../shared/domain/typology';
import { normalizeTypology, validateImportRows, type ImportCellError } from '../../../shared/rules/lot-import-validation';
import { importMessages, knownAccountsWarning } from '../../../shared/messages/lots';
import { displayPhone } from '../../../shared/rules/phone';
import { listLots, lotEmailClaims, putLots } from '../../data/lots-repository';
import { setLotCount } from '../../data/programs-repository';
import { userIdsByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { derivedObjectId } from '../operations/operation-id';
import { clientFileLimits } from './client-file-limits';
// part 1 §2: buyer area
import { linkImportedLots, provenBuyerAccounts } from '../accounts/link-housings';
import { withTenure } from '../buyer-area/housing-tenure';

/**
 * A refused file or row list. The answer lists the first problems only (20,000 bad rows once
 * answered a 28.8 MB body) and says how many there are in all: `details: {cells, total}`.
 */
export class ImportRefusedError extends ValidationError {
  readonly cellErrors: ImportCellError[];
  constructor(message: string, cellErrors: ImportCellError[]) {
    const listed = cellErrors.slice(0, clientFileLimits.maxListedErrors);
    super(
      message,
      listed.map((error) => ({ path: error.row > 0 ? `ligne ${error.row}, ${error.column}` : error.column, message: error.message })),
    );
    this.cellErrors = listed;
    this.details = { cells: listed, total: cellErrors.length };
  }
}

interface ImportResult {
  created: number;
  updated: number;
  /** 'Des utilisateurs du fichier client semblent deja avoir un compte' (not blocking). */
  warnings: string[];
}

function toGender(titre: string) {
  const parsed = genderSchema.safeParse(titre.trim().charAt(0).toUpperCase() + titre.trim().slice(1).toLowerCase());
  if (parsed.success) return parsed.data;
  if (/^(m\.|mr|m)$/i.test(titre.trim())) return 'Monsieur' as const;
  if (/^(mme|mlle)$/i.test(titre.trim())) return 'Madame' as const;
  return undefined;
}

/** E-mails listed in the « already an account » warning: the result is stored on the operation's item (400 KB at most). */
const listedAccountEmails = 100;

function accountsWarning(emails: string[]): string[] {
  if (emails.length === 0) return [];
  const listed = emails.slice(0, listedAccountEmails).join(', ');
  return [knownAccountsWarning(listed, emails.length - listedAccountEmails)];
}

/**
 * What an import writes, decided once before anything is written (docs/architecture.md « Client
 * import »): the lots with their final ids, and the counts and warnings the user is told. A run
 * redone after a crash writes these same lots again, so it neither duplicates a lot nor counts a
 * lot it wrote itself as « updated ».
 */
export interface ImportPlan {
  lots: Lot[];
  /** Main e-mails whose claim this program already holds (not written again). */
  claimedAlready: string[];
  /** Proven buyer accounts of the file's e-mails (e-mail → account id): their lots become their housings. */
  accounts: [string, string][];
  lotCount: number;
  result: ImportResult;
}

/**
 * Checks the rows (any problem refuses the file, nothing written) and plans the program's lots:
 * previous lots matched on lot comm keep their id, new ones get an id derived from the operation
 * and their lot comm (the same plan again gives the same ids).
 */
export async function planImport(deps: Deps, operationId: string, programId: string, rows: { row: number; values: LotImportRow }[]): Promise<ImportPlan> {
  const errors = validateImportRows(rows);
  if (errors.length > 0) throw new ImportRefusedError(importMessages.uploadFailed, errors);

  const emails = [...new Set(rows.map(({ values }) => values.mailmonsieur.trim().toLowerCase()))];
  const secondEmails = rows.flatMap(({ values }) => (values.mailmadame.trim() ? [values.mailmadame.trim().toLowerCase()] : []));
  // One lookup of each kind for the whole file, at once (10,000 rows are 100 BatchGets each), and
  // one read of the program's lots, never a read or a write per row.
  const [claims, ids, stored] = await Promise.all([
    lotEmailClaims(deps.store, emails),
    userIdsByEmail(deps.store, [...new Set([...emails, ...secondEmails])]),
    listLots(deps.store, programId),
  ]);
  // E-mails already used by a lot of another program block the import (part 2 §8).
  const known = emails.filter((email) => claims.has(email) && claims.get(email) !== programId);
  if (known.length > 0) throw new ImportRefusedError(importMessages.knownEmails(known), []);

  // Only an account that proved its e-mail gets the lots bought under it (part 1 §2 buyer area).
  const proven = await provenBuyerAccounts(deps, ids);
  const existing = new Map(stored.map((lot) => [lot.lotcomm.trim().toLowerCase(), lot]));
  const now = deps.now().toISOString();
  let created = 0;
  const lots: Lot[] = rows.map(({ values }) => {
    const previous = existing.get(values.lotcomm.trim().toLowerCase());
    if (!previous) created += 1;
    const email = values.mailmonsieur.trim().toLowerCase();
    const lot: Lot = {
      ...(previous ?? {}),
      _id: previous?._id ?? derivedObjectId(operationId, values.lotcomm.trim().toLowerCase()),
      program: programId,
      lotcomm: values.lotcomm.trim(),
      lotcopro: values.lotcopro.trim() || undefined,
      titre: values.titre.trim(),
      gender: toGender(values.titre) ?? previous?.gender,
      nom: values.nom.trim(),
      adresse: values.adresse.trim() || undefined,
      codepostal: values.codepostal.trim() || undefined,
      ville: values.ville.trim() || undefined,
      telephonemonsieur: displayPhone(values.telephonemonsieur),
      telephonemadame: values.telephonemadame.trim() ? displayPhone(values.telephonemadame) : undefined,
      mailmonsieur: email,
      mailmadame: values.mailmadame.trim().toLowerCase() || undefined,
      typologie: typologySchema.parse(normalizeTypology(values.typologie)),
      batiment: values.batiment.trim(),
      etage: values.etage.trim(),
      owner: proven.get(email) ?? previous?.owner,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    // A row that changes a lot's buyers starts a new tenure (part 1 §6): its former buyers lose it.
    const kept = previous ? withTenure(previous, lot) : lot;
    return previous && kept.tenure !== previous.tenure && proven.has(email) ? { ...kept, owner: proven.get(email) } : kept;
  });
  return {
    lots,
    claimedAlready: emails.filter((email) => claims.get(email) === programId),
    accounts: [...proven],
    lotCount: existing.size + created,
    result: { created, updated: lots.length - created, warnings: accountsWarning(emails.filter((email) => ids.has(email))) },
  };
}

/**
 * Writes some of the plan's lots (the same items again when redone) with their e-mail claims, and
 * links each to the proven accounts of its e-mails (part 1 §2 buyer area).
 */
export async function writePlannedLots(deps: Deps, plan: Pick<ImportPlan, 'claimedAlready' | 'accounts'>, lots: Lot[]): Promise<void> {
  await putLots(deps.store, lots, new Set(plan.claimedAlready));
  await linkImportedLots(deps, lots, new Map(plan.accounts));
}

/** The program's lot count once every planned lot is written; a program deleted during its own import keeps nothing to count. */
export async function countImportedLots(deps: Deps, programId: string, plan: Pick<ImportPlan, 'lotCount'>): Promise<void> {
  await setLotCount(deps.store, programId, plan.lotCount);
}
