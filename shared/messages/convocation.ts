/**
 * Default French texts of an imposed planning's convocation (summons) mail and SMS (part 1 §9
 * names them without their wording). The planning's own invitation texts replace them when set:
 * for an imposed planning the invitation IS the convocation. Tags are replaced per buyer.
 */
export const defaultConvocationMessages = {
  mail: [
    'Bonjour <NOM>,',
    '',
    '<PROMOTEUR> vous convoque pour la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>) du programme <NOM_PROGRAMME>, le <DEBUT_VISITE>.',
    'Adresse de la visite : <ADRESSE>.',
    '',
    'Merci de confirmer votre présence, ou de nous indiquer que vous ne pourrez pas venir, avant le <FIN_PRISE_RDV> : <LIEN_RDV>',
    '',
    'Votre AMO se tient à votre disposition.',
  ].join('\n'),
  sms: '<PROMOTEUR> : vous êtes convoqué(e) le <DEBUT_VISITE> pour la visite <TYPE_VISITE> (lot <LOTCOMM>), <ADRESSE>. Confirmez votre présence : <LIEN_RDV>',
} as const;

/**
 * The default relance of an imposed planning (ours): the buyer has not answered the convocation
 * yet, so it asks for the answer rather than for a booking. The planning's relance texts replace it.
 */
export const defaultConvocationRelance = {
  mail: [
    'Bonjour <NOM>,',
    '',
    'Vous n’avez pas encore répondu à votre convocation pour la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>) le <DEBUT_VISITE>, <ADRESSE>.',
    'Merci de confirmer votre présence, ou de nous indiquer que vous ne pourrez pas venir, avant le <FIN_PRISE_RDV> : <LIEN_RDV>',
  ].join('\n'),
  sms: '<PROMOTEUR> : merci de confirmer votre présence à la visite <TYPE_VISITE> du <DEBUT_VISITE> (lot <LOTCOMM>) avant le <FIN_PRISE_RDV> : <LIEN_RDV>',
} as const;

/**
 * The confirmation of an imposed planning (ours, after the buyer page's 'Présence confirmée pour
 * le rendez-vous du …', part 1 §2): the buyer confirmed, or staff validated a moved convocation.
 */
export const defaultConvocationConfirmation = {
  mail: [
    'Bonjour <NOM>,',
    '',
    'Présence confirmée pour le rendez-vous du <DEBUT_VISITE> : votre convocation à la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>) du programme <NOM_PROGRAMME>.',
    'Adresse : <ADRESSE>.',
    '',
    'Votre convocation : <LIEN_RDV>',
    '',
    'Votre AMO se tient à votre disposition.',
  ].join('\n'),
  sms: '<PROMOTEUR> : présence confirmée pour votre convocation du <DEBUT_VISITE> (visite <TYPE_VISITE>, lot <LOTCOMM>), <ADRESSE>. Détails : <LIEN_RDV>',
} as const;

/**
 * The reminder (rappel) of an imposed planning (ours): it reminds the convocation, and asks the
 * buyer who has not answered yet to confirm.
 */
export const defaultConvocationReminder = {
  mail: [
    'Bonjour <NOM>,',
    '',
    'Nous vous rappelons votre convocation à la visite « <TYPE_VISITE> » le <DEBUT_VISITE>, <ADRESSE> (lot <LOTCOMM>).',
    '',
    'Si vous ne l’avez pas encore fait, merci de confirmer votre présence : <LIEN_RDV>',
  ].join('\n'),
  sms: '<PROMOTEUR> : rappel de votre convocation le <DEBUT_VISITE>, <ADRESSE> (visite <TYPE_VISITE>). Confirmez votre présence si ce n’est pas fait : <LIEN_RDV>',
} as const;

/** A convocation moved by staff who ask the buyer to confirm the new date (part 2 §4 'Moving an appointment', ours). */
export const convocationMoveMessages = {
  mail: [
    'Bonjour <NOM>,',
    '',
    'Votre convocation à la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>) est déplacée au <DEBUT_VISITE>, <ADRESSE>.',
    '',
    'Merci de confirmer votre présence à cette nouvelle date, ou de nous indiquer que vous ne pourrez pas venir, avant le <FIN_PRISE_RDV> : <LIEN_RDV>',
  ].join('\n'),
  sms: '<PROMOTEUR> : votre convocation (visite <TYPE_VISITE>, lot <LOTCOMM>) est déplacée au <DEBUT_VISITE>, <ADRESSE>. Confirmez votre présence : <LIEN_RDV>',
} as const;

/** The cancellation of a convocation by staff (ours): the buyer has no slot to choose, staff come back with a date. */
export const convocationCancellationMail = [
  'Bonjour <NOM>,',
  '',
  'Votre convocation pour la visite « <TYPE_VISITE> » du <DEBUT_VISITE> (lot <LOTCOMM>) est annulée.',
  '',
  'Nous reviendrons vers vous pour convenir d’une nouvelle date.',
].join('\n');

/** The staff notice of a buyer's force majeure (ours). */
export function forceMajeureNotice(args: { nom: string; lotcomm: string; planningName: string; start: string; note: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: `Indisponibilité déclarée : lot ${args.lotcomm} (${args.planningName})`,
    text: [
      'Bonjour,',
      '',
      `${args.nom} (lot ${args.lotcomm}) a indiqué ne pas pouvoir être présent(e) au rendez-vous du ${args.start} du planning « ${args.planningName} ».`,
      '',
      `Raison indiquée : ${args.note}`,
      '',
      'Recontactez cet acquéreur pour convenir d’une autre date.',
    ].join('\n'),
  };
}
