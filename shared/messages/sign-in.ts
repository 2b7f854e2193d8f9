/**
 * Texts of the sign-in pages (part 1 §2, §5, §7; part 3 §5): log in, forgotten password, new
 * password, account creation, e-mail confirmation and log out. The server's answers they show are
 * in common.ts.
 */
export const signInMessages = {
  backToLogin: 'Retour à la connexion',
  accountOf: (email: string) => `Compte : ${email}`,
  // Log in (part 1 §2)
  wrongAccount: 'Votre compte ne donne pas accès à la page demandée. Identifiez-vous avec un autre compte.',
  loginAgain: 'Identifiez-vous à nouveau',
  submitLogin: 'Se connecter',
  forgotLink: 'Mot de passe oublié ?',
  noAccountYet: 'Pas encore de compte ?',
  // Forgotten password (part 1 §5, §7: the link lasts 20 minutes)
  forgotTitle: 'Mot de passe oublié',
  sendLink: 'Envoyer le lien',
  forgotLinkLifetime: 'Le lien de réinitialisation est valable 20 minutes.',
  forgotHelp: "Saisissez l'adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe. Ce lien est valable 20 minutes.",
  // New password (part 3 §5)
  passwordsDiffer: 'Les mots de passe ne correspondent pas.',
  passwordConfirmation: 'Confirmation du mot de passe',
  // Account creation (part 1 §2: staff roles are granted by an administrator, part 1 §6)
  staffRoleNote: 'Compte créé par un administrateur',
  registerHelp: 'Tous les champs sont obligatoires, sauf la civilité.',
  haveAccount: "J'ai déjà un compte",
  submitRegister: 'Créer mon compte',
  chooseRole: 'Sélectionner un rôle',
  registerPasswordRule: 'Le mot de passe doit contenir au moins 8 caractères.',
  // E-mail confirmation (part 1 §2 buyer area)
  confirmEmail: 'Confirmer mon adresse e-mail',
  buyerArea: 'Mon espace acquéreur',
  // Log out
  logoutQuestion: 'Voulez-vous fermer votre session ?',
  logoutAction: 'Se déconnecter',
} as const;
