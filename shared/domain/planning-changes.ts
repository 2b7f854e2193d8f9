import { z } from 'zod';
import { meetingSchema, planningSchema } from './planning';
import { planningReadMessages } from '../messages/planning-reads';

/**
 * GET /rdv/{id}/changes?since=<cursor>: what changed on a planning since the staff screen's
 * cursor (opened by the same call without `since` just before GET /rdv/{id}, then each answer's own): the meetings changed, the uuids
 * of the meetings removed, the planning itself when it changed (counters, settings), and the next
 * cursor. Nothing changed: empty lists and `planning: null`. `resync`: too many changes at once
 * (a bulk action), the screen reads the whole planning again.
 */
export const planningChangesSchema = z.object({
  changes: z.string(),
  planning: planningSchema.nullable(),
  meetings: z.array(meetingSchema),
  removed: z.array(z.string()),
  resync: z.boolean(),
});
export type PlanningChanges = z.infer<typeof planningChangesSchema>;

/** The `since` query parameter: a cursor of at most a few kilobytes; without it, a cursor is opened (nothing else answered). */
export const planningChangesQuerySchema = z.object({ since: z.string().min(1, planningReadMessages.invalidCursor).max(6000).optional() });

/** How often an open staff screen asks (a change shows within 5 s: part 2 §2.6, buyers book while staff look). */
export const planningChangesPollMs = 1_500;
