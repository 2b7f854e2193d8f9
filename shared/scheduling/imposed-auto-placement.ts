/**
 * 'Placer automatiquement' of the imposed planning creation (issue 13 part 1 ★): proposes a start
 * and an AMO column for every lot not placed yet, which staff may then move by hand. Lots are
 * taken grouped by batiment then etage (then lot number), and each AMO's day is filled in that
 * order before the next AMO or day is used, so a floor stays with one AMO as long as its day
 * allows (fewest AMO changes). A proposal never overlaps a visit already placed for the same AMO,
 * never touches the lunch break, stays inside the day's hours, starts on the snap grid and after
 * `nowMs`: the same rules the server checks (shared/rules/imposed-placement.ts), lunch besides.
 */
import { frenchHolidayName } from './french-holidays';
import { addDays, parisWallToEpoch, parseHm, wallOrigin } from './time-grid';

const MINUTE = 60_000;

export interface AutoPlacementLot {
  id: string;
  lotcomm: string;
  batiment: string;
  etage: string;
  lengthMs: number;
}

export interface AutoPlacedVisit {
  id: string;
  startMs: number;
  endMs: number;
  amoNb: number;
}

export interface AutoPlacementInput {
  /** Lots still to place (their order does not matter: they are grouped here). */
  lots: readonly AutoPlacementLot[];
  /** Visits staff already placed: left where they are, never overlapped on their AMO. */
  placed: readonly AutoPlacedVisit[];
  /** Candidate Paris days 'YYYY-MM-DD', in order (see workingDays). */
  days: readonly string[];
  dayStartTime: string;
  dayEndTime: string;
  /** '' when there is no lunch break. */
  lunchStartTime: string;
  lunchEndTime: string;
  /** AMO columns per day (1–10). */
  nbAmo: number;
  /** 30, or 15 with 'afficher toutes les durées' (part 2 §9). */
  snapMinutes: number;
  nowMs: number;
}

export interface AutoPlacementResult {
  placements: AutoPlacedVisit[];
  /** Ids of the lots that found no room in the given days. */
  unplaced: string[];
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** Batiment, then etage, then lot number, in natural order ('2' before '10'). */
export function groupOrder(a: AutoPlacementLot, b: AutoPlacementLot): number {
  return collator.compare(a.batiment, b.batiment) || collator.compare(a.etage, b.etage) || collator.compare(a.lotcomm, b.lotcomm) || collator.compare(a.id, b.id);
}

const groupOf = (lot: AutoPlacementLot): string => `${lot.batiment}\u0000${lot.etage}`;

/** `count` working days from `first` (inclusive): no Saturday, Sunday or French bank holiday. */
export function workingDays(first: string, count: number): string[] {
  const days: string[] = [];
  for (let date = first; days.length < count; date = addDays(date, 1)) {
    const weekday = new Date(wallOrigin(date)).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !frenchHolidayName(date)) days.push(date);
  }
  return days;
}

interface Interval {
  start: number;
  end: number;
}

/** [from, to) minus the busy intervals, in time order. */
function freeIntervals(from: number, to: number, busy: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let cursor = from;
  for (const b of [...busy].sort((x, y) => x.start - y.start)) {
    if (b.end <= cursor) continue;
    if (b.start >= to) break;
    if (b.start > cursor) out.push({ start: cursor, end: Math.min(b.start, to) });
    cursor = Math.max(cursor, b.end);
  }
  if (cursor < to) out.push({ start: cursor, end: to });
  return out;
}

/** The first instant ≥ ms on the snap grid of its Paris day (`dayOrigin` is that day's 00:00). */
function snapUp(ms: number, dayOrigin: number, snapMs: number): number {
  return dayOrigin + Math.ceil((ms - dayOrigin) / snapMs) * snapMs;
}

/** The first lot of the queue's head group (contiguous: the queue is in group order) no longer than `room`, or -1. */
function fittingInHeadGroup(queue: readonly AutoPlacementLot[], room: number): number {
  const group = groupOf(queue[0]);
  for (let index = 0; index < queue.length && groupOf(queue[index]) === group; index += 1) {
    if (queue[index].lengthMs <= room) return index;
  }
  return -1;
}

/**
 * Places every lot it can: each day in order, each AMO column in order, each free interval of
 * that AMO in time order, filled with the next lot of the current batiment/etage group that fits
 * (a shorter one of the same group may fill a gap the next one is too long for); when none fits,
 * the following interval is tried. Deterministic and pure.
 */
export function autoPlaceImposed(input: AutoPlacementInput): AutoPlacementResult {
  const queue = [...input.lots].sort(groupOrder);
  const placements: AutoPlacedVisit[] = [];
  const snapMs = input.snapMinutes * MINUTE;
  const hasLunch = /^\d\d:\d\d$/.test(input.lunchStartTime) && /^\d\d:\d\d$/.test(input.lunchEndTime) && input.lunchStartTime < input.lunchEndTime;

  for (const day of input.days) {
    if (queue.length === 0) break;
    const dayStart = parisWallToEpoch(day, parseHm(input.dayStartTime));
    const dayEnd = parisWallToEpoch(day, parseHm(input.dayEndTime));
    if (dayEnd <= input.nowMs) continue;
    const midnight = parisWallToEpoch(day, 0);
    const lunch: Interval[] = hasLunch ? [{ start: parisWallToEpoch(day, parseHm(input.lunchStartTime)), end: parisWallToEpoch(day, parseHm(input.lunchEndTime)) }] : [];
    // Nothing before now: the day starts at the next snap point after it.
    const from = Math.max(dayStart, snapUp(input.nowMs + 1, midnight, snapMs));

    for (let amoNb = 0; amoNb < input.nbAmo && queue.length > 0; amoNb += 1) {
      const busy = [...lunch, ...[...input.placed, ...placements].filter((visit) => visit.amoNb === amoNb && visit.startMs < dayEnd && visit.endMs > dayStart).map((visit) => ({ start: visit.startMs, end: visit.endMs }))];
      for (const gap of freeIntervals(from, dayEnd, busy)) {
        let cursor = snapUp(gap.start, midnight, snapMs);
        while (queue.length > 0) {
          const index = fittingInHeadGroup(queue, gap.end - cursor);
          if (index < 0) break;
          const [lot] = queue.splice(index, 1);
          placements.push({ id: lot.id, startMs: cursor, endMs: cursor + lot.lengthMs, amoNb });
          cursor = snapUp(cursor + lot.lengthMs, midnight, snapMs);
        }
        if (queue.length === 0) break;
      }
    }
  }
  return { placements, unplaced: queue.map((lot) => lot.id) };
}

/** How many times the AMO changes between two lots of the same batiment/etage group, in group order. */
export function amoChanges(lots: readonly AutoPlacementLot[], placements: readonly AutoPlacedVisit[]): number {
  const amoOf = new Map(placements.map((visit) => [visit.id, visit.amoNb]));
  const ordered = [...lots].filter((lot) => amoOf.has(lot.id)).sort(groupOrder);
  let changes = 0;
  for (let index = 1; index < ordered.length; index += 1) {
    if (groupOf(ordered[index]) === groupOf(ordered[index - 1]) && amoOf.get(ordered[index].id) !== amoOf.get(ordered[index - 1].id)) changes += 1;
  }
  return changes;
}
