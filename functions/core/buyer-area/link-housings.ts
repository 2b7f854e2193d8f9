import type { z } from 'zod';
import { buyerAreaMessages, type housingLinkSchema } from '../../../shared/domain/buyer-area';
import type { Lot } from '../../../shared/domain/lot';
import { isConditionFailure } from '../../data/db';
import { linkHousingAndOwner, putHousingLink } from '../../data/housing-links-repository';
import { listLots, lotEmailClaims } from '../../data/lots-repository';
import { getUserByEmail, type UserRecord } from '../../data/users-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';

/**
 * Buyer accounts reach the housings bought under their e-mail (issue 15 point 1). Three ways in:
 * staff link one (POST /user/housings), staff import lots for an e-mail that has an account, a
 * buyer registers with an e-mail that lots already carry.
 */

/** POST /user/housings {email, lotcomm, program}: staff of the program link one of its lots to a buyer account. */
export async function linkHousingByEmail(deps: Deps, caller: Caller, request: z.infer<typeof housingLinkSchema>): Promise<{ housing: { _id: string; lotcomm: string; owner: string } }> {
  await loadProgramFor(deps, caller, request.program);
  const user = await getUserByEmail(deps.db, request.email);
  if (!user || user.role !== 'customer') throw new NotFoundError(buyerAreaMessages.noAccount);
  const lot = (await listLots(deps.db, request.program)).find((candidate) => candidate.lotcomm.trim().toLowerCase() === request.lotcomm.toLowerCase());
  if (!lot) throw new NotFoundError(buyerAreaMessages.lotNotFound);
  try {
    await linkHousingAndOwner(deps.db, { userId: user._id, lotId: lot._id, programId: lot.program, linkedAt: deps.now().toISOString() });
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(buyerAreaMessages.lotNotFound, { cause: error });
    throw error;
  }
  return { housing: { _id: lot._id, lotcomm: lot.lotcomm, owner: user._id } };
}

/** After an import: each lot whose buyer e-mail has an account (its `owner`) becomes that account's housing. */
export async function linkImportedLots(deps: Deps, lots: Lot[]): Promise<void> {
  const linkedAt = deps.now().toISOString();
  const owned = lots.filter((lot) => lot.owner);
  for (let start = 0; start < owned.length; start += 16) {
    await Promise.all(owned.slice(start, start + 16).map((lot) => putHousingLink(deps.db, { userId: lot.owner!, lotId: lot._id, programId: lot.program, linkedAt })));
  }
}

/** At registration: the lots carrying the new buyer's e-mail (one program per e-mail) become theirs. */
export async function linkAccountToLots(deps: Deps, user: UserRecord): Promise<void> {
  if (user.role !== 'customer') return;
  const email = user.email.toLowerCase();
  const programId = (await lotEmailClaims(deps.db, [email])).get(email);
  if (!programId) return;
  const lots = (await listLots(deps.db, programId)).filter((lot) => lot.mailmonsieur.toLowerCase() === email);
  const linkedAt = deps.now().toISOString();
  await Promise.all(lots.map((lot) => linkHousingAndOwner(deps.db, { userId: user._id, lotId: lot._id, programId, linkedAt })));
}
