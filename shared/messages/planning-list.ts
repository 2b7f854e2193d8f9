import { controlMessages } from './controls';

/**
 * Texts of the plannings lists (part 2 §2.3): a program's list and the cross-program one share their
 * columns, selection and deletion; the delivery log opens from a program's list. Ours where the
 * specification shows the screen without a text.
 */
export const planningListScreenMessages = {
  title: 'Plannings',
  newFree: 'Nouveau planning libre',
  consolidate: 'Consolider',
  later: 'Plus tard',
  fillAddress: "Renseigner l'adresse",
  loading: 'Chargement des plannings',
  retry: controlMessages.retry,
  empty: 'Aucun planning',
  noMatch: 'Aucun planning ne correspond à la recherche',
  emptyHelp: 'Créez un planning libre : les acquéreurs choisiront leur créneau de visite.',
  searchPlaceholder: 'Rechercher un planning',
  resultCount: (count: number) => `${count} résultat${count > 1 ? 's' : ''}`,
  /** The columns both lists show. */
  columns: {
    name: 'Nom',
    program: 'Programme',
    phase: 'Phase',
    kind: 'Type',
    progress: 'Progression',
    state: 'État',
    period: 'Période',
    deadline: 'Fin des réservations',
    created: 'Créé le',
  },
  progressOf: (name: string) => `Progression de ${name}`,
  /** A row's progress: '12 invités · 5 réservés · 1 indisponibles' ('confirmés' for an imposed planning). */
  progress: (invited: number, booked: number, unavailable: number, imposed: boolean) =>
    `${invited} invités · ${booked} ${imposed ? 'confirmés' : 'réservés'} · ${unavailable} indisponibles`,
  deliveryLog: 'Journal des envois',
  deliveryLogNeedsOne: 'Sélectionnez un planning (pas un brouillon)',
  consolidateNeedsSelection: 'Sélectionnez les plannings à voir ensemble',
  deleteNeedsSelection: 'Sélectionnez les plannings à supprimer',
  crossProgramDescription: 'Les plannings de tous vos programmes',
  /** Part 2 §2.3: a program without an address is offered a jump to its settings. */
  addressMissingText:
    "L'adresse du programme est reprise dans les messages envoyés aux acquéreurs et sert d'adresse de rendez-vous. Voulez-vous la renseigner dans les paramètres du programme ?",
} as const;

/** The pagination's and the selection's names (read by screen readers). */
export const listLabels = {
  nextPage: controlMessages.nextPage,
  previousPage: controlMessages.previousPage,
  page: (page: number) => `Page ${page}`,
  planningSelection: 'Sélection des plannings',
  selectAll: 'Tout sélectionner',
  select: (name: string) => `Sélectionner ${name}`,
} as const;

/** The cross-program list's filters (part 2 §2.3), each with 'Tous' first, and the planning kinds. */
export const crossProgramFilterLabels = {
  allPrograms: 'Tous les programmes',
  allPhases: 'Toutes les phases',
  allKinds: 'Tous les types',
  allStates: 'Tous les états',
} as const;

/** The two kinds of planning (part 2 §2.4), and what the 'Plannings' menu says of each. */
export const planningKindLabels = {
  free: 'Libre',
  imposed: 'Imposé',
  freeDescription: 'Les acquéreurs choisissent leur créneau',
  imposedDescription: 'Vous placez chaque acquéreur, il confirme sa présence',
} as const;

/** Deleting plannings and drafts (part 2 §4 'Deleting a planning'). */
export const planningDeleteMessages = {
  confirmTitle: (count: number) => (count > 1 ? `Supprimer ${count} plannings ?` : 'Supprimer le planning ?'),
  forceTitle: 'Supprimer malgré tout ?',
  force: 'Supprimer quand même',
  forceWarning:
    "Des invitations ont été envoyées ou des créneaux réservés. En tant qu'administrateur, vous pouvez supprimer ces plannings : les acquéreurs ne seront pas prévenus.",
  forceList: 'Plannings concernés :',
  confirmList: 'Les éléments suivants seront définitivement supprimés :',
  deletedCount: (count: number) => `${count} plannings supprimés.`,
} as const;

/** The delivery log of a planning (ours: the specification shows the log, part 2 §2.6). */
export const deliveryLogScreenMessages = {
  title: (planningName: string) => `Journal des envois · ${planningName}`,
  loadFailed: 'Erreur lors du chargement du journal des envois.',
  filter: 'Filtrer les envois',
  failures: 'Échecs',
  refresh: 'Actualiser le journal',
  loading: 'Chargement du journal',
  date: 'Date',
  buyer: 'Acquéreur',
  message: 'Message',
  channel: 'Canal',
  recipient: 'Destinataire',
  noneInPagesRead: 'Aucun envoi dans cet état parmi les envois lus : chargez la suite.',
  none: 'Aucun envoi pour ce planning.',
  noneInState: 'Aucun envoi dans cet état.',
} as const;
