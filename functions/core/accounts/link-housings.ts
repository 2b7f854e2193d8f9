import type { z } from 'zod';
import { type housingLinkSchema } from '../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { operationMessages } from '../../../shared/messages/operations';
import type { Lot } from '../../../shared/domain/lot';
import { linkHousingAndOwner, putHousingLink, type HousingLink } from '../../data/housing-links-repository';
import { getLot, listLots, lotEmailClaims, programsWithSecondEmail } from '../../data/lots-repository';
import { getUserByEmail, getUsersByIds, type UserRecord } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';

/**
 * Buyer accounts reach the housings bought under their e-mail (part 1 §2 buyer area, §6). Three ways in:
 * staff link one (POST /user/housings), staff import lots for an e-mail that has an account, a
 * buyer confirms the e-mail that lots already carry. Each needs an account that proved it holds
 * the e-mail (`emailVerifiedAt`): anyone can register under a buyer's address.
 */

/** A link is made in the lot's current tenure (part 1 §6): it opens the housing until its buyers change. */
export function tenureOf(lot: Lot): { tenure?: string } {
  return lot.tenure ? { tenure: lot.tenure } : {};
}

/** A lot is bought under an e-mail when it is either buyer's (`mailmonsieur` or `mailmadame`). */
export function lotCarriesEmail(lot: Lot, email: string): boolean {
  const wanted = email.toLowerCase();
  return lot.mailmonsieur.toLowerCase() === wanted || lot.mailmadame?.toLowerCase() === wanted;
}

/**
 * The buyer accounts that proved their address among accounts already looked up by e-mail
 * (e-mail → account id, as userIdsByEmail answers): e-mail → account id.
 */
export async function provenBuyerAccounts(deps: Deps, ids: Map<string, string>): Promise<Map<string, string>> {
  const proven = new Set(
    (await getUsersByIds(deps.store, [...ids.values()])).filter((user) => user.role === 'customer' && user.emailVerifiedAt).map((user) => user._id),
  );
  return new Map([...ids].filter(([, id]) => proven.has(id)));
}

/**
 * Links a lot found bought under the account's e-mail (`email`), in the lot's tenure as it is when
 * written (part 1 §6: a link opens a housing to its current buyers only). Its buyers changing in
 * between (a staff edit, an import) reads the lot again: still bought under the e-mail, it is
 * linked in its new tenure; no longer, it is left. Changed again at each try, the caller is told
 * to try again (409), never a 500.
 */
export async function linkFoundLot(deps: Deps, link: HousingLink, email: string): Promise<void> {
  let current = link;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if ((await linkHousingAndOwner(deps.store, current)).committed) return;
    const lot = await getLot(deps.store, current.programId, current.lotId);
    if (!lot || !lotCarriesEmail(lot, email)) return;
    const { tenure: _former, ...untenured } = current;
    current = { ...untenured, ...tenureOf(lot) };
  }
  throw new ConflictError(operationMessages.race);
}

/** POST /user/housings {email, lotcomm, program}: staff of the program link one of its lots to a buyer account. */
export async function linkHousingByEmail(
  deps: Deps,
  caller: Caller,
  request: z.infer<typeof housingLinkSchema>,
): Promise<{ housing: { _id: string; lotcomm: string; owner: string } }> {
  await loadProgramFor(deps, caller, request.program);
  const user = await getUserByEmail(deps.store, request.email);
  if (!user || user.role !== 'customer') throw new NotFoundError(buyerAreaMessages.noAccount);
  if (!user.emailVerifiedAt) throw new ConflictError(buyerAreaMessages.emailNotConfirmed);
  const lot = (await listLots(deps.store, request.program)).find((candidate) => candidate.lotcomm.trim().toLowerCase() === request.lotcomm.toLowerCase());
  if (!lot) throw new NotFoundError(buyerAreaMessages.lotNotFound);
  const linked = await linkHousingAndOwner(deps.store, {
    userId: user._id,
    lotId: lot._id,
    programId: lot.program,
    linkedAt: deps.now().toISOString(),
    ...tenureOf(lot),
  });
  if (!linked.committed) throw new NotFoundError(buyerAreaMessages.lotNotFound);
  return { housing: { _id: lot._id, lotcomm: lot.lotcomm, owner: user._id } };
}

/** After an import: each lot becomes the housing of the proven buyer accounts of its two e-mails (`accounts`). */
export async function linkImportedLots(deps: Deps, lots: Lot[], accounts: Map<string, string>): Promise<void> {
  const linkedAt = deps.now().toISOString();
  const links = lots.flatMap((lot) =>
    [
      ...new Set(
        [lot.mailmonsieur, lot.mailmadame].flatMap((email) => (email && accounts.has(email.toLowerCase()) ? [accounts.get(email.toLowerCase())!] : [])),
      ),
    ].map((userId) => ({
      userId,
      lotId: lot._id,
      programId: lot.program,
      linkedAt,
      ...tenureOf(lot),
    })),
  );
  for (let start = 0; start < links.length; start += 16) {
    await Promise.all(links.slice(start, start + 16).map((link) => putHousingLink(deps.store, link)));
  }
}

/**
 * Once a buyer proved their e-mail (confirmation link, reset link): the lots carrying it as either
 * buyer's e-mail become theirs. The main e-mail belongs to one program (its claim); a second e-mail
 * may appear in several.
 */
export async function linkAccountToLots(deps: Deps, user: UserRecord): Promise<void> {
  if (user.role !== 'customer') return;
  const email = user.email.toLowerCase();
  const claimed = (await lotEmailClaims(deps.store, [email])).get(email);
  const programIds = new Set([...(claimed ? [claimed] : []), ...(await programsWithSecondEmail(deps.store, email))]);
  const linkedAt = deps.now().toISOString();
  for (const programId of programIds) {
    const lots = (await listLots(deps.store, programId)).filter((lot) => lotCarriesEmail(lot, email));
    await Promise.all(lots.map((lot) => linkFoundLot(deps, { userId: user._id, lotId: lot._id, programId, linkedAt, ...tenureOf(lot) }, email)));
  }
}
