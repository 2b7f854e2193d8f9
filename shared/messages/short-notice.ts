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
  /** The staff modal that asks (web/src/components/short-notice/short-notice-modal.tsx). */
  back: 'Revenir sans convoquer',
  confirm: 'Confirmer la convocation',
  buyersLabel: 'Acquéreurs convoqués tardivement',
  /** A buyer's visit in the list: « mardi 3 mars à 09:00 » (a date-fns pattern; the « à » is read). */
  buyerStartPattern: "EEEE d MMMM 'à' HH:mm",
  flagNote: 'Ces acquéreurs seront signalés « Convocation tardive » sur l’impression et l’export XLSX du planning.',
  declined: 'Rien n’a été modifié : la convocation tardive n’a pas été confirmée.',
} as const;
