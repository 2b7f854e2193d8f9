import { randomUUID } from 'node:crypto';
import { acquirePlanningLock, getPlanningLock, planningLockReleaseItem, releasePlanningLock, type PlanningLock } from '../../data/planning-lock-repository';
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
 * - the lock item is taken by a conditional put; while another request holds it, it is watched
 *   with consistent reads (cheaper than failed writes on one hot item) after short random pauses,
 *   so that waiters do not poll in step; with each look, a waiter may check whether the holder
 *   already did its work (`look` reads the lock and the waiter's own item in one call: book-slot.ts's
 *   holder decides every waiting booking);
 * - its release is the first item of the holder's commit transaction (no round trip of its own);
 * - lease: a holder that died stops blocking the planning once its lease has passed;
 * - budget: past it, the buyer is told to try again in a moment (503) rather than kept waiting.
 */
// Pauses of 5–15 ms: a look is one call (lock and own request together), so the database gets no
// more calls than it did from two reads every 10–30 ms, and a released lock is noticed sooner.
export const planningLockPolicy = { leaseMs: 5_000, budgetMs: 20_000, minWaitMs: 5, maxWaitMs: 15 };
export type PlanningLockPolicy = typeof planningLockPolicy;

export interface HeldPlanningLock {
  /** The lock's release: the FIRST item of the holder's commit transaction. */
  releaseItem(): ReturnType<typeof planningLockReleaseItem>;
  /** The commit holding `releaseItem()` succeeded: the lock is released. */
  committed(): void;
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
const pause = (policy: PlanningLockPolicy) => sleep(policy.minWaitMs + Math.random() * (policy.maxWaitMs - policy.minWaitMs));

/** While waiting for the lock: a value when the work is done already (by the holder), else undefined. */
export type Decided<T> = () => Promise<{ value: T } | undefined>;

/** What a request does while it waits: `enqueue` once it finds the lock held, then `look` instead of reading the lock alone. */
export interface Waiting<T> {
  enqueue(): Promise<void>;
  /** The lock as it is and, when the holder did the work already, its value: one read for both. */
  look(): Promise<{ lock: PlanningLock | null; done?: { value: T } }>;
}

/** Takes the lock (true), or finds the work done meanwhile (its value). */
async function acquire<T>(
  deps: Pick<Deps, 'db'>,
  planningId: string,
  owner: string,
  deadline: number,
  policy: PlanningLockPolicy,
  waiting?: Waiting<T>,
): Promise<true | { value: T }> {
  let enqueued = false;
  // Wall-clock time, not deps.now(): leases are compared across processes.
  while (!(await acquirePlanningLock(deps.db, planningId, owner, Date.now(), policy.leaseMs))) {
    if (waiting && !enqueued) {
      await waiting.enqueue();
      enqueued = true;
    }
    let holder;
    do {
      if (Date.now() >= deadline) throw busy();
      await pause(policy);
      const { lock, done } = waiting ? await waiting.look() : { lock: await getPlanningLock(deps.db, planningId), done: undefined };
      if (done) return done;
      holder = lock;
    } while (holder && holder.leaseUntil >= Date.now());
  }
  return true;
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
    for (;;) {
      const held = randomUUID();
      const taken = await acquire(deps, planningId, held, deadline, policy, waiting);
      if (taken !== true) return taken.value;
      owner = held;
      try {
        return await work({
          releaseItem: () => planningLockReleaseItem(deps.db.table, planningId, held),
          committed: () => (owner = undefined),
        });
      } catch (error) {
        if (!(error instanceof PlanningLockLostError)) throw error;
        owner = undefined;
      }
    }
  } finally {
    // Not released by a commit (a refusal, an error): released here; if that fails, the lease ends
    // it (never an error of its own, it would hide the request's outcome).
    if (owner) await releasePlanningLock(deps.db, planningId, owner).catch(() => undefined);
  }
}
