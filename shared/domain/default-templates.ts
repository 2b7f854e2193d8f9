import { defaultMessages } from './default-messages';
import type { TemplateCreate } from './message-template';

/**
 * The French default set (part 1 §9: invitation, confirmation, relance, rappel, summons, custom and
 * SMS texts, the virtual-visit promotion and 'Votre AMO se tient à votre disposition'; their
 * wording is not shown, so it is ours). Created for a new user when the administrator asks
 * (functions/core/templates/default-templates.ts) and offered in the planning forms.
 */
export const amoAvailabilityLine = 'Votre AMO se tient à votre disposition.';

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
};

export const defaultTemplates: readonly TemplateCreate[] = [freeVisits, summons];

/** The custom mail's default body and the virtual-visit promotion (texts outside the seven steps). */
export const defaultCustomMail = ['Bonjour <NOM>,', '', '', '', amoAvailabilityLine, '<SIGNATURE>'].join('\n');
export const defaultVirtualVisitPromotion =
  'Découvrez votre futur logement en visite virtuelle 3D avant la visite « <TYPE_VISITE> » : parcourez les pièces, mesurez et préparez vos choix en toute tranquillité. ' + amoAvailabilityLine;
