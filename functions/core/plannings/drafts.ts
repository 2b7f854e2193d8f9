import { z } from 'zod';
import { creationMessages } from '../../../shared/messages/plannings';
import { deleteDraft as removeDraft, getDraft, putDraft, type Draft } from '../../data/drafts-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import { objectIdSchema } from '../../../shared/domain/ids';

const draftDataMaxChars = 300_000;
const draftTooLarge = 'Brouillon trop volumineux : retirez des acquéreurs ou des journées.';

export const draftBodySchema = z.object({
  projectId: objectIdSchema(),
  name: z.string().trim().max(160).default(''),
  templateType: z.enum(['draft', 'draftImpose']).default('draft'),
  // A draft is one table item (400 KB at most): its form data is bounded well below that.
  data: z.record(z.string().max(100), z.unknown()).refine((data) => JSON.stringify(data).length <= draftDataMaxChars, draftTooLarge),
});
export const draftPatchSchema = draftBodySchema.omit({ projectId: true }).partial();

const draftNotFound = creationMessages.draftLoadFailed;

async function draftFor(deps: Deps, caller: Caller, id: string): Promise<Draft> {
  const draft = await getDraft(deps.db, id);
  if (!draft) throw new NotFoundError(draftNotFound);
  await loadProgramFor(deps, caller, draft.projectId);
  return draft;
}

export async function createDraft(deps: Deps, caller: Caller, body: z.infer<typeof draftBodySchema>): Promise<{ planningDraft: Draft; message: string }> {
  await loadProgramFor(deps, caller, body.projectId);
  const now = deps.now().toISOString();
  const draft: Draft = { _id: newObjectId(), ...body, createdBy: caller.userId, createdAt: now, updatedAt: now };
  await putDraft(deps.db, draft);
  return { planningDraft: draft, message: creationMessages.draftSaved };
}

export async function readDraft(deps: Deps, caller: Caller, id: string): Promise<{ planningDraft: Draft }> {
  return { planningDraft: await draftFor(deps, caller, id) };
}

export async function updateDraft(
  deps: Deps,
  caller: Caller,
  id: string,
  patch: z.infer<typeof draftPatchSchema>,
): Promise<{ planningDraft: Draft; message: string }> {
  const draft = { ...(await draftFor(deps, caller, id)), ...patch, updatedAt: deps.now().toISOString() };
  await putDraft(deps.db, draft);
  return { planningDraft: draft, message: creationMessages.draftSaved };
}

export async function deleteDraft(deps: Deps, caller: Caller, id: string): Promise<{ message: string }> {
  await draftFor(deps, caller, id);
  await removeDraft(deps.db, id);
  return { message: 'Brouillon supprimé.' };
}
