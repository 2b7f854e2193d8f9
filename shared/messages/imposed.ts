/**
 * Texts of the imposed planning (part 1 §2 'Imposed layout', part 2 §4 'Imposed creation'); quoted
 * from the specification verbatim, 'ours' fill rules it shows without a text. A module without zod,
 * for the buyer's page.
 */
export const imposedMessages = {
  created: 'Nouveau planning imposé créé avec succès',
  notFound: 'Planning imposé non trouvé',
  duplicateName: 'Le nom existe déjà, veuillez en sélectionner un autre.',
  tooLate: "Il n'est plus possible de valider votre présence au rendez-vous",
  noteRequired: 'Veuillez indiquer les raisons de votre indisponibilité',
  confirmFailed: "Il semblerait qu'une erreur s'est produite.",
  // ours
  confirmed: 'Votre présence est confirmée.',
  forceMajeure: 'Merci, votre indisponibilité a bien été transmise. Vous serez recontacté(e).',
  alreadyAnswered: 'Vous avez déjà répondu à cette convocation.',
  notImposed: "Ce rendez-vous n'est pas une convocation.",
  nothingPlaced: 'Placez au moins un lot sur le calendrier.',
  startRequired: 'Veuillez sélectionner une date',
  unplacedWarning: (count: number) => `${count} lot${count > 1 ? 's ne sont' : " n'est"} pas placé${count > 1 ? 's' : ''}. Créer le planning quand même ?`,
  moved: 'Convocation déplacée.',
  added: 'Acquéreur convoqué.',
  deadlineAfterFirstVisit: (firstVisit: string) => `La date limite de confirmation doit précéder la première visite (${firstVisit}).`,
  /** 'Placer automatiquement' could not place every lot (part 2 §2.5): which, and why. */
  autoPlacement: {
    header: (count: number) => `${count} lot${count > 1 ? 's' : ''} non placé${count > 1 ? 's' : ''} par « Placer automatiquement »`,
    lots: (lotcomms: readonly string[]) => `${lotcomms.length > 1 ? 'Lots' : 'Lot'} ${lotcomms.join(', ')}`,
    noDays: "ce planning n'a pas encore de jour de visite. Déposez d'abord un lot sur le jour voulu, ou choisissez les jours dans le calculateur d'heures.",
    pastDays: 'les jours de visite de ce planning sont passés. Déposez un lot sur un jour à venir.',
    tooLong: "la visite est plus longue que la plus grande plage d'une journée (horaires de la journée, pause déjeuner exclue).",
    noRoom: (days: readonly string[]) =>
      `plus de place ${days.length > 1 ? 'les jours du planning' : 'le jour du planning'} (${days.join(', ')}) avec ces horaires, cette pause déjeuner et ce nombre d'AMO par jour. Déposez un lot sur un autre jour ou ajoutez un AMO par jour.`,
  },
} as const;

export const placementMessages = {
  outsideDay: (label: string, dayStart: string, dayEnd: string) =>
    `La visite du lot ${label} doit tenir dans les horaires de la journée (${dayStart} – ${dayEnd}).`,
  overlap: (a: string, b: string) => `Les visites des lots ${a} et ${b} se chevauchent pour le même AMO.`,
  offGrid: (label: string, minutes: number) => `La visite du lot ${label} doit commencer sur un pas de ${minutes} minutes.`,
  past: (label: string) => `La visite du lot ${label} est dans le passé.`,
  duplicate: (label: string) => `Le lot ${label} est placé deux fois.`,
  slotTaken: 'Tranche horaire occupée par un rdv',
} as const;
