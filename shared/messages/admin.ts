/**
 * Texts of the administration (part 3 §2, §5, §8): accounts, permissions, invoicing entities and
 * the audit log. Quoted strings of the specification are verbatim; the others fill rules it shows
 * without a text.
 */
export const permissionsMessages = {
  saved: 'Autorisations enregistrées',
  // Ours: a save that changes nothing says so, rather than claiming a change (part 3 §2 Permissions).
  unchanged: 'Aucune modification : les autorisations sont inchangées.',
} as const;

/** The French texts of the administration of accounts (part 3 §5, §6, §8), verbatim where the spec gives them. */
export const adminUserMessages = {
  emailNotValid: "L'email saisi n'est pas valide",
  listForbidden: "Vous n'avez pas les permissions pour accéder à la liste des utilisateurs",
  userNotFound: "Erreur lors du chargement de l'utilisateur",
  createFailed: "Une erreur est apparue lors de la création de l'utilisateur. Veuillez contacter votre administrateur.",
  updateFailed: "Erreur lors de la mise à jour de l'utilisateur",
  deleteFailed: (email: string) => `Erreur lors de la suppression de l'utilisateur ${email}`,
  paginationFailed: 'Une erreur est survenue lors de la pagination.',
  userCreated: 'Utilisateur créé',
  userUpdated: 'Utilisateur mis à jour',
  userDeleted: 'Utilisateur supprimé',
  credentialsSubject: 'Vos identifiants Livrea',
  // Ours (the spec only says a deletion can fail): what blocks it, so the administrator can act.
  ownsPrograms: (names: string[]) =>
    `Ce compte possède les programmes ${names.map((name) => `« ${name} »`).join(', ')} : supprimez-les ou transférez-les avant de supprimer le compte.`,
  authorizedOn: (names: string[]) =>
    `Ce compte est autorisé sur les programmes ${names.map((name) => `« ${name} »`).join(', ')} : retirez ces autorisations avant de supprimer le compte.`,
  hasBookedVisits: (count: number) => `Ce compte a ${count} visite(s) réservée(s) : annulez-les avant de supprimer le compte.`,
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte.',
  cannotSimulateAdministrator: 'Un administrateur ne peut pas être simulé.',
  // Ours (part 3 §3: a user holds an invoicing entity, an entity names its promoter).
  invoiceEntityNotForRole: 'Seuls les comptes promoteur et AMO ont une entité de facturation.',
  invoiceEntityOfAnotherPromoter: 'Cette entité de facturation appartient à un autre promoteur.',
  noNestedSimulation: "Impossible de démarrer une simulation depuis une simulation : arrêtez d'abord la simulation en cours.",
} as const;

/** Part 3 §5, §8: the texts of invoicing entities, verbatim. */
export const invoiceEntityMessages = {
  // part 1 §5 « Add-password modal »: the password is asked before the action.
  passwordRequired: 'Mot de passe requis',
  legalFormRequired: 'Veuillez indiquer la forme juridique',
  companyNameRequired: 'Veuillez indiquer la raison sociale',
  promoterRequired: 'Veuillez indiquer un promoteur',
  promoterRequiredOnEdit: 'Veuillez indiquer le promoteur',
  sirenRequired: 'Veuillez indiquer un numéro de SIREN',
  sirenInvalid: 'Numéro de SIREN incorrect (9 digits ou (BE0) + 9 chiffres pour la Belgique)',
  siretInvalid: 'Numéro de SIRET incorrect (14 digits)',
  streetNumberRequired: 'Veuillez indiquer un numéro de rue',
  streetRequired: 'Veuillez indiquer un nom de rue',
  postalCodeRequired: 'Veuillez indiquer un code postal',
  cityRequired: 'Veuillez indiquer une ville',
  countryRequired: 'Veuillez indiquer un pays',
  created: 'Nouvelle entité de facturation créée',
  updated: 'Entité de facturation mise à jour',
  deleted: 'Entité de facturation supprimée',
  updateFailed: "Erreur lors de la mise à jour des informations de l'entité de facturation",
  deleteFailed: "Erreur lors de la suppression de l'entité de facturation",
  unlocked: 'Champ crédits déverrouillé',
  wrongPassword: 'Mot de passe incorrect',
  notFound: "Cette entité de facturation n'existe pas.",
  // ★ ours: the spec only shows a counter; these say what it means.
  creditsExceeded: (used: number, credits: number) => `Attention : ${used} rendez-vous utilisés pour ${credits} crédits.`,
  noCreditsLeft: (name: string) => `Attention : l'entité de facturation « ${name} » n'a plus de crédits de rendez-vous.`,
  // Ours: a planning still billed to the entity.
  stillUsed: (count: number) => `Cette entité de facturation est rattachée à ${count} planning(s) : changez leur entité avant de la supprimer.`,
} as const;

export const auditLogMessages = {
  invalidPage: "La page demandée du journal d'audit n'existe pas.",
} as const;
