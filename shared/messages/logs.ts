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
