/** The French texts of exports and shared views (part 2 §5 'Consolidation', §8 'Export', 'Plannings list'). */
export const exportMessages = {
  sameTypeOnly: 'Veuillez selectionner des plannings de même type',
  draftsRefused: 'Les brouillons ne peuvent pas être consolidés.',
  consolidatedLoadError: 'Erreur lors du chargement des plannings',
  pdfError: "Erreur lors de l'export PDF du planning",
  xlsError: "Erreur lors de l'export XLS du planning",
  paginationError: 'Une erreur est survenue lors de la pagination.',
  printLinkInvalid: "Lien d'impression invalide ou expiré.",
  feedNotFound: 'Calendrier introuvable.',
  noPlanningSelected: 'Veuillez sélectionner au moins un planning.',
} as const;

/** 'Vue consolidée : 3 plannings', « 1 planning » (part 2 §2.8; French plural: 0 and 1 singular). */
export const consolidatedTitle = (count: number): string => `Vue consolidée : ${count} planning${count > 1 ? 's' : ''}`;

/**
 * A visit whose buyer declared force majeure keeps its place in the calendar but nobody comes:
 * every export marks it with the detail page's own status word (part 1 §4 'indisponible').
 */
export const unavailableVisitMark = 'indisponible';

export const calendarFeedMessages = {
  issueFailed: "Erreur lors de la création du lien d'abonnement.",
  revokeFailed: "Erreur lors de la révocation du lien d'abonnement.",
  revoked: "Lien d'abonnement révoqué : les calendriers abonnés ne reçoivent plus vos visites.",
  statusFailed: "Impossible de savoir si un lien d'abonnement est actif.",
};

/** Exports of big plannings, produced by an operation (docs/architecture.md « Exports of big plannings »). */
export const exportOperationMessages = {
  started: "Le fichier est en préparation : il sera proposé au téléchargement dès qu'il sera prêt.",
  preparingPdf: 'Préparation du PDF…',
  preparingXlsx: 'Préparation du fichier Excel…',
  ready: 'Le fichier est prêt.',
  download: 'Télécharger le fichier',
  noFile: "Cette opération n'a pas produit de fichier.",
  notReady: "Le fichier n'est pas encore prêt.",
} as const;

/** The spreadsheet export of plannings (part 2 §2.7, §8 'Export'): its sheets, column headers and yes/no cells. */
export const planningSheetTexts = {
  sheet: 'Planning',
  consolidatedSheet: 'Planning consolidé',
  yes: 'oui',
  no: 'non',
  headers: {
    planning: 'Planning',
    title: 'Titre',
    lot: 'Lot',
    name: 'Nom',
    typology: 'Typologie',
    building: 'Bâtiment',
    floor: 'Étage',
    phone: 'Téléphone',
    email: 'E-mail',
    status: 'Statut',
    confirmed: 'Présence confirmée',
    notice: 'Délai de convocation',
    start: 'Début',
    end: 'Fin',
    amo: 'AMO',
    observations: 'Observations',
    attendance: 'Présence',
    attendanceNote: 'Note de présence',
  },
} as const;

/** The description of a visit in a staff calendar feed (part 2 §8 'Export'). */
export const visitEventTexts = {
  planning: (planning: string, program: string) => `Planning : ${planning} (${program})`,
  amo: (amo: string) => `AMO : ${amo}`,
  buyer: (name: string, phone: string) => `Acquéreur : ${name}, ${phone}`,
  buyerUnavailable: (note: string | undefined) => `Acquéreur ${unavailableVisitMark} (force majeure)${note ? ` : ${note}` : ''}`,
} as const;

/** The export button and its options modal (part 2 §2.9, §2.10 'export options'). */
export const exportModalMessages = {
  export: 'Exporter',
  title: 'Exporter le planning',
  view: 'Vue',
  done: 'Export terminé.',
  filesExported: (count: number) => `${count} fichiers exportés.`,
  operationTitle: 'Export du planning',
  fileType: 'Format du fichier',
  titleFormat: 'Titre des rendez-vous',
  titleFormatHelp: 'Ce qui est écrit sur chaque visite',
  meeting: 'Rendez-vous',
  allMeetings: 'Tous les rendez-vous',
  allAmos: 'Tous les AMO',
  onePdfPerAmo: 'Un PDF par AMO',
  fileCount: (count: number) => `${count} fichiers`,
  showFreeMeetings: 'Afficher les RDV Libres',
  renderingPdf: 'Génération du PDF',
  preparingFile: 'Préparation du fichier',
  renderingPdfHelp: "L'impression d'un grand planning prend quelques secondes.",
  /** '1 fichier sur 3 téléchargé', '2 fichiers sur 3 téléchargés'. */
  filesSaved: (done: number, total: number) => `${done} fichier${done > 1 ? 's' : ''} sur ${total} téléchargé${done > 1 ? 's' : ''}`,
  fileTypes: { pdf: 'PDF (impression)', xlsx: 'Excel (XLSX)', ics: 'Calendrier (ICS)' },
  views: { day: 'Jour', week: 'Semaine', month: 'Mois' },
  /** How the title formats' parts are named ('Lot - Nom - Typologie - Téléphone'). */
  titleParts: { lot: 'Lot', name: 'Nom', typo: 'Typologie', tel: 'Téléphone' },
} as const;

/** The consolidated view (part 2 §2.8). */
export const consolidatedPageMessages = {
  back: 'Retour aux plannings',
  calendar: 'Calendrier',
  preview: 'Aperçu',
  legend: 'Légende des plannings',
} as const;

/** The print page the PDF renderer opens (part 2 §2.9). */
export const printPageMessages = {
  documentTitle: 'Impression du planning · Livrea',
  /** 'Semaine du 14 décembre 2026', 'Mois de décembre 2026', 'Jour : mardi 15 décembre 2026'. */
  week: (day: string) => `Semaine du ${day}`,
  month: (month: string) => `Mois de ${month}`,
  day: (day: string) => `Jour : ${day}`,
  freeMeeting: (label: string) => `RDV Libre : ${label}`,
  noVisit: 'Aucune visite',
  nothingToPrint: 'Aucune visite à imprimer.',
} as const;
