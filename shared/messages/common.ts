/**
 * The French texts that every area shares (sign-in, accounts, the generic errors), verbatim as the
 * specification gives them: the server's answers and the SPA's screens import the same entry. Each
 * area's own texts are in its file beside this one.
 */
export const messages = {
  invalidCredentials: 'Identifiants invalides',
  sessionExpired: 'Session expirée. Veuillez vous identifier à nouveau.',
  authRequired: 'Authentification requise. Veuillez vous identifier.',
  forbidden: "Vous n'avez pas la permission d'effectuer cette opération.",
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  forgotDone: 'Si un compte existe, un email a été envoyé.',
  resetDone: 'Mot de passe réinitialisé. Vous pouvez vous connecter.',
  resetInvalid: 'Lien invalide ou expiré. Redemandez un lien.',
  resetIncomplete: 'Le lien est incomplet (paramètres manquants)...',
  // part 1 §2 buyer area: a buyer's housings are linked once their e-mail is confirmed
  emailConfirmed: 'Adresse e-mail confirmée : vos logements sont rattachés à votre compte.',
  emailLinkInvalid: 'Lien de confirmation invalide ou expiré. Demandez un nouveau lien depuis votre espace acquéreur.',
  emailConfirmationSent: 'Un lien de confirmation vient de vous être envoyé par e-mail (valable 24 heures).',
  passwordTooShort: 'Au moins 8 caractères',
  passwordsDiffer: 'Les mots de passe ne correspondent pas !',
  oldPasswordRequired: "L'ancien mot de passe est requis pour changer de mot de passe.",
  fieldNotEditable: (keys: readonly string[]) => `Champ non modifiable sur le compte : ${keys.join(', ')}.`,
  wrongOldPassword: "L'ancien mot de passe est incorrect.",
  emailTaken: 'Un compte existe déjà avec cet email.',
  usernameTaken: "Ce nom d'utilisateur est déjà pris.",
  emailInvalid: 'Email invalide',
  emailRequired: 'Email requis',
  passwordInvalid: 'Mot de passe invalide',
  roleRequired: 'Veuillez sélectionner un role !',
  phoneInvalid: 'Veuillez renseigner au moins un numéro de téléphone (format : 0689... ou +337...)',
  required: 'Obligatoire',
  nameRequired: 'Veuillez indiquer un nom',
  firstnameRequired: 'Veuillez indiquer un prénom',
  formInvalid: 'Veuillez vérifier les champs du formulaire',
  notFound: "La ressource demandée n'existe pas.",
  serverError: 'Une erreur est survenue. Veuillez réessayer.',
  // The specification's generic messages (part 1 §8 « Booking and moves »).
  unreachable: 'Erreur réseau : impossible de joindre le serveur.',
  unknownError: 'Une erreur inconnue est survenue.',
  requestTooLarge: 'Requête trop volumineuse : envoyez moins de données à la fois.',
  serviceUnavailable: 'Le service met trop de temps à répondre, veuillez réessayer dans un instant.',
  /** A change whose answer was lost (503, no network): it may have been made; never said to have failed. */
  answerLost:
    "La réponse du serveur n'est pas arrivée : l'opération a peut-être abouti ou continue. Rechargez la page dans un instant pour vérifier avant de recommencer.",
  fileTooLarge: 'Fichier trop volumineux.',
  fileTypeRefused: 'Format de fichier non autorisé.',
  profileUpdated: 'Informations correctement mises à jour.',
  profileUpdateFailed: 'Erreur lors de la mise à jour. Veuillez vérifier le formulaire.',
  profileLoadFailed: 'Erreur lors du chargement de votre profil',
  imageFailed: "Erreur lors de l'envoi de l'image",
  avatarSent: 'Logo/Avatar envoyé avec succès',
  logoSent: 'Logo envoyé avec succès',
  logoutFailed: 'Deconnexion interrompue.',
  registerFailed: 'Erreur lors de la creation du compte',
  staffRoleByAdministrator: 'Les comptes Promoteur et AMO sont créés par un administrateur : contactez votre administrateur Livrea.',
  /** A route that failed to load (web/src/app/route-error-page.tsx). */
  routeFailed: 'Une erreur est survenue.',
  routeFailedHelp: "La page n'a pas pu être affichée. Rechargez la page ; si le problème persiste, contactez support@livrea.fr.",
  reloadPage: 'Recharger la page',
  /** What the public pages say Livrea is, under its name. */
  tagline: 'Planification des visites de livraison de logements neufs',
  notFoundPage: "Désolé, la page à laquelle vous souhaitez accéder n'existe pas.",
} as const;
