/**
 * Slot offering: the options a buyer of duration d may pick in a live planning, such that after
 * booking any of them every other invited, unbooked buyer can still be placed.
 *
 * Rule (exact): the free time of each AMO-day is a list of free runs (bins). Booking start s in a
 * run of length L replaces the bin L by the bins s and L − d − s; the option is offered only if
 * the remaining buyers still pack into the new bins (segment-packing.ts, exact). Many options
 * produce the same bins, so the check is cached per (L, pieces).
 *
 * Why nobody is ever stranded: if the planning is feasible for this buyer and the others, some
 * packing puts this buyer in some run; visits of a run can be reordered, so the buyer can be first
 * in it: the start of that run is an option and after booking it the others still fit.
 *
 * authorizeTrous off: only starts flush with the edge of a free run are offered (the start of a
 * run; the end of a run that ends on a booked visit), and no option may leave a "trou" — free time
 * between two visits of the same AMO — shorter than every remaining visit (a gap no remaining
 * visit can fill). Idle time against lunch, the end of the shift or an unavailability is not a
 * trou. If that rule would leave the buyer no option while the planning is feasible (only possible
 * after forced bookings in the middle of a segment), the flush options are offered anyway.
 * authorizeTrous on: every slot start inside a free run is a candidate.
 */
import type { PlanningCalendar, SlotOption } from './schemas';
import type { CompiledCalendar, FreeRun } from './grid';
import { compileCalendar, freeRuns, slotEpoch } from './grid';
import { canPack, countBy } from './segment-packing';
import { SCHEDULING_MESSAGES, SchedulingRuleError } from './scheduling-errors';
import { isSmallDuration } from './phase-durations';
import { frenchSlotLabel, epochToParisWall, toEpoch } from './time-grid';

/** Duration in slots (rounded up); 30'/45' are refused with pas 1800 (part 2 §9). */
export function durationSlots(durationMs: number, pas: 900 | 1800): number {
  if (pas === 1800 && isSmallDuration(durationMs)) {
    throw new SchedulingRuleError('INVALID_DURATION', SCHEDULING_MESSAGES.smallDurationsNeedPas900);
  }
  if (!(durationMs > 0)) throw new SchedulingRuleError('INVALID_DURATION', 'Durée de visite invalide.');
  return Math.ceil(durationMs / (pas * 1000));
}

export interface Candidate {
  run: FreeRun;
  /** Offset of the start inside the run, in slots. */
  offset: number;
}

interface OfferState {
  cc: CompiledCalendar;
  runs: FreeRun[];
  baseBins: Map<number, number>;
  items: Map<number, number>;
  minRem: number;
  cache: Map<string, boolean>;
}

function prepare(cc: CompiledCalendar, remainingDurationsMs: readonly number[]): OfferState {
  const runs = freeRuns(cc);
  const remSlots = remainingDurationsMs.map((d) => durationSlots(d, cc.pas));
  return {
    cc,
    runs,
    baseBins: countBy(runs.map((r) => r.len)),
    items: countBy(remSlots),
    minRem: remSlots.length ? Math.min(...remSlots) : Infinity,
    cache: new Map(),
  };
}

/** Do the remaining buyers still fit once `d` slots are booked at `offset` in a run of length `len`? */
function stillFeasible(st: OfferState, len: number, d: number, offset: number): boolean {
  const a = offset;
  const b = len - d - offset;
  const key = a < b ? `${len}:${a}:${b}` : `${len}:${b}:${a}`;
  let ok = st.cache.get(key);
  if (ok === undefined) {
    const bins = new Map(st.baseBins);
    bins.set(len, (bins.get(len) ?? 0) - 1);
    if (a > 0) bins.set(a, (bins.get(a) ?? 0) + 1);
    if (b > 0) bins.set(b, (bins.get(b) ?? 0) + 1);
    ok = canPack({ bins, items: st.items });
    st.cache.set(key, ok);
  }
  return ok;
}

/** No trou shorter than every remaining visit (authorizeTrous off). */
function leavesNoDeadTrou(st: OfferState, run: FreeRun, d: number, offset: number): boolean {
  if (st.minRem === Infinity) return true;
  const left = offset;
  const right = run.len - d - offset;
  if (run.leftBooked && left > 0 && left < st.minRem) return false;
  if (run.rightBooked && right > 0 && right < st.minRem) return false;
  return true;
}

function flushOffsets(run: FreeRun, d: number): number[] {
  const out = [0];
  if (run.rightBooked && run.len - d > 0) out.push(run.len - d);
  return out;
}

/** The feasible candidates, in grid order. */
export function offerCandidates(cc: CompiledCalendar, durationMs: number, remainingDurationsMs: readonly number[]): Candidate[] {
  const d = durationSlots(durationMs, cc.pas);
  const st = prepare(cc, remainingDurationsMs);
  const out: Candidate[] = [];
  if (cc.authorizeTrous) {
    for (const run of st.runs) {
      for (let offset = 0; offset + d <= run.len; offset++) {
        if (stillFeasible(st, run.len, d, offset)) out.push({ run, offset });
      }
    }
    return out;
  }
  const flush: Candidate[] = [];
  for (const run of st.runs) {
    if (run.len < d) continue;
    for (const offset of flushOffsets(run, d)) {
      if (!stillFeasible(st, run.len, d, offset)) continue;
      flush.push({ run, offset });
      if (leavesNoDeadTrou(st, run, d, offset)) out.push({ run, offset });
    }
  }
  return out.length > 0 ? out : flush;
}

export function candidateToOption(cc: CompiledCalendar, c: Candidate, durationSlotsCount: number): SlotOption {
  const startSlot = c.run.start + c.offset;
  const start = slotEpoch(cc, c.run.day, startSlot);
  const end = slotEpoch(cc, c.run.day, startSlot + durationSlotsCount);
  const day = cc.days[c.run.day];
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
    amoNb: c.run.amo,
    label: frenchSlotLabel(day.date, day.gridStartMin + startSlot * cc.slotMin),
  };
}

function sortOptions(options: SlotOption[]): SlotOption[] {
  return options.sort((x, y) => (x.startDate < y.startDate ? -1 : x.startDate > y.startDate ? 1 : x.amoNb - y.amoNb));
}

/**
 * Options a buyer of `durationMs` may pick, sorted by time then AMO. `remainingDurationsMs`: the
 * durations of the other invited, unbooked (and available) buyers, this buyer excluded.
 */
export function offerSlots(
  calendar: PlanningCalendar,
  durationMs: number,
  remainingDurationsMs: readonly number[],
): SlotOption[] {
  const cc = compileCalendar(calendar);
  return offerSlotsCompiled(cc, durationMs, remainingDurationsMs);
}

export function offerSlotsCompiled(
  cc: CompiledCalendar,
  durationMs: number,
  remainingDurationsMs: readonly number[],
): SlotOption[] {
  const d = durationSlots(durationMs, cc.pas);
  return sortOptions(offerCandidates(cc, durationMs, remainingDurationsMs).map((c) => candidateToOption(cc, c, d)));
}

/**
 * Server-side re-check of a chosen option before booking: same answer as
 * `offerSlots(...).some(o => same start and AMO)`, usually with a single feasibility check.
 */
export function isOfferable(
  calendar: PlanningCalendar,
  durationMs: number,
  remainingDurationsMs: readonly number[],
  choice: { startDate: string | number; amoNb: number },
): boolean {
  const cc = compileCalendar(calendar);
  const d = durationSlots(durationMs, cc.pas);
  const startMs = toEpoch(choice.startDate);
  const wall = epochToParisWall(startMs);
  const dayIdx = cc.dayIndex.get(wall.date);
  if (dayIdx === undefined || choice.amoNb < 0 || choice.amoNb >= cc.nbColumns) return false;
  const day = cc.days[dayIdx];
  const rel = wall.minuteOfDay - day.gridStartMin;
  if (rel < 0 || rel % cc.slotMin !== 0) return false;
  const slot = rel / cc.slotMin;
  const st = prepare(cc, remainingDurationsMs);
  const run = st.runs.find((r) => r.day === dayIdx && r.amo === choice.amoNb && r.start <= slot && slot + d <= r.start + r.len);
  if (!run) return false;
  const offset = slot - run.start;
  if (!cc.authorizeTrous && !flushOffsets(run, d).includes(offset)) return false;
  if (!stillFeasible(st, run.len, d, offset)) return false;
  if (cc.authorizeTrous || leavesNoDeadTrou(st, run, d, offset)) return true;
  // The trou rule yields only when no option satisfies it.
  return !offerCandidates(cc, durationMs, remainingDurationsMs).some((c) => leavesNoDeadTrou(st, c.run, d, c.offset));
}
