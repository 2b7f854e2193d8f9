import type { MessageField } from '../domain/planning';

/**
 * Default French texts of a free planning's messages (the specification names them but does not
 * show their wording). Tags are replaced per buyer when sent.
 */
export const defaultMessages: Record<MessageField, string> = {
  mailinvitationmessage: [
    'Bonjour <NOM>,',
    '',
    '<PROMOTEUR> vous invite à prendre rendez-vous pour la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>) du programme <NOM_PROGRAMME>.',
    '',
    'Choisissez votre créneau ici : <LIEN_RDV>',
    '',
    'Vous pouvez réserver jusqu’au <FIN_PRISE_RDV>. Adresse de la visite : <ADRESSE>.',
    '',
    'Votre AMO se tient à votre disposition.',
  ].join('\n'),
  smsinvitationmessage: '<PROMOTEUR> : prenez rendez-vous pour la visite <TYPE_VISITE> de votre logement (lot <LOTCOMM>) avant le <FIN_PRISE_RDV> : <LIEN_RDV>',
  mailconfirmationmessage: [
    'Bonjour <NOM>,',
    '',
    'Votre rendez-vous « <TYPE_VISITE> » pour le lot <LOTCOMM> du programme <NOM_PROGRAMME> est confirmé le <DEBUT_VISITE>.',
    'Adresse : <ADRESSE>.',
    '',
    'Pour consulter ou annuler votre rendez-vous : <LIEN_RDV>',
    '',
    'Votre AMO se tient à votre disposition.',
  ].join('\n'),
  smsconfirmationmessage: '<PROMOTEUR> : votre visite <TYPE_VISITE> (lot <LOTCOMM>) est confirmée le <DEBUT_VISITE>, <ADRESSE>. Détails : <LIEN_RDV>',
  mailrelancemessage: [
    'Bonjour <NOM>,',
    '',
    'Vous n’avez pas encore choisi de créneau pour la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>).',
    'Les réservations ferment le <FIN_PRISE_RDV> : <LIEN_RDV>',
  ].join('\n'),
  smsrelancemessage: '<PROMOTEUR> : pensez à réserver votre visite <TYPE_VISITE> (lot <LOTCOMM>) avant le <FIN_PRISE_RDV> : <LIEN_RDV>',
  mailrappelmessage: [
    'Bonjour <NOM>,',
    '',
    'Nous vous rappelons votre rendez-vous « <TYPE_VISITE> » le <DEBUT_VISITE>, <ADRESSE> (lot <LOTCOMM>).',
    '',
    'Détails : <LIEN_RDV>',
  ].join('\n'),
  smsrappelmessage: '<PROMOTEUR> : rappel de votre visite <TYPE_VISITE> le <DEBUT_VISITE>, <ADRESSE>. Détails : <LIEN_RDV>',
};

/** What a buyer's mail subject says after the promoter's name, per message and planning type (ours). */
export const mailSubjects = {
  invitation: { free: 'prenez rendez-vous pour votre visite', imposed: 'convocation : visite' },
  confirmation: { free: 'rendez-vous confirmé : visite', imposed: 'présence confirmée : convocation à la visite' },
  relance: { free: 'n’oubliez pas de réserver votre visite', imposed: 'merci de répondre à votre convocation : visite' },
  rappel: { free: 'rappel de votre visite', imposed: 'rappel de votre convocation : visite' },
  cancellation: { free: 'rendez-vous annulé : visite', imposed: 'convocation annulée : visite' },
  move: { free: 'rendez-vous déplacé : visite', imposed: 'convocation déplacée : visite' },
} as const;
