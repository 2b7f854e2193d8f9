import { SCHEDULING_MESSAGES } from './scheduling';
import { bookingMessages } from './booking';
import { creationMessages, planningListMessages, planningMessages } from './plannings';
import { messages } from './common';

/**
 * Texts of the staff actions on a free planning's detail page. Quoted strings of the
 * specification (part 2 §5, §8) are verbatim; the others (marked 'ours') fill rules the
 * specification shows without a text.
 */
export const actionMessages = {
  invalidSelection: SCHEDULING_MESSAGES.invalidSelection,
  meetingNotFound: bookingMessages.notFound,
  cancelled: bookingMessages.cancelled,
  availabilitiesSaved: 'Disponibilités mises à jour avec succès',
  amoAdded: 'AMO ajouté avec succès',
  notificationsSaved: 'Notifications correctement mises à jour.',
  messageSaved: 'Message modifié avec succès',
  freeMeetingCreated: 'RDV Libre créé',
  notAFreeMeeting: "Impossible de supprimer autre chose qu'un RDV Libre",
  nameRequired: messages.nameRequired,
  titleRequired: creationMessages.nameBlank,
  messageRequired: 'Veuillez écrire un message',
  guestRequired: 'Veuillez sélectionner un invité !',
  bookedCannotBeUnavailable: 'Vous essayez de rendre indisponible un rendez-vous qui à été pris...',
  unknownTags: 'Les balises que vous avez utilisées ne sont pas celles indiquées comme étant disponibles.',
  invalidCc: 'Les adresses email indiquées ne sont pas valides.',
  invalidShareTarget: "Veuillez vérifier l'adresse mail / le numéro de téléphone entré",
  deadlinePast: planningMessages.deadlinePast,
  // ours
  channelRequired: "Veuillez choisir l'envoi par e-mail, par SMS ou les deux.",
  notBooked: "Ce rendez-vous n'est pas réservé.",
  alreadyPlaced: 'Ce rendez-vous est déjà placé : déplacez-le ou annulez-le.',
  inactive: 'Ce rendez-vous est inactif : activez-le avant de le placer.',
  unavailable: "Cet acquéreur s'est déclaré indisponible : rendez-le disponible avant de placer son rendez-vous.",
  pastStart: 'Problème lors du placement du rendez-vous. Assurez-vous que le rendez-vous tienne dans le planning.',
  placed: 'Rendez-vous placé.',
  moved: 'Rendez-vous déplacé.',
  switched: 'Les rendez-vous ont été échangés entre les AMO.',
  activeLocked: "Le statut Actif ne peut être modifié qu'avant la réservation : annulez d'abord le rendez-vous (Calendrier puis '-').",
  removeBookedFirst: "Cet acquéreur a un rendez-vous : annulez-le d'abord (Calendrier puis '-') avant de le retirer du planning.",
  alreadyInPlanning: 'Cet acquéreur fait déjà partie du planning.',
  buyerAdded: 'Acquéreur ajouté au planning.',
  buyerRemoved: 'Acquéreur retiré du planning.',
  buyerUpdated: 'Informations acquéreur mises à jour.',
  planningUpdated: 'Planning mis à jour.',
  nothingToChange: 'Veuillez vérifier les champs',
  subjectPrefix: "L'objet doit commencer par [PROMOTER].",
  attachmentNotFound: 'Pièce jointe introuvable : veuillez la déposer à nouveau.',
  amoRequired: SCHEDULING_MESSAGES.amoRequired,
  amoUnknown: "Cet utilisateur n'est pas un AMO.",
  amoAlreadyThere: 'Cet AMO fait déjà partie du planning.',
  tooManyAmos: 'Dix AMO par jour au plus.',
  freeMeetingNotFound: 'RDV Libre non trouvé',
  freeMeetingTime: 'Problème lors du placement / déplacement / suppression du RDV Libre.',
  freeMeetingUpdated: 'RDV Libre modifié',
  freeMeetingDeleted: 'RDV Libre supprimé',
  shared: 'Lien du planning envoyé.',
  busy: 'Le planning a été modifié en même temps. Veuillez réessayer.',
  tooLarge: SCHEDULING_MESSAGES.invalidSelection,
} as const;

/** Cancellation by staff (ours: the specification names the option but not its text). */
export const cancellationMail = [
  'Bonjour <NOM>,',
  '',
  'Votre rendez-vous « <TYPE_VISITE> » du <DEBUT_VISITE> pour le lot <LOTCOMM> a été annulé.',
  '',
  'Pour choisir un nouveau créneau ou nous répondre : <LIEN_RDV>',
].join('\n');

/** History actions, as staff read them in a buyer's history. */
export const historyActions = {
  forcedBooking: 'Rendez-vous placé manuellement',
  move: 'Rendez-vous déplacé',
  staffCancel: 'Rendez-vous annulé',
  switchAmo: "Changement d'AMO",
  added: 'Ajout au planning',
  removed: 'Retrait du planning',
  edited: 'Modification de la fiche',
  notifications: 'Notifications modifiées',
  relance: 'Relance envoyée',
  rappel: 'Rappel envoyé',
} as const;

/** Texts of the page. Quoted strings of the specification (part 2 §4, §5, §8) are verbatim. */
export const detailMessages = {
  notFound: 'Planning libre non trouvé',
  loadFailed: 'Erreur lors du chargement du planning.',
  invalidSelection: SCHEDULING_MESSAGES.invalidSelection,
  slotBooked: SCHEDULING_MESSAGES.slotBooked,
  availabilitiesSaved: actionMessages.availabilitiesSaved,
  availabilitiesFailed: 'Erreur lors de la prise en compte des indisponibilités',
  requestFailed: 'Erreur lors de la requête',
  amoAdded: actionMessages.amoAdded,
  amoAddFailed: "Erreur lors l'ajout d'un nouvel AMO",
  messageSaved: actionMessages.messageSaved,
  notificationsSaved: actionMessages.notificationsSaved,
  notificationsFailed: 'Erreur lors de la mise à jour des notifications acquéreur',
  freeMeetingCreated: actionMessages.freeMeetingCreated,
  freeMeetingFailed: 'Problème lors du placement / déplacement / suppression du RDV Libre.',
  notAFreeMeeting: actionMessages.notAFreeMeeting,
  cancelled: actionMessages.cancelled,
  cancelFailed: 'Erreur lors de la suppression du rendez-vous.',
  placementFailed: SCHEDULING_MESSAGES.placementFailed,
  moveFailed: (lot: string) => `Erreur lors du déplacement du rendez-vous du lot ${lot}`,
  switchFailed: SCHEDULING_MESSAGES.switchImpossible,
  optionRequired: SCHEDULING_MESSAGES.optionRequired,
  guestRequired: actionMessages.guestRequired,
  buyersLoadFailed: 'Erreur lors du chargement des acquéreurs du programme',
  participantsLoadFailed: 'Erreur lors du chargement des acquéreurs du planning',
  addBuyerFailed: "Erreur lors de l'ajout de l'acquéreur au planning.",
  removeBuyerFailed: "Erreur lors de la suppression de l'acquéreur du planning.",
  buyerUpdateFailed: actionMessages.bookedCannotBeUnavailable,
  nameRequired: actionMessages.nameRequired,
  shareInvalid: actionMessages.invalidShareTarget,
  checkFields: 'Veuillez vérifier les champs',
  cannotDelete: planningListMessages.cannotDelete,
  deleteFailed: planningListMessages.deleteFailed,
  unknownTags: actionMessages.unknownTags,
  invalidCc: actionMessages.invalidCc,
  deadlinePast: planningMessages.deadlinePast,
  // ours
  subjectPrefix: actionMessages.subjectPrefix,
  dateRequired: 'Veuillez choisir une date et une heure.',
  amoRequired: SCHEDULING_MESSAGES.amoRequired,
} as const;

/** Why an 'Actif' or 'Disponible' toggle of the buyer edit form is disabled (part 2 §4 'Editing flags in buyer edit'). */
export const editingFlagReasons = {
  // The specification's tooltip: cancel the appointment first via Calendrier then '-'.
  cancelFirst: "Annulez d'abord le rendez-vous : Calendrier, cliquez sur la visite puis « − ».",
  // ours (imposed): once answered, the answer stands; staff move or cancel the visit instead.
  answered: "L'acquéreur a répondu à sa convocation : déplacez ou annulez le rendez-vous (Calendrier) pour changer son statut.",
  // ours (imposed): a buyer who has not answered is 'en attente'; 'Disponible' follows the answer.
  notAnswered: "Modifiable une fois que l'acquéreur a répondu à sa convocation (présent ou indisponible).",
  // ours (imposed): a cancelled convocation has no date; the buyer is removed and added again with one.
  noDate: "Convocation annulée : retirez l'acquéreur puis ajoutez-le de nouveau avec une date.",
} as const;

/** Labels of the meeting fields a history entry may change (the planning detail's history). */
export const historyFieldLabels = {
  isActive: 'Actif',
  isAvailable: 'Disponible',
  isBooked: 'Réservé',
  forced: 'Placé par',
  start: 'Début',
  end: 'Fin',
  amoNb: 'AMO',
  length: 'Durée',
  visitors: 'Accompagnants',
  shoeSize: 'Pointure 1',
  shoeSize2: 'Pointure 2',
  observations: 'Observations',
  note: 'Message',
  notifMail: 'Notification e-mail',
  notifSMS: 'Notification SMS',
  guest: 'Acquéreur',
  relancesMail: 'Relances e-mail',
  relancesSMS: 'Relances SMS',
  rappelsMail: 'Rappels e-mail',
  rappelsSMS: 'Rappels SMS',
  invitationMail: 'Invitations',
  // Attendance on the day and the notice rule (docs/user-guide.md « Présences », « Délai de convocation »).
  attendance: 'Présence',
  attendanceNote: 'Note de présence',
  attendanceMarkedAt: 'Pointé à',
  attendanceAt: 'Enregistré à',
  attendanceBy: 'Pointé par',
  bookingReopenedUntil: 'Réservation rouverte jusqu’au',
  shortNotice: 'Convocation tardive',
  // The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »).
  waitAskedAt: "Inscrit sur liste d'attente le",
  waitHold: 'Créneau proposé',
} as const;
