/** Texts of direct uploads (a file sent straight to the file store, then named to the API). */
export const directUploadMessages = {
  missing: 'Le fichier envoyé est introuvable ou son lien a expiré : choisissez-le et envoyez-le de nouveau.',
  sendFailed: "L'envoi du fichier a échoué : réessayez.",
  noProgram: "Vous ne travaillez sur aucun programme : vous n'avez aucun fichier à envoyer.",
} as const;

/**
 * The local file store's answers (infra/local: the machine's stand-in for S3's signed links), in
 * French like the rest of the product.
 */
export const localFileStoreMessages = {
  downloadInvalid: 'Lien de téléchargement invalide.',
  downloadExpired: 'Lien de téléchargement expiré.',
  fileMissing: 'Fichier introuvable.',
  uploadInvalid: "Lien d'envoi invalide.",
  uploadExpired: "Lien d'envoi expiré : recommencez l'envoi.",
  sizeDiffers: 'Taille du fichier différente de celle annoncée.',
  tooLarge: 'Fichier plus grand que annoncé.',
  incomplete: 'Fichier incomplet.',
  received: 'Fichier reçu.',
} as const;

function formatsList(extensions: readonly string[]): string {
  const names = [...new Set(extensions)];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]}`;
}

/** A chosen file refused in the browser, before anything is sent (shared/domain/upload-limits.ts). */
export const uploadRefusalMessages = {
  tooLarge: (name: string, limit: string) => `${name} dépasse ${limit} : choisissez un fichier plus petit.`,
  wrongType: (name: string, extensions: readonly string[]) =>
    `${name} n'est pas dans un format accepté (${formatsList(extensions)}) : choisissez un autre fichier.`,
  empty: (name: string) => `${name} est vide : choisissez un autre fichier.`,
} as const;
