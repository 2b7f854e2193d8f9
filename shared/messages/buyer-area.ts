/** Texts of the buyer area and buyer–staff messages (part 1 §2 buyer area, §8). */
export const buyerAreaMessages = {
  emptyReply: 'Votre réponse est vide',
  emptySubject: 'Veuillez indiquer un objet',
  housingNotFound: 'Logement introuvable',
  ticketNotFound: 'Conversation introuvable',
  fileNotFound: 'Fichier introuvable',
  linkExpired: 'Lien de téléchargement expiré : rechargez la page.',
  attachmentType: 'Seules les images png, jpeg et jpg sont acceptées.',
  attachmentSize: 'Image trop volumineuse (4 Mo au plus).',
  documentType: 'Seuls les PDF, images et fichiers bureautiques sont acceptés.',
  documentSize: 'Document trop volumineux (4 Mo au plus).',
  noAccount: "Aucun compte n'existe avec cet email.",
  lotNotFound: 'Aucun lot ne porte ce numéro dans ce programme.',
  documentsLoadFailed: 'Erreur lors du chargement des documents',
  ticketsLoadFailed: 'Erreur lors du chargement des tickets',
  /** Ours (docs/architecture.md « Bounded answers »): the program's conversations come a page at a time. */
  invalidTicketCursor: 'Page de messages invalide : rechargez la liste.',
  invalidTicketLimit: 'Nombre de conversations par page invalide (1 à 100).',
  /** Ours (docs/architecture.md « Bounded answers »): the program's documents come a page at a time. */
  invalidDocumentCursor: 'Page de documents invalide : rechargez la liste.',
  invalidDocumentLimit: 'Nombre de documents par page invalide (1 à 500).',
  comingSoon: 'Bientôt disponible',
  documentNotFound: 'Document introuvable',
  documentDeleted: 'Document supprimé',
  invitationSent: 'Invitation envoyée : le client choisit son mot de passe avec le lien reçu par e-mail (valable 20 minutes).',
  accountExists: 'Ce client a déjà un compte Livrea : ses logements y sont rattachés.',
  emailNotConfirmed: "Ce compte n'a pas encore confirmé son adresse e-mail : ses logements lui seront rattachés dès qu'il l'aura confirmée.",
  confirmationSent:
    "Ce client a déjà un compte Livrea dont l'adresse e-mail n'est pas confirmée : un lien de confirmation vient de lui être envoyé ; ses logements y seront rattachés dès qu'il l'aura ouvert.",
  staffEmail: "Cet email est celui d'un compte du personnel : il ne peut pas devenir un compte acquéreur.",
} as const;
