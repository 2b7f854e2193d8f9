import { controlMessages } from './controls';

/**
 * Texts of the lot screens (part 2 §2.1, §2.2, §5): the lot list, the client file's import and
 * sending, the received files and a client's detail with its tabs. The server's answers are in lots.ts.
 */

/** The lot list /projets/{id}/clients (part 2 §2.1). */
export const lotListMessages = {
  title: (count: string) => `Liste des Lots (${count})`,
  downloadModel: 'Télécharger le modèle',
  loading: 'Chargement des lots',
  tableLabel: 'Lots du programme',
  building: 'Bâtiment',
  floor: 'Étage',
  phone: 'Téléphone',
  searchPlaceholder: 'Rechercher un lot, un nom, un e-mail…',
  searchLabel: 'Filtrer les lots',
  previousPage: controlMessages.previousPage,
  preferences: 'Préférences',
  retry: controlMessages.retry,
  noMatch: 'Aucun lot ne correspond à la recherche',
  noClients: 'Pas de clients',
  counter: (shown: number, more: boolean) => (more ? `${shown} résultat(s) sur cette page` : `${shown} résultat(s)`),
} as const;

/** The client file: its direct import by an administrator and its sending by staff (part 2 §2.1, §5, §6). */
export const clientFileScreenMessages = {
  importHelp: 'Un fichier Excel avec une feuille « clients » et les 14 colonnes du modèle ; les lots déjà présents (même lot comm) sont mis à jour.',
  chooseFile: 'Choisir un fichier',
  dropFile: 'Déposez le fichier client ici',
  load: 'Charger un fichier client',
  ready: (lots: string, count: number) => `${lots} prêt${count > 1 ? 's' : ''} à être importé${count > 1 ? 's' : ''}`,
  valid: "Le fichier est valide. Confirmez l'import pour créer ou mettre à jour les lots de ce programme.",
  importing: 'Import des lots',
  done: 'Import terminé',
  result: (created: string, createdCount: number, updated: string) => `${created} créé${createdCount > 1 ? 's' : ''}, ${updated} mis à jour.`,
  errorDetails: "Détails de l'erreur",
  problems: (total: number, listed: number) =>
    total === 1 ? '1 problème trouvé.' : `${total} problèmes trouvés${total > listed ? ` ; les ${listed} premiers sont listés` : ''}.`,
  correctAndReload: 'Corrigez le fichier puis chargez-le de nouveau.',
  sendHelp:
    "Pour ajouter vos acquéreurs, remplissez le modèle de fichier client (bouton « Télécharger le modèle ») puis envoyez-le ici au format Excel. Notre équipe l'intègre sous 24 heures et vous recevrez un e-mail dès que vos clients seront intégrés.",
  alreadySent: 'Un fichier client a déjà été envoyé pour ce programme. Vous pouvez en envoyer un nouveau si nécessaire.',
  sheetHelp: 'Le fichier doit contenir une feuille « clients » avec les colonnes du modèle.',
} as const;

/** The client files received for a program (part 2 §2.1, §6). */
export const receivedFileMessages = {
  loading: 'Chargement des fichiers reçus',
  description: 'Fichiers envoyés par le promoteur ou les AMO, à intégrer sous 24 heures.',
  title: 'Fichiers clients reçus',
  sentBy: 'Envoyé par',
  receivedOn: 'Reçu le',
  integrated: 'Intégré',
  received: 'Reçu',
  download: 'Télécharger',
  integrate: 'Intégrer',
  empty: 'Aucun fichier reçu pour ce programme.',
} as const;

/** A client's detail /projets/{id}/clients/{clientId} and its tabs (part 2 §2.2, part 1 §2 buyer area). */
export const clientDetailMessages = {
  backToLots: 'Retour à la liste des lots',
  title: 'Données client',
  meetingsTab: 'Rendez-vous',
  updateFailed: 'Erreur lors de la mise à jour des informations client',
  civility: 'Civilité',
  firstname: 'Prénom',
  phone: (who: string) => `Téléphone ${who}`,
  invite: "Inviter à l'espace acquéreur",
  noChange: 'Aucune modification',
  meetingsLoading: 'Chargement des rendez-vous',
  noPlanning: "Ce client n'est invité à aucun planning.",
  visitsLoading: 'Chargement des visites virtuelles',
  validUntil: "Valable jusqu'au",
  noVisit: 'Aucune visite virtuelle pour ce client.',
} as const;
