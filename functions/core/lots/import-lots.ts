import { genderSchema } from '../../../shared/domain/account';
import type { Lot, LotImportRow } from '../../../shared/domain/lot';
import { typologySchema } from '../../../shared/domain/typology';
import { normalizeTypology, validateImportRows, type ImportCellError } from '../../../shared/rules/lot-import-validation';
import { importMessages } from '../../../shared/messages/lots';
import { displayPhone } from '../../../shared/rules/phone';
import { isLostRace } from '../../data/unit-of-work';
import { listLots, lotEmailClaims, putLots } from '../../data/lots-repository';
import { setLotCount } from '../../data/programs-repository';
import { userIdsByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { newObjectId } from '../security/ids';
import { clientFileLimits } from './client-file-limits';
// part 1 §2: buyer area
import { linkImportedLots, provenBuyerAccounts } from '../buyer-area/link-housings';
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

export interface ImportResult {
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

/**
 * Checks the whole file first and writes nothing if anything is wrong; then creates or updates
 * the program's lots (matched on lot comm) in one pass of batched writes.
 */
export async function importLots(deps: Deps, programId: string, rows: { row: number; values: LotImportRow }[]): Promise<ImportResult> {
  const errors = validateImportRows(rows);
  if (errors.length > 0) throw new ImportRefusedError(importMessages.uploadFailed, errors);

  const emails = [...new Set(rows.map(({ values }) => values.mailmonsieur.trim().toLowerCase()))];
  const secondEmails = rows.flatMap(({ values }) => (values.mailmadame.trim() ? [values.mailmadame.trim().toLowerCase()] : []));
  // One lookup of each kind for the whole file, at once (10,000 rows are 100 BatchGets each), and
  // one read of the program's lots, never a read or a write per row.
  const [claims, ids, stored] = await Promise.all([
    lotEmailClaims(deps.db, emails),
    userIdsByEmail(deps.db, [...new Set([...emails, ...secondEmails])]),
    listLots(deps.db, programId),
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
      _id: previous?._id ?? newObjectId(),
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
    const stored = previous ? withTenure(previous, lot) : lot;
    return previous && stored.tenure !== previous.tenure && proven.has(email) ? { ...stored, owner: proven.get(email) } : stored;
  });
  await putLots(deps.db, lots, new Set(emails.filter((email) => claims.get(email) === programId)));
  // part 1 §2 buyer area: a lot bought under an e-mail that has an account becomes that buyer's housing.
  await linkImportedLots(deps, lots, proven);
  await setLotCount(deps.db, programId, existing.size + created).catch((error: unknown) => {
    // A program deleted during its own import keeps nothing to count.
    if (!isLostRace(error)) throw error;
  });
  const withAccount = emails.filter((email) => ids.has(email));
  return {
    created,
    updated: lots.length - created,
    warnings: withAccount.length > 0 ? [`Des utilisateurs du fichier client semblent deja avoir un compte (${withAccount.join(', ')})`] : [],
  };
}
