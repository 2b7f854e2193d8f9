import { z } from 'zod';
import { planningReadMessages as m } from '../messages/planning-reads';
import { HoursSchema } from '../scheduling/schemas';
import { typologies } from './typology';
import { waitHoldSchema } from './waitlist';
import { meetingSchema, planningSchema } from './planning';
import { amoSummarySchema } from './account';

/**
 * The planning detail page's reads, each bounded by what the page shows (docs/architecture.md
 * « Live staff screens »): the planning with its figures (GET /rdv/{id}/summary), a page of its
 * participants (GET /rdv/{id}/participants), the visits of the calendar's range
 * (GET /rdv/{id}/calendar) and one buyer (GET /rdv/{id}/meetings/{uuid}).
 */

/** The statuses of the participants table, free (part 2 §4) and imposed (part 1 §4): values, not messages (filters and counts compare them). */
export const participantStatuses = ['réservé', 'présent', 'en attente', 'indisponible', 'inactif'] as const;
export type ParticipantStatus = (typeof participantStatuses)[number];

const participantSorts = ['lot', 'name', 'status', 'appointment', 'invitation'] as const;
export type ParticipantSort = (typeof participantSorts)[number];

/** The page size the table asks (part 2 §2.6: 50 rows a page) and the largest a caller may ask. */
export const PARTICIPANTS_PAGE_SIZE = 50;
const PARTICIPANTS_MAX_PAGE_SIZE = 100;
/** The calendar's range: a month view shows six weeks; 100 days leaves room and bounds the answer. */
export const CALENDAR_MAX_DAYS = 100;
/** The waitlist panel's rows (docs/user-guide.md « Liste d'attente »): the first waiters in order, the count beside. */
export const WAITLIST_SHOWN = 50;

const intText = (message: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

export const participantsQuerySchema = z.object({
  page: intText(m.invalidPage, 1, 100_000).default(1),
  pageSize: intText(m.invalidPageSize, 1, PARTICIPANTS_MAX_PAGE_SIZE).default(PARTICIPANTS_PAGE_SIZE),
  q: z.string().max(100, m.searchTooLong).optional(),
  status: z.enum(participantStatuses, { message: m.invalidStatus }).optional(),
  amo: intText(m.invalidAmo, 0, 99).optional(),
  sort: z.enum(participantSorts, { message: m.invalidSort }).default('lot'),
  desc: z.enum(['true', 'false'], { message: m.invalidDesc }).default('false'),
  /** Only the buyers still to place: active, available, without a visit (the manual placement's picker, part 2 §5). */
  toPlace: z.enum(['true', 'false'], { message: m.invalidToPlace }).optional(),
});
export type ParticipantsQuery = z.infer<typeof participantsQuerySchema>;

export const participantsAnswerSchema = z.object({ rows: z.array(meetingSchema), total: z.number().int(), page: z.number().int() });
export type ParticipantsAnswer = z.infer<typeof participantsAnswerSchema>;

const isoInstant = z
  .string()
  .max(40, m.invalidRange)
  .refine((text) => !Number.isNaN(Date.parse(text)), m.invalidRange);
export const calendarQuerySchema = z
  .object({ from: isoInstant, to: isoInstant })
  .refine((range) => Date.parse(range.to) > Date.parse(range.from), { message: m.invalidRange, path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= CALENDAR_MAX_DAYS * 86_400_000, { message: m.rangeTooLong, path: ['to'] });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** A placed visit as the calendar draws it: a few fields, never the buyer's whole record. */
const calendarVisitSchema = z.object({
  uuid: z.string(),
  start: z.string(),
  end: z.string(),
  amoNb: z.number().nullable(),
  lotcomm: z.string(),
  typologie: z.string(),
  nom: z.string(),
});
export type CalendarVisit = z.infer<typeof calendarVisitSchema>;
export const calendarAnswerSchema = z.object({ visits: z.array(calendarVisitSchema) });

/** One waiter of the waitlist panel. */
const waitlistEntrySchema = z.object({
  uuid: z.string(),
  lotcomm: z.string(),
  nom: z.string(),
  start: z.string().nullable(),
  waitAskedAt: z.string(),
  waitHold: waitHoldSchema.optional(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** The figures of the summaries (part 2 §2.6, §2.7, §4 'Progress'), counted from every meeting on the server. */
const planningFiguresSchema = z.object({
  participants: z.number(),
  invited: z.number(),
  done: z.number(),
  unavailable: z.number(),
  answered: z.number(),
  waiting: z.number(),
  toInvite: z.number(),
  percent: z.number(),
  typologies: z.record(z.enum(typologies), z.number()),
  statuses: z.record(z.enum(participantStatuses), z.number()),
  /** Buyers still to place: active, available, without a visit (free plannings' « Placer manuellement »). */
  toPlace: z.number(),
  /** The imposed planning's total visit duration (ms). */
  datedVisitsMs: z.number(),
  hours: HoursSchema,
  waitlist: z.array(waitlistEntrySchema),
  waitlistTotal: z.number(),
});
export type PlanningFigures = z.infer<typeof planningFiguresSchema>;

/**
 * The summary answer: the planning, its figures and its team by name (the planning's AMOs, read
 * with it on the server, so the page's « Équipe » never waits on a read of its own).
 */
export const planningSummaryAnswerSchema = z.object({ planning: planningSchema, figures: planningFiguresSchema, team: z.array(amoSummarySchema) });
export type PlanningSummaryAnswer = z.infer<typeof planningSummaryAnswerSchema>;

export const meetingAnswerSchema = z.object({ meeting: meetingSchema });

/**
 * GET /rdv/{id}[?cursor=]: the planning and its meetings a page at a time (docs/architecture.md
 * « Bounded answers »): at most `PLANNING_MEETINGS_PAGE` meetings, in the partition's order, and
 * `nextCursor` while more follow (absent on the last page, so a planning of up to 500 buyers
 * answers in one page, as it always did).
 */
export const PLANNING_MEETINGS_PAGE = 500;
export const planningDetailQuerySchema = z.object({
  cursor: z
    .string()
    .max(200, m.invalidMeetingsCursor)
    .regex(/^[\w-]+$/, m.invalidMeetingsCursor)
    .optional(),
});
export type PlanningDetailQuery = z.infer<typeof planningDetailQuerySchema>;
/**
 * GET /rdv/{id}: the planning, a page of its meetings and the next page's cursor.
 * @public the one definition of the shape: callers import its type (PlanningDetailAnswer), and none parses with it yet.
 */
export const planningDetailAnswerSchema = z.object({ planning: planningSchema, meetings: z.array(meetingSchema), nextCursor: z.string().optional() });
export type PlanningDetailAnswer = z.infer<typeof planningDetailAnswerSchema>;
