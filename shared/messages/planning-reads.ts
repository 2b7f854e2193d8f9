/**
 * Texts of the planning detail page's bounded reads (docs/architecture.md « Live staff screens »):
 * the participants' page, the calendar's range. Ours: the specification shows the table and the
 * calendar (part 2 §2.6) without these checks.
 */
export const planningReadMessages = {
  /** Part 2 §8 'Not found': a public link's unknown or draft planning. */
  planningNotFound: 'Planning non trouvé',
  invalidCursor: 'Curseur de modifications invalide. Rechargez la page.',
  invalidPage: 'Numéro de page invalide.',
  invalidPageSize: 'Taille de page invalide (1 à 100 lignes).',
  searchTooLong: 'Recherche trop longue (100 caractères au plus).',
  invalidStatus: 'Statut inconnu.',
  invalidAmo: 'AMO invalide.',
  invalidSort: 'Tri inconnu.',
  invalidDesc: 'Ordre de tri invalide.',
  invalidRange: 'Période invalide : indiquez deux dates ISO, la fin après le début.',
  rangeTooLong: 'Période trop longue (100 jours au plus).',
  invalidToPlace: 'Filtre « à placer » invalide.',
  invalidMeetingsCursor: 'Curseur de page invalide : relisez le planning depuis le début.',
} as const;

/**
 * Texts of the paged delivery log (GET /rdv/{id}/deliveries, docs/architecture.md « Bounded
 * answers »). Ours: the specification shows the whole log (part 2 §2.6).
 */
export const deliveryLogMessages = {
  invalidCursor: 'Page du journal des envois invalide : rechargez le journal.',
  invalidLimit: "Nombre d'envois par page invalide (1 à 500).",
  invalidStatus: 'Filtre des envois inconnu.',
  /** The message each line of the delivery log stands for. */
  kinds: {
    invitation: 'Invitation',
    confirmation: 'Confirmation',
    reminder: 'Rappel avant la visite',
    relance: 'Relance',
    rappel: 'Rappel',
    cancellation: 'Annulation',
    gdpr: 'Données personnelles',
    custom: 'Mail personnalisé',
    'virtual-visit': 'Visite virtuelle',
    waitlist: 'Créneau plus tôt proposé',
  },
  sent: 'Envoyé',
  queued: "En cours d'envoi",
  failed: 'Échec',
  failedBecause: (reason: string) => `Échec : ${reason}`,
  abandoned: (reason: string | undefined) => `Abandonné après plusieurs essais${reason ? ` : ${reason}` : ''}`,
  /** '12 envoyés · 1 échec · 0 en cours', and '· 1 abandonné' when a message was given up after its retries. */
  summary: (sent: number, failed: number, queued: number, dead: number) =>
    `${sent} envoyé${sent > 1 ? 's' : ''} · ${failed} échec${failed > 1 ? 's' : ''} · ${queued} en cours${dead > 0 ? ` · ${dead} abandonné${dead > 1 ? 's' : ''}` : ''}`,
} as const;

/**
 * Texts of the read-only calendar's and the print page's visit pages (GET /rdv/r/{groupId},
 * GET /exports/print-data; docs/architecture.md « Bounded answers »). Ours: the specification
 * answers every visit at once (part 2 §2.9).
 */
export const visitPageMessages = {
  invalidCursor: 'Page des visites invalide : rechargez le calendrier.',
} as const;
