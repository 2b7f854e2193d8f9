/**
 * The earlier-slot waitlist's texts (docs/user-guide.md « Liste d'attente »): booking page, messages, history.
 * An offer says the earlier start « est disponible », never that it « s'est libéré »: a waiter who
 * joins is offered any earlier start, also one that was free all along (nobody cancelled it).
 */
export const waitlistMessages = {
  ask: 'Prévenez-moi si un créneau plus tôt se libère',
  leave: 'Ne plus être prévenu(e)',
  asked: 'Vous serez prévenu(e) par e-mail et SMS si un créneau plus tôt se libère.',
  waiting: 'Vous êtes sur la liste d’attente : vous serez prévenu(e) si un créneau plus tôt se libère.',
  left: 'Vous ne serez plus prévenu(e).',
  notBooked: 'Seul un acquéreur ayant un rendez-vous peut demander un créneau plus tôt.',
  heldUntil: (hhmm: string) => `Ce créneau vous est réservé jusqu'à ${hhmm}`,
  heldStart: (label: string) => `Un créneau plus tôt est disponible : ${label}.`,
  take: 'Prendre ce créneau',
  taken: 'Votre rendez-vous a été avancé. Un e-mail de confirmation vous a été envoyé.',
  holdGone: "Ce créneau ne vous est plus réservé. Vous restez sur la liste d'attente.",
  mailSubject: (planningName: string) => `Un créneau plus tôt est disponible – ${planningName}`,
  mailText: (greeting: string, label: string, until: string, link: string) =>
    `${greeting},\n\nUn créneau plus tôt que votre rendez-vous actuel est disponible : ${label}.\n` +
    `Il vous est réservé jusqu'à ${until}. Pour le prendre, ouvrez ce lien :\n${link}\n\n` +
    `Sans réponse de votre part, votre rendez-vous actuel est conservé.`,
  smsText: (label: string, until: string, link: string) => `Un créneau plus tôt est disponible (${label}), réservé pour vous jusqu'à ${until} : ${link}`,
  history: {
    joined: "Inscrit sur liste d'attente",
    left: "Retiré de la liste d'attente",
    offered: 'Créneau proposé',
    taken: 'Créneau pris',
  },
  staff: {
    title: "Liste d'attente",
    count: (n: number) =>
      n === 0 ? 'Personne en attente' : n === 1 ? '1 acquéreur attend un créneau plus tôt' : `${n} acquéreurs attendent un créneau plus tôt`,
    waiting: 'En attente',
    offered: (hhmm: string) => `Créneau proposé jusqu'à ${hhmm}`,
  },
} as const;
