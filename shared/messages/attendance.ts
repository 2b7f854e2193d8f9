/**
 * Attendance on the day ('Ma journée', marks, re-invitations): the server's refusals and the
 * page's texts, one catalogue (plain objects, no zod: the page and the server share it).
 */
export const attendanceMessages = {
  statusInvalid: 'Présence invalide (Présent, Absent ou Reporté sur place)',
  noteTooLong: (max: number) => `La note ne peut dépasser ${max} caractères.`,
  /** The marks' French names, in the order of the statuses. */
  labels: { present: 'Présent', absent: 'Absent', rescheduled: 'Reporté sur place' },
  notAVisit: "Ce rendez-vous n'a pas de visite à pointer.",
  notYetHeld: (start: string) => `Cette visite n'a pas encore commencé : vous pourrez la pointer à partir du ${start}.`,
  notYourPlanning: 'Vous ne travaillez pas sur ce planning : vous ne pouvez pas pointer ses visites.',
  reinviteNotAbsent: 'Seul un acquéreur absent peut être réinvité.',
  reconveneDateRequired: 'Choisissez la date de la nouvelle convocation.',
  reinviteFreeWithDate: "Sur un planning libre, l'acquéreur réinvité choisit lui-même son créneau : n'indiquez pas de date.",
  reinviteSent: "L'acquéreur est réinvité : son invitation part dans l'instant.",
  reconvened: "L'acquéreur est reconvoqué : sa nouvelle convocation, à confirmer, part dans l'instant.",
  historyAction: 'Présence pointée',
  historyLateAction: 'Présence pointée (plus ancienne, non appliquée)',
  historyReinvite: 'Réinvité après absence',
  historyReconvene: 'Reconvoqué après absence',
} as const;

export const dayMessages = {
  description: 'Vos visites du jour, tous plannings confondus : un appui pour pointer chaque acquéreur.',
  offline: 'Hors ligne : vos pointages restent sur ce téléphone et partiront dès le retour du réseau.',
  waiting: (count: number) => `${count} pointage${count > 1 ? 's' : ''} en attente d’envoi.`,
  empty: 'Aucune visite ce jour-là.',
  /** An AMO's day off that meets the day (« Mes indisponibilités »); `to` is « 24:00 » when it runs past midnight. */
  dayOff: (from: string, to: string) => `Indisponible de ${from} à ${to} (Mes indisponibilités)`,
  loadFailed: 'Erreur lors du chargement des visites du jour',
  refused: 'Pointage refusé :',
  reinviteFailed: 'Réinvitation impossible :',
} as const;

/** The day page's controls (docs/user-guide.md « Présences »). */
export const dayPageMessages = {
  day: 'Jour',
  dayOfVisits: 'Jour des visites',
  previousDay: 'Veille',
  today: 'Aujourd’hui',
  nextDay: 'Lendemain',
  visitCount: (count: number) => ` · ${count} visite${count > 1 ? 's' : ''}`,
  offline: 'Hors ligne',
  sendNow: 'Envoyer maintenant',
  loading: 'Chargement des visites…',
} as const;

/** One visit of « Ma journée » and its marks (docs/user-guide.md « Présences »). */
export const visitCardMessages = {
  notMarked: 'Non pointé',
  waitingToSend: 'En attente d’envoi',
  markedBy: (name: string) => `par ${name}`,
  call: (phone: string) => `Appeler ${phone}`,
  hideNote: 'Masquer la note',
  editNote: 'Modifier la note',
  addNote: 'Ajouter une note',
  reconvene: 'Reconvoquer',
  reinvite: 'Réinviter',
  note: (note: string) => `Note : ${note}`,
  noteLabel: 'Note (facultative)',
  noteHelp: 'Enregistrée avec la présence.',
  noteLength: (length: number, max: number) => `${length} / ${max} caractères`,
  saveNote: 'Enregistrer la note',
  // An imposed planning's no-show convened again.
  newConvocation: 'Nouvelle convocation',
  newConvocationHelp: 'L’acquéreur reçoit une convocation à confirmer.',
  sendConvocation: 'Envoyer la convocation',
} as const;
