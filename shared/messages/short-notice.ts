/**
 * Texts of the short-notice rule (part 2 §9: a convocation too close to its visit is confirmed by
 * staff): the program setting's refusals and the warning that names the buyers.
 */
export const shortNoticeMessages = {
  valueInvalid: 'Valeur invalide',
  daysInvalid: 'Nombre de jours invalide',
  daysMin: 'Au moins 1 jour',
  daysMax: 'Au plus 90 jours',
  phasesRequired: 'Choisissez au moins une phase',
  /** The warning's title, also its first words. */
  title: (days: number) => `Convocation à moins de ${days} jours`,
  warning: (days: number, buyerCount: number, names: readonly string[], more: number) => {
    const count = buyerCount > 1 ? `${buyerCount} acquéreurs` : "l'acquéreur";
    const others = more > 0 ? ` et ${more} autre${more > 1 ? 's' : ''}` : '';
    return `Convocation à moins de ${days} jours de la visite pour ${count} : ${names.join(', ')}${others}. Confirmez-vous ?`;
  },
} as const;
