/**
 * 'Placer automatiquement' of the imposed planning creation (part 2 §2.5 ★): proposes a start
 * and an AMO column for every lot not placed yet, which staff may then move by hand. Lots are
 * taken grouped by batiment then etage (then lot number), and each AMO's day is filled in that
 * order before the next AMO or day is used, so a floor stays with one AMO as long as its day
 * allows (fewest AMO changes). A proposal never overlaps a visit already placed for the same AMO,
 * never touches the lunch break, stays inside the day's hours, starts on the snap grid and after
 * `nowMs`: the same rules the server checks (shared/rules/imposed-placement.ts), lunch besides.
 */
import { imposedMessages } from '../messages/imposed';
import { formatFrenchDay } from '../i18n/french-dates';
import { frenchHolidayName } from './french-holidays';
import type { PackingSolution } from './segment-packing';
import { countBy, decidePacking } from './segment-packing';
import { TimeBudget } from './time-budget';
import { addDays, epochToParisWall, parisWallToEpoch, parseHm, wallOrigin } from './time-grid';

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
  /** The planning's own Paris days 'YYYY-MM-DD', in order (see planningOwnDays). */
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

/**
 * The days 'Placer automatiquement' may use: the planning's own (part 2 §2.5: staff choose the
 * time of a convocation), that is the days staff chose in the hours calculator and the days they
 * dropped a lot on. Never another day: a lot placed on a day nobody chose would convene its buyer
 * at a date staff never saw (a Monday three days ahead, when every visit was dropped in March).
 */
export function planningOwnDays(chosenDays: readonly string[], placedStarts: readonly number[]): string[] {
  const days = new Set(chosenDays.filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day)));
  for (const start of placedStarts) days.add(epochToParisWall(start).date);
  return [...days].sort();
}

/** Why a lot was left unplaced, for the staff's message. */
export type UnplacedReason = 'no-days' | 'past-days' | 'too-long' | 'no-room';

/**
 * The reason each unplaced lot found no place: the planning has no day yet; all its days are
 * past; its visit is longer than the longest stretch of a day (its hours, lunch left out); or the
 * days are full (hours, lunch, the AMO columns and the visits already placed).
 */
export function unplacedReasons(input: AutoPlacementInput, unplaced: readonly string[]): { id: string; lotcomm: string; reason: UnplacedReason }[] {
  const lots = new Map(input.lots.map((lot) => [lot.id, lot]));
  const dayStart = parseHm(input.dayStartTime);
  const dayEnd = parseHm(input.dayEndTime);
  const hasLunch = /^\d\d:\d\d$/.test(input.lunchStartTime) && /^\d\d:\d\d$/.test(input.lunchEndTime) && input.lunchStartTime < input.lunchEndTime;
  const longestMinutes = hasLunch
    ? Math.max(Math.min(parseHm(input.lunchStartTime), dayEnd) - dayStart, dayEnd - Math.max(parseHm(input.lunchEndTime), dayStart), 0)
    : Math.max(dayEnd - dayStart, 0);
  const allPast = input.days.every((day) => parisWallToEpoch(day, dayEnd) <= input.nowMs);
  return unplaced.map((id) => {
    const lot = lots.get(id);
    const reason: UnplacedReason =
      input.days.length === 0 ? 'no-days' : allPast ? 'past-days' : lot && lot.lengthMs > longestMinutes * MINUTE ? 'too-long' : 'no-room';
    return { id, lotcomm: lot?.lotcomm ?? id, reason };
  });
}

/**
 * What staff read after 'Placer automatiquement' left lots out: which lots, and why, in French
 * (one line per reason). Empty when every lot found a place.
 */
export interface AutoPlacementReport {
  header: string;
  lines: string[];
}

export function autoPlacementReport(reasons: readonly { lotcomm: string; reason: UnplacedReason }[], days: readonly string[]): AutoPlacementReport | null {
  if (reasons.length === 0) return null;
  const lotsOf = (reason: UnplacedReason) => reasons.filter((entry) => entry.reason === reason).map((entry) => entry.lotcomm);
  const text = imposedMessages.autoPlacement;
  const why: Record<UnplacedReason, string> = {
    'no-days': text.noDays,
    'past-days': text.pastDays,
    'too-long': text.tooLong,
    'no-room': text.noRoom(days.map(formatFrenchDay)),
  };
  const lines = (['no-days', 'past-days', 'too-long', 'no-room'] as const).flatMap((reason) => {
    const lots = lotsOf(reason);
    return lots.length ? [`${text.lots(lots)} : ${why[reason]}`] : [];
  });
  return { header: text.header(reasons.length), lines };
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** Batiment, then etage, then lot number, in natural order ('2' before '10'). */
function groupOrder(a: AutoPlacementLot, b: AutoPlacementLot): number {
  return (
    collator.compare(a.batiment, b.batiment) || collator.compare(a.etage, b.etage) || collator.compare(a.lotcomm, b.lotcomm) || collator.compare(a.id, b.id)
  );
}

const groupOf = (lot: AutoPlacementLot): string => `${lot.batiment}\u0000${lot.etage}`;

/** `count` working days from `first` (inclusive): no Saturday, Sunday or French bank holiday (the bench's days). */
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

/** A free interval of one AMO on one day, its start already on the snap grid. */
interface Gap {
  amoNb: number;
  start: number;
  end: number;
  /** Whole snap steps from its start to its end. */
  units: number;
  midnight: number;
}

interface Frame {
  snapMs: number;
  /** Per candidate day (in order): its gaps, by AMO then time. */
  days: Gap[][];
}

/** The free intervals of every candidate day, AMO by AMO, in time order (day hours minus lunch, visits already placed and time before now). */
function frame(input: AutoPlacementInput): Frame {
  const snapMs = input.snapMinutes * MINUTE;
  const hasLunch = /^\d\d:\d\d$/.test(input.lunchStartTime) && /^\d\d:\d\d$/.test(input.lunchEndTime) && input.lunchStartTime < input.lunchEndTime;
  const days = input.days.map((day): Gap[] => {
    const dayStart = parisWallToEpoch(day, parseHm(input.dayStartTime));
    const dayEnd = parisWallToEpoch(day, parseHm(input.dayEndTime));
    if (dayEnd <= input.nowMs) return [];
    const midnight = parisWallToEpoch(day, 0);
    const lunch: Interval[] = hasLunch
      ? [{ start: parisWallToEpoch(day, parseHm(input.lunchStartTime)), end: parisWallToEpoch(day, parseHm(input.lunchEndTime)) }]
      : [];
    // Nothing before now: the day starts at the next snap point after it.
    const from = Math.max(dayStart, snapUp(input.nowMs + 1, midnight, snapMs));
    const gaps: Gap[] = [];
    for (let amoNb = 0; amoNb < input.nbAmo; amoNb += 1) {
      const busy = [
        ...lunch,
        ...input.placed
          .filter((visit) => visit.amoNb === amoNb && visit.startMs < dayEnd && visit.endMs > dayStart)
          .map((visit) => ({ start: visit.startMs, end: visit.endMs })),
      ];
      for (const gap of freeIntervals(from, dayEnd, busy)) {
        const start = snapUp(gap.start, midnight, snapMs);
        const units = Math.floor((gap.end - start) / snapMs);
        if (units > 0) gaps.push({ amoNb, start, end: gap.end, units, midnight });
      }
    }
    return gaps;
  });
  return { snapMs, days };
}

/** Lots in group order with their group number (consecutive lots of one batiment/etage share it). */
interface Ordered {
  lots: readonly AutoPlacementLot[];
  group: Int32Array;
}

function ordered(lots: readonly AutoPlacementLot[]): Ordered {
  const sorted = [...lots].sort(groupOrder);
  const group = new Int32Array(sorted.length);
  for (let index = 1; index < sorted.length; index += 1) group[index] = group[index - 1] + (groupOf(sorted[index]) === groupOf(sorted[index - 1]) ? 0 : 1);
  return { lots: sorted, group };
}

/**
 * The historical fill: gap by gap (days in order, AMO by AMO, in time order), each filled with
 * the next lot of the current batiment/etage group that fits (a shorter one of the same group may
 * fill a gap the next one is too long for). Best grouping; not always the fewest days. Returns
 * the placements and, per gap, how many placements were made up to its end.
 */
function fillInGroupOrder(o: Ordered, gaps: readonly Gap[], snapMs: number): { placements: AutoPlacedVisit[]; lotIndex: number[]; upTo: number[] } {
  const { lots, group } = o;
  const placed = new Uint8Array(lots.length);
  let head = 0;
  const placements: AutoPlacedVisit[] = [];
  const lotIndex: number[] = [];
  const upTo: number[] = [];
  for (const gap of gaps) {
    let cursor = gap.start;
    for (;;) {
      while (head < lots.length && placed[head]) head += 1;
      if (head === lots.length) break;
      // The first lot of the head group no longer than the room left.
      let index = head;
      while (index < lots.length && group[index] === group[head] && (placed[index] || lots[index].lengthMs > gap.end - cursor)) index += 1;
      if (index === lots.length || group[index] !== group[head]) break;
      placed[index] = 1;
      placements.push({ id: lots[index].id, startMs: cursor, endMs: cursor + lots[index].lengthMs, amoNb: gap.amoNb });
      lotIndex.push(index);
      cursor = snapUp(cursor + lots[index].lengthMs, gap.midnight, snapMs);
    }
    upTo.push(placements.length);
  }
  return { placements, lotIndex, upTo };
}

const unplacedOf = (lots: readonly AutoPlacementLot[], placements: readonly AutoPlacedVisit[]): string[] => {
  const done = new Set(placements.map((visit) => visit.id));
  return lots.filter((lot) => !done.has(lot.id)).map((lot) => lot.id);
};

/** Lot length in snap steps: the next lot starts on the grid after it. */
const unitsOf = (lot: AutoPlacementLot, snapMs: number): number => Math.ceil(lot.lengthMs / snapMs);

/** Gap lengths (in snap steps), as packing bins. */
const binsOf = (gaps: readonly Gap[]): Map<number, number> => countBy(gaps.map((gap) => gap.units));

/**
 * The fewest days that hold every lot, exactly: gaps are bins and lots items (in snap steps),
 * and the exact solver of segment-packing.ts answers for the first D days, D from the capacity
 * bound up. Null when even every candidate day cannot hold them (or the budget ran out).
 */
function fewestDays(lots: readonly AutoPlacementLot[], f: Frame, budget: TimeBudget): { days: number; packing: PackingSolution } | null {
  const units = lots.map((lot) => unitsOf(lot, f.snapMs));
  const items = countBy(units);
  const need = units.reduce((sum, u) => sum + u, 0);
  const longest = Math.max(...units);
  let capacity = 0;
  let widest = 0;
  for (let days = 1; days <= f.days.length; days += 1) {
    for (const gap of f.days[days - 1]) {
      capacity += gap.units;
      widest = Math.max(widest, gap.units);
    }
    if (capacity < need || widest < longest) continue;
    const packing = decidePacking({ bins: binsOf(f.days.slice(0, days).flat()), items }, { within: budget, maxMs: PER_CHECK_MS });
    if (packing && packing !== 'undecided') return { days, packing };
    if (budget.expired()) return null;
  }
  return null;
}

/** Time for one packing check, and for the whole placement (it runs on the staff's click). */
const PER_CHECK_MS = 100;
const PLACEMENT_BUDGET_MS = 400;

/**
 * Places the lots of a packing gap by gap (days in order, AMO by AMO, in time order): each gap
 * takes one of the fillings the packing gives its length, the one whose lots come nearest in
 * group order; each of its lengths is served by the earliest lot of that length
 * still to place, and the gap's lots are placed in group order back to back on the snap grid. So
 * the lots of a gap are (nearly) the next ones in group order: floors stay together.
 */
function fillFromPacking(lots: readonly AutoPlacementLot[], gaps: readonly Gap[], snapMs: number, packing: PackingSolution): AutoPlacedVisit[] {
  const units = lots.map((lot) => unitsOf(lot, snapMs));
  // The packing's fillings per gap length, grouped by content (few distinct ones).
  const fillings = new Map<number, { sizes: number[]; count: number }[]>();
  for (const [gapUnits, list] of packing) {
    const byContent = new Map<string, { sizes: number[]; count: number }>();
    for (const sizes of list) {
      const key = sizes
        .slice()
        .sort((a, b) => a - b)
        .join(',');
      const entry = byContent.get(key) ?? { sizes, count: 0 };
      entry.count += 1;
      byContent.set(key, entry);
    }
    fillings.set(gapUnits, [...byContent.values()]);
  }
  // Per length, the indexes of its lots in group order, and a pointer to the next one to place.
  const bySize = new Map<number, { list: number[]; next: number }>();
  units.forEach((u, index) => {
    const entry = bySize.get(u) ?? { list: [], next: 0 };
    entry.list.push(index);
    bySize.set(u, entry);
  });
  const placed = new Uint8Array(lots.length);
  const placements: AutoPlacedVisit[] = [];
  const need = new Map<number, number>();
  {
    for (const gap of gaps) {
      const options = fillings.get(gap.units);
      if (!options) continue;
      // The filling whose lots are the nearest in group order: the least reach (the farthest lot
      // it would take), then the least total distance.
      let best: { sizes: number[]; count: number } | undefined;
      let bestReach = Infinity;
      let bestSum = Infinity;
      for (const option of options) {
        if (option.count === 0) continue;
        let reach = 0;
        let sum = 0;
        need.clear();
        for (const size of option.sizes) need.set(size, (need.get(size) ?? 0) + 1);
        for (const [size, count] of need) {
          const entry = bySize.get(size);
          const at = entry && entry.next + count - 1 < entry.list.length ? entry.list[entry.next + count - 1] : lots.length;
          reach = Math.max(reach, at);
          sum += at;
        }
        if (reach < bestReach || (reach === bestReach && sum < bestSum)) {
          best = option;
          bestReach = reach;
          bestSum = sum;
        }
      }
      if (!best) continue;
      best.count -= 1;
      const chosen: number[] = [];
      for (const size of best.sizes) {
        const entry = bySize.get(size);
        if (!entry) continue;
        while (entry.next < entry.list.length && placed[entry.list[entry.next]]) entry.next += 1;
        if (entry.next < entry.list.length) {
          const index = entry.list[entry.next];
          placed[index] = 1;
          chosen.push(index);
        }
      }
      chosen.sort((a, b) => a - b);
      let cursor = gap.start;
      for (const index of chosen) {
        placements.push({ id: lots[index].id, startMs: cursor, endMs: cursor + lots[index].lengthMs, amoNb: gap.amoNb });
        cursor = snapUp(cursor + lots[index].lengthMs, gap.midnight, snapMs);
      }
    }
  }
  return placements;
}

/**
 * Places every lot it can, on the fewest days. The least number of days D that holds every lot
 * is found exactly (fewestDays). The group-order fill is kept for as many gaps of those D days as
 * possible: the longest prefix of its gaps after which the lots left still pack exactly into
 * the gaps left (binary search over the prefix, one exact check each); the rest is laid out from
 * that exact packing (fillFromPacking). So floors keep the group-order fill's grouping except
 * near the end, and no extra day is used to keep them together. When the candidate days cannot
 * hold every lot, the group-order fill places what it can and reports the rest. Deterministic.
 */
export function autoPlaceImposed(input: AutoPlacementInput): AutoPlacementResult {
  const o = ordered(input.lots);
  if (o.lots.length === 0) return { placements: [], unplaced: [] };
  const f = frame(input);
  const budget = TimeBudget.ofMs(PLACEMENT_BUDGET_MS);
  const fewest = fewestDays(o.lots, f, budget);
  if (!fewest) {
    const all = fillInGroupOrder(o, f.days.flat(), f.snapMs).placements;
    return { placements: all, unplaced: unplacedOf(o.lots, all) };
  }
  const gaps = f.days.slice(0, fewest.days).flat();
  const grouped = fillInGroupOrder(o, gaps, f.snapMs);
  if (grouped.placements.length === o.lots.length) return { placements: grouped.placements, unplaced: [] };
  const units = o.lots.map((lot) => unitsOf(lot, f.snapMs));
  const restAfter = (prefix: number): PackingSolution | null => {
    const left = new Uint8Array(o.lots.length).fill(1);
    for (let k = 0; k < (prefix === 0 ? 0 : grouped.upTo[prefix - 1]); k += 1) left[grouped.lotIndex[k]] = 0;
    const items = countBy(units.filter((_, index) => left[index] === 1));
    const packing = decidePacking({ bins: binsOf(gaps.slice(prefix)), items }, { within: budget, maxMs: PER_CHECK_MS });
    return packing === 'undecided' ? null : packing;
  };
  let lo = 0;
  let loPacking: PackingSolution = fewest.packing;
  let hi = gaps.length; // every gap of the group-order fill: lots are left, so no packing
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const packing = restAfter(mid);
    if (packing) {
      lo = mid;
      loPacking = packing;
    } else hi = mid;
  }
  const head = grouped.placements.slice(0, lo === 0 ? 0 : grouped.upTo[lo - 1]);
  const done = new Set(head.map((visit) => visit.id));
  const rest = fillFromPacking(
    o.lots.filter((lot) => !done.has(lot.id)),
    gaps.slice(lo),
    f.snapMs,
    loPacking,
  );
  const placements = head.concat(rest);
  return { placements, unplaced: unplacedOf(o.lots, placements) };
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
