/**
 * One time budget per request (simulation, offering, staff check): every solve the request makes
 * shares it, and the solver checks it inside its loops (pattern enumeration, LP pivots, greedy
 * steps, search nodes) and before each phase, so a request answers within its budget plus the
 * cost of writing the answer. Past it, a solve answers 'undecided'; the caller then answers with
 * what it has proven (the simulation: bounds; the offering: the options proven so far, never an
 * unproven one; the staff checks: the visits proven placeable).
 *
 * Wall clock (performance.now), not CPU time: the engine also runs in the browser, and a
 * request's limit on AWS (29 s at the API) is wall-clock time.
 */

/** Default budget of one request: far below the 29 s after which the API gateway gives up. */
export const DEFAULT_REQUEST_BUDGET_MS = 2_000;

export const clock: () => number = globalThis.performance ? () => globalThis.performance.now() : () => Date.now();

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

  private constructor(
    public readonly deadline: number,
    private readonly parent?: TimeBudget,
    private readonly minSteps = 0,
  ) {}

  /** A budget of `ms` milliseconds from now. */
  public static ofMs(ms: number = DEFAULT_REQUEST_BUDGET_MS): TimeBudget {
    return new TimeBudget(clock() + ms);
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
    return new TimeBudget(clock() + ms, this, minSteps);
  }

  public expired(): boolean {
    if (this.spent) return true;
    if (this.parent?.expired()) return (this.spent = true);
    this.steps += 1;
    if (this.steps >= this.minSteps && clock() > this.deadline) this.spent = true;
    return this.spent;
  }

  /** Throws BudgetExceeded past the deadline (inside a solve's loops). */
  public check(): void {
    if (this.expired()) throw EXCEEDED;
  }

  public remainingMs(): number {
    return Math.max(0, Math.min(this.deadline, this.parent ? this.parent.deadline : Infinity) - clock());
  }
}
