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

/** The texts of the bulk actions' confirmations (part 2 §5). */
export type BulkKind = 'invite' | 'relance' | 'rappel' | 'cancel';

/** '1 acquéreur qui n'a' / 'n acquéreurs qui n'ont': the verb agrees with the count. */
export const buyersWho = (n: number): string => (n > 1 ? `${n} acquéreurs qui n'ont` : `${n} acquéreur qui n'a`);

export const bulkTexts: Record<BulkKind, { header: string; confirm: string; intro: (n: number) => string }> = {
  invite: { header: 'Invitation', confirm: 'Inviter', intro: (n) => `Envoyer l'invitation à ${n} acquéreur${n > 1 ? 's' : ''} ?` },
  relance: { header: 'Relance', confirm: 'Relancer', intro: (n) => `Relancer ${buyersWho(n)} pas encore réservé ?` },
  rappel: { header: 'Rappel', confirm: 'Envoyer le rappel', intro: (n) => `Rappeler leur rendez-vous à ${n} acquéreur${n > 1 ? 's' : ''} ?` },
  cancel: { header: 'Annuler des rendez-vous', confirm: 'Annuler les rendez-vous', intro: (n) => `Annuler ${n} rendez-vous ? Les créneaux seront libérés.` },
};

/** part 2 §2.5, §2.7: an imposed planning's buyers answer a convocation rather than book (part 2 §4 imposed statuses). */
export const imposedIntros: Partial<Record<BulkKind, (n: number) => string>> = {
  invite: (n) => `Envoyer la convocation à ${n} acquéreur${n > 1 ? 's' : ''} ?`,
  relance: (n) => `Relancer ${buyersWho(n)} pas encore répondu à ${n > 1 ? 'leur' : 'sa'} convocation ?`,
  cancel: (n) => `Annuler ${n} convocation${n > 1 ? 's' : ''} ? Les créneaux seront libérés et les acquéreurs passeront inactifs.`,
};
