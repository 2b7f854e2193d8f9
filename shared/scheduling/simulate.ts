/**
 * The simulation call (POST /rdv/no-need/simulation, part 2 §7): does every buyer fit in the
 * planning being created? When yes: up to nbSolutions distinct schedules and the choices a buyer
 * would be offered. When no: the reason and the shortfall with what would fix it (part 2 §8
 * 'Pas de solution': add slots, shorten visits, vary the lunch break). Exact and bounded: the
 * answer comes from segment-packing.ts, whose size depends on the number of distinct durations
 * and segment lengths, not on the number of buyers.
 */
import type { ParsedSimulationInput, PlanningCalendar, ScheduleDay, SimulationData, SimulationInput, SimulationOutput, TimeRange } from './schemas';
import { SimulationInputSchema } from './schemas';
import { amoLabel } from './grid';
import type { FreeInterval } from './free-time';
import { durationMinutes, freeIntervals, MINUTE_MS, workingSpans } from './free-time';
import { computeHours, round2 } from './hours';
import { calendarFromEvents } from './planning-calendar';
import { choosePas, OFFERED_DURATIONS_MS, visitDurationMs } from './phase-durations';
import type { PackingBudget, PackingSolution } from './segment-packing';
import { bestFit, canPack, countBy, decidePacking } from './segment-packing';
import { leastExtraDays, leastUnplaced, unplacedBounds } from './shortfall';
import { durationSlots, offerSlotsCounted } from './slot-offering';
import { SchedulingRuleError } from './scheduling-errors';
import { SCHEDULING_MESSAGES, simulationAdvice } from '../messages/scheduling';
import { formatHm, parisWallLabel, parseHm } from './time-grid';
import { frenchHolidayName } from './french-holidays';
import { seededRandom } from './seeded-random';
import { DEFAULT_REQUEST_BUDGET_MS, TimeBudget } from './time-budget';

export interface SimulateOptions {
  /** Options listed per duration in simulationData.choices (the count is always complete). */
  maxChoicesListed?: number;
  /** Skip the choices (offering) computation. */
  skipChoices?: boolean;
  now?: () => number;
  /**
   * The whole simulation's time budget in ms (default DEFAULT_REQUEST_BUDGET_MS), shared by every
   * solve it makes: the placement, the choices, the shortfall. Past it: 'undecided' with bounds,
   * or the choices proven so far.
   */
  budgetMs?: number;
  /** Caps of each solve inside that budget (tests use them to reach the search); the placement has no cap of its own by default. */
  budget?: PackingBudget;
  /**
   * Time the AMO columns cannot use (a named AMO's time other plannings own, their days off:
   * docs/scheduling.md « One person, one calendar »): the creation's check counts only the rest.
   */
  unavailable?: readonly TimeRange[];
}

interface Buyer {
  index: number;
  guestId: string;
  typologie: string | null;
  durationMs: number;
  /** Whole minutes (never rounded to the slot step). */
  minutes: number;
}

const defaultNow = (): number => (globalThis.performance ? globalThis.performance.now() : Date.now());

export function simulate(input: SimulationInput, options: SimulateOptions = {}): SimulationOutput {
  const now = options.now ?? defaultNow;
  const t0 = now();
  const request = TimeBudget.ofMs(options.budgetMs ?? DEFAULT_REQUEST_BUDGET_MS);
  const parsed: ParsedSimulationInput = SimulationInputSchema.parse(input);
  if (parseHm(parsed.lunchEndTime) <= parseHm(parsed.lunchStartTime)) {
    throw new SchedulingRuleError('INVALID_INPUT', SCHEDULING_MESSAGES.lunchRequired);
  }
  const durations = parsed.broadcastList.map((e) => visitDurationMs(e, parsed.mTimes, parsed.phase));
  const pas = parsed.pas ?? choosePas(durations);
  const fromEvents = calendarFromEvents({
    events: parsed.events,
    pas,
    lunchStartTime: parsed.lunchStartTime,
    lunchEndTime: parsed.lunchEndTime,
    amoList: parsed.amoList,
    authorizeTrous: parsed.authorizeTrous,
  });
  const calendar = options.unavailable?.length ? { ...fromEvents, unavailable: [...fromEvents.unavailable, ...options.unavailable] } : fromEvents;
  const buyers: Buyer[] = parsed.broadcastList.map((e, i) => ({
    index: i,
    guestId: e.guest._id,
    typologie: e.guest.typologie ?? null,
    durationMs: durations[i],
    minutes: (durationSlots(durations[i], pas), durationMinutes(durations[i])),
  }));
  const warnings = collectWarnings(parsed, calendar);
  const runs = freeIntervals(calendar);
  const hours = computeHours(calendar, durations, runs);
  const items = countBy(buyers.map((b) => b.minutes));
  const bins = countBy(runs.map((r) => r.end - r.start));
  let decided = decidePacking({ bins, items }, { maxMs: Infinity, ...options.budget, within: request });
  let bestFitLeft: number[] | undefined;
  if (decided === 'undecided') {
    // Out of budget, best-fit decreasing may still place everyone: a packing in hand is a yes.
    const quick = bestFit(
      bins,
      buyers.map((b) => b.minutes),
    );
    if (quick.leftOut.length === 0) decided = quick.solution;
    bestFitLeft = quick.leftOut;
  }
  const solution = decided === 'undecided' ? null : decided;

  const byDuration = new Map<number, { count: number; typologies: Set<string> }>();
  for (const b of buyers) {
    const e = byDuration.get(b.durationMs) ?? { count: 0, typologies: new Set<string>() };
    e.count++;
    if (b.typologie) e.typologies.add(b.typologie);
    byDuration.set(b.durationMs, e);
  }
  const data: SimulationData = {
    feasible: solution !== null,
    pas,
    nbBuyers: buyers.length,
    nbSolutions: 0,
    hours,
    durations: [...byDuration.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([durationMs, e]) => ({ durationMs, count: e.count, typologies: [...e.typologies].sort() })),
    choices: [],
    reason: null,
    shortfall: null,
    warnings,
    undecided: decided === 'undecided',
  };
  let schedule: ScheduleDay[][] = [];
  if (solution) {
    // Past the budget, one schedule (the answer itself) and no more.
    schedule = buildSchedules(calendar, runs, solution, buyers, request.expired() ? 1 : parsed.nbSolutions);
    data.nbSolutions = schedule.length;
    if (!options.skipChoices) {
      const max = options.maxChoicesListed ?? 20;
      for (const durationMs of byDuration.keys()) {
        if (request.expired()) {
          data.choices.push({ durationMs, count: 0, options: [], partial: true });
          continue;
        }
        const idx = buyers.findIndex((b) => b.durationMs === durationMs);
        const others = buyers.filter((_, i) => i !== idx).map((b) => b.durationMs);
        const offered = offerSlotsCounted(calendar, durationMs, others, max, { budget: request });
        // Cut by the budget: the options proven so far.
        data.choices.push(request.expired() ? { durationMs, ...offered, partial: true } : { durationMs, ...offered });
      }
      data.choices.sort((a, b) => a.durationMs - b.durationMs);
    }
  } else if (decided === 'undecided') {
    data.reason = SCHEDULING_MESSAGES.undecided;
    data.shortfall = undecidedBound(runs, buyers, bestFitLeft);
  } else {
    const { reason, shortfall } = explainShortfall(parsed, calendar, runs, buyers, request);
    data.reason = reason;
    data.shortfall = shortfall;
  }
  return { simulationTime: Math.round((now() - t0) * 1000) / 1000, simulationData: data, schedule };
}

function collectWarnings(parsed: ParsedSimulationInput, calendar: PlanningCalendar): string[] {
  const warnings: string[] = [];
  const maxAmo = Math.max(...calendar.days.map((d) => d.nbAmo));
  if (parsed.amoList.length > 0 && maxAmo !== parsed.amoList.length) warnings.push(SCHEDULING_MESSAGES.staffMismatch);
  for (const d of calendar.days) {
    const name = frenchHolidayName(d.date);
    if (name) warnings.push(simulationAdvice.holiday(d.date, name));
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// Schedules

function shuffle<T>(xs: T[], rand: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/**
 * Turns one packing into up to `wanted` distinct schedules. Variant 0 fills the free intervals in
 * chronological order; variant 1 in reverse; variant 2 AMO by AMO; later variants shuffle the
 * intervals and the buyers of equal duration. Visits are placed back to back from the start of
 * their interval, to the minute, and end at their true end (a 50-minute visit ends 50 minutes later).
 */
function buildSchedules(calendar: PlanningCalendar, runs: FreeInterval[], solution: PackingSolution, buyers: Buyer[], wanted: number): ScheduleDay[][] {
  const out: ScheduleDay[][] = [];
  const seen = new Set<string>();
  const runsByLen = new Map<number, FreeInterval[]>();
  for (const r of runs) {
    const list = runsByLen.get(r.end - r.start) ?? [];
    list.push(r);
    runsByLen.set(r.end - r.start, list);
  }
  for (let v = 0; v < wanted * 4 && out.length < wanted; v++) {
    const rand = seededRandom(v * 7919 + 17);
    const bySize = new Map<number, Buyer[]>();
    for (const b of v === 0 ? buyers : shuffle(buyers.slice(), rand)) {
      const list = bySize.get(b.minutes) ?? [];
      list.push(b);
      bySize.set(b.minutes, list);
    }
    const placed: { run: FreeInterval; start: number; buyer: Buyer }[] = [];
    for (const [len, fillings] of solution) {
      let order = (runsByLen.get(len) ?? []).slice();
      if (v === 1) order.reverse();
      else if (v === 2) order.sort((a, b) => a.amo - b.amo || a.start - b.start);
      else if (v > 2) order = shuffle(order, rand);
      fillings.forEach((items, j) => {
        const run = order[j];
        let at = run.start;
        const seq = v % 2 === 1 ? items.slice().reverse() : items;
        for (const size of seq) {
          const buyer = bySize.get(size)!.pop()!;
          placed.push({ run, start: at, buyer });
          at += size;
        }
      });
    }
    // Order-free fingerprint of who goes where (two 32-bit sums of mixed values): no strings.
    let h1 = 0;
    let h2 = 0;
    for (const p of placed) {
      const x = Math.imul(p.buyer.index + 1, 0x9e3779b1) ^ Math.imul(p.run.amo + 1, 0x85ebca6b) ^ Math.imul(p.start, 0xc2b2ae35);
      h1 = (h1 + Math.imul(x ^ (x >>> 15), 0x27d4eb2f)) | 0;
      h2 = (h2 + Math.imul(x ^ (x >>> 13), 0x165667b1)) | 0;
    }
    const key = `${h1}:${h2}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(toScheduleDays(calendar, placed));
  }
  return out;
}

function toScheduleDays(calendar: PlanningCalendar, placed: { run: FreeInterval; start: number; buyer: Buyer }[]): ScheduleDay[] {
  const days: ScheduleDay[] = [];
  // By date, then by AMO column: no key string per visit.
  const index = new Map<string, ScheduleDay[]>();
  const dayOf = (date: string, amo: number): ScheduleDay => {
    let byAmo = index.get(date);
    if (!byAmo) index.set(date, (byAmo = []));
    let sd = byAmo[amo];
    if (!sd) {
      sd = { date, amoNb: amo, amoId: calendar.amoList[amo] ?? null, amoLabel: amoLabel(calendar, amo), visits: [] };
      byAmo[amo] = sd;
      days.push(sd);
    }
    return sd;
  };
  const maxAmo = new Map<string, number>();
  for (const d of calendar.days) maxAmo.set(d.date, Math.max(maxAmo.get(d.date) ?? 0, d.nbAmo));
  for (const [date, n] of [...maxAmo.entries()].sort()) for (let amo = 0; amo < n; amo++) dayOf(date, amo);
  placed.sort((a, b) => a.start - b.start);
  for (const p of placed) {
    const startMs = p.start * MINUTE_MS;
    const endMs = startMs + p.buyer.durationMs;
    dayOf(p.run.date, p.run.amo).visits.push({
      guestId: p.buyer.guestId,
      typologie: p.buyer.typologie,
      durationMs: p.buyer.durationMs,
      start: new Date(startMs).toISOString(),
      end: new Date(endMs).toISOString(),
      startTime: parisWallLabel(startMs),
      endTime: parisWallLabel(endMs),
    });
  }
  return days;
}

// ---------------------------------------------------------------------------------------------
// Shortfall

function hm(min: number): string {
  return formatHm(min).replace(':', 'h');
}

function durationLabel(ms: number): string {
  const min = Math.round(ms / 60_000);
  const h = Math.floor(min / 60);
  const m = min % 60;
  if (h === 0) return `${m}'`;
  return m === 0 ? `${h}h` : `${h}h${String(m).padStart(2, '0')}`;
}

/** Segment lengths of one full AMO-day: the first AMO's working time on the planning's fullest date. */
function fullAmoDayShape(calendar: PlanningCalendar): number[] {
  let best: number[] = [];
  let bestTotal = 0;
  for (const date of new Set(calendar.days.map((d) => d.date))) {
    const lens = workingSpans(calendar, date, 0)
      .map(([a, b]) => b - a)
      .filter((l) => l > 0);
    const total = lens.reduce((s, v) => s + v, 0);
    if (total > bestTotal) {
      best = lens;
      bestTotal = total;
    }
  }
  return best;
}

/**
 * Out of budget (a request never runs past its time budget): no yes or no, but the best bounds
 * known without any further solve (the budget is spent): at least `hoursMissing` (counting bounds)
 * and at most `hoursMissingAtMost` (visits best-fit decreasing leaves out) hours of visits cannot
 * be placed.
 */
function undecidedBound(runs: FreeInterval[], buyers: Buyer[], bestFitLeft?: number[]): NonNullable<SimulationData['shortfall']> {
  const bins = countBy(runs.map((r) => r.end - r.start));
  const bound = unplacedBounds(
    bins,
    buyers.map((b) => b.minutes),
    bestFitLeft,
  );
  const atMost = round2(bound.upperMinutes / 60);
  return {
    hoursMissing: round2(bound.minutes / 60),
    hoursMissingExact: bound.exact,
    hoursMissingAtMost: atMost,
    extraAmoDays: null,
    suggestions: [simulationAdvice.unplacedAtMost(String(atMost).replace('.', ','))],
  };
}

function explainShortfall(
  parsed: ParsedSimulationInput,
  calendar: PlanningCalendar,
  runs: FreeInterval[],
  buyers: Buyer[],
  request: TimeBudget,
): { reason: string; shortfall: NonNullable<SimulationData['shortfall']> } {
  const packing: PackingBudget = { within: request };
  const sizes = buyers.map((b) => b.minutes);
  const items = countBy(sizes);
  const bins = countBy(runs.map((r) => r.end - r.start));
  const freeMinutes = runs.reduce((s, r) => s + r.end - r.start, 0);
  const neededMinutes = sizes.reduce((s, v) => s + v, 0);
  const reason =
    neededMinutes > freeMinutes
      ? `${SCHEDULING_MESSAGES.availableBelowNeeded} ${SCHEDULING_MESSAGES.notEnoughTime}`
      : `${SCHEDULING_MESSAGES.noSolution} : ${simulationAdvice.slotsTooShort}`;
  const suggestions: string[] = [];

  // 1. More slots: the least number of extra full AMO-days (the planning's fullest day, one AMO).
  const shape = fullAmoDayShape(calendar);
  const extraAmoDays = leastExtraDays(bins, sizes, shape, request);
  const maxSize = Math.max(...sizes);
  if (extraAmoDays !== null) {
    const perDayHours = shape.reduce((s, v) => s + v, 0) / 60;
    suggestions.push(simulationAdvice.extraAmoDays(extraAmoDays, round2(extraAmoDays * perDayHours)));
  } else if (!request.expired()) {
    suggestions.push(simulationAdvice.visitTooLong(durationLabel(maxSize * MINUTE_MS)));
  }

  // 2. Shorter visits: lower the longest duration(s) to the next offered duration.
  const distinct = [...new Set(buyers.map((b) => b.durationMs))].sort((a, b) => b - a);
  for (const d of distinct) {
    if (request.expired()) break;
    const lower = OFFERED_DURATIONS_MS.filter((x) => x < d && (calendar.pas === 900 || x > 2_700_000)).pop();
    if (lower === undefined) continue;
    const shorter = countBy(buyers.map((b) => (b.durationMs >= d ? durationMinutes(lower) : b.minutes)));
    if (canPack({ bins, items: shorter }, undefined, packing)) {
      suggestions.push(simulationAdvice.shorterVisits(durationLabel(d), d < distinct[0], durationLabel(lower)));
      break;
    }
  }

  // 3. Another lunch break.
  const ls = parseHm(parsed.lunchStartTime);
  const le = parseHm(parsed.lunchEndTime);
  const tried = new Set<string>([`${ls}-${le}`]);
  const lunches: [number, number][] = [];
  for (const len of [le - ls, 60, 45, 30])
    for (const start of [ls - 30, ls + 30, ls - 60, ls + 60, 12 * 60, 11 * 60 + 30, 13 * 60]) {
      if (len <= 0 || len > le - ls) continue;
      const key = `${start}-${start + len}`;
      if (!tried.has(key)) {
        tried.add(key);
        lunches.push([start, start + len]);
      }
    }
  for (const [a, b] of lunches) {
    if (request.expired()) break;
    const alt = freeIntervals({ ...calendar, lunchStartTime: formatHm(a), lunchEndTime: formatHm(b) });
    if (canPack({ bins: countBy(alt.map((r) => r.end - r.start)), items }, undefined, packing)) {
      suggestions.push(simulationAdvice.otherLunch(hm(a), hm(b)));
      break;
    }
  }
  suggestions.push(simulationAdvice.general);
  // Past the budget: the counting and best-fit bounds (no solve).
  const unplaced = request.expired() ? unplacedBounds(bins, sizes) : leastUnplaced(bins, sizes, { packing });
  return {
    reason,
    shortfall: { hoursMissing: round2(unplaced.minutes / 60), hoursMissingExact: unplaced.exact, extraAmoDays, suggestions },
  };
}
