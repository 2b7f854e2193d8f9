/**
 * Scheduling benchmark (figures printed, not a timed test).
 * S = 60 lots, 5 days, 2 AMOs; M = 600 lots, 20 days, 6 AMOs, 30'/45' visits (pas 900);
 * L = 2,000 lots, 60 days, 10 AMOs; XL = 12,000 lots, 370 days, 10 AMOs (1h to 2h).
 * Offering: a campaign per case, every buyer booking in turn (random order, random option) with
 * the clock advancing, timing each offer (XL sampled, see `sampledOffers`); the mean options per
 * buyer is printed next to the naive count (every start on the slot step where the visit fits in
 * free time, ignoring others).
 */
import { simulate } from '../../shared/scheduling/simulate';
import type { PlanningCalendar } from '../../shared/scheduling/schemas';
import { isOfferable, offerSlots } from '../../shared/scheduling/slot-offering';
// As the server's handlers do: the engine warms up while this module loads (the 'cold' lines run in fresh processes).
import '../../shared/scheduling/engine-warm-up';
import { freeIntervals } from '../../shared/scheduling/free-time';
import { calendarFromEvents } from '../../shared/scheduling/planning-calendar';
import { parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { CASES, H } from './scheduling-cases';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BUDGET_CASES, calendarOf } from '../../test/unit/scheduling/budget-cases';
import { TimeBudget, WORK_UNITS_PER_MS } from '../../shared/scheduling/time-budget';
import { strandedByChange, unplaceableCount } from '../../shared/scheduling/strand-check';
import { testAvailabilityEdits } from '../../shared/scheduling/availability-edits';
import { loadavg } from 'node:os';
import { leastExtraDays, leastUnplaced } from '../../shared/scheduling/shortfall';
import { countBy, decidePacking } from '../../shared/scheduling/segment-packing';
import { hardCase } from '../../test/unit/scheduling/hard-cases';
import { seededRandom } from '../../shared/scheduling/seeded-random';
import { choosePas } from '../../shared/scheduling/phase-durations';

function stats(xs: number[]): { median: number; p99: number; max: number } {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p99: s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)], max: s[s.length - 1] };
}

const fmt = (x: number): string => x.toFixed(2);

/** Naive count: starts on the slot step inside free time where the visit fits, the others ignored. */
function naiveCount(calendar: PlanningCalendar, minutes: number): number {
  const step = calendar.pas / 60;
  let n = 0;
  for (const r of freeIntervals(calendar)) if (r.end - r.start >= minutes) n += Math.floor((r.end - r.start - minutes) / step) + 1;
  return n;
}

/**
 * Offers timed per case: every buyer of S, M and L books in turn; XL's full campaign (12,000 offers
 * over 370 days) takes minutes, so it is sampled: the first `sampledOffers` buyers book, with the
 * 12,000 still to place weighing on every offer (the hardest part of a campaign for the engine).
 */
const sampledOffers: Partial<Record<keyof typeof CASES, number>> = { XL: 300 };

interface CampaignFigures {
  times: number[];
  meanOptions: number;
  meanNaive: number;
  stranded: number;
  booked: number;
  buyers: number;
  sampled: boolean;
}

/** A campaign of `name`: buyers book in turn (random order, random option) as the clock advances; each offer is timed and its options counted. */
function campaign(name: keyof typeof CASES, trous: boolean): CampaignFigures {
  const input = CASES[name]();
  const durations = input.broadcastList.map((e) => (input.mTimes as Record<string, number>)[e.guest.typologie as string]);
  const base = calendarFromEvents({
    events: input.events,
    pas: choosePas(durations),
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    amoList: input.amoList,
    authorizeTrous: trous,
  });
  const rand = seededRandom(42);
  const order = durations.map((_, i) => i).sort(() => rand() - 0.5);
  const limit = sampledOffers[name] ?? order.length;
  let calendar: PlanningCalendar = base;
  const waiting = new Set(order);
  const times: number[] = [];
  let options = 0;
  let naive = 0;
  let stranded = 0;
  // The clock runs from 24 August to 4 September (bookings before the first visit day, 7 September).
  const from = parisWallToEpoch('2026-08-24', 9 * 60);
  const to = parisWallToEpoch('2026-09-04', 18 * 60);
  order.slice(0, limit).forEach((i, step) => {
    waiting.delete(i);
    const now = from + ((to - from) * step) / order.length;
    const live: PlanningCalendar = { ...calendar, notBefore: now + 24 * H };
    const others = [...waiting].map((j) => durations[j]);
    const t = performance.now();
    const offered = offerSlots(live, durations[i], others);
    times.push(performance.now() - t);
    options += offered.length;
    naive += naiveCount(live, durations[i] / 60_000);
    if (offered.length === 0) {
      stranded++;
      return;
    }
    const o = offered[Math.floor(rand() * offered.length)];
    calendar = {
      ...calendar,
      bookings: [...calendar.bookings, { meetingId: `lot-${i}`, amoNb: o.amoNb, start: Date.parse(o.startDate), end: Date.parse(o.endDate) }],
    };
  });
  return {
    times,
    meanOptions: options / times.length,
    meanNaive: naive / times.length,
    stranded,
    booked: calendar.bookings.length,
    buyers: order.length,
    sampled: limit < order.length,
  };
}

const cpuMs = (run: () => unknown): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** One-minute load average of the machine: every figure depends on it (wall time most). */
const load = (): string => loadavg()[0].toFixed(1);

/**
 * The time budget (docs/scheduling.md 'Time budget'): every entry point on the three hard inputs
 * of test/unit/scheduling/budget-cases.ts, at budgets of 50, 250 and 1,000 ms: CPU time (the
 * target: budget + 50 ms), wall time (which also counts the machine's other processes) and the
 * answer; then the worst CPU time over the budget.
 */
function budgetLines(emit: (line: string) => void): void {
  let runs = 0;
  let within = 0;
  let worst = -Infinity;
  for (const makeCase of BUDGET_CASES) {
    const c = makeCase();
    const calendar = calendarOf(c);
    const durations = c.minutes.map((m) => m * 60_000);
    const [me, ...others] = durations;
    const firstStart = freeIntervals(calendar)[0].start * 60_000;
    const waiting = durations.map((durationMs, i) => ({ id: `b${i}`, name: `b${i}`, durationMs }));
    const bins = countBy(freeIntervals(calendar).map((r) => r.end - r.start));
    for (const budgetMs of [50, 250, 1000]) {
      const entries: [string, () => string][] = [
        [
          'simulate',
          () => {
            const d = simulate(c.input, { budgetMs, skipChoices: true }).simulationData;
            return d.undecided ? 'undecided' : d.feasible ? 'feasible' : 'infeasible';
          },
        ],
        [
          'simulate+choices',
          () => {
            const d = simulate(c.input, { budgetMs }).simulationData;
            return d.undecided ? 'undecided' : `choices=${d.choices.map((x) => `${x.count}${x.partial ? '~' : ''}`).join('/')}`;
          },
        ],
        ['offer', () => `options=${offerSlots(calendar, me, others, { budget: TimeBudget.ofMs(budgetMs) }).length}`],
        ['offer-trous', () => `options=${offerSlots({ ...calendar, authorizeTrous: true }, me, others, { budget: TimeBudget.ofMs(budgetMs) }).length}`],
        ['booking-recheck', () => `offerable=${isOfferable(calendar, me, others, { startDate: firstStart, amoNb: 0 }, { budget: TimeBudget.ofMs(budgetMs) })}`],
        ['staff-count', () => `unplaceable=${unplaceableCount(calendar, durations, TimeBudget.ofMs(budgetMs))}`],
        [
          'staff-warning',
          () => `stranded=${strandedByChange(calendar, { ...calendar, days: calendar.days.slice(1) }, waiting, TimeBudget.ofMs(budgetMs)).length}`,
        ],
        ['availability-test', () => `ok=${testAvailabilityEdits(calendar, [], durations, TimeBudget.ofMs(budgetMs)).ok}`],
        [
          'shortfall-unplaced',
          () => {
            const r = leastUnplaced(bins, c.minutes, { packing: { within: TimeBudget.ofMs(budgetMs) } });
            return `minutes=${r.minutes}${r.exact ? '' : '~'}`;
          },
        ],
        ['shortfall-extra-days', () => `extra_amo_days=${leastExtraDays(bins, c.minutes, [210, 137], TimeBudget.ofMs(budgetMs))}`],
      ];
      for (const [what, run] of entries) {
        let answer = '';
        const wall = performance.now();
        const cpu = cpuMs(() => (answer = run()));
        runs += 1;
        if (cpu <= budgetMs + 50) within += 1;
        worst = Math.max(worst, cpu - budgetMs);
        emit(
          `bench budget case="${c.name}" budget_ms=${budgetMs} ${what} cpu_ms=${fmt(cpu)} target_cpu_ms=${budgetMs + 50} within=${cpu <= budgetMs + 50} wall_ms=${fmt(performance.now() - wall)} ${answer}`,
        );
      }
    }
  }
  emit(`bench budget summary runs=${runs} within_budget_plus_50ms=${within} worst_cpu_over_budget_ms=${fmt(worst)} load=${load()}`);
}

/**
 * The work budget's calibration (docs/scheduling.md 'Work budget'): the whole solve of each hard
 * case on an unlimited budget, its work units, its CPU time and units per millisecond of CPU
 * (WORK_UNITS_PER_MS must stay at or below the lowest, so that a request stays under its goal),
 * and the time the default request budget's work would take at that rate.
 */
function workRateLines(emit: (line: string) => void): void {
  const cases = [
    ...BUDGET_CASES.map((make) => make()).map((c) => ({ name: c.name, minutes: c.minutes, calendar: calendarOf(c) })),
    ...[1, 5, 9].map((seed) => hardCase(seed)),
  ];
  let lowest = Infinity;
  for (const c of cases) {
    const bins = countBy(freeIntervals(c.calendar).map((r) => r.end - r.start));
    const budget = TimeBudget.ofWork(1e12);
    let answer = '';
    const cpu = cpuMs(() => {
      const r = decidePacking({ bins, items: countBy(c.minutes) }, { within: budget });
      answer = r === 'undecided' ? 'undecided' : r ? 'fits' : 'does_not_fit';
    });
    const rate = budget.used / Math.max(cpu, 0.001);
    // Small solves (under 10⁷ units, 3 % of the default budget) are mostly fixed costs and never
    // reach a budget's end: only the solves that can spend a budget calibrate the rate.
    if (budget.used >= 1e7) lowest = Math.min(lowest, rate);
    emit(`bench work-rate case="${c.name}" answer=${answer} units=${budget.used.toExponential(2)} cpu_ms=${fmt(cpu)} units_per_ms=${Math.round(rate)}`);
  }
  emit(
    `bench work-rate summary lowest_units_per_ms=${Math.round(lowest)} work_units_per_ms=${WORK_UNITS_PER_MS} calibrated=${WORK_UNITS_PER_MS <= lowest} default_budget_cpu_ms_at_lowest=${fmt((2_000 * WORK_UNITS_PER_MS) / lowest)} load=${load()}`,
  );
}

/**
 * Cold start: the first simulation and offer in a fresh process (cold-start-probe.ts), CPU time
 * against warm calls; the target is a ratio of at most 2. Five fresh processes per case (on a
 * shared machine one process's figures vary by tens of ms), each printed, then the medians and
 * the warm-up's own CPU time at module load (the init cost every new instance pays).
 */
function coldLines(emit: (line: string) => void): void {
  const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const name of ['M', 'L'] as const) {
    const simulateRatios: number[] = [];
    const offerRatios: number[] = [];
    const warmUps: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'cold-start-probe.ts'), name], { encoding: 'utf8' });
      const r = JSON.parse(out.trim().split('\n').pop()!) as {
        firstSimulate: number;
        firstOffer: number;
        warmSimulate: number;
        warmOffer: number;
        initMs: number;
        warmUpCpuMs: number;
      };
      simulateRatios.push(r.firstSimulate / r.warmSimulate);
      offerRatios.push(r.firstOffer / r.warmOffer);
      warmUps.push(r.warmUpCpuMs);
      emit(
        `bench cold ${name} first_simulate_cpu_ms=${fmt(r.firstSimulate)} warm_simulate_cpu_ms=${fmt(r.warmSimulate)} ratio=${(r.firstSimulate / r.warmSimulate).toFixed(2)} first_offer_cpu_ms=${fmt(r.firstOffer)} warm_offer_cpu_ms=${fmt(r.warmOffer)} ratio=${(r.firstOffer / r.warmOffer).toFixed(2)} warm_up_cpu_ms=${fmt(r.warmUpCpuMs)} init_wall_ms=${fmt(r.initMs)}`,
      );
    }
    emit(
      `bench cold ${name} median_simulate_ratio=${median(simulateRatios).toFixed(2)} median_offer_ratio=${median(offerRatios).toFixed(2)} target_ratio=2 within=${median(simulateRatios) <= 2 && median(offerRatios) <= 2} median_warm_up_cpu_ms=${fmt(median(warmUps))} load=${load()}`,
    );
  }
}

export async function runSchedulingBench(): Promise<void> {
  const now = (): number => performance.now();
  // Each figure line is printed as soon as it is measured (the XL cases take minutes), the table at the end.
  const emit = (line: string): void => console.log(line);
  const table: { case: string; what: string; median: number; p99?: number; max: number; note: string }[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  coldLines(emit);
  workRateLines(emit);
  budgetLines(emit);
  for (const name of ['S', 'M', 'L', 'XL'] as const) {
    const input = CASES[name]();
    const runs = name === 'XL' ? 3 : name === 'L' ? 7 : 11;
    const times: number[] = [];
    let feasible = false;
    simulate(input); // warm-up
    for (let i = 0; i < runs; i++) {
      const t = now();
      const out = simulate(input);
      times.push(now() - t);
      feasible = out.simulationData.feasible;
      sample();
    }
    const s = stats(times);
    table.push({
      case: name,
      what: 'simulate',
      median: s.median,
      max: s.max,
      note: `${input.broadcastList.length} lots, ${input.events.length} days, feasible=${feasible}`,
    });
    emit(`bench ${name} simulate median_ms=${fmt(s.median)} max_ms=${fmt(s.max)}`);
  }

  for (const name of ['S', 'M', 'L', 'XL'] as const) {
    for (const trous of [false, true]) {
      const c = campaign(name, trous);
      sample();
      const s = stats(c.times);
      const label = `${name}${trous ? '-trous' : ''}`;
      const sampled = c.sampled ? `sampled: the first ${c.times.length} of ${c.buyers} buyers book; ` : '';
      table.push({
        case: `${label} campaign`,
        what: 'offer',
        ...s,
        note: `${sampled}${c.times.length} offers, ${c.booked} booked, ${c.stranded} without option; options/buyer ${c.meanOptions.toFixed(1)} (naive ${c.meanNaive.toFixed(1)})`,
      });
      emit(
        `bench ${label} offer median_ms=${fmt(s.median)} p99_ms=${fmt(s.p99)} max_ms=${fmt(s.max)} offers=${c.times.length}${c.sampled ? ` sampled_of=${c.buyers}` : ''}`,
      );
      emit(`bench ${label} options_per_buyer mean=${c.meanOptions.toFixed(1)} naive=${c.meanNaive.toFixed(1)} stranded=${c.stranded}`);
    }
  }
  sample();
  console.log('| case | what | median ms | p99 ms | max ms | note |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of table) console.log(`| ${r.case} | ${r.what} | ${fmt(r.median)} | ${r.p99 === undefined ? '' : fmt(r.p99)} | ${fmt(r.max)} | ${r.note} |`);
  console.log(`bench memory peak_rss_mb=${(peakRss / 2 ** 20).toFixed(1)} peak_heap_used_mb=${(peakHeap / 2 ** 20).toFixed(1)}`);
}
