import type { MessageTag } from '../rules/message-tags';
import { controlMessages } from './controls';

/** Texts of message templates and their tags (part 1 §5, §8; part 3 §8), verbatim where the specification gives them. */
export const templateMessages = {
  nameRequired: 'Veuillez indiquer un nom',
  bodyRequired: 'Ce champ est à remplir !',
  created: 'Modèle créé avec succès',
  createFailed: 'Erreur lors de la création du modèle',
  updated: 'Modèle modifié avec succès',
  updateFailed: 'Impossible de modifier le template',
  deleted: 'Modèle supprimé avec succès',
  deleteFailed: 'Erreur lors de la suppression du modèle',
  notFound: 'Modèle introuvable',
  notOwner: 'Seul le propriétaire du modèle peut choisir les utilisateurs autorisés.',
  onlyAmos: 'Seuls des utilisateurs AMO peuvent être autorisés sur un modèle.',
  pickFirst: "Veuillez d'abord sélectionner un template...",
  applied: (name: string) => `Template ${name} appliqué au planning`,
  loadFailed: 'Erreur lors du chargement des templates',
} as const;

export const tagMessages = {
  unknownTags: 'Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles',
  /** What a planning dialog says of its tags: those it accepts, and the contact tags that wait for a field. */
  available: (available: readonly string[], waiting: readonly string[]) =>
    `Balises disponibles : ${available.map((tag) => `<${tag}>`).join(' ')}${waiting.length > 0 ? `. Renseignez la personne à contacter du planning pour utiliser ${waiting.map((tag) => `<${tag}>`).join(' ')}.` : ''}`,
  missingContact: (tags: string[]) => `Balise(s) ${tags.join(', ')} non disponible(s) sur ce planning.`,
} as const;

/** The template screens: list, wizard, help (part 3 §2 'Message-template list', part 1 §2, §5). */
export const templateScreenMessages = {
  listTitle: 'Modèles de messages',
  listDescription: "Vos modèles et ceux que d'autres utilisateurs partagent avec vous.",
  retry: controlMessages.retry,
  empty: 'Aucun modèle',
  emptyHint: "Créez un modèle pour réutiliser vos messages d'un planning à l'autre.",
  sharedWithCount: (count: number) => `Partagé avec ${count} AMO`,
  notShared: 'Non partagé',
  sharedWithYou: 'Partagé avec vous',
  share: 'Autoriser des AMO',
  /** The wizard (part 1 §2). */
  wizardTitle: 'Nouveau modèle de messages',
  wizardDescription: 'Le nom du modèle et ses sept messages, étape par étape.',
  smsLength: 'Un SMS compte 160 caractères (70 si le texte contient un caractère hors GSM-7).',
  name: 'Nom du modèle',
  body: 'Texte du message',
  wizard: {
    stepNumberLabel: (n: number) => `Étape ${n}`,
    collapsedStepsNavigationAriaLabel: (current: number, total: number) => `Étape ${current} sur ${total}`,
    navigationAriaLabel: 'Étapes',
    cancelButton: controlMessages.cancel,
    previousButton: 'Précédent',
    nextButton: 'Suivant',
    submitButton: 'Créer le modèle',
    optional: 'facultatif',
  },
  /** The live preview. */
  previewTitle: 'Aperçu',
  previewDescription: 'Balises remplies avec un exemple',
  smsCount: (characters: number, segments: number, encoding: string) => `${characters} caractères · ${segments} SMS (${encoding})`,
  /** Sharing (part 3 §6). */
  shareTitle: (name: string) => `Autoriser des AMO · ${name}`,
  authorizedAmos: 'AMO autorisés',
  authorizedAmosHelp: 'Ils verront ce modèle dans leur liste et pourront le modifier ou le supprimer.',
  amosLoading: 'Chargement des AMO…',
  chooseAmos: 'Choisir des AMO',
  /** Deletion. */
  deleteTitle: 'Supprimer le modèle',
  deleteConfirm: (name: string) => `Supprimer le modèle « ${name} » ? Il disparaîtra aussi pour les AMO autorisés.`,
  /** 'Appliquer un modèle' in a planning (part 2 §5 'Template application'). */
  applyLabel: 'Appliquer un modèle',
  applyDescription: 'Les messages du modèle remplacent ceux du planning.',
  myTemplates: 'Mes modèles',
  livreaTemplates: 'Modèles Livrea',
  applyAriaLabel: 'Modèle à appliquer',
  chooseTemplate: 'Choisir un modèle',
  templatesLoading: 'Chargement des modèles…',
  apply: 'Appliquer le modèle',
} as const;

/** The help page /…/templates/help (part 1 §2): how a template is built and used. */
export const templateHelpMessages = {
  title: "Mode d'emploi des modèles",
  createTitle: 'Créer un modèle',
  steps: (titles: string) => `Un modèle réunit les sept messages envoyés aux acquéreurs, dans cet ordre : ${titles}. L'assistant (`,
  wizardLink: 'nouveau modèle',
  stepsEnd: ") les présente un par un ; chaque message doit être rempli et n'utiliser que les balises disponibles avant de passer au suivant.",
  smsCount:
    "Pour un SMS, l'aperçu compte les caractères et le nombre de SMS : 160 caractères par SMS (153 par partie au-delà), ou 70 (67) si le texte contient un caractère hors de l'alphabet GSM-7, un emoji par exemple.",
  tagsTitle: 'Balises',
  tags: 'Écrivez une balise entre chevrons ; elle est remplacée pour chaque acquéreur. Les balises de contact (CONTACT_…, SIGNATURE) demandent que le planning ait la personne à contacter correspondante.',
  tagExample: (value: string) => `par exemple « ${value} »`,
  shareTitle: 'Partager et appliquer',
  share:
    "Depuis la liste des modèles, le propriétaire autorise des AMO, qui peuvent alors voir, modifier et supprimer le modèle. Dans la création d'un planning et dans « Personnaliser » d'un planning, choisissez un modèle puis « Appliquer le modèle » : ses messages remplacent ceux du planning.",
} as const;

/** Sample values of the templates' live preview: a buyer of a demo program, so a text reads as it will be sent. */
export const templateSampleValues: Record<MessageTag, string> = {
  DEBUT_VISITE: 'lundi 7 décembre 2026 à 09:00',
  ETAGE: '2',
  NOM: 'Mme Dupont',
  TYPE_VISITE: 'Pré-livraison',
  LIEN_RDV: 'https://livrea.fr/entrevue/3f9c2a',
  LIEN_PLAN: 'https://livrea.fr/pview/3f9c2a',
  PROMOTEUR: 'Habitat Rhône',
  ADDRESSE: '12 rue des Tilleuls, 69003 Lyon',
  ADRESSE: '12 rue des Tilleuls, 69003 Lyon',
  FIN_PRISE_RDV: 'vendredi 27 novembre 2026',
  LOTCOMM: 'A12',
  CONTACT_NOM: 'Martin',
  CONTACT_TITRE: 'Madame',
  CONTACT_TELEPHONE: '06 11 22 33 44',
  CONTACT_MAIL: 'anne.martin@habitat-rhone.fr',
  CONTACT_PRENOM: 'Anne',
  SIGNATURE: 'Anne Martin, service clients',
  NOM_PROGRAMME: 'Les Jardins du Parc',
  VILLE_PROGRAMME: 'Lyon',
  CODEPOSTAL_PROGRAMME: '69003',
};
