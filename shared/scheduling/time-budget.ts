/**
 * One time budget per request (simulation, offering, staff check): every solve the request makes
 * shares it, and the solver checks it inside its loops (pattern enumeration, LP pivots, greedy
 * steps, search nodes) and before each phase, so a request answers within its budget plus the
 * cost of writing the answer. Past it, a solve answers 'undecided'; the caller then answers with
 * what it has proven (the simulation: bounds; the offering: the options proven so far, never an
 * unproven one; the staff checks: the visits proven placeable).
 *
 * Two clocks, the first to run out ends the budget:
 * - wall-clock time (performance.now): a request's limit on AWS (29 s at the API) is wall-clock
 *   time, and the browser has no other clock;
 * - in Node, the process's CPU time (process.cpuUsage), the garbage collector's and the
 *   compiler's threads included. On a quiet machine those threads run beside the solve, so
 *   CPU time grows faster than wall-clock time (310 ms of CPU in 250 ms of wall time on the hard
 *   cases); on a Lambda of one vCPU or less they take that CPU from the request. Counting it keeps
 *   a request's CPU time, not only its wall time, within the budget.
 */

/** Default budget of one request: far below the 29 s after which the API gateway gives up. */
export const DEFAULT_REQUEST_BUDGET_MS = 2_000;

export const clock: () => number = globalThis.performance ? () => globalThis.performance.now() : () => Date.now();

// No Node types in the shared code (it also runs in the browser): the one function used here.
const nodeProcess = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process;

/** CPU time of this process in ms (every thread), or null outside Node. */
export const cpuClock: (() => number) | null =
  typeof nodeProcess?.cpuUsage === 'function'
    ? () => {
        const used = nodeProcess.cpuUsage!();
        return (used.user + used.system) / 1000;
      }
    : null;

/**
 * Reading the CPU time is a system call (about 1 µs, 10× the wall clock): it is read when at
 * least this much wall-clock time has passed since the last read. The helper threads add at
 * most a few times this to the CPU time between two reads.
 */
const CPU_READ_EVERY_MS = 0.5;

/** Thrown inside a solve when its budget is spent; caught by the solve, which answers 'undecided'. */
export class BudgetExceeded extends Error {
  public constructor() {
    super('Budget de calcul dépassé');
    this.name = 'BudgetExceeded';
  }
}

const EXCEEDED = new BudgetExceeded();

export class TimeBudget {
  private spent = false;
  private steps = 0;
  private lastCpuRead: number;

  private constructor(
    ms: number,
    private readonly parent?: TimeBudget,
    private readonly minSteps = 0,
  ) {
    const now = clock();
    this.deadline = now + ms;
    this.cpuDeadline = cpuClock && Number.isFinite(ms) ? cpuClock() + ms : Infinity;
    this.lastCpuRead = now;
  }

  /** Wall-clock end (clock()). */
  public readonly deadline: number;
  /** CPU-time end (cpuClock()); Infinity outside Node. */
  private readonly cpuDeadline: number;

  /** A budget of `ms` milliseconds from now. */
  public static ofMs(ms: number = DEFAULT_REQUEST_BUDGET_MS): TimeBudget {
    return new TimeBudget(ms);
  }

  /** The caller's budget, or a fresh request budget. */
  public static orDefault(budget: TimeBudget | undefined): TimeBudget {
    return budget ?? TimeBudget.ofMs();
  }

  /**
   * A part of this budget for one solve: at most `ms` from now, never past this budget's end.
   * Its own limit stops it only after `minSteps` reads of the clock: a small solve always
   * finishes (a process paused by a loaded machine must not turn a two-visit check into a "no"),
   * while this budget's end stops it at once.
   */
  public slice(ms: number, minSteps = 0): TimeBudget {
    return new TimeBudget(ms, this, minSteps);
  }

  public expired(): boolean {
    if (this.spent) return true;
    if (this.parent?.expired()) return (this.spent = true);
    this.steps += 1;
    if (this.steps < this.minSteps) return false;
    const now = clock();
    if (now > this.deadline) return (this.spent = true);
    if (this.cpuDeadline !== Infinity && now - this.lastCpuRead >= CPU_READ_EVERY_MS) {
      this.lastCpuRead = now;
      if (cpuClock!() > this.cpuDeadline) this.spent = true;
    }
    return this.spent;
  }

  /** Throws BudgetExceeded past the deadline (inside a solve's loops). */
  public check(): void {
    if (this.expired()) throw EXCEEDED;
  }
}
