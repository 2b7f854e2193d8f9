/**
 * Texts of the staff screens' shared controls (web/src/components/): tables' paging and filters,
 * the file drop zone, the French date field and the notifications' bar (part 1 §2 « Layout shared
 * by staff screens »), and the words every screen repeats (« Réessayer » after a failed load).
 */
export const controlMessages = {
  retry: 'Réessayer',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  page: (index: number) => `Page ${index}`,
  loadFailed: 'Erreur lors du chargement des données',
  create: 'Créer',
  confirm: 'Valider',
  save: 'Enregistrer',
  edit: 'Modifier',
  delete: 'Supprimer',
  cancel: 'Annuler',
  close: 'Fermer',
  actions: 'Actions',
  none: 'Aucune',
  error: 'Erreur',
  warning: 'Avertissement',
} as const;

/** A table paged in the browser (part 3 §9: 10 a page, 10/20/50/100 offered). */
export const tablePagingMessages = {
  preferences: 'Préférences',
  pageSize: 'Lignes par page',
  clearFilter: 'Effacer le filtre',
} as const;

/** Cloudscape's FileUpload in French. */
export const fileUploadMessages = {
  dropzone: 'Déposez un fichier ici',
  removeFile: 'Retirer le fichier',
  showFewer: 'Voir moins',
  showMore: 'Voir plus',
  error: controlMessages.error,
  warning: controlMessages.warning,
} as const;

/** The date field of the staff screens (JJ/MM/AAAA and a French calendar). */
export const dateInputMessages = {
  today: "Aujourd'hui",
  nextMonth: 'Mois suivant',
  previousMonth: 'Mois précédent',
  placeholder: 'JJ/MM/AAAA',
  typedLabel: (label: string) => `${label} (JJ/MM/AAAA)`,
  openCalendarWithValue: (label: string, day: string) => `${label} : ${day}, ouvrir le calendrier`,
  openCalendar: (label: string) => `${label} : ouvrir le calendrier`,
  calendar: (label: string) => `Calendrier : ${label}`,
} as const;

/** The global notifications' bar. */
export const notificationsMessages = {
  label: 'Notifications',
  showAll: 'Afficher toutes les notifications',
  error: controlMessages.error,
  warning: controlMessages.warning,
  success: 'Succès',
  info: 'Information',
  inProgress: 'En cours',
  dismiss: controlMessages.close,
} as const;
