/**
 * The same input gets the same answer under any load (docs/scheduling.md 'Work budget'): the
 * engine's budget counts its own work, not time, so the hard cases give the same answers beside
 * busy loops spinning on both cores as on a quiet machine: offers and choices cut by the request
 * budget, undecided simulations, and the staff check of an AMO removing an hour (refused, or
 * undecided on a small budget).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { testAvailabilityEdits } from '../../../shared/scheduling/availability-edits';
import { freeIntervals } from '../../../shared/scheduling/free-time';
import { simulate } from '../../../shared/scheduling/simulate';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import { TimeBudget } from '../../../shared/scheduling/time-budget';
import { twelveSegments } from './budget-cases';
import { hardCase } from './hard-cases';

jest.setTimeout(600_000);

const MIN = 60_000;

/** Every answer of the hard cases, in a comparable form. */
function answers(): unknown[] {
  const out: unknown[] = [];
  for (const seed of [1, 5, 9]) {
    const c = hardCase(seed);
    const durations = c.minutes.map((m) => m * MIN);
    const [me, ...others] = durations;
    // The request budget: the offer and the simulation's choices are cut where the work ran out.
    out.push(offerSlots(c.calendar, me, others, { budget: TimeBudget.ofMs() }).map((o) => `${o.startDate}/${o.amoNb}`));
    const data = simulate(c.input).simulationData;
    out.push({
      feasible: data.feasible,
      undecided: data.undecided,
      choices: data.choices.map((ch) => ({ durationMs: ch.durationMs, count: ch.count, partial: ch.partial })),
    });
    const first = freeIntervals(c.calendar)[0];
    const remove = { kind: 'remove' as const, amoNb: 0, start: first.start * MIN, end: (first.start + 60) * MIN };
    const check = testAvailabilityEdits(c.calendar, [remove], durations, TimeBudget.ofMs(seed === 5 ? 2_000 : 300));
    out.push(check.ok ? { confirm: check.confirm } : check);
  }
  const twelve = simulate(twelveSegments().input, { budgetMs: 250, skipChoices: true }).simulationData;
  out.push({ feasible: twelve.feasible, undecided: twelve.undecided, shortfall: twelve.shortfall });
  return out;
}

/** CPU time (clock ticks) a process has used so far, from /proc (Linux). */
function ticksOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('work budget: the same answers beside busy loops on every core as alone', () => {
  const spinners: ChildProcess[] = [];
  afterAll(() => {
    for (const child of spinners) child.kill('SIGKILL');
  });

  it('the hard cases answer the same under induced CPU load', () => {
    const quiet = answers();
    for (let i = 0; i < Math.max(2, cpus().length); i++) spinners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    const loaded = answers();
    // The load was there: every busy loop spent CPU time while the engine ran.
    for (const child of spinners) expect(ticksOf(child.pid!)).toBeGreaterThan(0);
    expect(loaded).toEqual(quiet);
    // Some answers are cut by their budget, so a wall-clock budget would have changed them.
    expect(JSON.stringify(quiet)).toContain('"partial":true');
  });
});
