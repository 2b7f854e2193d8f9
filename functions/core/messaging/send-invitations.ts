import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../data/db';
import { keys } from '../../data/keys';
import { getMeeting, loadPlanningState, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import { getProgram } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { mailSubjects, renderMessage, tagValues } from './message-context';
import { notifyBuyer } from './notify-buyer';

/**
 * Marks one meeting invited and counts it, exactly once: a second delivery of the same job (or two
 * staff clicking at once) finds the meeting already invited and sends nothing. The counter delta
 * depends on whether the meeting is booked, so the claim is conditioned on that too, and it bumps
 * the planning's version so a booking or a staff change read before it is re-checked.
 */
async function claimInvitation(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord, at: string): Promise<boolean> {
  let current: MeetingRecord | null = meeting;
  for (let attempt = 0; attempt < 5 && current && !current.isInvitationSent && current.isActive; attempt += 1) {
    try {
      await deps.db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: deps.db.table,
                Key: keys.meeting(planning._id, current.uuid),
                UpdateExpression: 'SET isInvitationSent = :true, invitationMail = list_append(invitationMail, :at)',
                ConditionExpression: 'isInvitationSent = :false AND isActive = :true AND isBooked = :booked',
                ExpressionAttributeValues: { ':true': true, ':false': false, ':at': [at], ':booked': current.isBooked },
              },
            },
            {
              Update: {
                TableName: deps.db.table,
                Key: keys.planning(planning._id),
                UpdateExpression: 'SET isInvitationSent = :true, version = version + :one ADD nbInvited :one, nbNotBooked :notBooked',
                ExpressionAttributeValues: { ':true': true, ':one': 1, ':notBooked': current.isBooked ? 0 : 1 },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      current = await getMeeting(deps.db, planning._id, meeting.uuid);
    }
  }
  return false;
}

/** Sends the invitation (e-mail with the optional attachment, and SMS) to the given buyers not yet invited. */
export async function sendInvitations(deps: Deps, planningId: string, uuids?: string[]): Promise<{ done: number }> {
  const state = await loadPlanningState(deps.db, planningId);
  if (!state) return { done: 0 };
  const { planning } = state;
  const program = await getProgram(deps.db, planning.projectId);
  if (!program) return { done: 0 };
  const attachment = planning.attachment ? await deps.files.get(planning.attachment.fileKey) : null;
  const wanted = uuids ? new Set(uuids) : null;
  let done = 0;
  for (const meeting of state.meetings) {
    if ((wanted && !wanted.has(meeting.uuid)) || meeting.isInvitationSent || !meeting.isActive) continue;
    if (!(await claimInvitation(deps, planning, meeting, deps.now().toISOString()))) continue;
    const values = tagValues(planning, program, meeting, deps.config.publicUrl);
    await notifyBuyer(deps, planning, meeting, {
      kind: 'invitation',
      subject: mailSubjects.invitation(program, planning),
      mailText: renderMessage(planning, 'mailinvitationmessage', values),
      smsText: renderMessage(planning, 'smsinvitationmessage', values),
      attachments: attachment && planning.attachment ? [{ filename: planning.attachment.filename, contentType: attachment.contentType, content: attachment.body }] : undefined,
    });
    done += 1;
  }
  return { done };
}
