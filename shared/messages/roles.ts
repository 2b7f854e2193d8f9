/** The French names of the six roles (part 1 §6), as the staff screens and the account mails show them. */
export const roleNames = {
  administrator: 'Administrateur',
  promoter: 'Promoteur',
  amo: 'AMO',
  moderator: 'Modérateur',
  customer: 'Acquéreur',
  anonymousUser: 'Invité',
} as const;
