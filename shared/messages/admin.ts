import { programMessages } from './programs';

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
  promoterRequired: programMessages.promoterRequired,
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

/** The words the administration's screens share (part 3 §2). */
export const adminScreenMessages = {
  editRow: (name: string) => `Modifier ${name}`,
  profile: 'Profil',
  loadingEntities: 'Chargement des entités',
  /** As the specification writes it (part 3 §8). */
  loadError: 'Erreur Lors du chargement',
} as const;

/** The audit log (/admin/journal, part 3 §4). */
export const auditLogPageMessages = {
  description: 'Les actions faites par un administrateur pendant une simulation, avec les deux identités.',
  loading: 'Chargement du journal',
  empty: 'Aucune action enregistrée pendant une simulation',
  simulatedUser: 'Utilisateur simulé',
  action: 'Action',
  result: 'Résultat',
  succeeded: (status: number) => `Réussi (${status})`,
  refused: (status: number) => `Refusé (${status})`,
} as const;

/** The accounts' list, creation modal and detail (part 3 §2, §5). */
export const usersPageMessages = {
  allRoles: 'Tous les rôles',
  loading: 'Chargement des comptes',
  empty: 'Aucun compte',
  description: "Cliquez sur un compte pour l'ouvrir.",
  addUser: 'Ajouter un utilisateur',
  title: 'Administrateur / Comptes',
  searchPlaceholder: 'Nom, prénom ou e-mail',
  searchLabel: 'Rechercher un compte (nom, prénom ou e-mail)',
  roleFilter: 'Filtrer par rôle',
  // The creation modal (part 3 §5: a generated password, two options).
  newUser: 'Nouvel utilisateur',
  sendCredentials: 'Envoyer les identifiants par mail',
  createDefaultTemplates: 'Créer les modèles par défaut',
  // One account (part 3 §2 « User detail »).
  simulate: 'Simuler',
  genderUnset: 'Non renseignée',
  invoiceEntityHelp: 'Les nouveaux plannings de ses programmes lui sont facturés.',
  housings: 'Logements',
  noHousing: 'Aucun logement',
  deleteConfirmTitle: 'Supprimer le compte ?',
  deleteConfirm: (name: string, email: string) => `Le compte de ${name} (${email}) sera définitivement supprimé.`,
} as const;

/** The invoicing entities and the plannings' billing (part 3 §2, §4). */
export const entitiesPageMessages = {
  empty: 'Aucune entité de facturation',
  newEntity: 'Nouvelle entité',
  used: 'Utilisés',
  newEntityTitle: 'Nouvelle entité de facturation',
  // One entity.
  usedAppointments: 'Rendez-vous utilisés',
  information: 'Informations',
  lockedHelp: 'Verrouillé : saisissez le mot de passe pour le modifier.',
  unlock: 'Déverrouiller',
  usedCount: (used: number) => `Rendez-vous utilisés : ${used}`,
  deleteConfirmTitle: "Supprimer l'entité de facturation ?",
  deleteConfirm: (name: string) => `L'entité ${name} sera définitivement supprimée.`,
  // The plannings' billing.
  planningsLoading: 'Chargement des plannings',
  planningsLoadFailed: 'Erreur lors du chargement des plannings',
  noPlanning: 'Aucun planning',
  participants: 'Participants',
  planningEntityUpdated: 'Entité de facturation du planning mise à jour.',
  planningUpdateFailed: 'Erreur lors de la mise à jour du planning',
} as const;

/** The permissions' tables (part 3 §2, §4). */
export const permissionsPageMessages = {
  saveFailed: (cause: string) => `Erreur lors de la validation des champs: ${cause}`,
  programsLoading: 'Chargement des programmes',
  noProgram: 'Aucun programme',
  programsTitle: 'Permissions des programmes',
  owner: 'Propriétaire',
  authorizedUsers: 'Utilisateurs autorisés',
  chooseAmos: 'Choisir des AMO',
  authorizedUsersOn: (program: string) => `Utilisateurs autorisés sur ${program}`,
  filterAmos: 'Filtrer les AMO',
  searchAmo: 'Rechercher un AMO',
  cancelConfirmTitle: 'Annuler les modifications ?',
  cancelConfirm: 'Oui, annuler',
  cancelConfirmText: 'Les changements de cette ligne seront perdus.',
  ownedProgram: (name: string) => `${name} (propriétaire)`,
  usersLoading: 'Chargement des utilisateurs',
  noUser: 'Aucun utilisateur',
  usersTitle: 'Permissions des utilisateurs',
  authorizedPrograms: 'Programmes autorisés',
  choosePrograms: 'Choisir des programmes',
  authorizedProgramsOf: (user: string) => `Programmes autorisés de ${user}`,
  filterPrograms: 'Filtrer les programmes',
  searchProgram: 'Rechercher un programme',
} as const;
