/** French refusals of out-of-bounds input that no schema message covers. */
export const inputMessages = {
  /** What a refusal says when zod's French locale has no sentence for it. */
  invalid: 'Entrée invalide',
  bodyTooLarge: 'Requête trop volumineuse (2 Mo au plus).',
  invalidJson: 'Le corps de la requête doit être un JSON valide.',
  invalidAddress: 'Adresse invalide : caractères mal encodés.',
  emailTooLong: 'Email invalide (254 caractères au plus)',
  instantOutOfRange: 'Date invalide : elle doit être comprise entre 2000 et 2100.',
  colorsInvalid: 'Couleurs invalides : une liste JSON de couleurs est attendue.',
  tooManySolutions: 'Trop de solutions demandées : solutions × acquéreurs ne doit pas dépasser 20 000.',
} as const;
