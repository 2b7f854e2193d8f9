import { getMeeting, loadPlanningState, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import type { JobRecord } from '../../data/jobs-repository';
import { commitInvitationClaim } from '../../data/planning-writes';
import type { ProgramRecord } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { buyerMessageJob } from './buyer-message-job';
import { mailSubjects, renderMessage, tagValues } from './message-context';
import { attachmentLeftOut, type BuyerMessage } from './notify-buyer';

/**
 * Marks one meeting invited and counts it, exactly once: a second delivery of the same job (or two
 * staff clicking at once) finds the meeting already invited and sends nothing. The counter delta
 * depends on whether the meeting is booked, so the claim is conditioned on that too, and it bumps
 * the planning's version so a booking or a staff change read before it is re-checked. The buyer's
 * message job is written in the same transaction: an invited buyer always has it.
 */
export async function claimInvitation(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord, at: string, job: JobRecord): Promise<boolean> {
  let current: MeetingRecord | null = meeting;
  for (let attempt = 0; attempt < 5 && current && !current.isInvitationSent && current.isActive; attempt += 1) {
    if (await commitInvitationClaim(deps.store, planning._id, current, at, job)) return true;
    current = await getMeeting(deps.store, planning._id, meeting.uuid);
  }
  return false;
}

/** The invitation of one buyer: e-mail with the planning's attachment if any, and SMS. */
export async function invitationMessage(deps: Deps, planning: PlanningRecord, program: ProgramRecord, meeting: MeetingRecord): Promise<BuyerMessage> {
  const attachment = planning.attachment ? await deps.files.get(planning.attachment.fileKey) : null;
  const values = tagValues(planning, program, meeting, deps.config.publicUrl);
  return {
    kind: 'invitation',
    subject: mailSubjects.invitation(program, planning),
    mailText: renderMessage(planning, 'mailinvitationmessage', values),
    smsText: renderMessage(planning, 'smsinvitationmessage', values),
    attachments:
      attachment && planning.attachment
        ? [{ filename: planning.attachment.filename, contentType: attachment.contentType, content: attachment.body }]
        : undefined,
    ...(planning.attachment && !attachment ? { mailNote: attachmentLeftOut(planning.attachment.filename) } : {}),
  };
}

/**
 * Invites the given buyers not yet invited (all of them without `uuids`), at most `batchSize`:
 * each claim also stores that buyer's message job (outbox), whose ids it answers for the caller to
 * run (a job runner) or hand to the dispatcher (a request). A run killed anywhere loses nothing:
 * claimed buyers have their job on the due index (the sweep sends it), unclaimed ones are claimed
 * by the next run. `more`: buyers remain past the batch.
 */
export async function sendInvitations(
  deps: Deps,
  planningId: string,
  uuids?: string[],
  batchSize = Infinity,
): Promise<{ done: number; more: boolean; jobIds: string[] }> {
  const state = await loadPlanningState(deps.store, planningId);
  if (!state) return { done: 0, more: false, jobIds: [] };
  const { planning } = state;
  const wanted = uuids ? new Set(uuids) : null;
  const candidates = state.meetings.filter((meeting) => (!wanted || wanted.has(meeting.uuid)) && !meeting.isInvitationSent && meeting.isActive);
  const jobIds: string[] = [];
  let next = 0;
  for (; next < candidates.length && jobIds.length < batchSize; next += 1) {
    const job = buyerMessageJob(deps, planning, candidates[next], 'invitation');
    if (await claimInvitation(deps, planning, candidates[next], deps.now().toISOString(), job)) jobIds.push(job.id);
  }
  return { done: jobIds.length, more: next < candidates.length, jobIds };
}
