import { z } from 'zod';
// The French locale alone (a named import the SPA's bundler can keep without the other locales).
import { fr } from 'zod/locales';
import { messages } from '../messages/common';

/**
 * zod speaks French everywhere: the server (functions/http/route.ts) and the SPA (its two layouts
 * and the pages outside them; not the buyer's page, which loads zod only with its visitors' check)
 * import this module for its effect. Schemas keep their own French texts where the
 * specification gives one; every other refusal gets zod's French locale, prefixed with the field's
 * French name so that « Trop grand : … » says which field is meant. Every field of a request has
 * a label here (test/unit/i18n/field-labels.test.ts checks the routes' schemas).
 */
export const fieldLabels: Record<string, string> = {
  email: 'E-mail',
  password: 'Mot de passe',
  oldPassword: 'Ancien mot de passe',
  newPassword: 'Nouveau mot de passe',
  firstname: 'Prénom',
  lastname: 'Nom',
  prenom: 'Prénom',
  nom: 'Nom',
  username: "Nom d'utilisateur",
  enterprise: 'Entreprise',
  gender: 'Civilité',
  role: 'Rôle',
  token: 'Jeton',
  name: 'Nom',
  promotername: 'Nom du promoteur',
  colors: 'Couleurs',
  color: 'Couleur',
  phase: 'Phase',
  projectId: 'Programme',
  programId: 'Programme',
  draftId: 'Brouillon',
  lotId: 'Lot',
  length: 'Durée de visite',
  mTimes: 'Durées par typologie',
  broadcastList: 'Acquéreurs',
  guest: 'Acquéreur',
  events: 'Journées',
  start: 'Début',
  end: 'Fin',
  nbAmo: "Nombre d'AMO",
  amoList: 'AMO',
  amoNb: 'AMO',
  lunchStartTime: 'Début de la pause déjeuner',
  lunchEndTime: 'Fin de la pause déjeuner',
  bookingDeadline: 'Date limite de réponse',
  launchDate: "Date d'envoi",
  address: 'Adresse',
  numero: 'Numéro de rue',
  rue: 'Rue',
  codepostal: 'Code postal',
  ville: 'Ville',
  pays: 'Pays',
  contact: 'Contact',
  contactMail: 'E-mail du contact',
  contactTelephone: 'Téléphone du contact',
  messages: 'Messages',
  questions: 'Questions',
  maxVisitorsNb: "Nombre maximal d'accompagnants",
  reminderHours: 'Délai du rappel',
  notifications: 'Notifications',
  visitors: 'Accompagnants',
  shoeSize: 'Taille de chaussures',
  shoeSize2: 'Taille de chaussures',
  note: 'Note',
  observations: 'Observations',
  slot: 'Créneau',
  startDate: 'Date du créneau',
  nbSolutions: 'Nombre de solutions',
  pas: 'Pas',
  authorizeTrous: 'Trous autorisés',
  areAmosAssigned: 'AMO assignés',
  clients: 'Lots',
  lotcomm: 'Lot commercial',
  typologie: 'Typologie',
  mailmonsieur: 'E-mail',
  mailmadame: 'E-mail (2)',
  telephonemonsieur: 'Téléphone',
  telephonemadame: 'Téléphone (2)',
  uuid: 'Rendez-vous',
  usr: 'Rendez-vous',
  remember: 'Se souvenir de moi',
  // Programs, lots and invoicing entities
  adressenumero: 'Numéro de rue',
  adresserue: 'Rue',
  adressecodepostal: 'Code postal',
  adresseville: 'Ville',
  adressepays: 'Pays',
  adresse: 'Adresse',
  batiment: 'Bâtiment',
  etage: 'Étage',
  lotcopro: 'Lot copropriété',
  titre: 'Titre',
  mailrespclient: 'E-mail du responsable clients',
  promoterUrl: 'Site du promoteur',
  isArchived: 'Archivé',
  isClientFileSent: 'Fichier client envoyé',
  raisonsociale: 'Raison sociale',
  formejuridique: 'Forme juridique',
  siret: 'SIREN / SIRET',
  credits: 'Crédits',
  creditsPassword: 'Mot de passe des crédits',
  invoiceEntity: 'Entité de facturation',
  telephone: 'Téléphone',
  authorized: 'Autorisations',
  // Plannings and meetings
  contactNom: 'Nom du contact',
  contactPrenom: 'Prénom du contact',
  contactTitre: 'Titre du contact',
  signature: 'Signature',
  minNoticeHours: 'Délai minimal de réservation',
  dayStartTime: 'Début de journée',
  dayEndTime: 'Fin de journée',
  kind: 'Type',
  attachmentId: 'Pièce jointe',
  vrText: 'Texte de la visite virtuelle',
  vrLogoId: 'Logo de la visite virtuelle',
  vrId: 'Visite virtuelle',
  firstParagraph: 'Premier paragraphe',
  secondParagraph: 'Deuxième paragraphe',
  thirdParagraph: 'Troisième paragraphe',
  notifiedList: 'Personnes prévenues',
  mailinvitationattachment: "Pièce jointe de l'invitation",
  mailinvitationmessage: "Message de l'e-mail d'invitation",
  smsinvitationmessage: "Message du SMS d'invitation",
  mailconfirmationmessage: "Message de l'e-mail de confirmation",
  smsconfirmationmessage: 'Message du SMS de confirmation',
  mailrelancemessage: "Message de l'e-mail de relance",
  smsrelancemessage: 'Message du SMS de relance',
  mailrappelmessage: "Message de l'e-mail de rappel",
  smsrappelmessage: 'Message du SMS de rappel',
  mailInvitation: "E-mail d'invitation",
  smsInvitation: "SMS d'invitation",
  mailConfirmation: 'E-mail de confirmation',
  mailRelance: 'E-mail de relance',
  smsRelance: 'SMS de relance',
  mailRappel: 'E-mail de rappel',
  smsRappel: 'SMS de rappel',
  customMail: 'Message personnalisé',
  virtualVisit: 'Texte de la visite virtuelle',
  templateType: 'Type de modèle',
  field: 'Champ',
  value: 'Texte',
  selected: 'Rendez-vous',
  rdvId: 'Rendez-vous',
  rdvs: 'Rendez-vous',
  uuids: 'Rendez-vous',
  user: 'Acquéreur',
  rdvDate: 'Date du rendez-vous',
  selectedAmo: 'AMO',
  selectedDateMove: 'Nouvelle date',
  confirmMoveOption: 'Option de déplacement',
  confirmStrand: 'Confirmation',
  confirmElsewhere: 'Confirmation',
  planningId: 'Planning',
  travelMinutes: 'Temps de trajet',
  userId: 'AMO',
  amoId: 'AMO',
  targetAmo: 'AMO de destination',
  guestId: 'Acquéreur',
  _id: 'Identifiant',
  dates: 'Dates',
  duree: 'Durée',
  placements: 'Placements',
  isActive: 'Actif',
  isAvailable: 'Disponible',
  notifMail: 'Notification par e-mail',
  notifSMS: 'Notification par SMS',
  mail: 'E-mail',
  sms: 'SMS',
  isMailInvitation: "Envoyer l'invitation par e-mail",
  isMailConvocation: 'Envoyer la convocation par e-mail',
  isMailConfirmation: 'Envoyer la confirmation par e-mail',
  isMailConfirmationDel: "Envoyer l'annulation par e-mail",
  invitationMail: "E-mail d'invitation",
  mailChecked: 'Prévenir par e-mail',
  rappelMail: 'Rappel par e-mail',
  rappelSMS: 'Rappel par SMS',
  relanceMail: 'Relance par e-mail',
  relanceSMS: 'Relance par SMS',
  cc: 'Copie à',
  emails: 'E-mails',
  phoneNumbers: 'Numéros de téléphone',
  label: 'Libellé',
  extra: 'Informations complémentaires',
  isInterestedVr: 'Intérêt pour la visite virtuelle',
  // Buyer area
  subject: 'Objet',
  message: 'Message',
  files: 'Pièces jointes',
  ticket: 'Conversation',
  housing: 'Logement',
  program: 'Programme',
  title: 'Titre',
  body: 'Texte',
  images: 'Images',
  entries: 'Questions',
  question: 'Question',
  answer: 'Réponse',
  key: 'Fichier',
  filename: 'Nom du fichier',
  size: 'Taille du fichier',
  // Virtual visits
  promoter: 'Promoteur',
  internalName: 'Nom interne',
  meetingUuid: 'Rendez-vous',
  endDate: 'Date de fin',
  pointer: 'Lien de la visite',
  payload: 'Contenu de la visite',
  sendMail: "Envoyer l'e-mail",
  data: 'Données',
  // Lists, pages and exports (query strings)
  page: 'Page',
  limit: 'Nombre par page',
  current: 'Page',
  pageSize: 'Nombre par page',
  cursor: 'Page suivante',
  filters: 'Filtres',
  sortField: 'Colonne de tri',
  sortOrder: 'Ordre de tri',
  state: 'État',
  from: 'Début de la période',
  to: 'Fin de la période',
  ids: 'Plannings',
  format: 'Format',
  force: 'Forcer',
  lot: 'Lot',
  isActifSelected: 'Actifs',
  isArchivedSelected: 'Archivés',
  // GET /rdv/{id}/changes: the live staff screens' cursor
  since: 'Curseur de modifications',
  // 'Décaler' (free and imposed plannings).
  mode: 'Mode de décalage',
  // Shift: the days to move; notice rule: how many days ahead (the same key in two bodies).
  days: 'Jours',
  // Attendance on the day (docs/user-guide.md « Présences »)
  date: 'Date',
  markId: 'Identifiant du pointage',
  markedAt: 'Heure du pointage',
  status: 'Présence',
  // The convocation notice rule (docs/user-guide.md « Délai de convocation »)
  confirmShortNotice: 'Confirmation de la convocation tardive',
  confirmNonWorkingDays: 'Confirmation des jours non ouvrés',
  shortNoticeRule: 'Délai de convocation',
  enabled: 'Activé',
  phases: 'Phases',
  // Paged reads of a big program (docs/architecture.md « Work that grows with a program »)
  q: 'Recherche',
  sort: 'Colonne de tri',
  desc: 'Ordre décroissant',
  toPlace: 'Acquéreurs à placer',
  amo: 'AMO',
  view: 'Affichage',
};

const frenchLocale = fr().localeError;

/** The French label of the innermost named field of an issue's path, if we know it. */
function fieldLabel(path: readonly PropertyKey[] | undefined): string | undefined {
  const key = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  return key === undefined ? undefined : fieldLabels[key];
}

/** Letters only, without accents or case: 'E-mail' and 'Email' read alike. */
const letters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/** The field's French label first, unless the message already names it ('Email invalide', 'Prénom : …'). */
function labelledMessage(path: readonly PropertyKey[] | undefined, message: string): string {
  const label = fieldLabel(path);
  if (!label || letters(message).includes(letters(label))) return message;
  return `${label} : ${message}`;
}

/**
 * Schemas' own texts that say nothing of their field when read alone, as a notification or an API
 * answer does. The specification's sentences ('Veuillez écrire un message', 'Numéro de SIREN
 * incorrect…') name what they are about and are given exactly as written.
 */
const namelessMessages: ReadonlySet<string> = new Set([messages.required]);

/**
 * The message an answer carries for an issue (functions/http/route.ts): zod's own already has
 * the label (localeError below); a nameless schema text such as 'Obligatoire' gets it there.
 */
export function answerMessage(path: readonly PropertyKey[] | undefined, message: string): string {
  return namelessMessages.has(message) ? labelledMessage(path, message) : message;
}

z.config({
  localeError: (issue) => {
    const message = frenchLocale?.(issue);
    return labelledMessage(issue.path, typeof message === 'string' ? message : (message?.message ?? 'Entrée invalide'));
  },
});
