import { inputBounds } from '../../shared/domain/input-bounds';
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
import type { PlanningCalendar, SimulationInput } from '../../shared/scheduling/schemas';
import { offerSlots } from '../../shared/scheduling/slot-offering';
import { freeIntervals } from '../../shared/scheduling/free-time';
import { calendarFromEvents } from '../../shared/scheduling/planning-calendar';
import { addDays, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { seededRandom } from '../../shared/scheduling/seeded-random';
import { choosePas } from '../../shared/scheduling/phase-durations';

const H = 3_600_000;
const TYPOS = ['1p', '2p', '3p', '4p', '5p'];

function workingDays(from: string, n: number): string[] {
  const out: string[] = [];
  for (let d = from; out.length < n; d = addDays(d, 1)) {
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6 && !isFrenchHoliday(d)) out.push(d);
  }
  return out;
}

export function benchInput(lots: number, days: number, amos: number, mTimes: Record<string, number>, authorizeTrous = false): SimulationInput {
  return {
    authorizeTrous,
    // Three schedules, as the form asks, within the answer's bound on listed visits (XL: one).
    nbSolutions: Math.max(1, Math.min(3, Math.floor(inputBounds.scheduledVisits / lots))),
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: workingDays('2026-09-07', days).map((date) => ({
      start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(),
      end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(),
      nbAmo: amos,
    })),
    mTimes,
    amoList: Array.from({ length: amos }, (_, i) => `amo-${i + 1}`),
    broadcastList: Array.from({ length: lots }, (_, i) => ({ guest: { _id: `lot-${i + 1}`, typologie: TYPOS[(i * 7) % 5] } })),
  };
}

export const CASES: Record<'S' | 'M' | 'L' | 'XL', () => SimulationInput> = {
  S: () => benchInput(60, 5, 2, { '1p': 1 * H, '2p': 1 * H, '3p': 1 * H, '4p': 1 * H, '5p': 1.5 * H }),
  M: () => benchInput(600, 20, 6, { '1p': 0.5 * H, '2p': 0.5 * H, '3p': 0.75 * H, '4p': 0.75 * H, '5p': 0.75 * H }),
  L: () => benchInput(2000, 60, 10, { '1p': 1 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H }),
  XL: () => benchInput(12000, 370, 10, { '1p': 1 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H }),
};

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
  const base = calendarFromEvents({ events: input.events, pas: choosePas(durations), lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: input.amoList, authorizeTrous: trous });
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
    calendar = { ...calendar, bookings: [...calendar.bookings, { meetingId: `lot-${i}`, amoNb: o.amoNb, start: Date.parse(o.startDate), end: Date.parse(o.endDate) }] };
  });
  return { times, meanOptions: options / times.length, meanNaive: naive / times.length, stranded, booked: calendar.bookings.length, buyers: order.length, sampled: limit < order.length };
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
    table.push({ case: name, what: 'simulate', median: s.median, max: s.max, note: `${input.broadcastList.length} lots, ${input.events.length} days, feasible=${feasible}` });
    emit(`bench ${name} simulate median_ms=${fmt(s.median)} max_ms=${fmt(s.max)}`);
  }

  for (const name of ['S', 'M', 'L', 'XL'] as const) {
    for (const trous of [false, true]) {
      const c = campaign(name, trous);
      sample();
      const s = stats(c.times);
      const label = `${name}${trous ? '-trous' : ''}`;
      const sampled = c.sampled ? `sampled: the first ${c.times.length} of ${c.buyers} buyers book; ` : '';
      table.push({ case: `${label} campaign`, what: 'offer', ...s, note: `${sampled}${c.times.length} offers, ${c.booked} booked, ${c.stranded} without option; options/buyer ${c.meanOptions.toFixed(1)} (naive ${c.meanNaive.toFixed(1)})` });
      emit(`bench ${label} offer median_ms=${fmt(s.median)} p99_ms=${fmt(s.p99)} max_ms=${fmt(s.max)} offers=${c.times.length}${c.sampled ? ` sampled_of=${c.buyers}` : ''}`);
      emit(`bench ${label} options_per_buyer mean=${c.meanOptions.toFixed(1)} naive=${c.meanNaive.toFixed(1)} stranded=${c.stranded}`);
    }
  }
  sample();
  console.log('| case | what | median ms | p99 ms | max ms | note |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of table) console.log(`| ${r.case} | ${r.what} | ${fmt(r.median)} | ${r.p99 === undefined ? '' : fmt(r.p99)} | ${fmt(r.max)} | ${r.note} |`);
  console.log(`bench memory peak_rss_mb=${(peakRss / 2 ** 20).toFixed(1)} peak_heap_used_mb=${(peakHeap / 2 ** 20).toFixed(1)}`);
}
