/** Exact French messages used by the scheduling rules (part 2 §5 and §8). */
export const SCHEDULING_MESSAGES = {
  slotBooked: 'Tranche horaire occupée par un rdv',
  switchImpossible: 'Impossible de switcher les AMOs...',
  invalidSelection: 'Opération impossible. Veuillez vérifier votre sélection.',
  placementFailed: 'Problème lors du placement du rendez-vous. Assurez-vous que le rendez-vous tienne dans le planning.',
  optionRequired: 'Veuillez sélectionner une option',
  notEnoughTime: 'Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.',
  availableBelowNeeded: 'Impossible de lancer une simulation. Le Disponible doit être supérieur au Nécessaire.',
  noSolution: 'Pas de solution',
  lunchRequired: 'Veuillez renseigner un horaire de pause déjeuner SVP',
  staffMismatch: 'Veuillez vérifier les informations sur les effectifs.',
  // Ours (the specification shows no text for these two rules):
  moveHours: 'Le rendez-vous doit se tenir entre 8h et 20h, par pas de 30 minutes.',
  smallDurationsNeedPas900: 'Les durées de 30 et 45 minutes ne sont pas disponibles avec un pas de 30 minutes.',
  amoRequired: 'Veuillez sélectionner un AMO.',
  invalidDuration: 'Durée de visite invalide.',
  offeredDurations: 'Durée de visite invalide : 30 min, 45 min, 1 h, 1 h 30, 2 h, 2 h 30, 3 h ou 4 h.',
  hmFormat: "Heure attendue au format 'HH:mm'",
  /** A staff check the budget could not settle (docs/scheduling.md 'Staff checks fail closed'): staff confirm or not. */
  undecidedCheck: "Le calcul n'a pas pu vérifier que tous les acquéreurs restent plaçables : confirmer quand même ?",
  undecided:
    "Le calcul n'a pas abouti dans le temps imparti : impossible de dire si toutes les visites tiennent. Simplifiez le planning (moins de durées différentes) ou réessayez.",
} as const;

/** Staff warning before a forced booking, a move or an absence that would leave buyers without a place (part 2 §5). */
export function strandWarning(names: readonly string[]): string {
  const list = names.join(', ');
  return names.length === 1
    ? `Attention : après cette modification, ${list} ne pourra plus être placé(e) dans le planning. Confirmez pour continuer.`
    : `Attention : après cette modification, ${names.length} acquéreurs ne pourront plus être placés dans le planning : ${list}. Confirmez pour continuer.`;
}

/** The simulation's warnings and suggestions when the visits do not fit (part 2 §5; ours). */
export const simulationAdvice = {
  holiday: (date: string, name: string) => `Le ${date} est un jour férié (${name}).`,
  unplacedAtMost: (hours: string) =>
    `Au plus ${hours} h de visites ne pourraient pas être placées ; ajouter des créneaux ou raccourcir les visites simplifie le calcul.`,
  slotsTooShort: 'les créneaux ne peuvent pas contenir toutes les visites (une visite ne chevauche ni la pause déjeuner ni la fin de journée).',
  extraAmoDays: (days: number, hours: number) =>
    `Ajouter ${days} journée${days > 1 ? 's' : ''} d'AMO (${hours} h de créneaux) permettrait de placer toutes les visites.`,
  visitTooLong: (duration: string) => `Des visites de ${duration} ne tiennent dans aucune demi-journée : allongez les horaires ou déplacez la pause déjeuner.`,
  shorterVisits: (from: string, andLonger: boolean, to: string) =>
    `Raccourcir les visites de ${from}${andLonger ? ' et plus' : ''} à ${to} permettrait de placer toutes les visites.`,
  otherLunch: (start: string, end: string) => `Une pause déjeuner de ${start} à ${end} permettrait de placer toutes les visites.`,
  general: 'Ajoutez des créneaux, raccourcissez les visites ou faites varier la pause déjeuner.',
} as const;

/** Why two AMOs' visits cannot be switched (part 2 §5 'Switch AMO'; ours after the specification's first words). */
export const switchAmoReasons = {
  visitAt: (day: string, time: string) => `le ${day} à ${time}`,
  noSuchAmo: (amo: number) => `Ce planning n'a pas d'AMO ${amo}.`,
  overlap: (visit: string, other: string | undefined, amo: string, from: string, to: string) =>
    `La visite ${visit} chevaucherait ${other ? `la visite ${other}` : 'une autre visite'} de l'${amo} (${from}–${to}).`,
  notWorking: (amo: string, day: string) => `L'${amo} ne travaille pas le ${day}.`,
  notAvailable: (amo: string, visit: string) => `L'${amo} n'est pas disponible pour la visite ${visit} (pause ou indisponibilité).`,
} as const;

/**
 * What the staff screens say of a simulation's outcome (docs/scheduling.md 'Work budget'): a count
 * cut by the budget is a lower bound, an undecided simulation says its bounds.
 */
export const simulationOutcomeTexts = {
  feasible: 'Tous les acquéreurs sont placés',
  undecided: 'Calcul non abouti',
  noSolution: SCHEDULING_MESSAGES.noSolution,
  uncounted: 'créneaux non comptés (calcul non abouti)',
  choices: (count: string, many: boolean) => `${count} ${many ? 'créneaux' : 'créneau'}`,
  atLeast: (count: string) => `au moins ${count}`,
  missing: (hours: string) => `Il manque ${hours}.`,
  missingAtLeast: (hours: string) => `Il manque au moins ${hours}.`,
  missingBetween: (from: string, to: string) => `Il manque entre ${from} et ${to} (le calcul n'a pas abouti).`,
} as const;
