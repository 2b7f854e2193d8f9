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
