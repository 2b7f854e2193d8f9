import { appendRappels, getPlanningAndMeeting } from '../../data/plannings-repository';
import { getProgram } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';
import { mailSubjects, renderMessage, tagValues } from '../messaging/message-context';
import { notifyBuyer, onceDeliveryOf } from '../messaging/notify-buyer';

/**
 * The reminder job: sent only if the visit is still booked at the time it was scheduled for (a
 * cancelled or moved meeting gets no stale reminder). Sent once per recipient whatever the number
 * of runs (the job id keys the send records).
 */
export async function sendReminder(deps: Deps, payload: { planningId: string; uuid: string; start: string }, context: JobContext): Promise<void> {
  const [planning, meeting] = await getPlanningAndMeeting(deps.store, payload.planningId, payload.uuid);
  if (!planning || !meeting || !meeting.isActive || !meeting.isBooked || meeting.start !== payload.start) return;
  const program = await getProgram(deps.store, planning.projectId);
  if (!program) return;
  const values = tagValues(planning, program, meeting, deps.config.publicUrl);
  const deliveries = await notifyBuyer(
    deps,
    planning,
    meeting,
    {
      kind: 'reminder',
      subject: mailSubjects.reminder(program, planning),
      mailText: renderMessage(planning, 'mailrappelmessage', values),
      smsText: renderMessage(planning, 'smsrappelmessage', values),
    },
    onceDeliveryOf(context),
  );
  const sent = (channel: string) => deliveries.some((delivery) => delivery.channel === channel && delivery.status === 'sent');
  // Once per job, whatever the number of runs (a re-run finds both sends recorded and 'sent').
  await appendRappels(deps.store, planning._id, meeting.uuid, { mail: sent('email'), sms: sent('sms') }, deps.now().toISOString(), context.job.id);
}
