/** Texts of direct uploads (a file sent straight to the file store, then named to the API). */
export const directUploadMessages = {
  missing: 'Le fichier envoyé est introuvable ou son lien a expiré : choisissez-le et envoyez-le de nouveau.',
  noProgram: "Vous ne travaillez sur aucun programme : vous n'avez aucun fichier à envoyer.",
} as const;
