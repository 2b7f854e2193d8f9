import { controlMessages } from './controls';

/**
 * Texts of the dialogs and panels a planning's detail page opens on a visit, a buyer or the
 * selection (part 2 §4, §5; imposed plannings part 2 §2.5, §2.7). Labels the specification shows are
 * written as it shows them; the others are ours. The server's refusals and the flashes of these
 * actions are in planning-actions.ts.
 */

/** What several dialogs say the same way. */
export const planningDialogCommon = {
  /** The button that closes a confirmation without acting. */
  dismiss: controlMessages.cancel,
  close: controlMessages.close,
  retry: controlMessages.retry,
  save: controlMessages.save,
  delete: controlMessages.delete,
  remove: 'Retirer',
  send: 'Envoyer',
  buyer: 'Acquéreur',
  guest: 'Invité',
  start: 'Début',
  end: 'Fin',
  duration: 'Durée',
  lot: 'Lot',
  history: 'Historique',
  editBuyer: "Modifier l'acquéreur",
  cancelMeeting: 'Annuler le rendez-vous',
  move: 'Déplacer',
  byEmail: 'Par e-mail',
  bySms: 'Par SMS',
  cancellationMail: "Envoyer le mail d'annulation",
  /** The alerts' icon, for a screen reader. */
  errorIcon: controlMessages.error,
  warningIcon: controlMessages.warning,
  attentionIcon: 'Attention',
  lotAndName: (lotcomm: string, nom: string) => `Lot ${lotcomm} · ${nom}`,
  /** « The team » placed a visit, or the buyer did. */
  team: "L'équipe",
  theBuyer: "L'acquéreur",
} as const;

/** A confirmation's button of a definitive action, for a screen reader. */
export const definitiveAction = (label: string) => `${label} (action définitive)`;

/** The date and time of a chosen start (part 2 §5 'Move', 'Add buyer'). */
export const bookingFieldMessages = {
  hours: 'Le rendez-vous doit se tenir entre 8h et 20h.',
} as const;

/** 'Ajouter un acquéreur' (part 2 §5 'Add buyer to planning'). */
export const addBuyerMessages = {
  title: 'Ajouter un acquéreur au planning',
  add: 'Ajouter',
  building: (batiment: string) => `Bât. ${batiment}`,
  /** A free planning invites, an imposed one convenes (part 2 §2.5, §2.7). */
  mail: {
    free: {
      label: 'Invitation',
      yes: "Envoyer l'invitation maintenant",
      no: "Ne pas envoyer d'invitation",
      required: "Veuillez choisir si l'invitation part maintenant.",
    },
    imposed: {
      label: 'Convocation',
      yes: 'Envoyer la convocation maintenant',
      no: 'Ne pas envoyer de convocation',
      required: 'Veuillez choisir si la convocation part maintenant.',
    },
  },
  searchLabel: 'Rechercher un lot',
  searchPlaceholder: 'Rechercher un lot (numéro, nom, e-mail)',
  loading: 'Chargement des acquéreurs du programme',
  noMatch: 'Aucun lot hors du planning ne correspond à cette recherche',
  allIn: 'Tous les lots du programme sont déjà dans le planning',
  pickLot: 'Choisir un lot',
  length: 'Durée de la visite',
  lengthRequired: 'Veuillez choisir une durée.',
  placeNow: 'Placer le rendez-vous directement',
  date: 'Date du rendez-vous',
} as const;

/** 'Disponibilités' (part 2 §4 'Availability editing'). */
export const availabilityDrawerMessages = {
  cells: {
    free: 'disponible',
    booked: 'réservé',
    unavailable: 'indisponible',
    lunch: 'pause déjeuner',
    shift: 'hors horaires',
    break: 'AMO absent ce jour',
  },
  label: 'Disponibilités des AMO',
  help: 'Cliquez sur un créneau pour ajouter ou retirer une disponibilité, puis TEST et CONFIRMER.',
  title: 'Disponibilités',
  amoToAdd: 'AMO à ajouter',
  noOtherAmo: 'Aucun autre AMO autorisé sur le programme',
  addThisAmo: "Ajouter l'AMO",
  addAmo: 'Ajouter un AMO',
  testPassed: 'Test réussi : tous les acquéreurs restent plaçables.',
  cancel: 'ANNULER',
  test: 'TEST',
  confirm: 'CONFIRMER',
  edits: (count: number) => `${count} modification${count > 1 ? 's' : ''}`,
  /** A cell, for a screen reader and its tooltip: « lun. 04/01 09:30 : disponible ». */
  cell: (day: string, time: string, state: string) => `${day} ${time} : ${state}`,
} as const;

/** The bulk actions' dialog (part 2 §5 'Bulk actions on selected buyers'). */
export const bulkActionDialogMessages = {
  invitationChannels: "L'invitation part par e-mail et par SMS, selon les notifications de chaque acquéreur.",
} as const;

/** 'Modifier l'acquéreur' (part 2 §5 'Buyer edit'). */
export const buyerEditMessages = {
  name: 'Nom',
  active: 'Actif',
  inactive: 'Inactif',
  available: 'Disponible',
  unavailable: 'Indisponible',
  buyerMessage: "Message de l'acquéreur",
  visitors: 'Accompagnants',
  atMost: (count: number) => `${count} au plus`,
  addVisitor: 'Ajouter un accompagnant',
  noVisitor: 'Aucun accompagnant',
  firstname: 'Prénom',
  role: 'Rôle',
  roles: { familleami: 'Ami/Famille', cuisiniste: 'Cuisiniste', architecte: 'Architecte', autre: 'Autre' },
  shoeSize: 'Pointure',
  unknownShoeSize: 'Inconnue',
  shoeSize1: 'Pointure (acquéreur 1)',
  shoeSize2: 'Pointure (acquéreur 2)',
  observations: 'Observations',
  notifications: 'Notifications',
  email: 'E-mail',
  sms: 'SMS',
} as const;

/** Cancel one visit (part 2 §2.10). */
export const cancelMeetingMessages = {
  title: 'Annuler le rendez-vous ?',
  keep: 'Conserver',
  freed: "Le créneau est libéré ; l'acquéreur pourra en choisir un autre.",
} as const;

/** 'Mail personnalisé' (part 2 §5 'Custom mail'). */
export const customMailDialogMessages = {
  title: 'Mail personnalisé',
  to: (count: number, lots: string) => `À : ${count} acquéreur${count > 1 ? 's' : ''} (${lots})`,
  subject: 'Objet',
  subjectHelp: 'Commence par [PROMOTER], remplacé par le nom du promoteur.',
  message: 'Message',
  cc: 'Copie (cc)',
  ccHelp: 'Adresses séparées par « ; »',
} as const;

/** An RDV Libre: a staff note on the calendar (part 2 §5). */
export const freeMeetingDialogMessages = {
  durationRequired: 'Veuillez choisir une durée',
  newTitle: 'Nouveau RDV Libre',
  title: 'RDV Libre',
  create: controlMessages.create,
  name: 'Nom',
  nameHelp: 'Affiché entre astérisques sur le calendrier.',
  namePlaceholder: 'Réunion de chantier',
  color: 'Couleur',
  colorOf: (color: string) => `Couleur ${color}`,
  noAmo: "Un RDV Libre n'est rattaché à aucun AMO et ne bloque pas les créneaux des acquéreurs.",
} as const;

/** 'Historique' of a buyer (part 2 §2.6). */
export const historyDialogMessages = {
  yes: 'Oui',
  no: 'Non',
  elements: (count: number) => `${count} élément${count > 1 ? 's' : ''}`,
  heldUntil: (start: string, until: string) => `${start} (réservé jusqu'à ${until})`,
  title: (name: string) => `Historique · ${name}`,
  loading: "Chargement de l'historique",
  date: 'Date',
  by: 'Par',
  impersonated: (name: string, impersonator: string) => `${name} (simulé par ${impersonator})`,
  action: 'Action',
  changes: 'Avant → après',
  none: 'Aucune modification enregistrée pour cet acquéreur.',
} as const;

/** The planning calendar (part 2 §4). */
export const planningCalendarViewMessages = {
  loading: 'Chargement du calendrier…',
  buttons: { month: 'Mois', week: 'Semaine', day: 'Jour', today: "Aujourd'hui" },
  previous: 'Période précédente',
  next: 'Période suivante',
  holiday: 'Férié',
} as const;

/** 'Placer manuellement' (part 2 §5 'Manual booking'). */
export const manualBookingMessages = {
  title: 'Placer un rendez-vous',
  place: 'Placer',
  anyAmo: 'Au choix du planning',
  nobodyToPlace: 'Aucun acquéreur à placer',
  pickAmo: 'Choisir un AMO',
  confirmationMail: 'Envoyer le mail de confirmation',
} as const;

/** 'Personnaliser' the planning's messages (part 2 §5). */
export const messagesDialogMessages = {
  title: 'Personnaliser les messages',
  message: 'Message',
  defaultMessage: 'Message par défaut',
  saveMessage: 'Enregistrer ce message',
} as const;

/** Moving a visit (part 2 §4 'Moving an appointment'). */
export const moveDialogMessages = {
  options: {
    validateAndSendConfirmation: 'Valider et envoyer le mail de confirmation',
    sendConfirmationRequest: 'Envoyer une demande de confirmation',
    moveOnly: 'Déplacer seulement',
  },
  title: (lotcomm: string) => `Déplacer le rendez-vous du lot ${lotcomm}`,
  current: (start: string, nom: string) => `Actuellement : ${start} · ${nom}`,
  newDate: 'Nouvelle date',
  option: 'Option',
} as const;

/** The notifications of the selected buyers (part 2 §5). */
export const notificationsDialogMessages = {
  title: 'Notifications',
  selected: (count: number) => `${count} acquéreur${count > 1 ? 's' : ''} sélectionné${count > 1 ? 's' : ''}`,
  byEmail: 'Notifications par e-mail',
  bySms: 'Notifications par SMS',
} as const;

/** The search of a planning's buyers in a dialog. */
export const participantSelectMessages = {
  searchLabel: 'Rechercher un acquéreur',
  searchPlaceholder: 'Rechercher un acquéreur (lot, nom, e-mail)',
  pick: 'Choisir un acquéreur',
  searching: 'Recherche des acquéreurs…',
  firstOf: (shown: number, total: number) => `Les ${shown} premiers sur ${total} : précisez la recherche.`,
  noMatch: 'Aucun acquéreur ne correspond à cette recherche',
} as const;

/** 'Retirer un acquéreur' (part 2 §5). */
export const removeBuyerMessages = {
  title: 'Retirer un acquéreur du planning',
  nobody: 'Aucun acquéreur dans le planning',
} as const;

/** 'Envoyer' the planning's read-only link (part 2 §5 'Sharing'). */
export const shareDialogMessages = {
  title: 'Partager le planning',
  channel: 'Canal',
  link: 'Lien',
  linkLabel: 'Lien de consultation (lecture seule)',
  copyLink: 'Copier le lien',
  copied: 'Lien copié',
  notCopied: 'Lien non copié',
  emails: 'Adresses e-mail',
  phones: 'Numéros de téléphone',
  listHelp: 'Séparés par « ; » ou un par ligne',
  readOnly: 'Les destinataires reçoivent le lien du calendrier en lecture seule.',
} as const;

/** 'Décaler' (docs/user-guide.md « Décaler des journées »). */
export const shiftDialogMessages = {
  title: 'Décaler des journées',
  confirm: 'Confirmer le décalage',
  preview: 'Voir l’aperçu',
  intro: 'Les journées décalées gardent leurs horaires ; chaque rendez-vous garde son heure et son AMO quand c’est possible.',
  which: 'Journées à décaler',
  fromDate: 'Toutes à partir d’une date',
  chosenDays: 'Journées choisies',
  firstDay: 'Première journée décalée',
  pickDay: 'Choisir une journée',
  newDateOfDay: 'Nouvelle date de cette journée',
  nextDaysFollow: 'Les journées suivantes sont décalées d’autant.',
  newDateOfFirst: 'Nouvelle date de la première journée décalée',
  newDateOf: (day: string) => `Nouvelle date du ${day}`,
  summary: (moved: number, dropped: number) =>
    `${moved} rendez-vous déplacé${moved > 1 ? 's' : ''}, ${dropped} ne pouvant pas être maintenu${dropped > 1 ? 's' : ''}`,
  imposedNotice: 'Chaque acquéreur déplacé reçoit une nouvelle convocation à confirmer.',
  freeNotice: 'Chaque acquéreur déplacé reçoit son nouvel horaire et un lien pour en choisir un autre.',
  droppedNotice: ' Les rendez-vous qui ne peuvent pas être maintenus sont annulés, avec le message d’annulation.',
  nonWorkingDays: 'Jours non ouvrés',
  shortNoticeConfirms: ' En confirmant le décalage, vous confirmez ces convocations, signalées « Convocation tardive ».',
  moved: 'Qui est déplacé',
  nobodyMoved: 'Aucun rendez-vous à déplacer : seules les journées sont décalées.',
  before: 'Avant',
  after: 'Après',
  insteadOf: (amo: string, from: string) => `${amo} (au lieu de ${from})`,
  dropped: 'Ne peuvent pas être maintenus',
  meeting: 'Rendez-vous',
  reason: 'Raison',
} as const;

/** A forced booking or move that would strand buyers (part 2 §5). */
export const strandDialogMessages = {
  title: "Des acquéreurs n'auraient plus de place",
  confirm: 'Confirmer malgré tout',
} as const;

/** A visit of the calendar and its actions (part 2 §4). */
export const visitDialogMessages = {
  title: (lotcomm: string, typologie: string) => `Lot ${lotcomm} · ${typologie}`,
  phone: 'Téléphone',
  email: 'E-mail',
  placedBy: 'Placé par',
  visitors: 'Accompagnants',
  noVisitor: 'Aucun',
} as const;

/** The earlier-slot waitlist's table (docs/user-guide.md « Liste d'attente »). */
export const waitlistPanelMessages = {
  rank: 'Ordre',
  currentMeeting: 'Rendez-vous actuel',
  askedOn: 'Inscrit le',
  state: 'État',
} as const;

/** A bulk action's wave in progress (part 2 §5, §7). */
export const waveProgressMessages = {
  title: 'Envois',
  startedOn: (when: string) => `Lancé le ${when}`,
  hide: 'Masquer',
  notSent: 'Non envoyés',
} as const;
