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

/** The staff notice of a buyer's force majeure (ours). */
export function forceMajeureNotice(args: { nom: string; lotcomm: string; planningName: string; start: string; note: string }): { subject: string; text: string } {
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
