/**
 * Texts of the account page (/profile, part 1 §2, §5, §8): the profile form, the avatar, and for an
 * AMO their calendar subscription and their days off (docs/scheduling.md « One person, one
 * calendar »). The server's answers it shows are in common.ts, exports.ts and amo-calendar.ts.
 */
/** The fields the account creation and the profile share (part 1 §2, §5). */
export const accountFieldMessages = {
  company: 'Société',
  choose: 'Choisir',
  passwordConstraint: 'Au moins 8 caractères.',
  email: 'Email',
} as const;

export const profileMessages = {
  description: 'Vos informations personnelles et votre mot de passe.',
  role: (role: string) => `Rôle : ${role}`,
  personalInfo: 'Informations personnelles',
  loginEmail: 'Email de connexion',
  loginEmailFixed: 'Il ne peut pas être modifié ici.',
  optional: 'Facultatif',
  phonesFormat: 'Format : 0689... ou +337...',
  phones: 'Téléphones',
  phoneMister: 'Téléphone (Monsieur)',
  phoneMadam: 'Téléphone (Madame)',
  secondaryEmailsHelp: 'Adresses où recevoir aussi nos messages.',
  secondaryEmails: 'Emails secondaires',
  emailMister: 'Email (Monsieur)',
  emailMadam: 'Email (Madame)',
  passwordHelp: 'Laissez ces champs vides pour garder votre mot de passe actuel.',
  currentPassword: 'Mot de passe actuel',
  confirmation: 'Confirmation',
} as const;

export const avatarMessages = {
  title: 'Photo ou logo',
  limits: (limit: string) => `PNG, JPEG ou WebP, ${limit} maximum.`,
  formats: 'Formats acceptés : PNG, JPEG, WebP.',
  choose: 'Choisir une image',
  dropzone: 'Déposez une image ici',
  send: 'Envoyer',
} as const;

/** An AMO's calendar subscription (docs/scheduling.md « One person, one calendar »). */
export const calendarFeedSectionMessages = {
  description:
    'Un lien privé vers vos visites de tous vos programmes, à ajouter dans Google Agenda, Outlook ou Calendrier (Apple). Les visites déplacées ou annulées y sont mises à jour.',
  revokeLink: 'Révoquer le lien',
  renewLink: 'Générer un nouveau lien',
  getLink: "Obtenir mon lien d'abonnement",
  title: 'Abonnement à mon calendrier de visites',
  activeSince: (since: string) => `Un lien d'abonnement est actif depuis le ${since}.`,
  noActiveLink: "Aucun lien d'abonnement actif.",
  yourLink: "Votre lien d'abonnement",
  copyNow: "Copiez-le maintenant : il n'est affiché qu'une fois. Toute personne qui le connaît voit vos visites.",
  copyLink: "Copier le lien d'abonnement",
  copied: 'Lien copié',
  notCopied: 'Lien non copié',
  opensCalendarApp: "(ouvre l'application de calendrier)",
  openInApple: 'Ouvrir dans Calendrier (Apple)',
  revokeConfirmTitle: "Révoquer le lien d'abonnement ?",
  revoke: 'Révoquer',
  revokeConfirm: 'Les calendriers abonnés avec ce lien ne recevront plus vos visites. Vous pourrez en obtenir un nouveau.',
  renewConfirmTitle: 'Générer un nouveau lien ?',
  renew: 'Générer',
  renewConfirm: 'Le lien actuel cessera de fonctionner : les calendriers abonnés avec lui devront être abonnés au nouveau lien.',
} as const;

/** « Mes indisponibilités » and the travel time (docs/scheduling.md « One person, one calendar »). */
export const daysOffSectionMessages = {
  saveFailed: 'Enregistrement impossible.',
  description:
    "Les périodes où vous ne travaillez pas : elles s'appliquent à tous les plannings qui vous nomment. Une indisponibilité qui laisserait des acquéreurs sans créneau les nomme et demande confirmation.",
  loadFailed: 'Impossible de charger vos indisponibilités.',
  empty: 'Aucune indisponibilité.',
  period: 'Période',
  periodRange: (from: string, to: string) => `Du ${from} au ${to}`,
  deleteOf: (start: string) => `Supprimer l'indisponibilité du ${start}`,
  from: 'Du',
  fromHelp: 'Le premier jour, dès cette heure.',
  firstDay: "Premier jour de l'indisponibilité",
  startTime: "Heure de début de l'indisponibilité",
  to: 'Au',
  toHelp: "Vide : le même jour, jusqu'à cette heure.",
  lastDay: "Dernier jour de l'indisponibilité",
  endTime: "Heure de fin de l'indisponibilité",
  add: "Ajouter l'indisponibilité",
  travelHelp: '0 sur un même programme, quel que soit ce réglage.',
  saveTravel: 'Enregistrer le temps de trajet',
  deleteConfirm: (from: string, to: string) => `Du ${from} au ${to} : vous serez de nouveau proposé sur ces horaires.`,
} as const;
