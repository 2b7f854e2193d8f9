import { z } from 'zod';
import { visitPageMessages } from '../messages/planning-reads';
import { pageCursorSchema } from './page-query';
import { phaseSchema, planningAddressSchema, planningEventSchema } from './planning';
import { planningReadMessages } from '../messages/planning-reads';

/**
 * The read-only calendar of a planning (part 2 §2.9 'Public read-only viewer'), reached by the
 * planning's link (/pview/{uuid}, sent as LIEN_PLAN and shared by staff). Buyers receive that link
 * too, so it carries no personal data: visits are titled by lot and typology (lotTypo) only.
 */
const publicVisitSchema = z.object({ start: z.string(), end: z.string(), amoNb: z.number().int().nullable(), title: z.string() });

const publicPlanningSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  phase: phaseSchema,
  phaseLabel: z.string(),
  projectName: z.string(),
  promoter: z.string(),
  programId: z.string(),
  hasLogo: z.boolean(),
  address: planningAddressSchema,
  planningStartTime: z.string(),
  planningEndTime: z.string(),
  lunchStartTime: z.string(),
  lunchEndTime: z.string(),
  events: z.array(planningEventSchema),
  lotCount: z.number().int(),
  nbInvited: z.number().int(),
  nbBooked: z.number().int(),
  nbNotAvailable: z.number().int(),
  /** Buyers who answered: booked (free) or confirmed (imposed), plus those not available. */
  nbAnswered: z.number().int(),
  progress: z.number().int(),
  amos: z.array(z.object({ amoNb: z.number().int(), name: z.string() })),
  visits: z.array(publicVisitSchema),
  freeMeetings: z.array(z.object({ name: z.string(), start: z.string(), end: z.string(), color: z.string() })),
});
export type PublicPlanning = z.infer<typeof publicPlanningSchema>;

/**
 * GET /rdv/r/{groupId}[?cursor=]: every planning of the group with the visits of one page
 * (docs/architecture.md « Bounded answers »), and `nextCursor` while more visits follow.
 */
export const publicPlanningGroupSchema = z.object({ plannings: z.array(publicPlanningSchema).min(1), nextCursor: z.string().optional() });
export type PublicPlanningGroup = z.infer<typeof publicPlanningGroupSchema>;

/** A group link joins planning uuids with '&' (part 2 §2.9); uuids are base64url, so '&' never occurs in one. */
export const PLANNING_GROUP_SEPARATOR = '&';
export const PLANNING_GROUP_MAX = 10;

/** Part 2 §8 'Not found'. */
export const publicPlanningNotFound = planningReadMessages.planningNotFound;

/** The visit page's query (GET /rdv/r/{groupId}, GET /exports/print-data): the previous page's `nextCursor`. */
export const visitPageQuerySchema = z.object({ cursor: pageCursorSchema(visitPageMessages.invalidCursor) });
