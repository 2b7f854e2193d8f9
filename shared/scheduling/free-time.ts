/**
 * The free time of a planning, exact to the minute and in real time: for every date and AMO
 * column, the intervals (epoch minutes) where a visit may take place. This is what every check
 * (simulation, offering, booking re-check, staff warnings) packs visits into.
 *
 * - Real time, not wall-clock slots: a window is the interval between its Paris wall-clock start
 *   and end instants, so a night window on a DST change day has its true length (a wall-clock grid
 *   is wrong by an hour there), and an end of '00:00' (24:00) is the next midnight.
 * - Several events on one date are several windows, each with its own AMO count: column c works
 *   in the windows whose nbAmo is above c (part 2 §4 availability).
 * - Time before `calendar.notBefore` (now + the planning's minimum notice) is not free: no check
 *   may count past time as capacity (part 2 §4).
 * - No rounding to the slot step: a window 09:05–10:40 holds a 75-minute visit (rounding would
 *   refuse visits that fit).
 */
import type { PlanningCalendar, TimeRange } from './schemas';
import { addDays, epochToParisWall, parisWallToEpoch, parseHm } from './time-grid';
import { calendarShape } from './planning-calendar';

export const MINUTE_MS = 60_000;

/** A maximal free interval of one AMO on one date: a bin of the packing problem. */
export interface FreeInterval {
  date: string;
  amo: number;
  /** Epoch minutes, end excluded. */
  start: number;
  end: number;
  /** A placed visit touches the interval on this side (otherwise: lunch, end of shift, unavailable…). */
  leftBooked: boolean;
  rightBooked: boolean;
  /** The interval starts at the notice cut (`notBefore`): the time before it is passing, not a hole. */
  leftAtNotice: boolean;
}

type Span = [number, number];

/** Epoch minute of a Paris wall time; minute 1440 is the next midnight. */
function wallToEpochMin(date: string, minuteOfDay: number): number {
  if (minuteOfDay >= 24 * 60) return wallToEpochMin(addDays(date, 1), minuteOfDay - 24 * 60);
  return Math.round(parisWallToEpoch(date, minuteOfDay) / MINUTE_MS);
}

/** Window end in minutes of the day: '00:00' as an end is midnight at the end of the day. */
function windowEndMin(end: string): number {
  return parseHm(end) || 24 * 60;
}

function subtract(spans: Span[], cut: Span): Span[] {
  const out: Span[] = [];
  for (const [a, b] of spans) {
    if (b <= cut[0] || a >= cut[1]) out.push([a, b]);
    else {
      if (a < cut[0]) out.push([a, cut[0]]);
      if (b > cut[1]) out.push([cut[1], b]);
    }
  }
  return out;
}

function union(spans: Span[]): Span[] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Span[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Ranges in epoch minutes, by AMO then by the Paris date(s) they touch (so each date sees only its own). */
function byAmoAndDate(ranges: readonly TimeRange[]): Map<number, Map<string, Span[]>> {
  const m = new Map<number, Map<string, Span[]>>();
  for (const r of ranges) {
    let byDate = m.get(r.amoNb);
    if (!byDate) m.set(r.amoNb, (byDate = new Map()));
    const span: Span = [Math.floor(r.start / MINUTE_MS), Math.ceil(r.end / MINUTE_MS)];
    const first = epochToParisWall(r.start).date;
    const last = epochToParisWall(r.end).date;
    for (let date = first; ; date = addDays(date, 1)) {
      const list = byDate.get(date) ?? [];
      list.push(span);
      byDate.set(date, list);
      if (date >= last) break;
    }
  }
  return m;
}

/** Number of AMO columns: the AMO list, or the largest nbAmo of a day (anonymous 'AMO n'). */
function columnCount(calendar: PlanningCalendar): number {
  let n = calendar.amoList.length;
  for (const d of calendar.days) n = Math.max(n, d.nbAmo);
  for (const b of calendar.bookings) n = Math.max(n, b.amoNb + 1);
  return n;
}

type Window = { start: string; end: string; nbAmo: number };

function spansOf(calendar: PlanningCalendar, date: string, windows: readonly Window[], amo: number): Span[] {
  const ls = parseHm(calendar.lunchStartTime);
  const le = parseHm(calendar.lunchEndTime);
  let spans: Span[] = [];
  for (const d of windows) {
    if (d.nbAmo <= amo) continue;
    spans.push([wallToEpochMin(date, parseHm(d.start)), wallToEpochMin(date, windowEndMin(d.end))]);
  }
  spans = union(spans);
  if (le > ls) spans = subtract(spans, [wallToEpochMin(date, ls), wallToEpochMin(date, le)]);
  return spans;
}

/** Working spans (epoch minutes) of column `amo` on `date`, lunch removed, before any edit. */
export function workingSpans(calendar: PlanningCalendar, date: string, amo: number): Span[] {
  return spansOf(
    calendar,
    date,
    calendar.days.filter((d) => d.date === date),
    amo,
  );
}

/** Every free interval of the planning, by date then AMO then time. */
export function freeIntervals(input: PlanningCalendar): FreeInterval[] {
  const calendar = calendarShape(input);
  const windows = new Map<string, Window[]>();
  for (const d of calendar.days) {
    const list = windows.get(d.date) ?? [];
    list.push(d);
    windows.set(d.date, list);
  }
  const dates = [...windows.keys()].sort();
  const columns = columnCount(calendar);
  const extra = byAmoAndDate(calendar.extraAvailable);
  const unavailable = byAmoAndDate(calendar.unavailable);
  const booked = byAmoAndDate(calendar.bookings);
  const notBefore = calendar.notBefore === undefined ? -Infinity : Math.ceil(calendar.notBefore / MINUTE_MS);
  const out: FreeInterval[] = [];
  for (const date of dates) {
    const dayStart = wallToEpochMin(date, 0);
    const dayEnd = wallToEpochMin(date, 24 * 60);
    if (dayEnd <= notBefore) continue;
    const dayWindows = windows.get(date)!;
    for (let amo = 0; amo < columns; amo++) {
      let spans = spansOf(calendar, date, dayWindows, amo);
      // Time added by staff counts on the date it falls on (clipped to that date).
      const added = extra.get(amo)?.get(date);
      if (added) {
        for (const [a, b] of added) if (b > dayStart && a < dayEnd) spans.push([Math.max(a, dayStart), Math.min(b, dayEnd)]);
        spans = union(spans);
      }
      for (const cut of unavailable.get(amo)?.get(date) ?? []) spans = subtract(spans, cut);
      const visits = booked.get(amo)?.get(date) ?? [];
      for (const cut of visits) spans = subtract(spans, cut);
      if (notBefore > dayStart) spans = subtract(spans, [-Infinity, notBefore]);
      for (const [start, end] of spans) {
        if (end <= start) continue;
        out.push({
          date,
          amo,
          start,
          end,
          leftBooked: visits.some(([, b]) => b === start),
          rightBooked: visits.some(([a]) => a === end),
          leftAtNotice: start === notBefore,
        });
      }
    }
  }
  return out;
}

/** Visit length in whole minutes (a duration is never rounded to the slot step). */
export function durationMinutes(durationMs: number): number {
  return Math.ceil(durationMs / MINUTE_MS);
}
