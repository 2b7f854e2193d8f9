import { controlMessages } from './controls';

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
  create: controlMessages.create,
  calculator: "Calculateur d'heures (facultatif)",
  calculatorHelp: 'Les heures disponibles sur une période, face aux heures nécessaires des acquéreurs sélectionnés.',
} as const;

/** The simulated schedule's drawer (part 2 §2.4) and 'Pas de solution' (part 2 §8 'Simulation'). */
export const simulationScreenMessages = {
  title: 'Simulation',
  solution: 'Solution',
  solutionNumber: (number: number) => `Solution ${number}`,
  understood: 'Compris',
  leads: 'Pistes',
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
  assignment: 'Affectation',
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

/** The two creation pages (part 2 §2.4 free, §2.5 imposed): titles, numbered sections, actions. */
export const creationPageMessages = {
  freeTitle: "Création d'un nouveau planning",
  imposedTitle: "Création d'un nouveau planning imposé",
  freeSections: [
    '1. Phase et durées des visites',
    '2. Acquéreurs',
    '3. Jours et horaires de visite',
    '4. Pause déjeuner',
    '5. Page de réservation : questions et accompagnants',
    '6. AMO',
    '7. Messages',
    '8. Personne à contacter',
    '9. Visite virtuelle',
    '10. Planning : nom, dates et adresse',
  ],
  imposedSections: {
    durations: '1. Phase et durées des visites',
    buyers: '2. Acquéreurs',
    placement: '3. Placement des visites',
    lunch: '4. Pause déjeuner',
    questions: '5. Page de convocation : questions et accompagnants',
    messages: '6. Messages (convocation, confirmation, relance, rappel)',
    contact: '7. Personne à contacter',
    settings: '8. Planning : nom, dates et adresse',
  },
  /** Part 2 §8 'Simulation': the engine's time limit (408). */
  simulationTimeout: "La simulation est trop longue : pour des visites de 30' ou 45', le planning ne peut pas dépasser 5 jours.",
  imposedDeadline: 'Date limite de confirmation *',
  /** Part 2 §9: the imposed deadline counts from today. */
  imposedDeadlineHelp: "Par défaut 14 jours après aujourd'hui à 20:00, et toujours avant la première visite (la veille à 20:00 si elle est plus proche).",
  saveDraft: 'Enregistrer le brouillon',
  createImposed: 'Créer le planning imposé',
  backToList: 'Retour à la liste des plannings',
  /** A section one of whose fields is refused. */
  toComplete: '⚠ à compléter',
  cancelTitle: 'Abandonner la création du planning ?',
  keepEditing: 'Continuer la saisie',
  cancelText: 'Les informations saisies seront perdues. Pour les garder, enregistrez plutôt le brouillon.',
  /** « Création du planning : 1 200 / 2 000 acquéreurs » while a big creation runs. */
  creating: 'Création du planning',
  creatingProgress: (progress: string) => `Création du planning : ${progress}`,
  buyersProgress: (progress: string) => `${progress} acquéreurs`,
} as const;

/** Section 1: the phase and the visits' durations. */
export const durationSectionMessages = {
  phaseHelp: 'Les durées par défaut de la phase sont appliquées.',
  shortDurations: 'Durées courtes',
  shortDurationsHelp: "Les visites de 30' et 45' passent le pas du planning à 15 minutes.",
  showAll: 'Afficher toutes les durées',
  /** A typology's field: 'Durée 2P'. */
  durationTitle: (typology: string) => `Durée ${typology.toUpperCase()}`,
  durationOf: (typology: string) => `Durée des visites ${typology}`,
} as const;

/** Section 3: the visit days (the imposed form's placement shares its day hours). */
export const visitDaysSectionMessages = {
  period: 'Période de visites',
  periodHelp: 'Premier et dernier jour',
  firstDay: 'Premier jour',
  rangeTo: 'au',
  lastDay: 'Dernier jour',
  weekends: 'Week-ends',
  includeWeekends: 'Inclure samedis et dimanches',
  weekend: 'Week-end',
  days: (count: number) => `Jours de visite (${count})`,
  day: 'Jour',
  end: 'Fin',
  rangeReversed: 'Le dernier jour précède le premier.',
  dayHours: 'Horaires de la journée',
  dayHoursHelp: 'Début et fin',
  dayStart: 'Début de journée',
  dayEnd: 'Fin de journée',
  amoPerDay: 'AMO par jour',
  amoRange: (min: number, max: number) => `De ${min} à ${max}`,
  holidays: 'Jours fériés',
  includeHolidays: 'Inclure les jours fériés',
  holiday: (name: string) => `Férié : ${name}`,
  start: 'Début',
  startOf: (day: string) => `Début du ${day}`,
  endOf: (day: string) => `Fin du ${day}`,
  amoOn: (day: string) => `AMO le ${day}`,
  removeDay: (day: string) => `Retirer le ${day}`,
  empty: 'Choisissez une période : un jour de visite est créé pour chaque jour ouvré.',
  addDay: 'Ajouter un jour',
  dayToAdd: 'Jour à ajouter',
} as const;

/** Section 4: the lunch break, which the simulation and the imposed calendar show too. */
export const lunchSectionMessages = {
  label: 'Pause déjeuner',
  help: "Aucune visite n'est placée pendant la pause.",
  start: 'Début de la pause déjeuner',
  to: 'à',
  end: 'Fin de la pause déjeuner',
} as const;

/** Section 5: the booking page's questions (part 2 §3). */
export const questionsSectionMessages = {
  label: 'Questions posées aux acquéreurs',
  visitorsHelp: 'Les acquéreurs déclarent les personnes qui les accompagnent.',
  visitorsForm: 'Formulaire des accompagnants',
  maxVisitors: "Nombre maximum d'accompagnants",
} as const;

/** Section 7: the messages and the invitation's attachment. */
export const messagesSectionMessages = {
  defaultText: 'Texte par défaut',
  /** 'Balises disponibles : <NOM> <LIEN_RDV>…. Les balises de contact …', the tags between the two. */
  tagsLead: 'Balises disponibles :',
  contactTags: '. Les balises de contact (CONTACT_…, SIGNATURE) demandent la personne à contacter.',
  attachment: "Pièce jointe de l'invitation (facultative)",
  attachmentHelp: (limit: string) => `Un fichier pdf, doc, docx, xls, xlsx, png ou jpeg de ${limit} au plus.`,
  chooseFile: 'Choisir un fichier',
} as const;

/** Section 8: the contact person's fields. */
export const contactSectionLabels = {
  title: 'Titre',
  lastname: 'Nom',
  firstname: 'Prénom',
  mail: 'Mail',
  phone: 'Téléphone',
  signature: 'Signature',
} as const;

/** Section 9: the virtual visit's text and logo. */
export const virtualVisitSectionMessages = {
  paragraphs: { firstParagraph: 'Premier paragraphe', secondParagraph: 'Deuxième paragraphe', thirdParagraph: 'Troisième paragraphe' },
  help: 'Le texte présenté aux acquéreurs avec le lien de leur visite virtuelle.',
  customize: 'Personnaliser le texte de la visite virtuelle',
  logo: 'Logo du promoteur (facultatif)',
  logoHelp: (limit: string) => `Une image png ou jpeg de ${limit} au plus.`,
  chooseLogo: 'Choisir un logo',
} as const;

/** Section 10: name, dates, notice, reminder and address. */
export const settingsSectionMessages = {
  hoursBefore: (hours: number) => `${hours} h avant la visite`,
  noNotice: 'Aucun délai',
  name: 'Nom du planning *',
  nameHelp: 'Pour retrouver ce planning dans la liste.',
  namePlaceholder: 'Visites cloisons bâtiment A',
  launch: 'Envoi des invitations',
  launchHelp: "Sans date d'envoi, les invitations partent à la création.",
  scheduleLaunch: "Programmer l'envoi",
  launchDate: "Date d'envoi",
  launchTime: "Heure d'envoi",
  deadlineDate: 'Date limite',
  deadlineTime: 'Heure limite',
  reminder: 'Rappel',
  deadline: 'Date limite de prise de rendez-vous *',
  deadlineHelp: 'Par défaut 7 jours avant le premier jour de visite, à 20:00.',
  notice: 'Délai de prévenance',
  noticeHelp: 'Un acquéreur ne peut pas réserver une visite qui commence moins de ce délai après sa réservation.',
  reminderHelp: 'Le rappel part avant chaque visite.',
  address: { numero: 'Numéro', rue: 'Rue', codepostal: 'Code postal', ville: 'Ville', pays: 'Pays' },
} as const;

/** The imposed form's placement (part 2 §2.5): the calendar and the lots still to place. */
export const imposedPlacementMessages = {
  help: 'Glissez les lots sur le calendrier ; un double-clic sur une visite la remet dans les lots à placer.',
  placeAutomatically: 'Placer automatiquement',
  filters: 'Filtres',
  sort: 'Tri',
  filterGroups: { batiment: 'Batiment', etage: 'Etage', typologie: 'Typologie' },
  calendarStep: 'Pas du calendrier',
  stepValue: (minutes: number, allDurations: boolean) => `${minutes} minutes${allDurations ? ' (toutes les durées)' : ''}`,
  serverWillRefuse: 'Le serveur refusera ce placement',
  goToMonth: 'Aller au mois',
  chooseMonth: 'Choisir un mois',
  goToDate: 'Aller à la date',
  previousPeriod: 'Période précédente',
  nextPeriod: 'Période suivante',
  toPlace: (left: number, selected: number) => `Lots à placer (${left}/${selected})`,
  allPlaced: 'Terminé',
  ascending: 'Croissant',
  descending: 'Décroissant',
  selectBuyersFirst: 'Sélectionnez des acquéreurs dans la section 2.',
  unplaced: 'Lots non placés',
  building: 'Bât.',
  floor: 'Ét.',
  createAnyway: 'Créer quand même',
} as const;
