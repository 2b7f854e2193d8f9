import { z } from 'zod';
import { messages } from '../../../shared/i18n/messages';
import { deleteClientFile, listClientFiles } from '../../data/client-files-repository';
import { deleteDraft, listProgramDrafts } from '../../data/drafts-repository';
import { cancelJob } from '../../data/jobs-repository';
import { deleteLots } from '../../data/lots-repository';
import { deletePlanningPartition, disablePlanning, listProgramPlannings, loadPlanningState } from '../../data/plannings-repository';
import { deleteProgram as removeProgram, getProgramForDeletion, markProgramDeleting } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { scheduleJob } from '../jobs/schedule-job';
import { programNotFound } from './program-access';

/** The job that finishes a deletion a crash interrupted (and removes a planning created meanwhile). */
export const purgeProgramJobKind = 'purge-program';
export const purgeProgramPayload = z.object({ programId: z.string() });
const resumeAfterMs = 2 * 60_000;

/**
 * DELETE /programs/{id}: only administrators (part 3 §6). Everything in the program goes with it,
 * as one operation that a crash cannot leave half done (issue 10 §6): a resume job is queued
 * first, the program is marked (from then on nobody sees it, nothing new happens in it), every
 * planning is disabled (buyer links answer 'Rendez-vous non trouvé', bookings under way fail),
 * their pending jobs cancelled (no invitation or reminder leaves afterwards), then the plannings,
 * drafts, lots, client files and the program are removed. Every step can run again.
 */
export async function deleteProgram(deps: Deps, caller: Caller, programId: string): Promise<{ message: string }> {
  if (caller.role !== 'administrator') throw new ForbiddenError(messages.forbidden);
  const found = await getProgramForDeletion(deps.db, programId);
  if (!found) throw new NotFoundError(programNotFound);
  await scheduleJob(deps, purgeProgramJobKind, { programId }, new Date(deps.now().getTime() + resumeAfterMs));
  await markProgramDeleting(deps.db, programId, deps.now().toISOString());
  await purgeProgram(deps, programId);
  return { message: 'Programme supprimé !' };
}

/** Removes a program marked for deletion and everything in it; nothing to do once it is gone. */
export async function purgeProgram(deps: Deps, programId: string): Promise<void> {
  const found = await getProgramForDeletion(deps.db, programId);
  if (!found?.deleting) return;
  const { program } = found;
  const plannings = await listProgramPlannings(deps.db, programId, { includeDeleted: true });
  const at = deps.now().toISOString();
  // All plannings stop at once, before the slower removal of each.
  await Promise.all(plannings.map((planning) => disablePlanning(deps.db, planning._id, at)));
  for (const { _id: planningId } of plannings) {
    const state = await loadPlanningState(deps.db, planningId, { includeDeleted: true });
    const jobIds = [state?.planning.invitationJobId, ...(state?.meetings ?? []).map((meeting) => meeting.reminderJobId)].filter((id): id is string => !!id);
    for (const jobId of jobIds) {
      if (await cancelJob(deps.db, jobId)) await deps.scheduler.cancel(jobId);
    }
    await deletePlanningPartition(deps.db, planningId);
  }
  for (const draft of await listProgramDrafts(deps.db, programId)) await deleteDraft(deps.db, draft._id, programId);
  await deleteLots(deps.db, programId);
  for (const file of await listClientFiles(deps.db, programId)) {
    await deps.files.delete(file.fileKey);
    await deleteClientFile(deps.db, programId, file._id);
  }
  if (program.avatarKey) await deps.files.delete(program.avatarKey);
  // The program item goes last: until then a resumed run finds it and finishes.
  await removeProgram(deps.db, program);
}
