/** Texts of the appointment logs, trends and the buyers' funnel (part 3 §2, §8). */
export const logMessages = {
  loadFailed: 'Erreur lors du chargement des données',
  empty: 'Aucun rendez-vous créé sur cette période',
} as const;

export const funnelMessages = {
  description:
    'Par phase : les acquéreurs invités, ceux qui ont ouvert leur lien, réservé (ou confirmé leur convocation) puis ceux pointés présents le jour de la visite (« Ma journée »), avec les absences à côté.',
  empty: 'Aucune invitation envoyée pour ce programme.',
  loadFailed: 'Erreur lors du chargement du parcours des acquéreurs',
} as const;
