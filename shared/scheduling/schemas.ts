/**
 * Wire shapes of the scheduling engine (zod 4) and their types.
 *
 * Conventions (documented choices):
 * - instants on the wire are ISO 8601 strings with an offset ('2026-12-07T07:30:00.000Z') or
 *   epoch milliseconds; the engine answers with ISO strings in UTC ('Z');
 * - `lunchStartTime` / `lunchEndTime` are Europe/Paris wall times 'HH:mm' (an ISO instant is also
 *   accepted and read as its Paris wall time);
 * - `events`: one {start, end, nbAmo} per working day, start/end being the instants of that day's
 *   working window (e.g. 08:30 → 17:00 Paris);
 * - durations (`mTimes` values, `length`) are milliseconds.
 */
import { z } from 'zod';
import { epochToParisWall, formatHm } from './time-grid';
import { PHASES } from './phase-durations';
import { isOfferedDuration, offeredDurationMessage } from './offered-duration';
import { inputBounds, isInstantInRange } from '../domain/input-bounds';
import { inputMessages } from '../messages/input';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';

const HM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const HmSchema = z.string().regex(HM_RE, SCHEDULING_MESSAGES.hmFormat);

/** An instant inside the accepted years (an event at 8.64e15 ms must be a 400, not a crash). */
const InstantSchema = z.union([z.iso.datetime({ offset: true }), z.number().int()]).refine(isInstantInRange, inputMessages.instantOutOfRange);

/** 'HH:mm', or an instant read as its Europe/Paris wall time. */
const WallTimeSchema = z.union([HmSchema, InstantSchema]).transform((v) => {
  if (typeof v === 'string' && HM_RE.test(v)) return v;
  const t = typeof v === 'number' ? v : Date.parse(v);
  return formatHm(epochToParisWall(t).minuteOfDay);
});

const PasSchema = z.union([z.literal(900), z.literal(1800)]);

const PlanningEventSchema = z.object({
  start: InstantSchema,
  end: InstantSchema,
  nbAmo: z.number().int().min(1).max(10),
});
export type PlanningEvent = z.input<typeof PlanningEventSchema>;

const GuestSchema = z.looseObject({
  _id: z.string().max(64),
  typologie: z.string().max(20).nullish(),
  email: z.string().max(inputBounds.emailLength).nullish(),
  lotcomm: z.string().max(300).nullish(),
});

const BroadcastEntrySchema = z.looseObject({
  _id: z.string().max(64).optional(),
  guest: GuestSchema,
  /** Visit length in ms (at most a day); overrides mTimes. */
  length: z.number().int().positive().max(86_400_000).nullish(),
});

/** Body of POST /rdv/no-need/simulation (and /rdv/no-need/short-simulation). */
export const SimulationInputSchema = z
  .object({
    authorizeTrous: z.boolean().default(false),
    nbSolutions: z.number().int().min(1).max(20).default(1),
    /** Slot step in seconds; chosen from the durations when absent (part 2 §9). */
    pas: PasSchema.optional(),
    lunchStartTime: WallTimeSchema,
    lunchEndTime: WallTimeSchema,
    events: z.array(PlanningEventSchema).min(1).max(inputBounds.days),
    /** typology ('1p'..'5p') → duration in ms (at most a day). */
    mTimes: z.record(z.string().max(20), z.number().int().positive().max(86_400_000)).default({}),
    amoList: z.array(z.string().max(64)).max(inputBounds.amos).default([]),
    broadcastList: z.array(BroadcastEntrySchema).max(inputBounds.buyers),
    /** Our addition: phase whose default durations complete mTimes (default 'choices'). */
    phase: z.enum(PHASES).optional(),
  })
  .refine((input) => input.nbSolutions * input.broadcastList.length <= inputBounds.scheduledVisits, {
    message: inputMessages.tooManySolutions,
    path: ['nbSolutions'],
  });
export type SimulationInput = z.input<typeof SimulationInputSchema>;

/**
 * The simulation call's body (POST /rdv/no-need/simulation): the engine's input with the visit
 * lengths the creation form can express (offered-duration.ts). The engine (`simulate`) accepts
 * any length: plannings stored before this rule, and the time-budget tests.
 */
export const SimulationRequestSchema = SimulationInputSchema.superRefine((input, ctx) => {
  input.broadcastList.forEach((entry, index) => {
    if (entry.length != null && !isOfferedDuration(entry.length))
      ctx.addIssue({ code: 'custom', message: offeredDurationMessage, path: ['broadcastList', index, 'length'] });
  });
  for (const [typology, ms] of Object.entries(input.mTimes)) {
    if (!isOfferedDuration(ms)) ctx.addIssue({ code: 'custom', message: offeredDurationMessage, path: ['mTimes', typology] });
  }
});
export type ParsedSimulationInput = z.output<typeof SimulationInputSchema>;

export const GridMarkerSchema = z.union([
  z.literal('@break'),
  z.literal('@lunch'),
  z.literal('@shift'),
  z.literal('@unavailable'),
  z.literal(false),
  z.string(),
]);
export type GridMarker = z.infer<typeof GridMarkerSchema>;

export const TimeRangeSchema = z.object({
  amoNb: z.number().int().min(0),
  start: z.number().int(),
  end: z.number().int(),
});
export type TimeRange = z.infer<typeof TimeRangeSchema>;

const BookingSchema = TimeRangeSchema.extend({ meetingId: z.string().min(1) });
export type Booking = z.infer<typeof BookingSchema>;

const CalendarDaySchema = z.object({
  date: z.iso.date(),
  start: HmSchema,
  end: HmSchema,
  nbAmo: z.number().int().min(1).max(10),
});

/**
 * A live planning as the engine sees it. `amoNb` is the AMO column (0-based index in amoList,
 * or in the anonymous columns 'AMO 1..n' when amoList is empty). Ranges are epoch ms.
 * `unavailable` removes working time, `extraAvailable` adds time outside the working window or
 * lunch; edits keep the two lists disjoint.
 */
export const PlanningCalendarSchema = z.object({
  pas: PasSchema,
  days: z.array(CalendarDaySchema),
  lunchStartTime: HmSchema,
  lunchEndTime: HmSchema,
  amoList: z.array(z.string()).default([]),
  authorizeTrous: z.boolean().default(false),
  unavailable: z.array(TimeRangeSchema).default([]),
  extraAvailable: z.array(TimeRangeSchema).default([]),
  bookings: z.array(BookingSchema).default([]),
  /**
   * Epoch ms before which no visit may be placed: now + the planning's minimum notice (part 2 §4).
   * Absent in a simulation at creation (the whole calendar counts).
   */
  notBefore: z.number().int().optional(),
});
export type PlanningCalendar = z.output<typeof PlanningCalendarSchema>;

/** One option offered to a buyer (part 1 §3 'Slot option'). endDate is our addition. */
const SlotOptionSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  amoNb: z.number().int().min(0),
  /** French, Europe/Paris: 'lundi 7 décembre 2026 à 09:00'. */
  label: z.string(),
});
export type SlotOption = z.infer<typeof SlotOptionSchema>;

const ScheduledVisitSchema = z.object({
  guestId: z.string(),
  typologie: z.string().nullable(),
  durationMs: z.number(),
  start: z.string(),
  end: z.string(),
  /** 'HH:mm' Paris. */
  startTime: z.string(),
  endTime: z.string(),
});

const ScheduleDaySchema = z.object({
  date: z.string(),
  amoNb: z.number(),
  amoId: z.string().nullable(),
  amoLabel: z.string(),
  visits: z.array(ScheduledVisitSchema),
});
export type ScheduleDay = z.infer<typeof ScheduleDaySchema>;

export const HoursSchema = z.object({
  available: z.number(),
  needed: z.number(),
  margin: z.number(),
  daysNeeded: z.number(),
  dailyCapacity: z.number(),
  perEvent: z.array(z.object({ date: z.string(), hours: z.number() })),
});
export type Hours = z.infer<typeof HoursSchema>;

export const SimulationDataSchema = z.object({
  feasible: z.boolean(),
  pas: PasSchema,
  nbBuyers: z.number(),
  nbSolutions: z.number(),
  hours: HoursSchema,
  durations: z.array(z.object({ durationMs: z.number(), count: z.number(), typologies: z.array(z.string()) })),
  /** Choices the first buyer of each duration would be offered (first 20 shown, count is the total). */
  choices: z.array(
    z.object({
      durationMs: z.number(),
      count: z.number(),
      options: z.array(SlotOptionSchema),
      /** The time budget stopped the checks: the options proven so far, `count` of them. */
      partial: z.boolean().optional(),
    }),
  ),
  reason: z.string().nullable(),
  shortfall: z
    .object({
      /** Least visit hours that cannot be placed (exact; a lower bound when hoursMissingExact is false). */
      hoursMissing: z.number(),
      hoursMissingExact: z.boolean().optional(),
      /** Most visit hours that may not be placed, from a known partial placement (given when the solve was undecided). */
      hoursMissingAtMost: z.number().optional(),
      /** Least number of full AMO-days (the fullest day of the planning, one AMO) to add. */
      extraAmoDays: z.number().nullable(),
      suggestions: z.array(z.string()),
    })
    .nullable(),
  warnings: z.array(z.string()),
  /** The solve ran out of its time budget: neither yes nor no (no request may hang). */
  undecided: z.boolean().optional(),
});
export type SimulationData = z.infer<typeof SimulationDataSchema>;

export const SimulationOutputSchema = z.object({
  simulationTime: z.number(),
  simulationData: SimulationDataSchema,
  /** Up to nbSolutions distinct schedules; each lists, per AMO and day, who is visited when. */
  schedule: z.array(z.array(ScheduleDaySchema)),
});
export type SimulationOutput = z.infer<typeof SimulationOutputSchema>;
