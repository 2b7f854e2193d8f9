import { z } from 'zod';
import { phaseLabels } from '../../../shared/domain/planning';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { getMeeting, getPlanning, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';
import { queueJob } from '../jobs/schedule-job';
import { enforceRateLimit } from '../security/rate-limit';
import { bookingMessages } from '../../../shared/messages/booking';
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
    `Voici les données personnelles que Livrea conserve pour votre visite « ${phaseLabels[planning.phase]} » du programme ${planning.projectName} :`,
    '',
    `Nom : ${guest.nom}`,
    `Lot : ${guest.lotcomm} (bâtiment ${guest.batiment}, étage ${guest.etage}, ${guest.typologie})`,
    `E-mail : ${[guest.mailmonsieur, guest.mailmadame].filter(Boolean).join(', ')}`,
    `Téléphone : ${[guest.telephonemonsieur, guest.telephonemadame].filter(Boolean).join(', ')}`,
    `Rendez-vous : ${meeting.start ? formatParisDateTime(meeting.start) : 'aucun'}`,
    `Disponibilité : ${meeting.isAvailable ? 'disponible' : `indisponible${meeting.note ? ` (${meeting.note})` : ''}`}`,
    `Pointures : ${[meeting.shoeSize, meeting.shoeSize2].filter(Boolean).join(', ') || 'non renseignées'}`,
    `Accompagnants : ${meeting.visitors.map((visitor) => `${visitor.prenom} ${visitor.nom}`).join(', ') || 'aucun'}`,
    '',
    'Pour toute demande de rectification ou de suppression, écrivez à dpo@livrea.fr.',
  ];
  return { kind: 'gdpr', subject: 'Livrea : vos données personnelles', mailText: lines.join('\n') };
}

/**
 * Runs the job: the data as they are when it runs, by e-mail whatever the planning's and the
 * buyer's notification settings (the buyer asked for it), once, with its delivery log line.
 */
export async function mailPersonalData(deps: Deps, payload: Record<string, unknown>, context: JobContext): Promise<void> {
  const { planningId, uuid } = personalDataPayload.parse(payload);
  const [planning, meeting] = await Promise.all([getPlanning(deps.store, planningId), getMeeting(deps.store, planningId, uuid)]);
  if (!planning || !meeting) return;
  await notifyBuyer(
    deps,
    { ...planning, notifications: { mail: true, sms: false } },
    { ...meeting, notifMail: true },
    personalDataMessage(planning, meeting),
    onceDeliveryOf(context),
  );
}
