/** Texts of the appointment logs, trends and the buyers' funnel (part 3 §2, §8). */
export const logMessages = {
  /** The groups of the stacked chart (part 3 §2). */
  groupBy: { program: 'Programme', promoter: 'Promoteur', phase: 'Phase', invoiceEntity: 'Entité de facturation' },
  noEntity: 'Sans entité',
  loadFailed: 'Erreur lors du chargement des données',
  rangeInvalid: 'La période demandée est invalide (5 ans au plus).',
  empty: 'Aucun rendez-vous créé sur cette période',
} as const;

export const funnelMessages = {
  stages: { invited: 'Invités', opened: 'Lien ouvert', booked: 'Réservé / confirmé', attended: 'Présents' },
  description:
    'Par phase : les acquéreurs invités, ceux qui ont ouvert leur lien, réservé (ou confirmé leur convocation) puis ceux pointés présents le jour de la visite (« Ma journée »), avec les absences à côté.',
  empty: 'Aucune invitation envoyée pour ce programme.',
  loadFailed: 'Erreur lors du chargement du parcours des acquéreurs',
} as const;

/** The charts' texts shared by the logs' pages (Cloudscape's chart strings in French). */
export const chartMessages = {
  weekOf: (date: string) => `sem. du ${date}`,
  loading: 'Chargement des données…',
  legend: 'Légende',
  seriesShown: 'Séries affichées',
  filterSeries: 'Filtrer les séries',
  selected: 'sélectionnée',
  chart: 'graphique',
  xAxis: 'axe horizontal',
  yAxis: 'axe vertical',
} as const;

/** /admin/logs/rdvs (part 3 §2, §9). */
export const appointmentLogsMessages = {
  programCount: (count: number) => `${count} programme(s) ·`,
  noPhase: 'aucune phase',
  description: 'Les plannings créés sur les 2 dernières années.',
  title: 'Logs des rendez-vous',
  statistics: 'Statistiques',
  lastSixMonths: '6 derniers mois',
  lastMonth: 'Dernier mois',
  groupBy: 'Regrouper par',
  byMonth: 'Plannings créés par mois',
  month: 'Mois',
  created: 'Plannings créés',
  byHourHelp: 'Heure de création, heure de Paris',
  byHour: 'Répartition par heure',
  hour: 'Heure',
  byHourLabel: 'Répartition des créations par heure',
  history: 'Historique',
  createdAt: 'Créé le',
} as const;

/** /admin/logs/trends (part 3 §2, §9) and its attendance section (docs/user-guide.md « Présences »). */
export const trendsMessages = {
  periods: (count: number) => `${count} périodes`,
  description: 'Plannings créés sur la dernière année, moyenne mobile et tendance.',
  createdCount: (count: number) => `${count} plannings créés sur la période`,
  grouping: 'Regroupement',
  movingAverage: 'Moyenne mobile',
  averageWindow: 'Fenêtre de la moyenne mobile',
  averageSeries: (window: number) => `Moyenne mobile (${window} périodes)`,
  forecastSeries: (points: number) => `Prévision (tendance sur ${points} points)`,
  chartLabel: 'Tendance des plannings créés',
  forecastNote: (points: number, periods: number) =>
    `La prévision prolonge la droite ajustée sur les ${points} derniers points de la moyenne mobile, sur ${periods} périodes, jamais en dessous de 0.`,
  attendanceCount: (total: number, absent: number) => `${total} visites pointées sur la période, dont ${absent} absence${absent > 1 ? 's' : ''}`,
  attendance: 'Présences aux visites',
  noAttendance: 'Aucune présence pointée sur la période.',
  attendanceLabel: 'Présences aux visites par période',
} as const;

/** /projets/{programId}/parcours (part 3 §2 ★ funnel). */
export const funnelPageMessages = {
  phaseTitle: (phase: string, invited: number) => `${phase} · ${invited} acquéreur(s) invité(s)`,
  buyers: 'Acquéreurs',
  stage: 'Étape',
  chartLabel: (phase: string) => `Parcours des acquéreurs, ${phase}`,
  opened: 'Ont ouvert le lien',
  bookedOrConfirmed: 'Ont réservé ou confirmé',
  absent: 'Absents',
  rescheduled: 'Reportés sur place',
  unmarked: 'Visite passée, présence non pointée',
  medianDelay: 'Délai médian invitation → réservation',
  title: 'Parcours des acquéreurs',
} as const;
