/**
 * The buyer's booking page /entrevue/{uuid} (part 1 §2, §5, §8): its states, the slot picker, the
 * questions and the imposed layout, verbatim where the specification quotes them, ours elsewhere.
 * The server's answers are in booking.ts. Plain strings and functions, no import: the page loads on
 * a phone (docs/performance.md), so it does not take the staff screens' shared field labels either.
 */
export const bookingPageMessages = {
  pageTitle: 'Votre rendez-vous · Livrea',
  footerBrand: 'Livrea · Planification des visites de logements neufs',
  updateFailed: 'Une erreur est apparue.',
  /** The page's states (part 1 §2). */
  vpnNote:
    "Vérifiez le lien reçu par SMS ou par e-mail. Si vous utilisez un VPN, il peut empêcher l'affichage de votre rendez-vous : désactivez-le puis rouvrez le lien.",
  quit: 'Quitter',
  loadFailedTitle: "Impossible d'afficher votre rendez-vous",
  retry: 'Réessayer',
  disabledTitle: 'Rendez-vous désactivé',
  disabled: 'Votre rendez-vous a été désactivé. Veuillez contacter',
  closedContact: 'Pour toute question, contactez :',
  unavailableTitle: 'Indisponibilité enregistrée',
  unavailableText: 'Vous nous avez indiqué ne pas être disponible(s) aux dates proposées. Votre interlocuteur reviendra vers vous.',
  yourNote: 'Votre message :',
  availableAgain: 'Vous êtes finalement disponible(s) ?',
  questionContact: 'Une question ? Contactez :',
  /** The booked appointment. */
  bookedTag: 'Rendez-vous réservé',
  bookedTitle: 'Votre rendez-vous',
  timeRange: (from: string, to: string) => `de ${from} à ${to}`,
  atTime: (time: string) => `à ${time}`,
  timeToCome: "L'horaire de votre rendez-vous vous sera communiqué par votre interlocuteur.",
  length: 'Durée',
  visit: 'Visite',
  address: 'Adresse',
  seeOnMap: 'Voir sur la carte',
  addToCalendar: 'Ajouter au calendrier',
  /** The calendar file's name in the buyer's downloads. */
  icsFileName: 'rendez-vous.ics',
  cancel: 'Annuler le rendez-vous',
  cancelConfirmTitle: 'Annuler le rendez-vous ?',
  cancelConfirmText: (when: string | undefined) =>
    `Voulez-vous vraiment annuler votre rendez-vous${when ? ` du ${when}` : ''} ? Vous pourrez ensuite choisir un autre créneau.`,
  /** A day and time: 'lundi 7 décembre 2026 à 09:00' (the cancel confirmation, a slot's button). */
  dayAtTime: (day: string, time: string) => `${day} à ${time}`,
  cancelling: 'Annulation…',
  cancelConfirm: 'Oui, annuler',
  cancelKeep: 'Non, conserver',
  /** The choice of a slot (part 1 §2, §9). */
  chooseTitle: 'Choisissez votre rendez-vous',
  chooseIntro: (guestName: string, length: string) => `Bonjour ${guestName}, choisissez le créneau de votre visite (${length}).`,
  deadline: (deadline: string) => `Prise de rendez-vous possible jusqu'au ${deadline}.`,
  slotsLoading: 'Chargement des créneaux…',
  noSlots: "Aucun créneau n'est disponible pour le moment. Veuillez contacter votre interlocuteur :",
  noDateSuits: 'Aucune date ne vous convient ?',
  unavailableLink: 'Cliquez ici',
  unavailableLinkEnd: 'pour nous indiquer votre indisponibilité.',
  chosenSlot: 'Créneau choisi',
  chosenEnd: (end: string, length: string) => `Fin prévue à ${end} · durée ${length}`,
  booking: 'Réservation…',
  validate: 'Valider',
  back: 'Retour',
  /** The slot picker, 5 days a page (part 1 §9). */
  slotsTitle: 'Créneaux disponibles',
  previous: 'Précédent',
  next: 'Suivant',
  pagerLabel: 'Pages de jours',
  moreDays: 'Voir les jours suivants',
  /** 'Jours 1 à 5 sur 12', or 'Jour 6 sur 6' on a page of one day. */
  pagerStatus: (first: number, last: number, total: number) => `${last > first ? `Jours ${first} à ${last}` : `Jour ${first}`} sur ${total}`,
  /** The optional questions (part 1 §5). */
  shoeSizes: 'Pointures pour la visite du chantier',
  vrQuestion: 'Êtes-vous intéressé(e) par une visite virtuelle de votre logement ?',
  vrLabel: 'Intérêt pour une visite virtuelle',
  visitorsAtMost: (max: number) => `Vous pouvez venir avec ${max} accompagnant${max > 1 ? 's' : ''} au plus.`,
  addVisitor: (remaining: number) => `Ajouter un accompagnant (${remaining} restant${remaining > 1 ? 's' : ''})`,
  yes: 'Oui',
  no: 'Non',
  optional: '(facultatif)',
  required: '(obligatoire)',
  choose: 'Choisir',
  shoeSize: 'Pointure',
  secondShoeSize: 'Seconde pointure',
  noSecondShoeSize: 'Aucune',
  unknownShoeSize: 'Inconnue',
  visitors: 'Accompagnants',
  visitor: (n: number) => `Accompagnant ${n}`,
  removeVisitor: 'Retirer',
  removeVisitorLabel: (n: number) => `Retirer l'accompagnant ${n}`,
  visitorsFull: "Nombre maximum d'accompagnants atteint.",
  lastname: 'Nom',
  firstname: 'Prénom',
  role: 'Rôle',
  email: 'E-mail',
  /** A visitor's role (part 1 §3 'Visitor'), as the buyer reads it. */
  visitorRoles: { cuisiniste: 'Cuisiniste', architecte: 'Architecte', familleami: 'Ami/Famille', autre: 'Autre' },
  /** Unavailability (part 1 §5). */
  unavailableFormTitle: "Vous n'êtes pas disponible ?",
  unavailableFormLabel: 'Indiquez-nous les raisons de votre indisponibilité',
  send: 'Envoyer',
  /** Data protection (part 1 §2, §8). */
  personalDataTitle: 'Protection des données personnelles',
  personalDataText: 'Vous pouvez recevoir par e-mail les données personnelles vous concernant.',
  personalDataSending: 'Envoi de la demande…',
  personalDataAsk: 'Recevoir mes données personnelles',
  personalDataFailed: 'Une erreur est apparue lors de la demande',
  closeNotice: 'Fermer le message',
  loading: 'Chargement…',
} as const;

/** The imposed layout of the page (part 1 §2 'Imposed layout'), verbatim where quoted. */
export const convocationPageMessages = {
  title: 'Vous êtes convoqué(e)',
  confirm: 'CONFIRMER MA PRESENCE',
  cannotCome: "Il m'est impossible d'être présent(e)",
  comeAnyway: 'Merci de vous présenter à la date prévue :',
  thanksTitle: 'Merci pour votre réponse',
  thanks: 'Merci, votre indisponibilité a bien été transmise. Votre interlocuteur vous recontactera pour convenir d’une autre date.',
  confirmedTag: 'Présence confirmée',
  confirmedOn: (date: string, time: string) => `Présence confirmée pour le rendez-vous du ${date} à ${time}`,
} as const;
