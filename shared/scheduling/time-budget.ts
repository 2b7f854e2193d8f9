/**
 * One budget per request (simulation, offering, booking re-check, staff check): every solve the
 * request makes shares it (no solve has a cap of its own that would stop it while the request's
 * budget still runs), and past it a solve answers 'undecided'; the caller then answers with what it
 * has proven (the simulation: bounds; the offering: the options proven so far, never an unproven
 * one; the staff checks: bounds, and a confirmation asked when they do not settle the question).
 *
 * The budget counts WORK, not time (docs/scheduling.md 'Work budget'): the engine's own steps,
 * each weighed by what it costs (a step of the pattern enumeration, an LP pivot weighed by its
 * tableau's size, a greedy step, a search node, a candidate start of an offer). The same input
 * therefore gets the same answer on a quiet machine, on a loaded one and on Lambda: a staff member
 * asking twice gets the same answer twice. A budget of `ms` milliseconds is `ms × WORK_UNITS_PER_MS`
 * units, calibrated on the hard cases so that a request stays under its time goal.
 *
 * Wall-clock time is only a last-resort guard (WALL_GUARD_MIN_MS, or WALL_GUARD_FACTOR times the
 * budget), below the 29 s after which API Gateway gives up: never reached in the tests or the bench.
 */

/** Default budget of one request: far below the 29 s after which the API gateway gives up. */
export const DEFAULT_REQUEST_BUDGET_MS = 2_000;

/**
 * Work units per millisecond of the time goal. Calibrated with `npm run bench -- scheduling`
 * (`bench work-rate` lines): on the 2-core development machine the engine runs 155,000 to
 * 180,000 units a millisecond of CPU on the solves that use a budget up (budget-cases.ts,
 * hard-cases.ts); a request's fixed costs (free intervals, best-fit) are small beside them.
 */
export const WORK_UNITS_PER_MS = 150_000;

/**
 * The rate budgets are built with: WORK_UNITS_PER_MS, except in the local runtime started with
 * `LIVREA_WORK_UNITS_PER_MS` (docs/scheduling.md 'Work budget'), where a browser test makes the
 * engine run out of work at once to reach the screens of an undecided calculation. Never set on AWS.
 */
let workUnitsPerMs = WORK_UNITS_PER_MS;

/** Sets the rate of the budgets built from now on (the local runtime's test hook only). */
export function setWorkUnitsPerMs(rate: number): void {
  workUnitsPerMs = rate > 0 && Number.isFinite(rate) ? rate : WORK_UNITS_PER_MS;
}

/** The wall-clock guard: at least this long, or this many times the budget. */
const WALL_GUARD_MIN_MS = 25_000;
const WALL_GUARD_FACTOR = 10;

const clock: () => number = globalThis.performance ? () => globalThis.performance.now() : () => Date.now();

/** Thrown inside a solve when its budget is spent; caught by the solve, which answers 'undecided'. */
export class BudgetExceeded extends Error {
  public constructor() {
    // For the solve that catches it (it answers 'undecided'), never shown to a user.
    super('computation budget exceeded');
    this.name = 'BudgetExceeded';
  }
}

const EXCEEDED = new BudgetExceeded();

/** The wall clock is read once every this many checks (a guard, not a measure). */
const GUARD_READ_EVERY = 256;

export class TimeBudget {
  private spent = false;
  private work = 0;
  private checks = 0;
  /** True when the wall-clock guard, not the work, ended this budget (never in tests or the bench). */
  public guardReached = false;

  private constructor(
    /** Work units this budget allows (Infinity: none). */
    public readonly limit: number,
    private readonly guardDeadline: number,
    private readonly parent?: TimeBudget,
  ) {}

  /** A budget of `ms` milliseconds of work (ms × WORK_UNITS_PER_MS units) from now. */
  public static ofMs(ms: number = DEFAULT_REQUEST_BUDGET_MS): TimeBudget {
    return TimeBudget.ofWork(ms * workUnitsPerMs, ms);
  }

  /** A budget of `units` work units; `goalMs` sets the wall-clock guard (default: the units' time goal). */
  public static ofWork(units: number, goalMs: number = units / workUnitsPerMs): TimeBudget {
    const guard = Number.isFinite(goalMs) ? Math.max(WALL_GUARD_MIN_MS, WALL_GUARD_FACTOR * goalMs) : Infinity;
    return new TimeBudget(Math.max(0, units), clock() + guard, undefined);
  }

  /** The caller's budget, or a fresh request budget. */
  public static orDefault(budget: TimeBudget | undefined): TimeBudget {
    return budget ?? TimeBudget.ofMs();
  }

  /**
   * A part of this budget: at most `ms` of work from now, never past this budget's end. Its work
   * counts in this budget too.
   */
  public slice(ms: number): TimeBudget {
    return new TimeBudget(Math.max(0, ms * workUnitsPerMs), this.guardDeadline, this);
  }

  /** Work counted so far (units). */
  public get used(): number {
    return this.work;
  }

  /** Counts `units` of work (in this budget and every budget it is a part of). */
  public spend(units: number): void {
    this.work += units;
    this.parent?.spend(units);
  }

  public expired(): boolean {
    if (this.spent) return true;
    if (this.parent?.expired()) return (this.spent = true);
    if (this.work >= this.limit) return (this.spent = true);
    if (++this.checks % GUARD_READ_EVERY === 0 && clock() > this.guardDeadline) {
      this.guardReached = true;
      this.spent = true;
    }
    return this.spent;
  }

  /** Counts `units` of work, then throws BudgetExceeded past the budget (inside a solve's loops). */
  public check(units = 1): void {
    this.spend(units);
    if (this.expired()) throw EXCEEDED;
  }
}
