import { randomUUID } from 'node:crypto';
import {
  acquirePlanningLock,
  getPlanningLock,
  planningLockReleaseItem,
  releasePlanningLock,
  type LockItemChanges,
  type PlanningLock,
} from '../../data/planning-lock-repository';
import { racesLostAt } from '../../data/unit-of-work';
import type { Deps } from '../../runtime/deps';
import { ServiceUnavailableError } from '../errors';
import { bookingMessages } from '../../../shared/messages/booking';

/**
 * Bookings of one planning take turns: each waits for the planning's lock BEFORE reading the
 * planning, so it reads every booking committed before it, is checked once by the engine and
 * commits first time. Without it, concurrent bookings of different slots all read the same
 * version, all but one lose the version condition, and the retries ran out.
 *
 * On Lambda every booking is its own instance (the local worker pool runs them the same way), so
 * the turn is an item of the table, shared by every process:
 * - a request that waits with `waiting` first joins the queue written on the lock's item
 *   (`arrive`), taking the lock in the same write when nobody holds it; otherwise (and a request
 *   without `waiting`) it takes the lock with a conditional update once it is free or its lease
 *   passed. While another request holds it, it is watched with consistent reads (cheaper than
 *   failed writes on one hot item), first when the holder's turn should end, then after short
 *   random pauses, so that waiters do not poll in step; with each look, a waiter may check whether
 *   the holder already did its work (`look` reads the lock and the waiter's own outcome in one
 *   call: book-slot.ts's holder decides every waiting booking);
 * - its release is the first item of the holder's commit transaction (no round trip of its own);
 * - lease: a holder that died stops blocking the planning once its lease has passed;
 * - budget: past it, the buyer is told to try again in a moment (503) rather than kept waiting.
 */
// After the holder's turn should have ended, looks every 5–15 ms: a look is one call (the lock and
// the waiter's own outcome together), and a commit is noticed within a few milliseconds.
export const planningLockPolicy = { leaseMs: 5_000, budgetMs: 20_000, minWaitMs: 5, maxWaitMs: 15 };
export type PlanningLockPolicy = typeof planningLockPolicy;

export interface HeldPlanningLock {
  /** The lock's release, with `changes` to its item: the FIRST item of the holder's commit transaction. */
  releaseItem(changes?: LockItemChanges): ReturnType<typeof planningLockReleaseItem>;
  /** The commit holding `releaseItem()` succeeded: the lock is released. */
  committed(): void;
  /** Whether this holder still holds the lock (read consistently): a failed release item may be a lost lease. */
  stillHeld(): Promise<boolean>;
}

/** Thrown by the holder's work when its commit failed on the lock item: the lease was lost, wait for the lock again. */
export class PlanningLockLostError extends Error {
  constructor() {
    super('planning lock lease lost');
    this.name = 'PlanningLockLostError';
  }
}

/** The commit failed on its first item, `releaseItem()` (put first in every holder's transaction): the lease was lost. */
export function lostLockIn(error: unknown): boolean {
  return racesLostAt(error)?.includes(0) ?? false;
}

const busy = () => new ServiceUnavailableError(bookingMessages.busy);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** While waiting for the lock: a value when the work is done already (by the holder), else undefined. */
export type Decided<T> = () => Promise<{ value: T } | undefined>;

/** What a request does while it waits: `arrive` (join the queue) first, then `look` instead of reading the lock alone. */
export interface Waiting<T> {
  /** Joins the queue, taking the lock for `owner` if nobody holds it: the lock as it is then (null when free). */
  arrive(owner: string, leaseUntil: number): Promise<PlanningLock | null>;
  /** The lock as it is and, when the holder did the work already, its value: one read for both. */
  look(): Promise<{ lock: PlanningLock | null; done?: { value: T } }>;
}

// Wall-clock time, not deps.now(): leases are compared across processes.
const isFree = (lock: PlanningLock | null) => !lock || lock.leaseUntil < Date.now();

/**
 * How long a turn lasts, from the take to the commit's answer, as this instance saw its own (a warm
 * Lambda keeps it): a waiter first looks when the holder's turn should end, not every few
 * milliseconds before (each look is a call every holder waits behind).
 */
let turnMs = 50;
const sawTurn = (ms: number) => (turnMs = Math.min(2_000, 0.7 * turnMs + 0.3 * ms));

/** The pause before the next look at a lock held by `holder` (taken at its lease's start). */
function pauseFor(holder: PlanningLock | null, policy: PlanningLockPolicy): number {
  const jitter = policy.minWaitMs + Math.random() * (policy.maxWaitMs - policy.minWaitMs);
  const turnEnds = holder ? holder.leaseUntil - policy.leaseMs + turnMs : 0;
  return Math.max(0, turnEnds - Date.now()) + jitter;
}

/** Takes the lock (true), or finds the work done meanwhile (its value); `holder`: the lock as last seen. */
async function acquire<T>(
  deps: Pick<Deps, 'db'>,
  planningId: string,
  owner: string,
  deadline: number,
  policy: PlanningLockPolicy,
  waiting: Waiting<T> | undefined,
  holder: PlanningLock | null,
): Promise<true | { value: T }> {
  for (;;) {
    if (isFree(holder) && (await acquirePlanningLock(deps.db, planningId, owner, Date.now(), policy.leaseMs))) return true;
    if (Date.now() >= deadline) throw busy();
    await sleep(Math.min(pauseFor(holder, policy), Math.max(0, deadline - Date.now())));
    const look = waiting ? await waiting.look() : { lock: await getPlanningLock(deps.db, planningId), done: undefined };
    if (look.done) return look.done;
    holder = look.lock;
  }
}

/**
 * Runs `work` while holding the planning's lock; released whatever happens (by the commit, else
 * here). With `waiting`, the wait ends as soon as `look` finds a value (a holder did the work).
 */
export async function withPlanningLock<T>(
  deps: Pick<Deps, 'db'>,
  planningId: string,
  work: (lock: HeldPlanningLock) => Promise<T>,
  policy: PlanningLockPolicy = planningLockPolicy,
  waiting?: Waiting<T>,
): Promise<T> {
  const deadline = Date.now() + policy.budgetMs;
  let owner: string | undefined;
  try {
    // A request that waits joins the queue first, and takes the lock in the same write when it is
    // free: the holder may decide it, and most of a crowd finds the lock held and tries nothing more.
    const token = randomUUID();
    let holder = waiting ? await waiting.arrive(token, Date.now() + policy.leaseMs) : null;
    for (;;) {
      // Held since the arrival, else taken now (a new owner each time: a lost lease stays lost).
      const held = holder?.owner === token ? token : randomUUID();
      if (held !== token) {
        const acquired = await acquire(deps, planningId, held, deadline, policy, waiting, holder);
        if (acquired !== true) return acquired.value;
      }
      owner = held;
      const takenAt = Date.now();
      try {
        return await work({
          releaseItem: (changes) => planningLockReleaseItem(deps.db.table, planningId, held, changes),
          committed: () => {
            owner = undefined;
            sawTurn(Date.now() - takenAt);
          },
          stillHeld: async () => (await getPlanningLock(deps.db, planningId))?.owner === held,
        });
      } catch (error) {
        if (!(error instanceof PlanningLockLostError)) throw error;
        owner = undefined;
        holder = null;
      }
    }
  } finally {
    // Not released by a commit (a refusal, an error): released here; if that fails, the lease ends
    // it (never an error of its own, it would hide the request's outcome).
    if (owner) await releasePlanningLock(deps.db, planningId, owner).catch(() => undefined);
  }
}
