/** The texts of the bulk actions' confirmations (part 2 §5), apart from the modal so that they are unit-tested. */
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
