/** Texts of programs: their creation and settings forms (part 3 §5) and the refusal of an unknown program. */
export const programMessages = {
  notFound: "Le projet demandé n'existe pas.",
  listForbidden: "Vous n'avez pas les permissions pour accéder à la liste des programmes",
  changedMeanwhile: 'Le programme a été modifié entre-temps : rechargez la page.',
  settingsSaved: 'Paramètres du projet correctement mis à jour',
  authorizedNotAmo: 'Seuls des comptes AMO peuvent être autorisés sur un programme.',
  deleted: 'Programme supprimé !',
  colorInvalid: 'Couleur invalide',
  colorRequired: 'Veuillez choisir une couleur',
  promoterRequired: 'Veuillez indiquer un promoteur',
  urlInvalid: 'Veuillez renseigner une adresse internet valide',
  mailInvalid: 'Veuillez renseigner une adresse mail valide',
  streetNumberInvalid: 'Veuillez renseigner un chiffre ou un nombre pour le numero de rue...',
} as const;
