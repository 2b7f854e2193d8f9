/**
 * Texts of lots and the client-file import (part 2 §5, §8): the import's refusals, the file limits
 * and the lot page's upload.
 */
export const importMessages = {
  required: 'Champ obligatoire',
  typology: 'Typologie invalide (1p à 5p)',
  duplicateLot: (row: number) => `Lot comm déjà présent ligne ${row}`,
  duplicateEmail: (row: number) => `Email déjà présent ligne ${row}`,
  header: (expected: string, found: string) => `Colonne « ${expected} » attendue, « ${found || 'vide'} » trouvée`,
  noSheet: 'La feuille « clients » est introuvable dans le fichier.',
  noRows: 'Le fichier ne contient aucun client.',
  knownEmails: (emails: string[]) => `Un ou plusieurs mails que vous essayer d'ajouter existent déjà en base de donnée (${emails.join(', ')})`,
  uploadFailed: "Problème lors de l'envoi du fichier",
  /** No maintained reader of the old binary format is small enough: .xls is refused up front (part 2 §5). */
  xlsUnsupported: "Le format .xls n'est pas pris en charge : enregistrez le fichier au format .xlsx (Excel : Fichier > Enregistrer sous > Classeur Excel).",
  /**
   * Not a spreadsheet at all. The specification's 'Mauvais format. Accepté : xls ou xlsx' (part 2
   * §5) would offer a format that is refused (.xls, above): the text names only what is accepted.
   */
  wrongFormat: "Mauvais format. Accepté : xlsx (classeur Excel ; le format .xls n'est pas pris en charge)",
} as const;

export const clientFileMessages = {
  received: 'Fichier client bien reçu. Il sera intégré sous 24 heures ; vous recevrez un e-mail dès que vos clients seront intégrés.',
  flagFailed: "Impossible d'envoyer le fichier client. Veuillez procéder par mail",
  clientNotFound: "Ce client n'existe pas dans ce programme.",
  xls: importMessages.xlsUnsupported,
  notExcel: importMessages.wrongFormat,
  unreadable: 'Fichier illisible : enregistrez-le au format Excel .xlsx.',
  tooLarge: 'Fichier trop volumineux (max 20 Mo).',
  tooLargeUncompressed: 'Fichier client trop volumineux une fois décompressé (50 Mo au plus) : retirez les feuilles, images ou mises en forme inutiles.',
  abnormalCompression: 'Fichier client refusé : son contenu compressé est anormal. Enregistrez-le de nouveau depuis Excel.',
  tooManyRows: `Le fichier contient plus de 10 000 clients : découpez-le en plusieurs fichiers de 10 000 lignes au plus.`,
  moreErrors: (listed: number, total: number) => `${total} problèmes trouvés ; les ${listed} premiers sont listés.`,
} as const;

export const clientFilePageMessages = {
  noFile: 'Veuillez préalablement choisir un fichier excel',
  wrongFormat: importMessages.wrongFormat,
} as const;

/** The program's lot pages (GET /programs/{id}/clients, docs/architecture.md « Bounded answers ») and their screens. */
export const lotPageMessages = {
  invalidCursor: 'Page de lots invalide : rechargez la liste.',
  invalidLimit: 'Nombre de lots par page invalide (1 à 500).',
  searchTooLong: 'Recherche trop longue (100 caractères au plus).',
  loadFailed: 'Impossible de charger les lots du programme.',
  // A search reads at most 2,000 lots per page: a page may hold no match while later ones do.
  noMatchOnPage: 'Aucun lot ne correspond à la recherche sur cette page : voyez la page suivante.',
} as const;

/** The steps of a client import, as its progress names them (docs/architecture.md « Client import »). */
export const importStepLabels = {
  read: 'Lecture du fichier',
  plan: 'Vérification des lots',
  write: 'Écriture des lots',
  finish: 'Fin de l’import',
} as const;

/** The warning of an import whose buyers seem to have an account already (part 2 §5). */
export const knownAccountsWarning = (listed: string, more: number) =>
  `Des utilisateurs du fichier client semblent deja avoir un compte (${listed})${more > 0 ? ` et ${more} autres` : ''}`;

/** The example row of the downloadable client file model (part 2 §5), in the order of its 14 columns. */
export const clientFileModelExample = [
  '101',
  'A001',
  'Madame',
  'Dupont Marie',
  '3 rue des Lilas',
  '69003',
  'Lyon',
  '0612345678',
  '',
  'marie.dupont@exemple.fr',
  '',
  '3p',
  'A',
  '0',
];
