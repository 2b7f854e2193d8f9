import { randomUUID } from 'node:crypto';
import { acquirePlanningLock, getPlanningLock, planningLockReleaseItem, planningLockRenewItem, releasePlanningLock } from '../../data/planning-lock-repository';
import type { PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ServiceUnavailableError } from '../errors';
import { bookingMessages } from './booking-messages';
import { takeTurn } from './process-turns';

/**
 * Bookings of one planning take turns: each waits for the planning's lock BEFORE reading the
 * planning, so it reads every booking committed before it, is checked once by the engine and
 * commits first time. Without it, concurrent bookings of different slots all read the same
 * version, all but one lose the version condition, and the retries ran out (issue 10 point 2).
 *
 * - requests of one process queue in memory first (process-turns.ts): only the first asks the
 *   table, and a turn hands the lock and the planning as it left it to the next one, so a burst
 *   of bookings costs one transaction each while the lock is held;
 * - the lock item is taken by a conditional put; while another process holds it, it is watched
 *   with consistent reads (cheaper than failed writes on one hot item) after short random pauses,
 *   so that waiters do not poll in step;
 * - lease: a holder that died stops blocking the planning once its lease has passed;
 * - budget: past it, the buyer is told to try again in a moment (503) rather than kept waiting.
 */
export const planningLockPolicy = { leaseMs: 5_000, budgetMs: 20_000, minWaitMs: 10, maxWaitMs: 30 };
export type PlanningLockPolicy = typeof planningLockPolicy;

type LockItem = ReturnType<typeof planningLockReleaseItem> | ReturnType<typeof planningLockRenewItem>;

/** The planning as a turn saw it, and when: the read or the commit that showed it was sent at `seenFrom` (epoch ms) or later. */
export interface SeenState {
  state: PlanningState;
  seenFrom: number;
}

export interface HeldPlanningLock {
  /**
   * The planning as the previous turn of this process left it, given once. A commit based on it
   * is safe (its version is checked). A refusal based on it holds only when `settled`: it was
   * seen after this request came, so it is the planning at a moment within this request (else
   * a writer that does not take the lock may have freed a place before the request came).
   */
  takeHandedState(): (SeenState & { settled: boolean }) | undefined;
  /** The planning as stored now (just read, or just committed): handed to the next turn. */
  leave(seen: SeenState): void;
  /** The lock's release, or its renewal when a request of this process waits next: the FIRST item of the commit transaction. */
  releaseItem(): LockItem;
  /** The commit holding `releaseItem()` succeeded (the state left so far is then out of date: `leave` the new one if known). */
  committed(): void;
}

/** What a turn hands to the next one of the same process. */
interface Handover {
  /** The table's lock, still held under this owner token. */
  owner?: string;
  state?: SeenState;
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
  return (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';
}

const busy = () => new ServiceUnavailableError(bookingMessages.busy);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pause = (policy: PlanningLockPolicy) => sleep(policy.minWaitMs + Math.random() * (policy.maxWaitMs - policy.minWaitMs));

/** What `ready` settles with, or `late` when the deadline comes first. */
async function readyBefore<T>(ready: Promise<T>, deadline: number): Promise<{ value: T } | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([ready.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function acquire(deps: Pick<Deps, 'db'>, planningId: string, owner: string, deadline: number, policy: PlanningLockPolicy): Promise<void> {
  // Wall-clock time, not deps.now(): leases are compared across processes.
  while (!(await acquirePlanningLock(deps.db, planningId, owner, Date.now(), policy.leaseMs))) {
    let holder;
    do {
      if (Date.now() >= deadline) throw busy();
      await pause(policy);
      holder = await getPlanningLock(deps.db, planningId);
    } while (holder && holder.leaseUntil >= Date.now());
  }
}

/** Runs `work` while holding the planning's lock; released (or handed on) whatever happens. */
export async function withPlanningLock<T>(deps: Pick<Deps, 'db'>, planningId: string, work: (lock: HeldPlanningLock) => Promise<T>, policy: PlanningLockPolicy = planningLockPolicy): Promise<T> {
  const came = Date.now();
  const deadline = came + policy.budgetMs;
  const turn = takeTurn<Handover>(`${deps.db.table}#${planningId}`);
  // The lock left to this turn goes to the next one, or is released when none waits (if that
  // fails, the lease ends it: never an error of its own, it would hide the request's outcome).
  const endTurn = async (handover: Handover | undefined) => {
    if (!turn.end(handover) && handover?.owner) await releasePlanningLock(deps.db, planningId, handover.owner).catch(() => undefined);
  };
  const started = await readyBefore(turn.ready, deadline);
  if (started === 'late') {
    void turn.ready.then(endTurn);
    throw busy();
  }
  let { owner, state } = started.value ?? {};
  try {
    for (;;) {
      if (!owner) {
        owner = randomUUID();
        state = undefined;
        await acquire(deps, planningId, owner, deadline, policy).catch((error: unknown) => {
          owner = undefined;
          throw error;
        });
      }
      const held: string = owner;
      let kept = true;
      let handed = state;
      try {
        return await work({
          takeHandedState: () => {
            const given = handed;
            handed = undefined;
            return given && { ...given, settled: given.seenFrom >= came };
          },
          leave: (left) => (state = left),
          releaseItem: () => {
            kept = turn.hasSuccessor();
            return kept ? planningLockRenewItem(deps.db.table, planningId, held, Date.now() + policy.leaseMs) : planningLockReleaseItem(deps.db.table, planningId, held);
          },
          committed: () => {
            if (!kept) owner = undefined;
            state = undefined;
          },
        });
      } catch (error) {
        if (!(error instanceof PlanningLockLostError)) throw error;
        owner = undefined;
      }
    }
  } finally {
    await endTurn(owner ? { owner, state } : { state });
  }
}
