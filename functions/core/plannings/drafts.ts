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
const draftTooLarge = creationMessages.draftTooLarge;

const draftFieldsSchema = z.object({
  name: z.string().trim().max(160).default(''),
  templateType: z.enum(['draft', 'draftImpose']).default('draft'),
  // A draft is one table item (400 KB at most): its form data is bounded well below that.
  data: z.record(z.string().max(100), z.unknown()).refine((data) => JSON.stringify(data).length <= draftDataMaxChars, draftTooLarge),
});
/** POST /rdv-draft: the API keeps the specification's field name `projectId` (part 2 §7); the code calls it programId. */
export const draftBodySchema = draftFieldsSchema
  .extend({ projectId: objectIdSchema() })
  .transform(({ projectId, ...fields }) => ({ ...fields, programId: projectId }));
export const draftPatchSchema = draftFieldsSchema.partial();

/** A draft as the API answers it: with the specification's field name `projectId` (part 2 §3 'Planning'). */
export type WireDraft = Omit<Draft, 'programId'> & { projectId: string };
export const wireDraft = ({ programId, ...draft }: Draft): WireDraft => ({ ...draft, projectId: programId });

const draftNotFound = creationMessages.draftLoadFailed;

async function draftFor(deps: Deps, caller: Caller, id: string): Promise<Draft> {
  const draft = await getDraft(deps.store, id);
  if (!draft) throw new NotFoundError(draftNotFound);
  await loadProgramFor(deps, caller, draft.programId);
  return draft;
}

export async function createDraft(deps: Deps, caller: Caller, body: z.output<typeof draftBodySchema>): Promise<{ planningDraft: WireDraft; message: string }> {
  await loadProgramFor(deps, caller, body.programId);
  const now = deps.now().toISOString();
  const draft: Draft = { _id: newObjectId(), ...body, createdBy: caller.userId, createdAt: now, updatedAt: now };
  await putDraft(deps.store, draft);
  return { planningDraft: wireDraft(draft), message: creationMessages.draftSaved };
}

export async function readDraft(deps: Deps, caller: Caller, id: string): Promise<{ planningDraft: WireDraft }> {
  return { planningDraft: wireDraft(await draftFor(deps, caller, id)) };
}

export async function updateDraft(
  deps: Deps,
  caller: Caller,
  id: string,
  patch: z.output<typeof draftPatchSchema>,
): Promise<{ planningDraft: WireDraft; message: string }> {
  const draft = { ...(await draftFor(deps, caller, id)), ...patch, updatedAt: deps.now().toISOString() };
  await putDraft(deps.store, draft);
  return { planningDraft: wireDraft(draft), message: creationMessages.draftSaved };
}

export async function deleteDraft(deps: Deps, caller: Caller, id: string): Promise<{ message: string }> {
  await draftFor(deps, caller, id);
  await removeDraft(deps.store, id);
  return { message: creationMessages.draftDeleted };
}
