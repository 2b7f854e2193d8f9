import { z } from 'zod';
import type { JobRecord } from '../../data/jobs-repository';
import { loadPlanningState, type MeetingRecord, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { inAskingOrder, isHoldActive, isWaitlistOpen, WAITLIST_HOLD_MINUTES, type WaitHold } from '../../../shared/domain/waitlist';
import { isShiftRunning } from '../../../shared/domain/planning-shift';
import { waitlistMessages } from '../../../shared/messages/waitlist';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { changePlanning, type MeetingWrite, type PlanningChange } from '../planning-actions/planning-transaction';
import { earlierStartFor } from '../booking/held-starts';
import { checkActor } from './waitlist-actors';
import { TimeBudget } from '../../../shared/scheduling/time-budget';
import { waitlistCheckJob } from '../planning-actions/waitlist-check-job';
import { waitlistOfferJob } from './waitlist-offer';
import type { TimeRange } from '../../../shared/scheduling/schemas';
import { amoCalendarGuardOf } from '../plannings/amo-time-elsewhere';

/** One check's solving time across all its waiters: a long list never holds the job for minutes; the rest wait for the next check. */
const CHECK_BUDGET_MS = 10_000;

const payloadSchema = z.object({ planningId: z.string() });

/** The waiters in order of asking (the buyer's own visit still placed and not fixed by staff). */
function waitersInOrder(meetings: readonly MeetingRecord[]): MeetingRecord[] {
  return inAskingOrder(meetings).filter((meeting) => meeting.isActive && isPlaced(meeting) && !meeting.forced && meeting.start);
}

/**
 * One check of the waitlist (docs/user-guide.md « Liste d'attente »): walks the waiters in order of asking and,
 * for each one the engine can give an earlier start than their current one (the booking page's
 * slot offering: nobody else stranded, starts held for others skipped), holds that start for
 * WAITLIST_HOLD_MINUTES, with the mail + SMS job and a check due when the hold ends (the next
 * waiter's turn if it is not taken). A waiter whose hold on a start ran out is not offered that
 * start again. Each hold counts for the waiters after it.
 */
function planHolds(deps: Deps, { planning, meetings }: PlanningState, busyElsewhere: readonly TimeRange[] = []): PlanningChange<number> {
  const now = deps.now().getTime();
  if (!isWaitlistOpen(planning, now) || isShiftRunning(planning, now)) return { result: 0 };
  const working = [...meetings];
  const writes: MeetingWrite[] = [];
  const jobs: JobRecord[] = [];
  const budget = TimeBudget.ofMs(CHECK_BUDGET_MS);
  for (const waiter of waitersInOrder(meetings)) {
    const lastOffered = waiter.waitHold?.start;
    if (isHoldActive(waiter.waitHold, now)) continue;
    const option = earlierStartFor({ ...planning, busyElsewhere }, working, waiter, now, budget);
    if (!option || option.startDate === lastOffered) continue;
    const until = new Date(now + WAITLIST_HOLD_MINUTES * 60_000);
    const hold: WaitHold = { start: option.startDate, end: option.endDate, amoNb: option.amoNb, until: until.toISOString() };
    const after: MeetingRecord = { ...waiter, waitHold: hold };
    working[working.findIndex((meeting) => meeting.uuid === waiter.uuid)] = after;
    writes.push({ before: waiter, after, action: waitlistMessages.history.offered });
    // At the hold's end the next check offers that start to the next waiter, if it is still free.
    jobs.push(waitlistOfferJob(deps, planning, after, hold), waitlistCheckJob(deps, planning._id, new Date(until.getTime() + 1000)));
  }
  return { meetings: writes, jobs, result: writes.length };
}

/**
 * The `waitlist-check` job. Its holds, their jobs and the planning's version go in one
 * transaction conditioned on the planning as read: two checks at once (two cancellations, the
 * same job delivered twice) are serial, and the second sees the first's holds, so a start is held
 * for one waiter at most and offered once.
 */
export async function runWaitlistCheck(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  const { planningId } = payloadSchema.parse(payload);
  const state = await loadPlanningState(deps.store, planningId);
  if (!state) return;
  // The named AMOs' time elsewhere (docs/scheduling.md « One person, one calendar »): never held for a waiter.
  // Its calendars as read are checked unchanged at commit: a day off saved meanwhile makes the check plan again.
  await changePlanning(deps, checkActor, state, async (current) => {
    const amoGuard = await amoCalendarGuardOf(deps, current.planning);
    return { ...planHolds(deps, current, amoGuard.busyElsewhere), checks: amoGuard.unchanged };
  });
}
