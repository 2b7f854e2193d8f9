import { programMessages } from './programs';
import { SCHEDULING_MESSAGES } from './scheduling';

/** The exact French messages of 3D virtual visits (part 1 §2, part 2 §8, part 3 §8). */
export const virtualVisitMessages = {
  linkInvalid: "Le lien matterport n'est pas valide.",
  linksInvalid: 'Les liens Matterport ne sont pas valides',
  linkRepeated: 'Un même lien Matterport est plusieurs fois présent',
  emailsInvalid: 'Les adresses emails ne sont pas valides',
  emailRepeated: 'Une même adresse mail est plusieurs fois présente',
  nameRequired: 'Veuillez indiquer le nom du client',
  promoterRequired: programMessages.promoterRequired,
  pointerRequired: 'Veuillez indiquer le nom de la visite',
  linkRequired: 'Veuillez indiquer un lien',
  uuidRequired: 'Veuillez indiquer un identifiant de 9 caractères',
  uuidTaken: 'Cet identifiant est déjà utilisé par une autre visite.',
  buyerHasVisit: "Cet acquéreur a déjà une visite virtuelle : supprimez-la d'abord.",
  datesInvalid: 'La date de fin doit suivre la date de début.',
  promoterFieldRequired: 'Obligatoire',
  createFailed: 'Une erreur est apparue lors de la création de la visite.',
  planningVisitsFailed: 'Erreur lors de la récupération des visites virtuelles du planning.',
  deleteFailed: "Erreur lors de la suppression de la visite de l'utilisateur",
  promotersFailed: 'Une erreur est apparue lors du chargement de la liste des promoteurs',
  expired: 'Votre visite est expirée. Si besoin, rapprochez-vous de votre promoteur pour réactiver le lien.',
  notFound: 'Visite non trouvée',
  created: 'Visite créée avec succès',
  endDateSaved: 'Date de fin mise à jour',
  deleted: 'Visite supprimée',
  promoterCreated: 'Promoteur créé avec succès',
  promoterDeleted: 'Promoteur supprimé',
  clientNotFound: 'Client non trouvé',
  selectionEmpty: 'Sélectionnez au moins une visite.',
  promoterNotFound: 'Promoteur non trouvé',
  logsForbidden: "Vous n'avez pas les permissions pour accéder aux historiques de connexion aux visites",
  sendLinksRefused: SCHEDULING_MESSAGES.invalidSelection,
  sendLinksFailed: "Une erreur est intervenue lors de la tentative d'envoi des liens des visites virtuelles",
  promoterInUse: "Ce promoteur est utilisé par une visite : supprimez ses visites d'abord.",
} as const;

/**
 * Texts of the paged program visit list (GET /rdv/project/{programId}/visites-3d, docs/architecture.md
 * « Bounded answers »). Ours: the specification shows the whole table (part 3 §2).
 */
export const programVisitPageMessages = {
  invalidCursor: 'Page des visites 3D invalide : rechargez la liste.',
  invalidLimit: 'Nombre de visites par page invalide (1 à 500).',
} as const;

/** The counts of a deletion of visits or of view history entries (part 3 §4, §8; French plural: 0 and 1 singular). */
export const visitDeletionCounts = {
  visits: (count: number) => `${count} visite${count > 1 ? 's' : ''} supprimée${count > 1 ? 's' : ''}`,
  viewEntries: (count: number) => `${count} entrée${count > 1 ? 's' : ''} supprimée${count > 1 ? 's' : ''}`,
} as const;

/** The mail of a visit's link (part 2 §5): the subject, the lines around the link and its validity. */
export const visitMailTexts = {
  subject: (sender: string, pointer: string) => `${sender} : votre visite virtuelle ${pointer}`,
  defaultSender: 'Livrea',
  linkIntro: 'Votre visite virtuelle est accessible à cette adresse :',
  validUntil: (endDate: string) => `Ce lien est valable jusqu’au ${endDate}.`,
  closing: 'Votre AMO se tient à votre disposition',
} as const;
