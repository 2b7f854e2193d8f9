import { randomBytes } from 'node:crypto';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { getLot, listLots } from '../../data/lots-repository';
import { createUser, DuplicateUserError, getUserByEmail, type UserRecord } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { newJob } from '../../data/jobs-repository';
import { deliverCommittedJobs, newJobId } from '../jobs/schedule-job';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import { hashPassword } from '../security/password-hashing';
import { buyerInvitationJobKind } from './buyer-invitation-mail';
import { linkFoundLot, lotCarriesEmail, tenureOf } from '../accounts/link-housings';
import { sendEmailVerification } from '../accounts/email-verification';

/** The lots of this program bought under the e-mail become the account's housings. */
async function linkProgramLots(deps: Deps, programId: string, user: UserRecord): Promise<void> {
  const email = user.email.toLowerCase();
  const lots = (await listLots(deps.store, programId)).filter((lot) => lotCarriesEmail(lot, email) && lot.owner !== user._id);
  const linkedAt = deps.now().toISOString();
  await Promise.all(lots.map((lot) => linkFoundLot(deps, { userId: user._id, lotId: lot._id, programId, linkedAt, ...tenureOf(lot) }, email)));
}

/**
 * POST /projets/{id}/clients/{clientId}/invite (part 1 §2 buyer area, §6): staff of the program give a
 * buyer who never had a login an account under the lot's e-mail, linked to the lots bought under
 * it, and mail them a set-password link. The account's password is random and never told: the
 * link is the only way in. A buyer who has an account already gets the lots linked, no mail; two
 * invitations at once create one account (the e-mail's uniqueness item decides) and one mail.
 */
export async function inviteBuyer(deps: Deps, caller: Caller, programId: string, lotId: string): Promise<{ message: string; invited: boolean }> {
  await loadProgramFor(deps, caller, programId);
  const lot = await getLot(deps.store, programId, lotId);
  if (!lot) throw new NotFoundError(buyerAreaMessages.housingNotFound);
  const email = lot.mailmonsieur.trim().toLowerCase();
  const existing = await getUserByEmail(deps.store, email);
  if (existing) return linkExisting(deps, programId, existing);
  const now = deps.now().toISOString();
  const user: UserRecord = {
    _id: newObjectId(),
    ...(lot.gender ? { gender: lot.gender } : {}),
    firstname: lot.firstname ?? '',
    lastname: lot.nom,
    enterprise: '',
    username: email,
    email,
    role: 'customer',
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    // Only the mailbox gets the way in (the set-password link), so the account holds the e-mail.
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  // The set-password mail is a job committed with the account: an account is never left without it.
  const mail = newJob(newJobId(), buyerInvitationJobKind, { email }, deps.now(), deps.now());
  try {
    await createUser(deps.store, user, [mail]);
  } catch (error) {
    if (!(error instanceof DuplicateUserError)) throw error;
    // Created meanwhile (another invitation, or the buyer registering): link, do not mail again.
    const winner = await getUserByEmail(deps.store, email);
    if (!winner) throw new ConflictError(buyerAreaMessages.accountExists, { cause: error });
    return linkExisting(deps, programId, winner);
  }
  await linkProgramLots(deps, programId, user);
  // Handed over once the lots are linked, so that the buyer who follows the link finds them.
  await deliverCommittedJobs(deps, [mail]);
  return { message: buyerAreaMessages.invitationSent, invited: true };
}

async function linkExisting(deps: Deps, programId: string, user: UserRecord): Promise<{ message: string; invited: boolean }> {
  if (user.role !== 'customer') throw new ConflictError(buyerAreaMessages.staffEmail);
  // Registered by someone who never proved the address: the mailbox owner confirms first.
  if (!user.emailVerifiedAt) {
    await sendEmailVerification(deps, user.email);
    return { message: buyerAreaMessages.confirmationSent, invited: false };
  }
  await linkProgramLots(deps, programId, user);
  return { message: buyerAreaMessages.accountExists, invited: false };
}
