/** Texts of programs: their creation and settings forms (part 3 §5) and the refusal of an unknown program. */
export const programMessages = {
  notFound: "Le projet demandé n'existe pas.",
  colorInvalid: 'Couleur invalide',
  colorRequired: 'Veuillez choisir une couleur',
  promoterRequired: 'Veuillez indiquer un promoteur',
  urlInvalid: 'Veuillez renseigner une adresse internet valide',
  mailInvalid: 'Veuillez renseigner une adresse mail valide',
  streetNumberInvalid: 'Veuillez renseigner un chiffre ou un nombre pour le numero de rue...',
} as const;
