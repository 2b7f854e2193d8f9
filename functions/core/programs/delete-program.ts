import { z } from 'zod';
import { messages } from '../../../shared/i18n/messages';
import { deleteClientFile, listClientFiles } from '../../data/client-files-repository';
import { deleteDraft, listProgramDrafts } from '../../data/drafts-repository';
import { cancelJob } from '../../data/jobs-repository';
import { deleteLots, listLots } from '../../data/lots-repository';
import { deletePartition } from '../../data/db';
import { eraseProgramBuyerArea } from '../buyer-area/erase-buyer-area';
import { eraseProgramVisits } from '../virtual-visits/erase-visits';
import { deletePlanningPartition, disablePlanning, listProgramPlannings, loadPlanningState } from '../../data/plannings-repository';
import { deleteProgram as removeProgram, getProgramForDeletion, markProgramDeleting } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { scheduleJob } from '../jobs/schedule-job';
import { jobLeaseMs } from '../jobs/job-policy';
import type { JobContext } from '../jobs/job-context';
import { deleteJobsMentioning, replaceJobPayload } from '../../data/job-erasure-repository';
import { listProgramVisits } from '../../data/virtual-visits-repository';
import { programNotFound } from './program-access';

/** The job that finishes a deletion a crash interrupted (and removes a planning created meanwhile). */
export const purgeProgramJobKind = 'purge-program';
/** `mentions`: the ids the program's jobs may name (its plannings, lots, visits), taken before anything is removed. */
export const purgeProgramPayload = z.object({ programId: z.string(), mentions: z.array(z.string()).max(20_000).optional() });

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
  const mentions = await idsJobsMayName(deps, programId);
  // Due once the lease of a run started now would have expired: it resumes a deletion this
  // request could not finish, and erases the program's job records.
  await scheduleJob(deps, purgeProgramJobKind, { programId, mentions }, new Date(deps.now().getTime() + jobLeaseMs(deps)));
  await markProgramDeleting(deps.db, programId, deps.now().toISOString());
  await purgeProgram(deps, programId);
  return { message: 'Programme supprimé !' };
}

/** The ids of the program and of what is in it that a job's payload may carry. */
async function idsJobsMayName(deps: Deps, programId: string): Promise<string[]> {
  const [plannings, lots, visits] = await Promise.all([listProgramPlannings(deps.db, programId, { includeDeleted: true }), listLots(deps.db, programId), listProgramVisits(deps.db, programId)]);
  return [programId, ...plannings.map((planning) => planning._id), ...lots.map((lot) => lot._id), ...visits.map((visit) => visit.uuid)];
}

/**
 * The purge job: finishes the deletion (a crash may have stopped the request's run), then deletes
 * the job records that name the program or what was in it (mails about its conversations,
 * invitations, reminders, visit mails), which carry buyers' names and addresses.
 */
export async function runProgramPurge(deps: Deps, payload: Record<string, unknown>, { job }: JobContext): Promise<void> {
  const { programId, mentions } = purgeProgramPayload.parse(payload);
  await purgeProgram(deps, programId);
  await deleteJobsMentioning(deps.db, mentions ?? [programId], job.id);
  // Its own record keeps the program's id only, the trace that the deletion ran.
  await replaceJobPayload(deps.db, job.id, { programId });
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
  // The most private first: the public 3D visits (they name the buyer), then the buyer area.
  await eraseProgramVisits(deps, programId);
  await eraseProgramBuyerArea(deps, programId, await listLots(deps.db, programId));
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
  // What else the program's partition holds (news, FAQ); the program item goes last: until then a
  // resumed run finds it and finishes.
  await deletePartition(deps.db, `PROGRAM#${programId}`, (sk) => sk === 'PROGRAM');
  await removeProgram(deps.db, program);
}
