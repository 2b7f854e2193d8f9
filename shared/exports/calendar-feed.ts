import { z } from 'zod';

/**
 * The AMO's private calendar subscription (part 1 §7 ★) as the API answers it: the link
 * itself only when issued (only its hash is kept), and whether one is active.
 */
export const calendarFeedLinkSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;

export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
