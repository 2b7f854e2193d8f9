/**
 * Texts of planning creation, coherence and shifts, server and creation screens (part 2 §5, §8).
 * Quoted strings of the specification are verbatim; the others fill rules it shows without a text.
 */
import { amoPerDayRange } from '../domain/input-bounds';
import { formatFrenchDay, formatFrenchInstant } from '../i18n/french-dates';
import { SCHEDULING_MESSAGES } from './scheduling';

/** 'JJ/MM/AAAA' of an ISO day, as the coherence refusals write it. */
const frenchDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export const planningMessages = {
  created: 'Nouveau planning créé avec succès',
  /** A creation answered before its meetings are all written (docs/architecture.md « Planning creation »). */
  creationStarted: "Le planning est en cours de création : les acquéreurs seront invités dès qu'il sera prêt.",
  /** A big free planning's first step: the engine checks that every buyer fits (part 2 §7). */
  creationChecking: 'Vérification que tous les acquéreurs trouvent une place',
  creationWriting: 'Création des rendez-vous',
  creationEnding: 'Envoi des invitations',
  creationAbandoned: "Le planning n'a pas été créé : son programme a été supprimé entre-temps.",
  deadlinePast:
    "Attention: la date de fin de prises de rendez-vous doit être supérieure à la date d'aujourd'hui, sinon vos acquéreurs ne peuvent pas prendre rendez-vous.",
  formIncomplete: 'Veuillez revoir le formulaire. Des informations sont manquantes.',
  noSolution: SCHEDULING_MESSAGES.noSolution,
  unknownLots: 'Certains lots sélectionnés ne font pas partie du programme.',
  logoInvalid: 'Le logo doit être une image png ou jpeg.',
  attachmentMissing: "La pièce jointe n'a pas été trouvée : joignez-la de nouveau.",
  noticeInvalid: 'Délai de prévenance invalide',
} as const;

/** The French names of a planning's visit phases (part 1 §1) and booking-page questions (part 2 §3). */
export const planningLabels = {
  phases: {
    choices: 'Choix',
    partitions: 'Cloisons',
    predelivery: 'Pré-livraison',
    delivery: 'Livraison',
    custom: 'Personnalisée',
  },
  questions: {
    vrSurvey: 'Sondage visite virtuelle',
    shoeSize: 'Demande taille de chaussures',
    visitors: 'Accompagnants',
    vr3dIfUnavailable: 'Demande visite 3D si indisponible',
  },
} as const;

/** Refusals of an incoherent planning (part 2 §5), in French. */
export const coherenceMessages = {
  duplicateLot: (index: number) => `Le même lot est sélectionné deux fois (ligne ${index + 1}) : chaque acquéreur ne doit recevoir qu'une invitation.`,
  eventOrder: (date: string) => `La journée du ${frenchDate(date)} se termine avant de commencer.`,
  eventSpansDays: (date: string) => `La journée du ${frenchDate(date)} doit commencer et finir le même jour : créez une journée par date.`,
  sameDayTwice: (date: string) => `La journée du ${frenchDate(date)} est renseignée deux fois.`,
  eventPast: (date: string) => `La journée du ${frenchDate(date)} est déjà passée : choisissez des journées à venir.`,
  holiday: (date: string, name: string) => `Le ${frenchDate(date)} est un jour férié (${name}) : retirez cette journée.`,
  launchAfterDeadline: "La date d'envoi des invitations doit précéder la date limite de réponse.",
  deadlineAfterLastVisit: 'La date limite de réponse doit précéder la fin de la dernière journée de visites.',
} as const;

export const shiftMessages = {
  notADay: (date: string) => `Le ${formatFrenchDay(date)} n’est pas une journée de ce planning.`,
  nothingFrom: (date: string) => `Aucune journée de ce planning à partir du ${formatFrenchDay(date)}.`,
  sameDate: (date: string) => `La nouvelle date du ${formatFrenchDay(date)} est la même que l’actuelle.`,
  twiceFrom: (date: string) => `Le ${formatFrenchDay(date)} est choisi deux fois.`,
  sameTarget: (date: string) => `Deux journées ne peuvent pas être décalées sur le même jour (${formatFrenchDay(date)}).`,
  // Bank holidays are refused by planning creation (part 2 §5): a shift does not land on one either.
  targetHoliday: (date: string, name: string) => `Le ${formatFrenchDay(date)} est un jour férié (${name}) : choisissez une autre date.`,
  targetPast: (date: string) => `Le ${formatFrenchDay(date)} est passé : choisissez une date à venir.`,
  // Moving a day onto a day this same shift empties would move visits onto visits not yet moved away.
  targetShifted: (date: string) => `Le ${formatFrenchDay(date)} est lui-même décalé : choisissez une nouvelle date hors des journées décalées.`,
  inProgress: 'Un décalage de ce planning est en cours : réessayez dans un instant.',
  // Imposed planning: the deadline to confirm precedes the first visit (part 2 §9); a shift that leaves no time to answer is refused.
  deadlineImpossible: (firstVisit: string) =>
    `Après ce décalage, la première visite serait le ${formatFrenchInstant(firstVisit)} : trop tôt pour que les acquéreurs puissent confirmer avant elle. Choisissez une date plus tardive.`,
  deadlineMoved: (deadline: string) => `La date limite de réponse est avancée au ${formatFrenchInstant(deadline)}, avant la première visite.`,
  deadlineKept: (deadline: string) => `La date limite de réponse reste le ${formatFrenchInstant(deadline)}.`,
  nonWorkingDays: (days: readonly string[]) =>
    days.length === 1
      ? `Le ${formatFrenchDay(days[0])} n’est pas un jour ouvré : des rendez-vous y seront placés. Confirmer le décalage l’accepte.`
      : `Ces jours ne sont pas des jours ouvrés : ${days.map((day) => formatFrenchDay(day)).join(', ')}. Des rendez-vous y seront placés ; confirmer le décalage les accepte.`,
  bookingDuringShift: 'Le planning est en cours de réorganisation : réessayez dans un instant.',
  nobody: 'Journées décalées : aucun rendez-vous à déplacer.',
  /** Why a buyer cannot be kept (shown in the preview, in French). */
  reasons: {
    slotTaken: (start: string, lotcomm: string) =>
      `Créneau du ${formatFrenchInstant(start)} déjà occupé (lot ${lotcomm}) et aucun autre AMO n’est libre à cette heure.`,
    tooSoon: (hours: number) => `Nouvel horaire à moins de ${hours} h : en dessous du délai de prévenance du planning.`,
    past: 'Nouvel horaire déjà passé.',
  },
} as const;

export const shiftFormMessages = {
  dayRequired: 'Choisissez au moins une journée à décaler.',
  daysMissing: 'Choisissez les journées à décaler.',
  fromRequired: 'Choisissez la première journée à décaler et sa nouvelle date.',
  daysRequired: 'Choisissez au moins une journée et sa nouvelle date.',
  failed: 'Erreur lors du décalage des journées.',
} as const;

/** The exact French texts of part 2 §5 and §8 for the creation screen. */
export const creationMessages = {
  created: planningMessages.created,
  incomplete: planningMessages.formIncomplete,
  failed: 'Echec lors de la création du nouveau planning.',
  draftSaved: 'Nouveau brouillon sauvegardé',
  draftFailed: 'Echec lors de la création du brouillon.',
  draftLoadFailed: 'Impossible de charger le brouillon.',
  draftTooLarge: 'Brouillon trop volumineux : retirez des acquéreurs ou des journées.',
  draftDeleted: 'Brouillon supprimé.',
  contactRequired: 'Ce champ est à remplir !',
  staff: 'Veuillez vérifier les informations sur les effectifs.',
  deadlinePast: planningMessages.deadlinePast,
  deadlineRequired: 'Veuillez séléctionner la date limite de réponse souhaitée',
  launchRequired: "Veuillez séléctionner la date d'envoi des rendez-vous souhaitée",
  nameRequired: 'Veuillez séléctionner un nom pour retrouver cette prise de rendez-vous',
  nameBlank: 'Vérifiez le titre du planning SVP.',
  vrRequired: 'Obligatoire',
  lunchRequired: SCHEDULING_MESSAGES.lunchRequired,
  // Not worded by the specification ('day-schedule time range and AMO count required').
  daysRequired: 'Veuillez renseigner au moins un jour de visite avec ses horaires et son nombre d’AMO.',
  dayInvalid: `Horaires ou nombre d’AMO (${amoPerDayRange.min} à ${amoPerDayRange.max}) invalides.`,
  buyersRequired: 'Veuillez sélectionner au moins un acquéreur.',
  /** Part 2 §5: 'durations editing required ('Please input {title}!')', {title} being the column's title. */
  durationRequired: (title: string) => `Please input ${title}!`,
} as const;

export const addressMessages = {
  numero: 'Veuillez indiquer un numéro de rue',
  rue: 'Veuillez rentrer un nom de rue',
  codepostal: 'Veuillez indiquer un code postal',
  ville: 'Veuillez indiquer une ville',
} as const;

/** Simulation is refused while available < needed, or without a lunch break (part 2 §5). */
export const simulationMessages = {
  notEnough: 'Impossible de lancer une simulation. Le Disponible doit être supérieur au Nécessaire.',
  noLunch: SCHEDULING_MESSAGES.lunchRequired,
} as const;

export const planningListMessages = {
  loadFailed: 'Erreur lors du chargement des plannings.',
  cannotDelete: 'Ce planning ne peut pas être supprimé.',
  deleteFailed: 'Erreur lors de la suppression.',
  addressMissing: 'Adresse du programme non renseignée',
} as const;

/** The first line of a shift's message to a moved buyer, forced visit or not. */
const shiftMovedLine =
  'En raison d’un décalage du calendrier du chantier, votre rendez-vous pour la visite « <TYPE_VISITE> » de votre logement (lot <LOTCOMM>) est déplacé au <DEBUT_VISITE>, <ADRESSE>.';

/** What a shift tells and records of each buyer it moves or cancels (ours). */
export const shiftBuyerTexts = {
  /** The history line of each buyer a shift moves or cancels. */
  history: { moved: 'Décalage du planning', dropped: 'Rendez-vous annulé par le décalage du planning' },

  /**
   * The message of a free planning's buyer moved by a shift (ours): their new time, and the link to
   * choose another (their page lets them cancel and book again).
   */
  moved: {
    mail: ['Bonjour <NOM>,', '', shiftMovedLine, '', 'Si ce nouvel horaire ne vous convient pas, vous pouvez en choisir un autre : <LIEN_RDV>'].join('\n'),
    sms: '<PROMOTEUR> : votre rendez-vous (visite <TYPE_VISITE>, lot <LOTCOMM>) est déplacé au <DEBUT_VISITE>. Pour choisir un autre horaire : <LIEN_RDV>',
  },

  /**
   * The same for a visit staff placed (a forced visit): the buyer's page does not let them cancel it
   * (part 2 §5 'Manual booking'), so they are asked to contact the team rather than offered a link.
   */
  movedForced: {
    mail: [
      'Bonjour <NOM>,',
      '',
      shiftMovedLine,
      '',
      'Ce rendez-vous a été fixé par notre équipe : si ce nouvel horaire ne vous convient pas, contactez-nous pour en convenir d’un autre. Le détail de votre rendez-vous : <LIEN_RDV>',
    ].join('\n'),
    sms: '<PROMOTEUR> : votre rendez-vous (visite <TYPE_VISITE>, lot <LOTCOMM>) est déplacé au <DEBUT_VISITE>. S’il ne vous convient pas, contactez-nous : <LIEN_RDV>',
  },
} as const;
