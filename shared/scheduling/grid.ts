/**
 * The slot grid: per AMO column and per day, slots of `pas` seconds marked '@break', '@lunch',
 * '@shift', '@unavailable', free (false) or booked (the meeting id). Part 1 §4, part 2 §3.
 *
 * Our reading of the markers:
 * - '@shift': outside the day's working window (the grid spans at least 06:00–20:00, the default
 *   working window when computing free slots, part 1 §9);
 * - '@lunch': inside the working window and overlapping the lunch break;
 * - '@break': an AMO column that does not work that day (the day's nbAmo is below the column);
 * - '@unavailable': time the staff removed from an AMO's availability;
 * - time added by staff (`extraAvailable`) is free even outside the window or at lunch.
 *
 * Internally a grid is a compact `CompiledCalendar` of integer codes (no Date on hot paths).
 */
import type { GridMarker, PlanningCalendar } from './schemas';
import { epochToParisWall, formatHm, parseHm } from './time-grid';

export const CODE_FREE = 0;
const CODE_BREAK = -1;
const CODE_LUNCH = -2;
const CODE_SHIFT = -3;
const CODE_UNAVAILABLE = -4;

/** Grid window (minutes of the day) when the working window is inside it. */
const GRID_DEFAULT_START_MIN = 6 * 60;
const GRID_DEFAULT_END_MIN = 20 * 60;

interface CompiledDay {
  index: number;
  date: string;
  nbAmo: number;
  workStartMin: number;
  workEndMin: number;
  /** Wall-clock minute of slot 0. */
  gridStartMin: number;
  nSlots: number;
}

export interface CompiledCalendar {
  pas: 900 | 1800;
  slotMin: number;
  nbColumns: number;
  days: CompiledDay[];
  dayIndex: Map<string, number>;
  /** cells[day][column][slot]: CODE_* or booking index + 1. */
  cells: Int32Array[][];
  bookingIds: string[];
  authorizeTrous: boolean;
}

/** Number of AMO columns: the AMO list, or the largest nbAmo of a day (anonymous 'AMO n'). */
export function amoColumnCount(calendar: PlanningCalendar): number {
  let n = calendar.amoList.length;
  for (const d of calendar.days) n = Math.max(n, d.nbAmo);
  for (const b of calendar.bookings) n = Math.max(n, b.amoNb + 1);
  return n;
}

export function amoLabel(calendar: PlanningCalendar, amoNb: number): string {
  return calendar.amoList[amoNb] ?? `AMO ${amoNb + 1}`;
}

/** A range of epoch ms as (day index, start minute, end minute) pieces, one per Paris day. */
function rangeToDayMinutes(dayIndex: Map<string, number>, start: number, end: number): { day: number; startMin: number; endMin: number }[] {
  const a = epochToParisWall(start);
  const b = epochToParisWall(end);
  const out: { day: number; startMin: number; endMin: number }[] = [];
  if (a.date === b.date) {
    const day = dayIndex.get(a.date);
    if (day !== undefined) out.push({ day, startMin: a.minuteOfDay, endMin: b.minuteOfDay });
    return out;
  }
  const d1 = dayIndex.get(a.date);
  if (d1 !== undefined) out.push({ day: d1, startMin: a.minuteOfDay, endMin: 24 * 60 });
  const d2 = dayIndex.get(b.date);
  if (d2 !== undefined) out.push({ day: d2, startMin: 0, endMin: b.minuteOfDay });
  return out;
}

export function compileCalendar(calendar: PlanningCalendar): CompiledCalendar {
  const slotMin = calendar.pas / 60;
  const nbColumns = amoColumnCount(calendar);
  const lunchStart = parseHm(calendar.lunchStartTime);
  const lunchEnd = parseHm(calendar.lunchEndTime);
  const dayIndex = new Map<string, number>();
  // One compiled day per date; several windows on a date each open their own AMO columns.
  const windowsByDate = new Map<string, { startMin: number; endMin: number; nbAmo: number }[]>();
  for (const d of calendar.days) {
    const list = windowsByDate.get(d.date) ?? [];
    list.push({ startMin: parseHm(d.start), endMin: parseHm(d.end) || 24 * 60, nbAmo: d.nbAmo });
    windowsByDate.set(d.date, list);
  }
  const days: CompiledDay[] = [...windowsByDate.entries()].map(([date, windows], index) => {
    const workStartMin = Math.min(...windows.map((w) => w.startMin));
    const workEndMin = Math.max(...windows.map((w) => w.endMin));
    const gridStartMin = Math.floor(Math.min(GRID_DEFAULT_START_MIN, workStartMin) / slotMin) * slotMin;
    const gridEnd = Math.ceil(Math.max(GRID_DEFAULT_END_MIN, workEndMin) / slotMin) * slotMin;
    dayIndex.set(date, index);
    const nbAmo = Math.max(...windows.map((w) => w.nbAmo));
    return { index, date, nbAmo, workStartMin, workEndMin, gridStartMin, nSlots: (gridEnd - gridStartMin) / slotMin };
  });
  const cells: Int32Array[][] = days.map((day) => {
    const windows = windowsByDate.get(day.date)!;
    const cols: Int32Array[] = [];
    for (let c = 0; c < nbColumns; c++) {
      const row = new Int32Array(day.nSlots);
      for (let s = 0; s < day.nSlots; s++) {
        const a = day.gridStartMin + s * slotMin;
        const b = a + slotMin;
        if (c >= day.nbAmo) row[s] = CODE_BREAK;
        else if (!windows.some((w) => w.nbAmo > c && a >= w.startMin && b <= w.endMin)) row[s] = CODE_SHIFT;
        else if (a < lunchEnd && b > lunchStart) row[s] = CODE_LUNCH;
        else row[s] = CODE_FREE;
      }
      cols.push(row);
    }
    return cols;
  });
  const paint = (amoNb: number, start: number, end: number, code: number, whole: boolean): void => {
    if (amoNb >= nbColumns) return;
    for (const piece of rangeToDayMinutes(dayIndex, start, end)) {
      const day = days[piece.day];
      const row = cells[piece.day][amoNb];
      for (let s = 0; s < day.nSlots; s++) {
        const a = day.gridStartMin + s * slotMin;
        const b = a + slotMin;
        const hit = whole ? a >= piece.startMin && b <= piece.endMin : a < piece.endMin && b > piece.startMin;
        if (hit) row[s] = code;
      }
    }
  };
  for (const r of calendar.extraAvailable) paint(r.amoNb, r.start, r.end, CODE_FREE, true);
  for (const r of calendar.unavailable) paint(r.amoNb, r.start, r.end, CODE_UNAVAILABLE, false);
  calendar.bookings.forEach((bk, i) => paint(bk.amoNb, bk.start, bk.end, i + 1, false));
  return {
    pas: calendar.pas,
    slotMin,
    nbColumns,
    days,
    dayIndex,
    cells,
    bookingIds: calendar.bookings.map((b) => b.meetingId),
    authorizeTrous: calendar.authorizeTrous,
  };
}

/** A maximal run of free slots of one AMO on one day: a bin of the packing problem. */
export interface FreeRun {
  day: number;
  amo: number;
  start: number;
  len: number;
  /** A booked visit touches the run on this side (otherwise: lunch, end of shift, unavailable…). */
  leftBooked: boolean;
  rightBooked: boolean;
}

export function freeRuns(cc: CompiledCalendar): FreeRun[] {
  const runs: FreeRun[] = [];
  cc.days.forEach((day, d) => {
    for (let c = 0; c < cc.nbColumns; c++) {
      const row = cc.cells[d][c];
      let s = 0;
      while (s < day.nSlots) {
        if (row[s] !== CODE_FREE) {
          s++;
          continue;
        }
        const start = s;
        while (s < day.nSlots && row[s] === CODE_FREE) s++;
        runs.push({
          day: d,
          amo: c,
          start,
          len: s - start,
          leftBooked: start > 0 && row[start - 1] > 0,
          rightBooked: s < day.nSlots && row[s] > 0,
        });
      }
    }
  });
  return runs;
}

export interface PlanningGrid {
  pas: 900 | 1800;
  amos: { amoNb: number; amoId: string | null; label: string }[];
  days: {
    date: string;
    /** Wall time 'HH:mm' (Paris) of the first slot; slot i starts pas × i seconds later. */
    firstSlot: string;
    /** slots[amoNb][i] */
    slots: GridMarker[][];
  }[];
}

const MARKERS: Record<number, GridMarker> = {
  [CODE_FREE]: false,
  [CODE_BREAK]: '@break',
  [CODE_LUNCH]: '@lunch',
  [CODE_SHIFT]: '@shift',
  [CODE_UNAVAILABLE]: '@unavailable',
};

/** The per-AMO, per-day slot markers, for the staff calendar and the availability drawer. */
export function buildGrid(calendar: PlanningCalendar): PlanningGrid {
  const cc = compileCalendar(calendar);
  return {
    pas: cc.pas,
    amos: Array.from({ length: cc.nbColumns }, (_, amoNb) => ({
      amoNb,
      amoId: calendar.amoList[amoNb] ?? null,
      label: amoLabel(calendar, amoNb),
    })),
    days: cc.days.map((day, d) => ({
      date: day.date,
      firstSlot: formatHm(day.gridStartMin),
      slots: cc.cells[d].map((row) => Array.from(row, (code) => (code > 0 ? cc.bookingIds[code - 1] : MARKERS[code]))),
    })),
  };
}
