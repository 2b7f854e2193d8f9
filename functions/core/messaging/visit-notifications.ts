import { cancelJob, newJob, type JobRecord } from '../../data/jobs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { newJobId } from '../jobs/schedule-job';
import { buyerMessageJob } from './buyer-message-job';
import { mailSubjects, renderMessage, tagValues } from './message-context';
import type { BuyerMessage } from './notify-buyer';
import { meetingIcs } from './meeting-ics';
import { meetingCalendarTexts } from '../../../shared/messages/booking';

/** Confirmation of a booked visit: e-mail with the ICS file, and SMS. */
export function confirmationMessage(deps: Deps, planning: PlanningRecord, program: ProgramRecord, meeting: MeetingRecord): BuyerMessage {
  const values = tagValues(planning, program, meeting, deps.config.publicUrl);
  return {
    kind: 'confirmation',
    subject: mailSubjects.confirmation(program, planning),
    mailText: renderMessage(planning, 'mailconfirmationmessage', values),
    smsText: renderMessage(planning, 'smsconfirmationmessage', values),
    attachments: [
      {
        filename: meetingCalendarTexts.fileName,
        contentType: 'text/calendar; charset=utf-8',
        content: Buffer.from(meetingIcs(planning, meeting, deps.config.publicUrl)),
      },
    ],
  };
}

/**
 * The reminder before a booked visit (planning.reminderHours, 48 h by default), or null when that
 * time is past. Its id is kept on the meeting (`reminderJobId`) so a cancel or a move cancels it.
 */
export function reminderJob(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord): JobRecord | null {
  if (!meeting.start) return null;
  const runAt = new Date(Date.parse(meeting.start) - planning.reminderHours * 3600_000);
  if (runAt.getTime() <= deps.now().getTime()) return null;
  return newJob(newJobId(), 'send-reminder', { planningId: planning._id, uuid: meeting.uuid, start: meeting.start }, runAt, deps.now());
}

/**
 * The jobs a newly placed visit needs, to be written in the transaction that places it
 * (transactional outbox): the confirmation (run now) when asked, and the reminder.
 */
export function visitJobs(
  deps: Deps,
  planning: PlanningRecord,
  meeting: MeetingRecord,
  confirmation: boolean,
): { jobs: JobRecord[]; reminder: JobRecord | null } {
  const reminder = reminderJob(deps, planning, meeting);
  return { jobs: [...(confirmation ? [buyerMessageJob(deps, planning, meeting, 'confirmation')] : []), ...(reminder ? [reminder] : [])], reminder };
}

/**
 * Cancels a reminder that has not run. Not inside the cancelling transaction (the job may be done
 * already, which would fail it), and not needed for correctness: a reminder whose visit was
 * cancelled or moved finds the meeting changed and sends nothing.
 */
export async function cancelReminder(deps: Deps, jobId: string | undefined): Promise<void> {
  if (!jobId) return;
  if (await cancelJob(deps.store, jobId)) await deps.scheduler.cancel(jobId);
}
