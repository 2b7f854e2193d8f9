import { z } from 'zod';
import { messages } from '../../../shared/messages/common';
import { deleteClientFile, listClientFiles } from '../../data/client-files-repository';
import { deleteDraft, listProgramDrafts } from '../../data/drafts-repository';
import { cancelJob, getJob, newJob } from '../../data/jobs-repository';
import { deleteLots, listLots } from '../../data/lots-repository';
import { startProgramDeletion } from '../../data/program-deletion-writes';
import { eraseProgramBuyerArea } from '../erasure/erase-buyer-area';
import { eraseProgramVisits } from '../erasure/erase-visits';
import { deletePlanningPartition, disablePlanning, listProgramPlannings, loadPlanningState } from '../../data/plannings-repository';
import { deleteProgram as removeProgram, getProgramForDeletion, deleteProgramContents } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { deleteProgramOperations } from '../../data/operations-repository';
import type { JobContext } from '../jobs/job-context';
import { deleteJobsMentioning, replaceJobPayload } from '../../data/job-erasure-repository';
import { listProgramVisits } from '../../data/virtual-visits-repository';
import { programNotFound } from './program-access';
import { programMessages } from '../../../shared/messages/programs';

/** The job that finishes a deletion a crash interrupted (and removes a planning created meanwhile). */
export const purgeProgramJobKind = 'purge-program';
/** `mentions`: the ids the program's jobs may name (its plannings, lots, visits), taken before anything is removed. */
const purgeProgramPayload = z.object({ programId: z.string(), mentions: z.array(z.string()).max(20_000).optional() });

/** The purge job of a program: one per program, so that two deletions at once queue one. */
export const purgeProgramJobId = (programId: string) => `purge-program-${programId}`;

/**
 * DELETE /programs/{id}: only administrators (part 3 §6). Everything in the program goes with it,
 * as one operation that a crash cannot leave half done: the request marks the
 * program and writes its purge job in one transaction, and answers (state 'deleting'); from then
 * on nobody sees the program and nothing new happens in it (bookings refuse: `programOpenCheck`).
 * The job, handed to the dispatcher at once, stops and removes the plannings, drafts, lots, client
 * files and the program, each step able to run again; a crash in it is resumed by the sweep.
 */
export async function deleteProgram(deps: Deps, caller: Caller, programId: string): Promise<{ message: string; state: 'deleting' }> {
  if (caller.role !== 'administrator') throw new ForbiddenError(messages.forbidden);
  const answer = { message: programMessages.deleted, state: 'deleting' as const };
  for (let attempt = 0; ; attempt += 1) {
    if (!(await getProgramForDeletion(deps.store, programId))) throw new NotFoundError(programNotFound);
    const now = deps.now();
    const job = newJob(purgeProgramJobId(programId), purgeProgramJobKind, { programId }, now, now);
    const started = await startProgramDeletion(deps.store, programId, job, now);
    if (started.committed) {
      await deliverCommittedJobs(deps, [job]);
      return answer;
    }
    // Another deletion of the program wrote its job (the same id): it is under way. Else the
    // program went meanwhile (404 above), or two deletions at once were both cancelled: again.
    if (await getJob(deps.store, job.id)) return answer;
    if (attempt >= 4) throw new Error(`The deletion of the program ${programId} lost to other writers five times (${started.lost.join(', ')})`);
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 50 * (attempt + 1)));
  }
}

/** The ids of the program and of what is in it that a job's payload may carry. */
async function idsJobsMayName(deps: Deps, programId: string): Promise<string[]> {
  const [plannings, lots, visits] = await Promise.all([
    listProgramPlannings(deps.store, programId, { includeDeleted: true }),
    listLots(deps.store, programId),
    listProgramVisits(deps.store, programId),
  ]);
  return [programId, ...plannings.map((planning) => planning._id), ...lots.map((lot) => lot._id), ...visits.map((visit) => visit.uuid)];
}

/**
 * The purge job: finishes the deletion (a crash may have stopped the request's run), then deletes
 * the job records that name the program or what was in it (mails about its conversations,
 * invitations, reminders, visit mails), which carry buyers' names and addresses.
 */
export async function runProgramPurge(deps: Deps, payload: Record<string, unknown>, { job }: JobContext): Promise<void> {
  const parsed = purgeProgramPayload.parse(payload);
  const { programId } = parsed;
  let mentions = parsed.mentions;
  if (!mentions) {
    // Taken before anything is removed, and kept in the job: a run resumed after a crash, when
    // lots or plannings are gone already, still erases the jobs that named them.
    mentions = (await getProgramForDeletion(deps.store, programId)) ? await idsJobsMayName(deps, programId) : [programId];
    await replaceJobPayload(deps.store, job.id, { programId, mentions });
  }
  await purgeProgram(deps, programId);
  await deleteJobsMentioning(deps.store, mentions, job.id);
  // Its own record keeps the program's id only, the trace that the deletion ran.
  await replaceJobPayload(deps.store, job.id, { programId });
}

/** Removes a program marked for deletion and everything in it; nothing to do once it is gone. */
async function purgeProgram(deps: Deps, programId: string): Promise<void> {
  const found = await getProgramForDeletion(deps.store, programId);
  if (!found?.deleting) return;
  const { program } = found;
  const plannings = await listProgramPlannings(deps.store, programId, { includeDeleted: true });
  const at = deps.now().toISOString();
  // All plannings stop at once, before the slower removal of each.
  await Promise.all(plannings.map((planning) => disablePlanning(deps.store, planning._id, at)));
  // The most private first: the public 3D visits (they name the buyer), then the buyer area.
  await eraseProgramVisits(deps, programId);
  await eraseProgramBuyerArea(deps, programId, await listLots(deps.store, programId));
  for (const { _id: planningId } of plannings) {
    const state = await loadPlanningState(deps.store, planningId, { includeDeleted: true });
    const jobIds = [state?.planning.invitationJobId, ...(state?.meetings ?? []).map((meeting) => meeting.reminderJobId)].filter((id): id is string => !!id);
    for (const jobId of jobIds) {
      if (await cancelJob(deps.store, jobId)) await deps.scheduler.cancel(jobId);
    }
    await deletePlanningPartition(deps.store, planningId);
  }
  for (const draft of await listProgramDrafts(deps.store, programId)) await deleteDraft(deps.store, draft._id, programId);
  await deleteProgramOperations(deps.store, programId);
  await deleteLots(deps.store, programId);
  for (const file of await listClientFiles(deps.store, programId)) {
    await deps.files.delete(file.fileKey);
    await deleteClientFile(deps.store, programId, file._id);
  }
  if (program.avatarKey) await deps.files.delete(program.avatarKey);
  // What else the program's partition holds (news, FAQ); the program item goes last: until then a
  // resumed run finds it and finishes.
  await deleteProgramContents(deps.store, programId);
  await removeProgram(deps.store, program);
}
