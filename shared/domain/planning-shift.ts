import { z } from 'zod';
import { inputBounds } from './input-bounds';
import { confirmShortNoticeField, shortNoticeDetailsSchema } from '../rules/short-notice';
import { shiftBuyerTexts, shiftFormMessages } from '../messages/plannings';

/**
 * 'Décaler' (ours, beyond the specification: a building site slips): chosen days of a planning,
 * or every day from a date, move to new dates with the same hours; each placed buyer keeps their
 * time and AMO where possible and gets one message. The request and the texts staff and buyers read.
 */
const day = z.string({ error: 'Date invalide' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide (AAAA-MM-JJ)');

export const shiftRequestSchema = z.discriminatedUnion(
  'mode',
  [
    /** Chosen days, each to its own new date. */
    z.object({
      mode: z.literal('days'),
      days: z
        .array(z.object({ from: day, to: day }))
        .min(1, shiftFormMessages.dayRequired)
        .max(inputBounds.days),
      confirmStrand: z.boolean().optional(),
      confirmNonWorkingDays: z.boolean().optional(),
      ...confirmShortNoticeField,
      /** The named AMOs work elsewhere or are off on the new dates (docs/scheduling.md « One person, one calendar »): staff confirmed. */
      confirmElsewhere: z.boolean().optional(),
    }),
    /** Every day from `from` on, moved by as many days as from `from` to `to`. */
    z.object({
      mode: z.literal('from'),
      from: day,
      to: day,
      confirmStrand: z.boolean().optional(),
      confirmNonWorkingDays: z.boolean().optional(),
      ...confirmShortNoticeField,
      /** The named AMOs work elsewhere or are off on the new dates (docs/scheduling.md « One person, one calendar »): staff confirmed. */
      confirmElsewhere: z.boolean().optional(),
    }),
  ],
  { error: shiftFormMessages.daysMissing },
);
export type ShiftRequest = z.infer<typeof shiftRequestSchema>;

/** One buyer kept: same hours on the new date, with its AMO column (another when theirs is taken there). */
const shiftMoveSchema = z.object({
  uuid: z.string(),
  lotcomm: z.string(),
  nom: z.string(),
  fromStart: z.string(),
  fromAmoNb: z.number(),
  toStart: z.string(),
  toEnd: z.string(),
  amoNb: z.number(),
});
export type ShiftMove = z.infer<typeof shiftMoveSchema>;

/** One buyer whose visit cannot be kept on the new date: it is cancelled, with the reason. */
const shiftDropSchema = z.object({ uuid: z.string(), lotcomm: z.string(), nom: z.string(), fromStart: z.string(), reason: z.string() });
export type ShiftDrop = z.infer<typeof shiftDropSchema>;

/** POST /rdv/{id}/decaler/apercu: what the shift would do, nothing written. */
export const shiftPreviewSchema = z.object({
  days: z.array(z.object({ from: day, to: day })),
  moves: z.array(shiftMoveSchema),
  dropped: z.array(shiftDropSchema),
  /** The new deadline to confirm (imposed) when the old one has passed or would no longer precede the first visit. */
  bookingDeadline: z.string().optional(),
  /** Imposed planning: what happens to the deadline to confirm, in French (moved before the first visit, or kept). */
  deadlineNote: z.string().optional(),
  /** New dates that are a Saturday or a Sunday, and the French warning naming them: confirm with `confirmNonWorkingDays`. */
  nonWorkingDays: z.array(day),
  nonWorkingWarning: z.string().optional(),
  /** A free planning's buyers still to place who would no longer find a place (part 2 §5 warning): confirm with `confirmStrand`. */
  stranded: z.array(z.string()),
  strandWarning: z.string().optional(),
  /** An imposed planning's buyers the new dates convene under the notice rule (docs/user-guide.md « Délai de convocation »): confirm with `confirmShortNotice`. */
  shortNotice: shortNoticeDetailsSchema.optional(),
  shortNoticeWarning: z.string().optional(),
  /** The named AMOs' times elsewhere (another planning, a day off) the new dates run into, in French: confirm with `confirmElsewhere`. */
  amoElsewhere: z.array(z.string()).optional(),
  /**
   * Other plannings sharing a named AMO whose buyers still to place would no longer fit (the shifted
   * planning outranks them on its new days), each named with its buyers and the French question: confirm with `confirmStrand`.
   */
  strandedElsewhere: z.array(z.object({ planningName: z.string(), buyers: z.array(z.string()), message: z.string() })).optional(),
});
export type ShiftPreview = z.infer<typeof shiftPreviewSchema>;

/**
 * How long a shift holds bookings and staff placements back at most. Its buyers are settled in
 * seconds; its wave's run is retried for about 43 minutes (30 s, 2, 10, 30 min) before being
 * dead-lettered, after which nothing would end the shift: the planning must not stay locked.
 */
export const shiftLockMs = 2 * 3_600_000;

/** Whether a shift of the planning is still moving its buyers (placements wait meanwhile). */
export function isShiftRunning(planning: { shiftWaveId?: string; shiftStartedAt?: string }, nowMs: number): boolean {
  if (!planning.shiftWaveId) return false;
  return !planning.shiftStartedAt || nowMs - Date.parse(planning.shiftStartedAt) < shiftLockMs;
}

/** The history line of each buyer a shift moves or cancels. */
export const shiftHistoryActions = shiftBuyerTexts.history;

/** The message of a free planning's buyer moved by a shift (ours). */
export const shiftMovedTexts = shiftBuyerTexts.moved;

/** The same for a visit staff placed (a forced visit, part 2 §5 'Manual booking'). */
export const shiftMovedForcedTexts = shiftBuyerTexts.movedForced;
