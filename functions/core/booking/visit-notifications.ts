import { getProgram } from '../../data/programs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import { putJob } from '../../data/jobs-repository';
import { cancelJob } from '../../data/jobs-repository';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../data/keys';
import type { Deps } from '../../runtime/deps';
import { mailSubjects, renderMessage, tagValues } from '../messaging/message-context';
import { notifyBuyer } from '../messaging/notify-buyer';
import { newCapabilityId } from '../security/ids';
import { meetingIcs } from './meeting-ics';

/** Confirmation of a booked visit: e-mail with the ICS file, and SMS. */
export async function sendConfirmation(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord): Promise<void> {
  const program = await getProgram(deps.db, planning.projectId);
  if (!program) return;
  const values = tagValues(planning, program, meeting, deps.config.publicUrl);
  await notifyBuyer(deps, planning, meeting, {
    kind: 'confirmation',
    subject: mailSubjects.confirmation(program, planning),
    mailText: renderMessage(planning, 'mailconfirmationmessage', values),
    smsText: renderMessage(planning, 'smsconfirmationmessage', values),
    attachments: [{ filename: 'rendez-vous.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(meetingIcs(planning, meeting, deps.config.publicUrl)) }],
  });
}

/**
 * The reminder before a booked visit (planning.reminderHours, 48 h by default), scheduled at
 * booking; the job id is kept on the meeting so a cancel or a move cancels it.
 */
export async function scheduleReminder(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord): Promise<void> {
  if (!meeting.start) return;
  const runAt = new Date(Date.parse(meeting.start) - planning.reminderHours * 3600_000);
  if (runAt.getTime() <= deps.now().getTime()) return;
  const jobId = `job-${newCapabilityId(16)}`;
  await putJob(deps.db, {
    id: jobId,
    kind: 'send-reminder',
    payload: { planningId: planning._id, uuid: meeting.uuid, start: meeting.start },
    runAt: runAt.toISOString(),
    status: 'pending',
    attempts: 0,
    createdAt: deps.now().toISOString(),
  });
  await deps.scheduler.schedule(jobId, runAt);
  await deps.db.doc.send(
    new UpdateCommand({
      TableName: deps.db.table,
      Key: keys.meeting(planning._id, meeting.uuid),
      UpdateExpression: 'SET reminderJobId = :job',
      ConditionExpression: '#start = :start',
      ExpressionAttributeNames: { '#start': 'start' },
      ExpressionAttributeValues: { ':job': jobId, ':start': meeting.start },
    }),
  ).catch(() => undefined);
}

export async function cancelReminder(deps: Deps, jobId: string | undefined): Promise<void> {
  if (!jobId) return;
  await cancelJob(deps.db, jobId);
  await deps.scheduler.cancel(jobId);
}
