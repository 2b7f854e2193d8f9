/**
 * Scheduling benchmark (figures printed, not a timed test).
 * S = 60 lots, 5 days, 2 AMOs; M = 600 lots, 20 days, 6 AMOs, 30'/45' visits (pas 900);
 * L = 2,000 lots, 60 days, 10 AMOs. Offering: one buyer in M with half the buyers booked.
 */
import { simulate } from '../../shared/scheduling/simulate';
import type { PlanningCalendar, SimulationInput } from '../../shared/scheduling/schemas';
import { offerSlots } from '../../shared/scheduling/slot-offering';
import { calendarFromEvents } from '../../shared/scheduling/planning-calendar';
import { addDays, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';

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
    nbSolutions: 3,
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

export const CASES: Record<'S' | 'M' | 'L', () => SimulationInput> = {
  S: () => benchInput(60, 5, 2, { '1p': 1 * H, '2p': 1 * H, '3p': 1 * H, '4p': 1 * H, '5p': 1.5 * H }),
  M: () => benchInput(600, 20, 6, { '1p': 0.5 * H, '2p': 0.5 * H, '3p': 0.75 * H, '4p': 0.75 * H, '5p': 0.75 * H }),
  L: () => benchInput(2000, 60, 10, { '1p': 1 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H }),
};

function stats(xs: number[]): { median: number; max: number } {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
}

const fmt = (x: number): string => x.toFixed(2);

export async function runSchedulingBench(): Promise<void> {
  const now = (): number => performance.now();
  const lines: string[] = [];
  const table: { case: string; what: string; median: number; max: number; note: string }[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  for (const name of ['S', 'M', 'L'] as const) {
    const input = CASES[name]();
    const runs = name === 'L' ? 7 : 11;
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
    table.push({ case: name, what: 'simulate', ...s, note: `${input.broadcastList.length} lots, feasible=${feasible}` });
    lines.push(`bench ${name} simulate median_ms=${fmt(s.median)} max_ms=${fmt(s.max)}`);
  }

  // Offering in M with half the buyers booked (bookings taken from the simulation's schedule).
  const input = CASES.M();
  const out = simulate(input, { skipChoices: true });
  const visits = out.schedule[0].flatMap((d) => d.visits.map((v) => ({ ...v, amoNb: d.amoNb })));
  const half = visits.filter((_, i) => i % 2 === 0);
  const base = calendarFromEvents({
    events: input.events,
    pas: out.simulationData.pas,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    amoList: input.amoList,
    authorizeTrous: false,
  });
  const calendar: PlanningCalendar = {
    ...base,
    bookings: half.map((v) => ({ meetingId: v.guestId, amoNb: v.amoNb, start: Date.parse(v.start), end: Date.parse(v.end) })),
  };
  const unbooked = visits.filter((_, i) => i % 2 === 1);
  for (const trous of [false, true]) {
    const cal = { ...calendar, authorizeTrous: trous };
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 31; i++) {
      const buyer = unbooked[i % unbooked.length];
      const others = unbooked.filter((v) => v !== buyer).map((v) => v.durationMs);
      const t = now();
      count = offerSlots(cal, buyer.durationMs, others).length;
      times.push(now() - t);
      sample();
    }
    const s = stats(times.slice(1));
    const what = 'offer';
    table.push({ case: `M${trous ? ' (trous)' : ''}`, what, ...s, note: `${half.length} booked, ${unbooked.length - 1} remaining, ${count} options` });
    if (!trous) lines.push(`bench M offer median_ms=${fmt(s.median)} max_ms=${fmt(s.max)}`);
    else lines.push(`bench M-trous offer median_ms=${fmt(s.median)} max_ms=${fmt(s.max)}`);
  }
  sample();
  console.log('| case | what | median ms | max ms | note |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of table) console.log(`| ${r.case} | ${r.what} | ${fmt(r.median)} | ${fmt(r.max)} | ${r.note} |`);
  for (const l of lines) console.log(l);
  console.log(`bench memory peak_rss_mb=${(peakRss / 2 ** 20).toFixed(1)} peak_heap_used_mb=${(peakHeap / 2 ** 20).toFixed(1)}`);
}
