import { z } from 'zod';
import { deleteJobsMentioning, replaceJobPayload } from '../../data/job-erasure-repository';
import { deleteUserPartition, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { eraseBuyerAccountArea } from '../erasure/erase-buyer-area';
import type { JobContext } from '../jobs/job-context';
import { jobLeaseMs } from '../jobs/job-policy';
import { scheduleJob } from '../jobs/schedule-job';
import { eraseVisitsSentTo } from '../erasure/erase-visits';

/**
 * Erasing a deleted account's data (part 3 §2, part 1 §6): the job is queued before the account
 * is deleted and run right after, so a crash at any point is resumed by the sweep a lease later.
 */
export const eraseAccountJobKind = 'erase-account';
const eraseAccountPayload = z.object({ userId: z.string(), email: z.string().optional(), buyer: z.boolean().optional() });

export function scheduleAccountErasure(deps: Deps, user: UserRecord) {
  return scheduleJob(
    deps,
    eraseAccountJobKind,
    { userId: user._id, email: user.email, buyer: user.role === 'customer' },
    new Date(deps.now().getTime() + jobLeaseMs(deps)),
  );
}

/**
 * A buyer's conversations (with their files and badges), uploads and housing links; the 3D visits
 * sent to the address; whatever else the account's partition holds (sessions, links, tokens,
 * calendar feed); the job records naming the account. A staff account's uploads are its
 * programs' documents and news: they stay with the programs.
 */
export async function runAccountErasure(deps: Deps, payload: Record<string, unknown>, { job }: JobContext): Promise<void> {
  const { userId, email, buyer } = eraseAccountPayload.parse(payload);
  if (buyer) await eraseBuyerAccountArea(deps, userId);
  if (email) await eraseVisitsSentTo(deps, email);
  await deleteUserPartition(deps.store, userId);
  await deleteJobsMentioning(deps.store, [userId, ...(email ? [email] : [])], job.id);
  // Its own record keeps the account's id only, the trace that the erasure ran.
  await replaceJobPayload(deps.store, job.id, { userId });
}
