import { z } from 'zod';

/**
 * The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »): a buyer with a booking on a free
 * planning asks to be told when an earlier start frees up; the check gives the first waiter (in
 * order of asking) the engine can move earlier a 15-minute hold on that start.
 */
export const WAITLIST_HOLD_MINUTES = 15;

/** A start held for one waiter: the slot offering skips it for everybody else until `until`. */
export const waitHoldSchema = z.object({
  start: z.string(),
  end: z.string(),
  amoNb: z.number().int().min(0),
  until: z.string(),
});
export type WaitHold = z.infer<typeof waitHoldSchema>;

/** Kept on the meeting: one request per buyer, ordered by `waitAskedAt`, read with the planning. */
export const meetingWaitlistFields = {
  /** When the buyer asked to be told of an earlier start; absent when not waiting. */
  waitAskedAt: z.string().optional(),
  /** The start offered to the buyer (a past `until`: offered and not taken in time). */
  waitHold: waitHoldSchema.optional(),
};

/** What the booking page shows of the buyer's request. */
export const buyerWaitlistSchema = z.object({
  asked: z.boolean(),
  /** A start held for the buyer now, with its French label. */
  hold: z.object({ start: z.string(), end: z.string(), until: z.string(), label: z.string() }).nullable(),
});
export type BuyerWaitlist = z.infer<typeof buyerWaitlistSchema>;

/** The buyers who asked, in order of asking (ties by link uuid): the order holds are offered in. */
export function inAskingOrder<M extends { uuid: string; waitAskedAt?: string }>(meetings: readonly M[]): (M & { waitAskedAt: string })[] {
  return meetings
    .filter((meeting): meeting is M & { waitAskedAt: string } => meeting.waitAskedAt !== undefined)
    .sort((a, b) => a.waitAskedAt.localeCompare(b.waitAskedAt) || a.uuid.localeCompare(b.uuid));
}

/** Whether a hold still keeps its start for its buyer at `now` (epoch ms). */
export function isHoldActive(hold: WaitHold | undefined, now: number): hold is WaitHold {
  return !!hold && Date.parse(hold.until) > now;
}

/**
 * The waitlist runs on a free planning until its booking deadline (part 1 §2: past it the buyers'
 * choices are closed): no request, hold or move after it.
 */
export function isWaitlistOpen(planning: { templateType: string; bookingDeadline: string }, now: number): boolean {
  return planning.templateType === 'promoter' && now < Date.parse(planning.bookingDeadline);
}
