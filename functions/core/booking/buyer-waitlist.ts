import { isHoldActive, type BuyerWaitlist, type WaitHold } from '../../../shared/domain/waitlist';
import { heldStartLabel } from '../../../shared/rules/hold-labels';

/** What the booking page shows of the buyer's waitlist request: asked or not, and a start held for them now. */
export function buyerWaitlist(meeting: { waitAskedAt?: string; waitHold?: WaitHold }, now: number): BuyerWaitlist {
  const hold = isHoldActive(meeting.waitHold, now) ? meeting.waitHold : null;
  return {
    asked: meeting.waitAskedAt !== undefined,
    hold: hold && meeting.waitAskedAt !== undefined ? { start: hold.start, end: hold.end, until: hold.until, label: heldStartLabel(hold) } : null,
  };
}
