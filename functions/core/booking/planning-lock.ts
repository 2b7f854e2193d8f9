import { randomUUID } from 'node:crypto';
import {
  acquirePlanningLock,
  getPlanningLock,
  releasePlanningLock,
  type LockItemChanges,
  type LockRelease,
  type PlanningLock,
} from '../../data/planning-lock-repository';
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
 *   passed;
 * - while another request holds it, a waiter watches its OWN answer item (`look`: eventually
 *   consistent, on a key of its own), first when the holder's turn should end, then after short
 *   random pauses growing to `maxBackoffMs`: the holder writes there its outcome, or hands it the lock
 *   (a `turn`) in the commit that decides the others. The lock item itself, in the planning's
 *   partition (3,000 read units a second for every reader of the planning), is read only every
 *   `lockCheckMs`, to take over the lock of a holder that died or that freed it without a hand-over
 *   (docs/architecture.md « Booking integrity »: 50 waiters reading it every 10 ms were 5,000
 *   strongly consistent reads a second of one key);
 * - its release is part of the holder's commit (no round trip of its own);
 * - lease: a holder that died stops blocking the planning once its lease has passed;
 * - budget: past it, the buyer is told to try again in a moment (503) rather than kept waiting.
 */
export const planningLockPolicy = { leaseMs: 5_000, budgetMs: 20_000, minWaitMs: 5, maxWaitMs: 15, maxBackoffMs: 30, lockCheckMs: 500 };
export type PlanningLockPolicy = typeof planningLockPolicy;

export interface HeldPlanningLock {
  /** The lock's release, with `changes` to its item: written by the holder's commit (a lost lease refuses it). */
  release(changes?: LockItemChanges): LockRelease;
  /** The commit holding `release()` succeeded: the lock is released. */
  committed(): void;
  /** Whether this holder still holds the lock (read consistently): a refused release may be a lost lease. */
  stillHeld(): Promise<boolean>;
}

/** Thrown by the holder's work when its commit failed on the lock item: the lease was lost, wait for the lock again. */
export class PlanningLockLostError extends Error {
  constructor() {
    super('planning lock lease lost');
    this.name = 'PlanningLockLostError';
  }
}

const busy = () => new ServiceUnavailableError(bookingMessages.busy);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** While waiting for the lock: a value when the work is done already (by the holder), else undefined. */
export type Decided<T> = () => Promise<{ value: T } | undefined>;

/** What a request does while it waits: `arrive` (join the queue) first, then `look` instead of reading the lock alone. */
export interface Waiting<T> {
  /** Joins the queue, taking the lock for `owner` if nobody holds it: the lock as it is then (null when free). */
  arrive(owner: string, leaseUntil: number): Promise<PlanningLock | null>;
  /**
   * Its own answer: a value when the holder did the work already, or `turn` (the owner name) when
   * the holder handed it the lock; with `withLock`, the lock as it is too (a consistent read).
   */
  look(withLock: boolean): Promise<{ lock?: PlanningLock | null; done?: { value: T }; turn?: string }>;
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

/** The pause before the next look at a lock held by `holder` (taken at its lease's start): growing with `looks`, random. */
function pauseFor(holder: PlanningLock | null, policy: PlanningLockPolicy, looks: number): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.maxWaitMs * 1.3 ** looks);
  const jitter = policy.minWaitMs + Math.random() * Math.max(0, ceiling - policy.minWaitMs);
  const turnEnds = holder ? holder.leaseUntil - policy.leaseMs + turnMs : 0;
  return Math.max(0, turnEnds - Date.now()) + jitter;
}

/** Takes the lock (its owner: `owner`, or the one a holder handed over), or finds the work done meanwhile (its value). */
async function acquire<T>(
  deps: Pick<Deps, 'store'>,
  planningId: string,
  owner: string,
  deadline: number,
  policy: PlanningLockPolicy,
  waiting: Waiting<T> | undefined,
  holder: PlanningLock | null,
  spentTurns: Set<string>,
): Promise<{ owner: string } | { value: T }> {
  // `holder` is fresh (read now) when the lock was part of the last look: only then is a take tried.
  let fresh = true;
  let lockSeenAt = Date.now();
  for (let looks = 0; ; looks += 1) {
    if (fresh && isFree(holder) && (await acquirePlanningLock(deps.store, planningId, owner, Date.now(), policy.leaseMs))) return { owner };
    if (Date.now() >= deadline) throw busy();
    await sleep(Math.min(pauseFor(holder, policy, looks), Math.max(0, deadline - Date.now())));
    // The lock item now and then (or once the holder's lease should have passed); the own answer at every look.
    const withLock = !waiting || Date.now() - lockSeenAt >= policy.lockCheckMs || (holder !== null && holder.leaseUntil < Date.now());
    const look = waiting ? await waiting.look(withLock) : { lock: await getPlanningLock(deps.store, planningId), done: undefined, turn: undefined };
    if (look.done) return look.done;
    if (look.turn && !spentTurns.has(look.turn)) {
      spentTurns.add(look.turn);
      return { owner: look.turn };
    }
    fresh = withLock;
    if (withLock) {
      lockSeenAt = Date.now();
      holder = look.lock ?? null;
    }
  }
}

/**
 * Runs `work` while holding the planning's lock; released whatever happens (by the commit, else
 * here). With `waiting`, the wait ends as soon as `look` finds a value (a holder did the work).
 */
export async function withPlanningLock<T>(
  deps: Pick<Deps, 'store'>,
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
    // Turns handed to this request and already held: a later look finding the same answer is no new turn.
    const spentTurns = new Set<string>();
    for (;;) {
      // Held since the arrival, else taken now or handed over (a new owner each time: a lost lease stays lost).
      let held: string = holder?.owner === token ? token : randomUUID();
      if (held !== token) {
        const acquired = await acquire(deps, planningId, held, deadline, policy, waiting, holder, spentTurns);
        if ('value' in acquired) return acquired.value;
        held = acquired.owner;
      }
      owner = held;
      const takenAt = Date.now();
      try {
        return await work({
          release: (changes) => ({ planningId, owner: held, ...(changes ? { changes } : {}) }),
          committed: () => {
            owner = undefined;
            sawTurn(Date.now() - takenAt);
          },
          stillHeld: async () => (await getPlanningLock(deps.store, planningId))?.owner === held,
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
    if (owner) await releasePlanningLock(deps.store, planningId, owner).catch(() => undefined);
  }
}
