import { SCHEDULING_MESSAGES } from './scheduling';
import { controlMessages } from './controls';

/**
 * Texts of a planning's detail page (part 2 §2.6; imposed plannings part 2 §2.5, §2.7): its header,
 * summary, calendar, participants table and options. Labels the specification shows are written as
 * it shows them; the others are ours. The server's refusals and the page's flashes are in
 * planning-actions.ts.
 */

/** « 1 invité », « 2 invités », « 0 invité » (French: singular for 0 and 1). */
const plural = (count: number, word: string): string => `${count} ${word}${count > 1 ? 's' : ''}`;

/** What every screen of the page says the same way. */
export const planningPageCommon = {
  close: controlMessages.close,
  retry: controlMessages.retry,
  save: controlMessages.save,
  cancel: controlMessages.cancel,
  delete: controlMessages.delete,
  previousPage: controlMessages.previousPage,
  nextPage: controlMessages.nextPage,
  page: (number: number) => `Page ${number}`,
} as const;

/** The page itself and its header (part 2 §2.6). */
export const planningPageMessages = {
  backToPlannings: 'Retour aux plannings',
  notFoundHelp: "Ce planning n'existe pas ou a été supprimé.",
  visitsOf: (phase: string) => `Visites ${phase}`,
  idTitle: 'Identifiant du planning',
  id: 'Identifiant',
  refresh: 'Actualiser',
  preview: 'Aperçu',
  send: 'Envoyer',
  shareByEmail: 'Par e-mail',
  shareBySms: 'Par SMS',
  copyLink: 'Copier le lien',
  availability: 'Disponibilités',
  calendar: 'Calendrier',
  shift: 'Décaler',
  simulation: 'Simulation',
  customize: 'Personnaliser',
  options: 'Options',
} as const;

/** The summary of a free planning (part 2 §2.6) and the figures of an imposed one (part 2 §2.7, §4). */
export const planningSummaryMessages = {
  title: 'Synthèse',
  progress: (percent: number) => `Progression : ${percent} %`,
  waiting: (count: number) => `${count} en attente de réponse`,
  lots: 'Lots',
  typologies: 'Typologies',
  lotCount: (count: number, typologies: string) => `${count} lots · ${typologies}`,
  invited: 'Invités',
  invitedCounts: (invited: number, unavailable: number, toInvite: number) =>
    [`${plural(invited, 'invité')} · ${plural(unavailable, 'indisponible')}`, toInvite > 0 ? ` · ${plural(toInvite, 'invitation')} à envoyer` : ''].join(''),
  answers: 'Réponses',
  answerCounts: (answered: number, invited: number, done: number, imposed: boolean) =>
    `${answered} / ${invited} (${plural(done, imposed ? 'confirmé' : 'réservé')})`,
  period: 'Période',
  deadline: 'Date limite de réponse',
  /** « lun. 04/01/2027 à 18:00 » (a date-fns pattern; the « à » is read). */
  deadlinePattern: "EEE dd/MM/yyyy 'à' HH:mm",
  team: 'Équipe',
  unnamedTeam: (columns: number) => `${columns} AMO par jour, non nommé${columns > 1 ? 's' : ''}`,
  hours: 'Disponible / Nécessaire',
  margin: (hours: string) => `Marge ${hours}`,
  questions: 'Questions',
  noQuestion: 'Aucune',
  address: 'Adresse',
  // Imposed planning (part 2 §2.7).
  convocation: 'Convocation',
  advance: 'Avancement',
  confirmed: 'Confirmés',
  confirmedCounts: (done: number, invited: number, toInvite: number) =>
    `${done} / ${plural(invited, 'convoqué')}${toInvite > 0 ? ` · ${plural(toInvite, 'convocation')} à envoyer` : ''}`,
  totalDuration: 'Durée totale des visites',
  statuses: 'Statuts',
  statusCounts: (present: number, unavailable: number, waiting: number, inactive: number) =>
    `${present} présent(s) · ${unavailable} indisponible(s) · ${waiting} en attente · ${inactive} inactif(s)`,
} as const;

/** 'Simulation' (administrators, part 2 §2.6). */
export const planningSimulationMessages = {
  title: 'Simulation',
  noSolution: SCHEDULING_MESSAGES.noSolution,
  found: 'Solution trouvée',
  fits: (toPlace: number) => `Les ${toPlace} acquéreurs restant à placer tiennent dans les disponibilités actuelles.`,
  available: 'Disponible',
  needed: 'Nécessaire',
  margin: 'Marge',
  daysNeeded: 'Jours nécessaires',
} as const;

/** The calendar, its modes and its colour key (part 2 §4 'Moving', 'Switch AMO', 'Free-meeting deletion'). */
export const planningCalendarMessages = {
  title: 'Calendrier',
  available: 'Disponible',
  lunch: 'Pause déjeuner',
  holiday: 'Jour férié',
  move: 'Déplacer',
  switchAmo: 'Switch AMO',
  help: {
    view: 'Cliquez sur une visite pour ses actions, sur un créneau vide pour ajouter un RDV Libre.',
    move: 'Faites glisser une visite, ou cliquez dessus puis choisissez une date.',
    switch: 'Sélectionnez de 2 à 6 visites de 2 AMO au plus, puis « Switcher ».',
    remove: 'Cliquez sur un RDV Libre pour le supprimer.',
  },
  imposedViewHelp: "Cliquez sur une visite pour ses actions ; « Déplacer » pour changer la date d'une convocation.",
  done: 'Terminé',
  removeFreeMeeting: 'Supprimer un RDV Libre',
  freeMeeting: 'RDV Libre',
  deleteFreeMeetingTitle: 'Supprimer le RDV Libre ?',
  // The switch's selection (part 2 §5 'Switch AMO').
  selectedVisits: (count: number) => `${count} visite${count > 1 ? 's' : ''} sélectionnée${count > 1 ? 's' : ''}`,
  toAmo: "Vers l'AMO",
  targetAmo: 'AMO de destination',
  switch: 'Switcher',
  pickVisits: 'Cliquez sur les visites à échanger.',
} as const;

/** The participants table (part 2 §2.6) and its bulk actions (part 2 §5). */
export const participantsMessages = {
  title: 'Participants',
  loading: 'Chargement des participants',
  selectionGroup: 'Sélection des participants',
  selectAll: 'Tout sélectionner',
  selectLot: (lot: string) => `Sélectionner le lot ${lot}`,
  selectBuyers: 'Sélectionnez des acquéreurs',
  actions: 'Actions',
  customMail: 'Mail personnalisé',
  notifications: 'Notifications',
  sendVirtualVisits: 'Envoyer les liens de visite virtuelle',
  createVirtualVisit: 'Créer la visite 3D',
  removeVirtualVisits: 'Supprimer les visites 3D',
  addBuyer: 'Ajouter un acquéreur',
  searchPlaceholder: 'Rechercher un lot, un nom, un statut',
  searchLabel: 'Rechercher un participant',
  results: (total: number) => `${total} résultat${total > 1 ? 's' : ''}`,
  loadFailed: "Les participants n'ont pas pu être chargés.",
  noMatch: 'Aucun participant ne correspond à la recherche',
  none: 'Aucun participant',
  // Columns and row actions.
  lot: 'Lot',
  name: 'Nom',
  status: 'Statut',
  buyerMessage: "Message de l'acquéreur",
  appointment: 'Rendez-vous · AMO',
  invitation: 'Invitation',
  sentOn: 'Envoyée le',
  sent: 'Envoyée',
  notSent: 'Non envoyée',
  noChannel: 'Aucune',
  lotActions: (lot: string) => `Actions du lot ${lot}`,
  edit: "Modifier l'acquéreur",
  history: 'Historique',
  book: 'Placer manuellement',
  alreadyPlaced: 'Rendez-vous déjà placé',
  mustBeActive: "L'acquéreur doit être actif et disponible",
  cancelMeeting: 'Annuler le rendez-vous',
  noMeeting: 'Aucun rendez-vous',
  remove: 'Retirer du planning',
} as const;

/** Bulk-action failures (part 2 §8 'Bulk'). */
export const bulkFailureMessages = {
  invite: "Une erreur est intervenue lors de la tentative d'invitation",
  relance: 'Une erreur est intervenue lors de la tentative de relance',
  rappel: 'Une erreur est intervenue lors de la tentative de rappel',
  cancel: "Une erreur est intervenue lors de la tentative d'annulation des rendez-vous",
} as const;

/** 'Options' (part 2 §2.6): name, deadline, address, contact, notified persons, deletion. */
export const planningOptionsMessages = {
  title: 'Options du planning',
  general: 'Général',
  name: 'Nom du planning',
  deadline: 'Date limite de réponse',
  address: 'Adresse',
  addressFields: { numero: 'Numéro', rue: 'Rue', codepostal: 'Code postal', ville: 'Ville', pays: 'Pays (facultatif)' },
  contact: 'Contact',
  notified: 'Personnes notifiées',
  delete: controlMessages.delete,
  // Contact tab
  contactTitle: 'Titre',
  lastname: 'Nom',
  firstname: 'Prénom',
  email: 'E-mail',
  phone: 'Téléphone',
  signature: 'Signature',
  // Notified persons tab (part 2 §5 'Sharing')
  addPerson: 'Ajouter une personne',
  removePerson: 'Retirer',
  nobodyNotified: "Personne n'est notifié pour ce planning.",
  // Deletion tab (docs/architecture.md « Deleting a planning »)
  deletionRule: "La suppression est possible tant qu'aucune invitation n'a été envoyée et qu'aucun créneau n'est réservé.",
  deletePlanning: 'Supprimer le planning',
  deleteConfirmTitle: (name: string) => `Supprimer « ${name} » ?`,
  deleteFinal: 'Cette action est définitive.',
  deleteAnyway: 'Supprimer quand même',
  forceDeleteHelp:
    "Des invitations ont été envoyées ou des créneaux réservés. En tant qu'administrateur, vous pouvez supprimer ce planning : les acquéreurs ne seront pas prévenus.",
  deleted: (name: string) => `Planning « ${name} » supprimé.`,
} as const;
