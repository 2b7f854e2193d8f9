import { controlMessages } from './controls';

/**
 * Texts of the program screens (part 3 §2, §5, §8): the program list and its creation and deletion,
 * the settings page with its logo, colours, authorized AMOs and convocation notice. The server's
 * answers are in programs.ts.
 */

/** The program list / (part 3 §2) with its creation and deletion dialogs. */
export const programListMessages = {
  created: (name: string) => `Programme « ${name} » créé.`,
  loading: 'Chargement des programmes',
  description: 'Cliquez sur un programme pour ouvrir ses lots, ses plannings et ses paramètres.',
  archivedFilter: 'Archivés',
  archived: 'Archivé',
  createdOn: 'Créé le',
  loadFailed: 'Une erreur est apparue.',
  retry: controlMessages.retry,
  empty: 'Aucun programme',
  createSubmit: controlMessages.create,
  programName: 'Nom du programme',
  promoterName: 'Nom du promoteur',
  logoHelp: (limit: string) => `Une image PNG, JPEG ou WebP, ${limit} maximum.`,
  chooseImage: 'Choisir une image',
  dropImage: 'Déposez une image ici',
  deleteHeader: 'Supprimer le programme ?',
  deleteLead: 'Le programme',
  deleteTail: (promoter: string) => `(${promoter}) et ses lots seront définitivement supprimés.`,
  backToPrograms: 'Retour à la liste des programmes',
} as const;

/** The settings page /projets/{id}/parametres (part 3 §5, §8). */
export const programSettingsMessages = {
  title: 'Paramètres du programme',
  /** 'Veuillez verifier les informations renseignées': a settings failure without a server text (part 3 §8). */
  failed: 'Veuillez verifier les informations renseignées',
  addressMissing: "L'adresse du programme n'est pas renseignée : elle est reprise dans les messages et les convocations envoyés aux acquéreurs.",
  mailMissing: "L'adresse mail du responsable client n'est pas renseignée : les acquéreurs ne peuvent pas lui écrire.",
  mailMissingHeader: 'Mail du responsable client manquant',
  promoterReadOnly: 'Il ne peut pas être modifié.',
  promoterUrl: 'Lien du promoteur',
  clientManagerMail: 'Mail du responsable client',
  archiveHelp: "Un programme archivé n'apparaît plus dans la liste des programmes actifs.",
  archivedCheckbox: 'Programme archivé',
  addressHelp: "L'adresse du chantier, reprise dans les messages envoyés aux acquéreurs.",
  address: 'Adresse du programme',
  streetNumber: 'Numéro',
  colorsField: 'Couleurs du programme *',
  logoHelp: (limit: string) => `PNG, JPEG ou WebP, ${limit} maximum. Il apparaît dans les messages et les pages des acquéreurs.`,
  sendLogo: 'Envoyer le logo',
  noLogo: (name: string) => `Pas de logo pour ${name}`,
} as const;

/** The program colours field (part 3 §5). */
export const programColorMessages = {
  help: 'Choisissez une couleur du programme, puis une couleur de la palette. La première est la couleur principale.',
  custom: 'Couleur personnalisée',
  recent: 'Récentes',
  recentColor: (color: string) => `Récente : ${color}`,
} as const;

/** The authorized AMOs of a program (part 3 §5). */
export const authorizedAmoMessages = {
  selectAll: (list: string) => `Tout sélectionner (${list})`,
  description: 'Les AMO autorisés voient ce programme et peuvent en gérer les plannings.',
  save: 'Enregistrer les AMO',
  title: 'AMO autorisés',
  loading: 'Chargement des AMO…',
  noOther: 'Aucun autre AMO',
  noneAuthorized: 'Aucun AMO autorisé',
  noneOnProgram: "Aucun AMO n'est autorisé sur ce programme.",
} as const;

/** The program's convocation notice rule (docs/user-guide.md « Délai de convocation »). */
export const shortNoticeSettingsMessages = {
  saved: 'Délai de convocation enregistré.',
  saveFailed: 'Erreur lors de l’enregistrement du délai de convocation',
  description:
    'Une convocation (création, déplacement ou date imposée) plus proche que ce délai demande une confirmation qui nomme les acquéreurs ; l’impression et l’export XLSX les signalent.',
  save: 'Enregistrer le délai',
  title: 'Délai de convocation',
  warn: 'Avertir avant une convocation tardive',
  days: 'Délai minimal (jours)',
  phases: 'Phases concernées',
  choosePhases: 'Choisissez les phases',
} as const;
