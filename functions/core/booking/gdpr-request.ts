import { phaseLabels } from '../../../shared/domain/planning';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import type { Deps } from '../../runtime/deps';
import { enforceRateLimit } from '../security/rate-limit';
import { bookingMessages } from './booking-messages';
import { loadMeetingState } from './load-meeting';
import { notifyBuyer } from '../messaging/notify-buyer';
import { greetingLine } from '../../../shared/rules/greeting';

/** POST /gdpr/ask-info: mails the buyer the personal data Livrea holds for this visit. */
export async function sendPersonalData(deps: Deps, uuid: string): Promise<{ message: string }> {
  await enforceRateLimit(deps.db, { scope: 'gdpr', limit: 3, windowSeconds: 3600 }, uuid, deps.now());
  const { planning, meeting } = await loadMeetingState(deps, uuid);
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
  const [delivery] = await notifyBuyer(deps, { ...planning, notifications: { mail: true, sms: false } }, { ...meeting, notifMail: true }, {
    kind: 'gdpr',
    subject: 'Livrea : vos données personnelles',
    mailText: lines.join('\n'),
  });
  if (!delivery || delivery.status !== 'sent') throw new Error('gdpr mail not sent');
  return { message: bookingMessages.gdprSent(guest.mailmonsieur) };
}
