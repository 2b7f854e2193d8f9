import { z } from 'zod';
import { confirmShortNoticeField } from '../rules/short-notice';
import { inputBounds } from './input-bounds';
import { contactSchema, messageFields, phaseSchema, planningAddressSchema, questionSchema } from './planning';
import { typologies } from './typology';
import { typedString } from './typed-string';
import { imposedMessages } from '../messages/imposed';
import { formatParisDateTime } from '../i18n/paris-dates';
import { linkUuidSchema, objectIdSchema } from './ids';
import { bookingMessages } from '../messages/booking';
import { creationMessages } from '../messages/plannings';

/**
 * The imposed planning (convocation, templateType promoterImpose): staff place each buyer at a time
 * they choose (part 2 §2.5, §4 'Imposed creation'), buyers confirm or declare force majeure
 * (part 1 §2 'Imposed layout'). Texts quoted from the specification are verbatim; 'ours' fill
 * rules it shows without a text.
 */
export { imposedMessages };

/** Part 2 §9 defaults of the imposed form: lunch 12:30–13:30, day 08:30–17:00, deadline 14 days from now at 20:00. */
export const imposedDefaults = {
  lunchStartTime: '12:30',
  lunchEndTime: '13:30',
  dayStartTime: '08:30',
  dayEndTime: '17:00',
  deadlineDays: 14,
  deadlineHour: 20,
} as const;

const hm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horaire invalide');
const instant = z.iso.datetime({ offset: true, error: 'Date invalide' });
const objectId = objectIdSchema();

/** One lot placed on the week calendar: when, how long, and which AMO column (0-based). */
const imposedPlacementSchema = z.object({
  lotId: objectId,
  start: instant,
  length: z
    .number()
    .int()
    .min(15 * 60_000)
    .max(240 * 60_000),
  amoNb: z.number().int().min(0).max(9).default(0),
});

/**
 * The deadline to confirm must fall before the first visit: past it the buyer can no longer
 * confirm (part 1 §2 'Imposed layout'), so a later deadline would be a convocation nobody can
 * answer. The reason when it does not, else null.
 */
export function deadlineIssue(bookingDeadline: string, visitStarts: readonly (string | number)[]): string | null {
  const starts = visitStarts.map((start) => (typeof start === 'number' ? start : Date.parse(start))).filter(Number.isFinite);
  if (starts.length === 0 || !Number.isFinite(Date.parse(bookingDeadline))) return null;
  const first = Math.min(...starts);
  return Date.parse(bookingDeadline) < first ? null : imposedMessages.deadlineAfterFirstVisit(formatParisDateTime(first));
}

/** POST /rdv-impose (part 2 §2.5, §5 'Planning form', §7). */
export const imposedPlanningCreateSchema = z
  .object({
    projectId: objectId,
    draftId: z.string().max(64).optional(),
    name: typedString(creationMessages.nameRequired).trim().min(1, creationMessages.nameBlank).max(160),
    phase: phaseSchema,
    mTimes: z.partialRecord(z.enum(typologies), z.number().int().positive().max(86_400_000)).default({}),
    placements: z.array(imposedPlacementSchema).min(1, imposedMessages.nothingPlaced).max(inputBounds.buyers),
    dayStartTime: hm.default(imposedDefaults.dayStartTime),
    dayEndTime: hm.default(imposedDefaults.dayEndTime),
    lunchStartTime: hm.default(imposedDefaults.lunchStartTime),
    lunchEndTime: hm.default(imposedDefaults.lunchEndTime),
    questions: z.array(questionSchema).max(questionSchema.options.length).default([]),
    maxVisitorsNb: z.number().int().min(0).max(5).default(0),
    messages: z.partialRecord(z.enum(messageFields), z.string().max(5000)).default({}),
    contact: contactSchema.default({}),
    bookingDeadline: instant,
    launchDate: instant.optional(),
    address: planningAddressSchema,
    reminderHours: z.number().int().min(1).max(240).default(48),
    notifications: z.object({ mail: z.boolean(), sms: z.boolean() }).default({ mail: true, sms: true }),
    // Staff confirmed the notice rule's warning (docs/user-guide.md « Délai de convocation »).
    ...confirmShortNoticeField,
  })
  .superRefine((body, ctx) => {
    const issue = deadlineIssue(
      body.bookingDeadline,
      body.placements.map((placement) => placement.start),
    );
    if (issue) ctx.addIssue({ code: 'custom', path: ['bookingDeadline'], message: issue });
  });
export type ImposedPlanningCreate = z.infer<typeof imposedPlanningCreateSchema>;
export type ImposedPlanningCreateInput = z.input<typeof imposedPlanningCreateSchema>;

/** PATCH /rdv/confirm/{planningId} from the buyer page: 'CONFIRMER MA PRESENCE', or force majeure with its note. */
export const convocationAnswerSchema = z.object({
  usr: linkUuidSchema(bookingMessages.notFound),
  isAvailable: z.boolean().default(true),
  note: z.string().trim().max(2000).optional(),
});
export type ConvocationAnswer = z.infer<typeof convocationAnswerSchema>;

/**
 * The buyer page's imposed states (part 1 §2 'Imposed layout').
 * @public the one definition of the states: callers import their type (ConvocationState).
 */
export const convocationStates = ['disabled', 'too-late', 'pending', 'unavailable', 'confirmed'] as const;
export type ConvocationState = (typeof convocationStates)[number];

/**
 * Which imposed state the buyer sees: inactive; answered (confirmed present or unavailable);
 * deadline or visit passed; else waiting for an answer.
 */
export function convocationState(
  meeting: { isActive: boolean; isConfirmed: boolean; isAvailable: boolean; start: string | null },
  bookingDeadline: string,
  nowMs: number,
): ConvocationState {
  if (!meeting.isActive) return 'disabled';
  if (meeting.isConfirmed) return meeting.isAvailable ? 'confirmed' : 'unavailable';
  if (nowMs >= Date.parse(bookingDeadline) || (meeting.start !== null && nowMs >= Date.parse(meeting.start))) return 'too-late';
  return 'pending';
}

/**
 * Part 2 §9: the imposed deadline defaults to 14 days from now at 20:00 (Paris), but never on or
 * after the first visit (see deadlineIssue): with a visit sooner than that, the eve of the first
 * visit day at 20:00, or, when that eve is past already, an hour before the first visit.
 */
export function defaultImposedDeadline(
  nowMs: number,
  toParisEpoch: (date: string, minuteOfDay: number) => number,
  parisDate: (epochMs: number) => string,
  firstVisitMs?: number,
): string {
  const fromNow = toParisEpoch(parisDate(nowMs + imposedDefaults.deadlineDays * 86_400_000), imposedDefaults.deadlineHour * 60);
  if (firstVisitMs === undefined || fromNow < firstVisitMs) return new Date(fromNow).toISOString();
  const eve = toParisEpoch(parisDate(firstVisitMs - 86_400_000), imposedDefaults.deadlineHour * 60);
  return new Date(eve > nowMs ? eve : firstVisitMs - 3_600_000).toISOString();
}
