import { z } from 'zod';
import { genderSchema } from '../../../shared/domain/account';
import { inputBounds } from '../../../shared/domain/input-bounds';
import { inputMessages } from '../../../shared/messages/input';
import type { Lot } from '../../../shared/domain/lot';
import { messages } from '../../../shared/messages/common';
import { isValidPhone } from '../../../shared/rules/phone';
import { getLot, lotEmailClaims, putLot } from '../../data/lots-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { handOverHousing, withTenure } from '../buyer-area/housing-tenure';
import { clientFileMessages } from '../../../shared/messages/lots';

const email = z.string().trim().toLowerCase().max(inputBounds.emailLength, inputMessages.emailTooLong).pipe(z.email(messages.emailInvalid));
const optionalEmail = z.union([z.literal(''), email]).optional();

/** The client profile form of part 2 §2.2: phone 1 required, phone 2 optional. */
export const clientProfilePatchSchema = z.object({
  gender: genderSchema.optional(),
  firstname: z.string().trim().max(120).optional(),
  nom: z.string().trim().min(1, messages.nameRequired).max(120).optional(),
  mailmonsieur: email.optional(),
  mailmadame: optionalEmail,
  telephonemonsieur: z.string().trim().max(30, messages.phoneInvalid).refine(isValidPhone, messages.phoneInvalid).optional(),
  telephonemadame: z
    .string()
    .trim()
    .max(30, messages.phoneInvalid)
    .refine((value) => value === '' || isValidPhone(value), messages.phoneInvalid)
    .optional(),
});
export type ClientProfilePatch = z.infer<typeof clientProfilePatchSchema>;

const clientNotFound = clientFileMessages.clientNotFound;

export async function getClient(deps: Deps, caller: Caller, programId: string, clientId: string): Promise<Lot> {
  await loadProgramFor(deps, caller, programId);
  const lot = await getLot(deps.store, programId, clientId);
  if (!lot) throw new NotFoundError(clientNotFound);
  return lot;
}

export async function updateClient(deps: Deps, caller: Caller, programId: string, clientId: string, patch: ClientProfilePatch): Promise<Lot> {
  const lot = await getClient(deps, caller, programId, clientId);
  if (patch.mailmonsieur && patch.mailmonsieur !== lot.mailmonsieur) {
    const claimedBy = (await lotEmailClaims(deps.store, [patch.mailmonsieur])).get(patch.mailmonsieur);
    if (claimedBy && claimedBy !== programId) throw new ConflictError(`Utilisateur ${patch.mailmonsieur} deja existant`);
  }
  // New buyer e-mails: a new tenure, the former buyers lose the housing (part 1 §6).
  const next = withTenure(lot, { ...lot, ...patch, updatedAt: deps.now().toISOString() });
  await putLot(deps.store, next, lot.mailmonsieur);
  await handOverHousing(deps, lot, next);
  return (await getLot(deps.store, programId, clientId)) ?? next;
}
