/** The steps of an imposed planning's convocation, as staff read them in a buyer's history (part 1 §4, part 2 §4). */
export const convocationHistoryActions = {
  moved: 'Convocation déplacée',
  added: 'Ajout au planning avec convocation',
  cancelled: 'Convocation annulée',
  confirmed: 'Présence confirmée par l’acquéreur',
  forceMajeure: 'Indisponibilité déclarée par l’acquéreur (force majeure)',
} as const;

/** Who a buyer's history names for the steps no staff member took: the buyer on their page, Livrea's waitlist check. */
export const historyActorNames = {
  buyerPage: 'Acquéreur (page de rendez-vous)',
  waitlistCheck: "Livrea (liste d'attente)",
} as const;
