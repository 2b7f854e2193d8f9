import { defaultMessages } from './default-mails';
import type { TemplateCreate, VirtualVisitText } from '../domain/message-template';

/**
 * The French default set (part 1 §9: invitation, confirmation, relance, rappel, summons, custom and
 * SMS texts, the virtual-visit promotion and 'Votre AMO se tient à votre disposition'; their
 * wording is not shown, so it is ours). Created for a new user when the administrator asks
 * (functions/core/templates/default-templates.ts) and offered in the planning forms.
 */
export const amoAvailabilityLine = 'Votre AMO se tient à votre disposition.';

/** The custom mail's default body (part 2 §5 'Custom mail'), offered when the modal opens. */
export const defaultCustomMail = ['Bonjour <NOM>,', '', '', '', amoAvailabilityLine, '', '<SIGNATURE>'].join('\n');

/** The default custom mail for a planning: without the signature tag when the planning has no signature to fill it. */
export function customMailFor(signature: string | undefined): string {
  return signature?.trim() ? defaultCustomMail : defaultCustomMail.replace(/\n\n<SIGNATURE>$/, '');
}

/** The virtual-visit promotion (planning form section 9), offered when the text is customised. */
export const defaultVirtualVisitText: VirtualVisitText = {
  firstParagraph:
    'Découvrez votre futur logement en visite virtuelle 3D avant la visite « <TYPE_VISITE> » : parcourez les pièces à votre rythme, depuis chez vous.',
  secondParagraph: 'Mesurez, comparez les finitions et notez vos questions : vous arriverez à la visite avec vos choix déjà préparés.',
  thirdParagraph: amoAvailabilityLine,
};

/** The free-planning set: the planning's own default texts, so a template and a fresh planning agree. */
const freeVisits: TemplateCreate = {
  name: 'Visite libre (modèle Livrea)',
  mailInvitation: defaultMessages.mailinvitationmessage,
  smsInvitation: defaultMessages.smsinvitationmessage,
  mailConfirmation: defaultMessages.mailconfirmationmessage,
  mailRelance: defaultMessages.mailrelancemessage,
  smsRelance: defaultMessages.smsrelancemessage,
  mailRappel: defaultMessages.mailrappelmessage,
  smsRappel: defaultMessages.smsrappelmessage,
  customMail: defaultCustomMail,
  virtualVisit: defaultVirtualVisitText,
};

/** The summons set (imposed plannings): the buyer is convened and confirms presence. */
const summons: TemplateCreate = {
  name: 'Convocation (modèle Livrea)',
  mailInvitation: [
    'Bonjour <NOM>,',
    '',
    '<PROMOTEUR> vous convoque à la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>, étage <ETAGE>) du programme <NOM_PROGRAMME>, le <DEBUT_VISITE>.',
    'Adresse : <ADRESSE>, <CODEPOSTAL_PROGRAMME> <VILLE_PROGRAMME>.',
    '',
    'Merci de confirmer votre présence, ou de nous indiquer que vous ne pourrez pas venir : <LIEN_RDV>',
    '',
    amoAvailabilityLine,
  ].join('\n'),
  smsInvitation: '<PROMOTEUR> : vous êtes convoqué(e) à la visite <TYPE_VISITE> (lot <LOTCOMM>) le <DEBUT_VISITE>. Confirmez ici : <LIEN_RDV>',
  mailConfirmation: [
    'Bonjour <NOM>,',
    '',
    'Merci, votre présence à la visite « <TYPE_VISITE> » du <DEBUT_VISITE> (lot <LOTCOMM>) est bien confirmée.',
    'Adresse : <ADRESSE>.',
    '',
    amoAvailabilityLine,
  ].join('\n'),
  mailRelance: [
    'Bonjour <NOM>,',
    '',
    'Vous n’avez pas encore confirmé votre présence à la visite « <TYPE_VISITE> » du <DEBUT_VISITE> (lot <LOTCOMM>).',
    'Merci de répondre ici : <LIEN_RDV>',
  ].join('\n'),
  smsRelance: '<PROMOTEUR> : merci de confirmer votre présence à la visite <TYPE_VISITE> du <DEBUT_VISITE> : <LIEN_RDV>',
  mailRappel: [
    'Bonjour <NOM>,',
    '',
    'Nous vous rappelons votre convocation à la visite « <TYPE_VISITE> » le <DEBUT_VISITE>, <ADRESSE> (lot <LOTCOMM>).',
    '',
    amoAvailabilityLine,
  ].join('\n'),
  smsRappel: '<PROMOTEUR> : rappel de votre convocation le <DEBUT_VISITE>, <ADRESSE>. Détails : <LIEN_RDV>',
  customMail: defaultCustomMail,
  virtualVisit: defaultVirtualVisitText,
};

export const defaultTemplates: readonly TemplateCreate[] = [freeVisits, summons];
