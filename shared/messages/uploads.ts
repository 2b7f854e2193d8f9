/** Texts of direct uploads (a file sent straight to the file store, then named to the API). */
export const directUploadMessages = {
  missing: 'Le fichier envoyé est introuvable ou son lien a expiré : choisissez-le et envoyez-le de nouveau.',
  noProgram: "Vous ne travaillez sur aucun programme : vous n'avez aucun fichier à envoyer.",
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
