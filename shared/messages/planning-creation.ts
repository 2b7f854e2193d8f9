/**
 * Texts of the planning creation screens, free and imposed (part 2 §2.4, §2.5): the form's
 * sections, the hours panel and the simulation. The specification's refusals and notifications are
 * in plannings.ts (creationMessages); these are the screens' labels and help, ours where the
 * specification shows a field without a text.
 */

/** 'Disponible / Nécessaire' (part 2 §2.4): the hours panel, its narrow-screen bar and the hours calculator (§2.5). */
export const hoursLabels = {
  title: 'Disponible / Nécessaire',
  needed: 'Nécessaire',
  available: 'Disponible',
  margin: 'Marge',
  daysNeeded: 'Jours nécessaires',
  buyers: 'Acquéreurs',
  visitDays: 'Jours de visite',
  dailyCapacity: 'Capacité par jour',
  step: 'Pas',
  /** The narrow-screen bar's one line: 'Nécessaire 12 h · Disponible 16 h'. */
  neededAndAvailable: (needed: string, available: string) => `Nécessaire ${needed} · Disponible ${available}`,
  missing: (hours: string) => `Il manque ${hours} : ajoutez des jours ou des AMO, ou raccourcissez les visites.`,
  create: 'Créer',
  saveDraft: 'Enregistrer le brouillon',
  calculator: "Calculateur d'heures (facultatif)",
  calculatorHelp: 'Les heures disponibles sur une période, face aux heures nécessaires des acquéreurs sélectionnés.',
} as const;

/** The simulated schedule's drawer (part 2 §2.4) and 'Pas de solution' (part 2 §8 'Simulation'). */
export const simulationScreenMessages = {
  lunch: 'Pause déjeuner',
  /** A day row's name for screen readers: 'Lundi 3 mars · AMO 1 : 4 visites'. */
  rowVisits: (label: string, count: number) => `${label} : ${count} visites`,
  summary: (milliseconds: string, visits: number) => `Calcul en ${milliseconds} ms · ${visits} visites placées`,
  hideChoices: 'Masquer les choix',
  choices: 'Choix proposés',
  close: 'Fermer la simulation',
  closeChoices: 'Fermer les choix',
  /** Part 2 §2.4: one arrangement among many, not the schedule. */
  exampleTitle: 'Exemple de placement possible',
  example: (choices: string) =>
    `Ce n'est pas le planning : chaque acquéreur choisira lui-même son créneau. Le premier acquéreur de chaque durée aurait le choix entre ${choices || 'aucun créneau'}; la marge libre de chaque AMO est indiquée jour par jour.`,
  noVisit: 'Aucune visite placée.',
  /** Under an AMO's day: '4 visites · marge 1 h 30'. */
  dayMargin: (visits: number, margin: string) => `${visits} visite${visits > 1 ? 's' : ''} · marge ${margin}`,
  choicesHelp: 'Les créneaux que verrait le premier acquéreur de chaque durée.',
  choiceHeader: (duration: string, count: string) => `Visites de ${duration} (${count})`,
  /** '… et au moins 12 autres créneaux' when the count was cut by the budget. */
  moreChoices: (count: number, partial: boolean) => `… et ${partial ? 'au moins ' : ''}${count} autres créneaux`,
  noSolutionReason: 'Les créneaux ne permettent pas de placer toutes les visites.',
  noSolutionSuggestions: ['Ajoutez des créneaux (jours ou AMO).', 'Raccourcissez les visites.', 'Modifiez la pause déjeuner.'],
} as const;

/** Section 'AMO' of the creation form (part 2 §2.4). */
export const amoSectionMessages = {
  label: 'AMO du planning',
  noneAuthorized: "Aucun AMO n'est autorisé sur ce programme (Paramètres du programme).",
  authorized: 'Les AMO autorisés sur le programme.',
  loading: 'Chargement des AMO',
  placeholder: 'Choisir des AMO',
  empty: 'Aucun AMO',
  assigned: (maxPerDay: number, selected: number) =>
    `Chaque AMO reçoit ses propres rendez-vous : ${maxPerDay} AMO par jour au plus, ${selected} sélectionné(s).`,
  notAssigned: 'Les rendez-vous ne sont pas attribués à un AMO nommé.',
  assign: 'Affecter les AMO aux rendez-vous',
  gapsAllowed: "Les acquéreurs peuvent choisir n'importe quel horaire libre. Les journées des AMO peuvent alors comporter des temps morts entre deux visites.",
  gapsRefused:
    "Les visites s'enchaînent : un acquéreur ne peut choisir qu'un horaire qui ne laisse pas, avant ou après sa visite, un temps libre trop court pour une autre visite. Les journées des AMO restent pleines, sans temps mort.",
  allowGaps: 'Autoriser les trous entre les rendez-vous',
} as const;

/** Section 'Acquéreurs' of the creation form (part 2 §2.4). */
export const buyersSectionMessages = {
  table: 'Acquéreurs à inviter',
  selection: 'Sélection des acquéreurs',
  selectPage: 'Sélectionner la page',
  selectLot: (lotcomm: string) => `Sélectionner le lot ${lotcomm}`,
  help: 'Cochez les lots dont les acquéreurs seront invités.',
  selectAll: (count: number) => `Tout sélectionner (${count})`,
  unselectAll: 'Tout désélectionner',
  title: 'Acquéreurs sélectionnés',
  searchPlaceholder: 'Rechercher un lot, un nom…',
  search: 'Filtrer les acquéreurs',
  resultCount: (count: number) => `${count} résultat(s)`,
  preferences: 'Préférences',
  pageSize: 'Acquéreurs par page',
  buyer: 'Acquéreur',
  building: 'Bât.',
  floor: 'Étage',
  duration: 'Durée',
  durationOf: (lotcomm: string) => `Durée de la visite du lot ${lotcomm}`,
  noBuyers: 'Pas de clients',
  noMatch: 'Aucun lot ne correspond à la recherche',
} as const;
