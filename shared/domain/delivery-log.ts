import { z } from 'zod';
import { deliveryLogMessages } from '../messages/planning-reads';
import { pageCursorSchema, pageLimitSchema } from './page-query';

/** The most lines one page of a planning's delivery log answers (about 300 bytes a line). */
export const maxDeliveriesPerPage = 500;

/**
 * GET /rdv/{id}/deliveries?cursor&limit&status: a page of the log, newest first; `status` keeps the
 * failed lines (a failed attempt, a message given up) or those still queued, filtered on the server.
 */
export const deliveryLogQuerySchema = z.object({
  cursor: pageCursorSchema(deliveryLogMessages.invalidCursor),
  limit: pageLimitSchema(maxDeliveriesPerPage, 100, deliveryLogMessages.invalidLimit),
  status: z.enum(['failed', 'queued'], { error: deliveryLogMessages.invalidStatus }).optional(),
});
export type DeliveryLogQuery = z.infer<typeof deliveryLogQuerySchema>;

/** A line of the delivery log: one message to one buyer on one channel, and the buyer it went to. */
const deliveryLogEntrySchema = z.object({
  id: z.string(),
  meetingUuid: z.string(),
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'dead']),
  reason: z.string().optional(),
  at: z.string(),
  buyer: z.object({ lotcomm: z.string(), nom: z.string() }).optional(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;

/** The whole log counted per status (kept with the lines, whatever pages are loaded). */
const deliveryLogCountsSchema = z.object({ queued: z.number(), sent: z.number(), failed: z.number(), dead: z.number() });
export type DeliveryLogCounts = z.infer<typeof deliveryLogCountsSchema>;

export const deliveryLogPageSchema = z.object({
  deliveries: z.array(deliveryLogEntrySchema),
  nextCursor: z.string().nullable(),
  counts: deliveryLogCountsSchema,
});
