import { z } from 'zod';
import { phaseLabels } from '../../../shared/domain/planning';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { type MeetingRecord, type PlanningRecord, getPlanningAndMeeting } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';
import { queueJob } from '../jobs/schedule-job';
import { enforceRateLimit } from '../security/rate-limit';
import { bookingMessages, personalDataMail } from '../../../shared/messages/booking';
import { loadMeetingState } from './load-meeting';
import { notifyBuyer, onceDeliveryOf, type BuyerMessage } from '../messaging/notify-buyer';
import { greetingLine } from '../../../shared/rules/greeting';

/** The job that mails a buyer their personal data (written alone: the request changes nothing else). */
export const personalDataJobKind = 'gdpr-personal-data';
const personalDataPayload = z.object({ planningId: z.string(), uuid: z.string() });

/** POST /gdpr/ask-info: mails the buyer the personal data Livrea holds for this visit (a job, sent by the dispatcher). */
export async function sendPersonalData(deps: Deps, uuid: string): Promise<{ message: string }> {
  await enforceRateLimit(deps.store, { scope: 'gdpr', limit: 3, windowSeconds: 3600 }, uuid, deps.now());
  const { planning, meeting } = await loadMeetingState(deps, uuid);
  // Without an address there is nothing to send (as before: the request fails rather than promising a mail).
  if (!meeting.guest.mailmonsieur && !meeting.guest.mailmadame) throw new Error('gdpr mail not sent: no address');
  await queueJob(deps, personalDataJobKind, { planningId: planning._id, uuid });
  return { message: bookingMessages.gdprSent(meeting.guest.mailmonsieur) };
}

function personalDataMessage(planning: PlanningRecord, meeting: MeetingRecord): BuyerMessage {
  const guest = meeting.guest;
  const lines = [
    greetingLine(guest),
    '',
    personalDataMail.intro(phaseLabels[planning.phase], planning.projectName),
    '',
    personalDataMail.name(guest.nom),
    personalDataMail.lot(guest.lotcomm, guest.batiment, guest.etage, guest.typologie),
    personalDataMail.emails([guest.mailmonsieur, guest.mailmadame].filter(Boolean).join(', ')),
    personalDataMail.phones([guest.telephonemonsieur, guest.telephonemadame].filter(Boolean).join(', ')),
    personalDataMail.appointment(meeting.start ? formatParisDateTime(meeting.start) : personalDataMail.none),
    personalDataMail.availability(meeting.isAvailable ? personalDataMail.available : personalDataMail.unavailable(meeting.note)),
    personalDataMail.shoeSizes([meeting.shoeSize, meeting.shoeSize2].filter(Boolean).join(', ') || personalDataMail.shoeSizesNone),
    personalDataMail.visitors(meeting.visitors.map((visitor) => `${visitor.prenom} ${visitor.nom}`).join(', ') || personalDataMail.none),
    '',
    personalDataMail.rights,
  ];
  return { kind: 'gdpr', subject: personalDataMail.subject, mailText: lines.join('\n') };
}

/**
 * Runs the job: the data as they are when it runs, by e-mail whatever the planning's and the
 * buyer's notification settings (the buyer asked for it), once, with its delivery log line.
 */
export async function mailPersonalData(deps: Deps, payload: Record<string, unknown>, context: JobContext): Promise<void> {
  const { planningId, uuid } = personalDataPayload.parse(payload);
  const [planning, meeting] = await getPlanningAndMeeting(deps.store, planningId, uuid);
  if (!planning || !meeting) return;
  await notifyBuyer(
    deps,
    { ...planning, notifications: { mail: true, sms: false } },
    { ...meeting, notifMail: true },
    personalDataMessage(planning, meeting),
    onceDeliveryOf(context),
  );
}
