import { controlMessages } from './controls';

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

/**
 * The buyer area's screens (part 1 §2 « Buyer area »): the buyer's housings and each housing's tabs.
 * A tab named like its screen (navigation.ts's screenNames: Actualité, Documents…) uses that name.
 */
export const buyerAreaScreenMessages = {
  retry: controlMessages.retry,
  /** /accueil-acquereur. */
  home: {
    housingsDescription: 'Les logements que vous avez achetés.',
    housingsLoading: 'Chargement de vos logements',
    nextVisit: 'Ma prochaine visite',
    toBook: 'À réserver',
    seeAppointment: 'Voir mon rendez-vous',
    bookVisit: 'Réserver ma visite',
    place: 'Bâtiment / étage',
    empty: 'Aucun logement',
    emptyText: "Aucun logement n'est encore rattaché à votre compte.",
  },
  emailToConfirm: 'Confirmez votre adresse e-mail',
  resendLink: 'Renvoyer le lien',
  emailToConfirmText: (email: string) => `Vos logements apparaîtront ici dès que vous aurez ouvert le lien de confirmation envoyé à ${email}.`,
  /** /logement/{id} and its tabs, in the order the buyer reads them. */
  backToHousings: 'Retour à mes logements',
  faqTab: 'FAQ',
  news: { title: 'Actualité du programme', empty: 'Aucune actualité pour le moment.' },
  site: { title: 'Avancement du chantier', empty: 'Aucune nouvelle du chantier pour le moment.' },
  documentsLoading: 'Chargement des documents',
  documentAdded: 'Ajouté le',
  noDocument: 'Aucun document pour le moment.',
  noQuestion: 'Aucune question pour le moment.',
  tma: { title: 'Travaux modificatifs (TMA)', text: 'Vous pourrez bientôt suivre ici vos demandes de travaux modificatifs.' },
  choices: { title: 'Mes choix', text: 'Vous pourrez bientôt faire ici vos choix de finitions (sols, faïences, équipements).' },
  /** Conversations (part 1 §2 « conversations as tickets », §5). */
  exchanges: 'Mes échanges',
  noExchange: 'Aucun échange pour le moment.',
  newReply: 'Nouvelle réponse',
  lastMessageOn: (date: string) => `Dernier message le ${date}`,
  reply: 'Répondre',
  yourReply: 'Votre réponse',
  attachments: 'Pièces jointes',
  attachFiles: 'Joindre des fichiers',
  dropFiles: 'Déposez vos fichiers ici',
  attachmentsLimit: (each: string) => `5 fichiers au plus, ${each} chacun.`,
  programTeam: 'Équipe du programme',
  buyer: 'Acquéreur',
} as const;

/** /projets/{id}/espace-acquereur (part 1 §2 buyer area): what the program's staff publish in their buyers' area. */
export const programAreaMessages = {
  description: (programName: string) => `${programName} : ce que voient les acquéreurs dans leur espace.`,
  tabsLabel: "Contenu de l'espace acquéreur",
  newsTab: 'Actualités',
  /** Documents. */
  wholeProgram: 'Tout le programme',
  chooseDocument: 'Choisissez un document.',
  shared: (fileName: string, target: string) => `« ${fileName} » partagé avec ${target}.`,
  wholeProgramTarget: 'tout le programme',
  shareTitle: 'Partager un document',
  documentHelp: (limit: string) => `PDF, images ou fichiers bureautiques, ${limit} au plus.`,
  pickDocument: 'Choisir un document',
  dropDocument: 'Déposez un document ici',
  shareWith: 'Partager avec',
  lotsLoading: 'Chargement des lots',
  sharedDocuments: 'Documents partagés',
  sharedWith: 'Partagé avec',
  oneHousing: 'Un logement',
  noDocument: 'Aucun document',
  noDocumentText: "Aucun document n'est encore partagé avec les acquéreurs.",
  deleteTitle: 'Supprimer le document',
  deleteConfirm: (fileName: string) => `Supprimer « ${fileName} » ? Les acquéreurs ne le verront plus. Cette action est irréversible.`,
  /** FAQ. */
  faqSaved: 'Foire aux questions enregistrée.',
  addQuestion: 'Ajouter une question',
  noQuestion: 'Aucune question pour le moment : ajoutez-en une, les acquéreurs la verront dans leur foire aux questions.',
  removeQuestion: (n: number) => `Retirer la question ${n}`,
  answer: 'Réponse',
  /** News and site progress. */
  posts: {
    actualite: {
      form: 'Publier une actualité',
      imagesLabel: 'Images',
      published: 'Actualité publiée : les acquéreurs du programme la voient.',
      empty: 'Aucune actualité publiée.',
      list: 'Actualités publiées',
    },
    chantier: {
      form: 'Publier un point chantier',
      imagesLabel: 'Photos',
      published: 'Point chantier publié : les acquéreurs du programme le voient.',
      empty: 'Aucun point chantier publié.',
      list: 'Points chantier publiés',
    },
  },
  imagesHelp: (limit: string) => `Images png, jpeg ou jpg, ${limit} au plus chacune, 5 au plus.`,
  pickImages: 'Choisir des images',
  dropImages: 'Déposez des images ici',
} as const;

/** /projets/{id}/messages and a client's Messages tab (part 3 §2, part 1 §3): the buyers' conversations as staff see them. */
export const programMessagesMessages = {
  title: 'Messages des acquéreurs',
  everyLot: 'Tous les lots',
  noMessage: 'Aucun message pour le moment.',
  unread: 'Non lu',
  lastMessage: (sender: string, date: string) => `${sender} · dernier message le ${date}`,
  staffAccept: 'Images png, jpeg ou jpg, ou PDF.',
} as const;
