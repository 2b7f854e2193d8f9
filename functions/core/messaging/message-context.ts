import { defaultMessages } from '../../../shared/domain/default-messages';
import { phaseLabels, type MessageField } from '../../../shared/domain/planning';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { renderTags, type MessageTag } from '../../../shared/rules/message-tags';
import { toGsm7 } from '../../../shared/rules/gsm7';
import type { ProgramRecord } from '../../data/programs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';

/** The value of every tag of part 1 §5 for one buyer of one planning. */
export function tagValues(planning: PlanningRecord, program: ProgramRecord, meeting: MeetingRecord, publicUrl: string): Partial<Record<MessageTag, string>> {
  const address = `${planning.address.numero} ${planning.address.rue}, ${planning.address.codepostal} ${planning.address.ville}`;
  return {
    NOM: meeting.guest.nom,
    ETAGE: meeting.guest.etage,
    LOTCOMM: meeting.guest.lotcomm,
    TYPE_VISITE: phaseLabels[planning.phase],
    DEBUT_VISITE: meeting.start ? formatParisDateTime(meeting.start) : '',
    LIEN_RDV: `${publicUrl}/entrevue/${meeting.uuid}`,
    LIEN_PLAN: `${publicUrl}/pview/${planning.uuid}`,
    PROMOTEUR: program.promotername,
    ADRESSE: address,
    ADDRESSE: address,
    FIN_PRISE_RDV: formatParisDateTime(planning.bookingDeadline),
    CONTACT_NOM: planning.contact.contactNom,
    CONTACT_PRENOM: planning.contact.contactPrenom,
    CONTACT_TITRE: planning.contact.contactTitre,
    CONTACT_MAIL: planning.contact.contactMail,
    CONTACT_TELEPHONE: planning.contact.contactTelephone,
    SIGNATURE: planning.contact.signature,
    NOM_PROGRAMME: program.name,
    VILLE_PROGRAMME: program.adresseville,
    CODEPOSTAL_PROGRAMME: program.adressecodepostal,
  };
}

/**
 * The planning's text for a message (its own, else `fallback`, else the default), tags replaced;
 * SMS kept to GSM-7. An imposed planning passes its convocation wording as `fallback` (issue 13).
 */
export function renderMessage(planning: PlanningRecord, field: MessageField, values: Partial<Record<MessageTag, string>>, fallback?: string): string {
  const text = renderTags(planning.messages[field]?.trim() || fallback || defaultMessages[field], values);
  return field.startsWith('sms') ? toGsm7(text) : text;
}

export const mailSubjects = {
  invitation: (program: ProgramRecord, planning: PlanningRecord) => `${program.promotername} – prenez rendez-vous pour votre visite ${phaseLabels[planning.phase]}`,
  confirmation: (program: ProgramRecord, planning: PlanningRecord) => `${program.promotername} – rendez-vous confirmé : visite ${phaseLabels[planning.phase]}`,
  reminder: (program: ProgramRecord, planning: PlanningRecord) => `${program.promotername} – rappel de votre visite ${phaseLabels[planning.phase]}`,
  cancellation: (program: ProgramRecord, planning: PlanningRecord) => `${program.promotername} – rendez-vous annulé : visite ${phaseLabels[planning.phase]}`,
} as const;
