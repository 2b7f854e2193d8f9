import { isImposedType, mailSubject, planningMessageText, type BuyerMessageKind } from '../../../shared/domain/message-wording';
import { phaseLabels, type MessageField } from '../../../shared/domain/planning';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { renderTags, type MessageTag } from '../../../shared/rules/message-tags';
import { toGsm7 } from '../../../shared/rules/gsm7';
import { greetingName } from '../../../shared/rules/greeting';
import type { ProgramRecord } from '../../data/programs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';

/** The value of every tag of part 1 §5 for one buyer of one planning. */
export function tagValues(planning: PlanningRecord, program: ProgramRecord, meeting: MeetingRecord, publicUrl: string): Partial<Record<MessageTag, string>> {
  const address = `${planning.address.numero} ${planning.address.rue}, ${planning.address.codepostal} ${planning.address.ville}`;
  return {
    NOM: greetingName(meeting.guest),
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
 * The planning's text for a message (its own, else its type's default: shared/domain/message-wording),
 * tags replaced; SMS kept to GSM-7.
 */
export function renderMessage(planning: PlanningRecord, field: MessageField, values: Partial<Record<MessageTag, string>>): string {
  const text = renderTags(planningMessageText(planning, field), values);
  return field.startsWith('sms') ? toGsm7(text) : text;
}

/** Renders a fixed (not editable) text: an SMS kept to GSM-7. */
export const renderFixed = (text: string, values: Partial<Record<MessageTag, string>>, sms = false): string =>
  sms ? toGsm7(renderTags(text, values)) : renderTags(text, values);

/** The subject of each buyer message, worded for the planning's type (a convocation for an imposed one). */
const subjectOf = (kind: BuyerMessageKind) => (program: ProgramRecord, planning: PlanningRecord) =>
  mailSubject(kind, isImposedType(planning.templateType), program.promotername, phaseLabels[planning.phase]);

export const mailSubjects = {
  invitation: subjectOf('invitation'),
  confirmation: subjectOf('confirmation'),
  relance: subjectOf('relance'),
  reminder: subjectOf('rappel'),
  cancellation: subjectOf('cancellation'),
  move: subjectOf('move'),
} as const;
