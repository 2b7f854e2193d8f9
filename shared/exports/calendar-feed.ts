import { z } from 'zod';

/**
 * The AMO's private calendar subscription (part 1 §7 ★) as the API answers it: the link
 * itself only when issued (only its hash is kept), and whether one is active.
 */
export const calendarFeedLinkSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;

export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedMessages = {
  issueFailed: "Erreur lors de la création du lien d'abonnement.",
  revokeFailed: "Erreur lors de la révocation du lien d'abonnement.",
  revoked: "Lien d'abonnement révoqué : les calendriers abonnés ne reçoivent plus vos visites.",
  statusFailed: "Impossible de savoir si un lien d'abonnement est actif.",
};
