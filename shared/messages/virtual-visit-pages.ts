import { controlMessages } from './controls';

/**
 * Texts of the virtual-visit screens (part 3 §2, §4, §5): the visits tables, their dialogs, the
 * visit logs and the public /immersion page. The server's answers are in virtual-visits.ts.
 */

/** The visits table of /admin/visites, /visites and /projets/{id}/visites-3d (part 3 §2). */
export const visitTableMessages = {
  adminTitle: 'Visites virtuelles',
  adminDescription: 'Les liens /immersion envoyés aux acquéreurs : statut, vues et notification.',
  adminLoadFailed: 'Erreur lors du chargement des visites',
  adminEmpty: 'Aucune visite',
  managePromoters: 'Gérer les promoteurs',
  addPromoter: 'Ajouter un promoteur',
  addVisit: 'Ajouter une visite',
  programTitle: 'Visites 3D',
  programDescription: 'Les visites virtuelles des acquéreurs du programme, créées depuis les plannings.',
  programEmpty: 'Aucune visite virtuelle pour ce programme',
  start: 'Début',
  active: 'active',
  expired: 'expirée',
  notified: 'Notifié',
  editEndDate: (name: string) => `Modifier la date de fin de ${name}`,
  deleteVisitOf: (name: string) => `Supprimer la visite de ${name}`,
  selectionGroup: 'Sélection des visites',
  selectAll: 'Sélectionner toutes les visites',
  selectOne: (name: string) => `Sélectionner ${name}`,
  loading: 'Chargement des visites',
  deleteSelection: 'Supprimer la sélection',
} as const;

/** The dialogs of a visit: creation, end date, deletion (part 3 §2, §4, §5). */
export const visitDialogMessages = {
  createSubmit: 'Créer la visite',
  created: (name: string, mailed: boolean) => `Visite de ${name} créée${mailed ? ' et envoyée par mail' : ''}.`,
  clientName: 'Nom du client',
  clientNameField: 'Nom du client *',
  choosePromoter: 'Choisir un promoteur',
  noPromoter: "Aucun promoteur : créez-en un d'abord",
  emailsHelp: 'Plusieurs adresses séparées par « ; ».',
  pointer: 'Nom de la visite',
  pointerField: 'Nom de la visite *',
  linksField: 'Lien(s) de la visite 3D *',
  linksHelp: (prefix: string) => `Chaque lien commence par ${prefix} ; plusieurs liens séparés par « ; ».`,
  links: 'Liens de la visite 3D',
  startDate: 'Date de début',
  sendByMail: 'Envoyer le lien par mail',
  deleteOne: 'Supprimer la visite ?',
  deleteMany: (count: number) => `Supprimer ${count} visites ?`,
  linksStop: (links: string) => `Les liens suivants cesseront de fonctionner : ${links}.`,
  endDateRequired: 'Veuillez indiquer une date de fin',
  endDateSaved: (name: string) => `Date de fin de la visite de ${name} mise à jour.`,
  endDateHeader: (name: string) => `Date de fin de la visite de ${name}`,
  endDateHelp: 'La visite est active jusqu’à la fin de ce jour, puis expirée.',
} as const;

/** 'Ajouter un promoteur' and 'Gérer les promoteurs' (part 3 §2, §5). */
export const visitPromoterMessages = {
  secondParagraph: 'Deuxième paragraphe',
  thirdParagraph: 'Troisième paragraphe',
  created: (name: string, withLogo: boolean) => `Promoteur ${name} créé${withLogo ? ', logo envoyé avec succès' : ''}.`,
  createSubmit: 'Créer le promoteur',
  logoHelp: (limit: string) => `Une image png, jpeg ou webp de ${limit} au plus.`,
  chooseLogo: 'Choisir un logo',
  logoInput: 'Logo du promoteur',
  sendLogo: 'Envoyer un logo',
  empty: 'Aucun promoteur',
} as const;

/** A planning's buyers and their visits (part 2 §2.10, §5, §7). */
export const buyerVisitMessages = {
  created: (lot: string, uuid: string) => `Visite virtuelle du lot ${lot} créée : /immersion/${uuid}`,
  header: (lot: string, name: string) => `Visite 3D du lot ${lot} (${name})`,
  removeOne: 'Supprimer la visite 3D ?',
  removeMany: (count: number) => `Supprimer ${count} visites 3D ?`,
  linksStop: (count: number, lots: string) =>
    `${count > 1 ? 'Les liens de visite virtuelle de ces acquéreurs cesseront' : 'Le lien de visite virtuelle de cet acquéreur cessera'} de fonctionner : ${lots}.`,
  sendHeader: 'Envoyer les liens des visites virtuelles',
  sendBody: (count: number, lots: string) => `Envoyer par mail le lien de sa visite virtuelle à ${count} acquéreur${count > 1 ? 's' : ''} : ${lots}.`,
  invalidSelection: 'Sélection invalide',
  withoutVisit: (count: number) => `${count} acquéreur${count > 1 ? 's' : ''} sans visite virtuelle.`,
  oneBuyerOnly: 'Sélectionnez un seul acquéreur.',
  noneHasVisit: "Aucun des acquéreurs sélectionnés n'a de visite virtuelle.",
} as const;

/** Visit logs /admin/logs/visites (part 3 §2, §9). */
export const visitLogMessages = {
  description: "Connexions aux visites virtuelles, localisées hors ligne depuis l'adresse IP.",
  title: 'Logs des visites',
  period: 'Période',
  periodStart: 'Début de la période',
  periodEnd: 'Fin de la période',
  chartRegion: 'Vues par jour, défilement horizontal',
  chartFailed: 'Erreur lors du chargement des données',
  chartEmpty: 'Aucune vue sur la période',
  legend: 'Légende',
  selectionGroup: 'Sélection des vues',
  selectAll: 'Sélectionner toutes les vues',
  selectOne: (date: string) => `Sélectionner la vue du ${date}`,
  empty: 'Aucune vue',
  previousPage: controlMessages.previousPage,
  preferences: 'Préférences',
  region: 'Région',
  deleteHeader: 'Supprimer les vues sélectionnées ?',
  deleteBody: (count: number) =>
    `${count} vue${count > 1 ? 's' : ''} ${count > 1 ? 'seront définitivement supprimées' : 'sera définitivement supprimée'} de l'historique.`,
} as const;

/** The public page /immersion/{uuid} (part 1 §2). */
export const immersionMessages = {
  documentTitle: 'Votre visite virtuelle · Livrea',
  footer: 'Livrea · Visites virtuelles des logements neufs',
  availableUntil: (date: string) => `Visite disponible jusqu’au ${date}.`,
} as const;
