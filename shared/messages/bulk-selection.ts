/**
 * Texts of the bulk actions on selected buyers (part 2 §5): their names and, ours (the
 * specification only refuses), why a selection is refused, each reason with its count.
 */
const counted = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const bulkSelectionMessages = {
  labels: { invite: 'Invitation', relance: 'Relance', rappel: 'Rappel', cancel: 'Annuler' },
  empty: 'Sélectionnez au moins un acquéreur.',
  refused: (action: string, reasons: readonly string[]) => `${action} impossible pour cette sélection : ${reasons.join(', ')}.`,
  reasons: {
    waiting: (n: number) => counted(n, 'acquéreur en attente de réponse', 'acquéreurs en attente de réponse'),
    unavailable: (n: number) => counted(n, 'acquéreur indisponible', 'acquéreurs indisponibles'),
    answered: (n: number) => counted(n, 'acquéreur ayant déjà répondu', 'acquéreurs ayant déjà répondu'),
    convoked: (n: number) => counted(n, 'acquéreur déjà convoqué', 'acquéreurs déjà convoqués'),
    inactive: (n: number) => counted(n, 'acquéreur inactif', 'acquéreurs inactifs'),
    notBooked: (n: number) => counted(n, 'acquéreur sans rendez-vous', 'acquéreurs sans rendez-vous'),
    booked: (n: number) => counted(n, 'rendez-vous réservé', 'rendez-vous réservés'),
    invited: (n: number) => counted(n, 'acquéreur déjà invité', 'acquéreurs déjà invités'),
  },
} as const;
