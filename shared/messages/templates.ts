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
