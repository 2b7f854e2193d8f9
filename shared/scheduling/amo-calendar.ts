/**
 * One person, one calendar (docs/scheduling.md « One person, one calendar »): a named AMO (a user
 * in the `amoList` of plannings with `areAmosAssigned`) works on several plannings, and their time
 * is a partition between them. Every planning keeps its own engine (the guarantee that no booking
 * strands another buyer is proven per planning); where two plannings want the same time of the
 * same AMO (their windows overlap, widened by the AMO's travel time when the programs differ), the
 * overlap belongs to the planning that named the AMO first and is `unavailable` for that AMO's
 * column in the others. So a booking on one planning never takes time another planning's
 * guarantee counts on, without any check across plannings at booking time. The AMO's days off
 * are `unavailable` in every planning naming them. Pure and browser-safe.
 */
import type { PlanningEvent, TimeRange } from './schemas';
import { epochToParisWall, formatHm, toEpoch } from './time-grid';
import { amoCalendarMessages } from '../messages/amo-calendar';

/** A span of real time, epoch ms, end excluded. */
export interface Span {
  start: number;
  end: number;
}

/** Default travel time between two visits of one AMO on two different programs (0 within one program). */
export const DEFAULT_TRAVEL_MINUTES = 45;
export const MAX_TRAVEL_MINUTES = 240;

/** One planning naming the AMO, as the AMO's calendar reads it. */
export interface AmoClaim {
  planningId: string;
  planningName: string;
  programId: string;
  /** When the AMO was named on it (ISO instant): the earlier naming owns the time both plannings want. */
  since: string;
  /** The AMO's own working time there: the windows whose AMO count reaches the AMO's column, plus the time staff added to it. */
  windows: Span[];
}

/** Everything of one AMO that the plannings naming them must respect. */
export interface AmoCalendar {
  userId: string;
  /** How the AMO is named to staff (« amo1 »). */
  name: string;
  travelMinutes: number;
  /** The stored calendar's version (moved by a day off or a longer travel time): a booking's commit checks it is unchanged. */
  version?: number;
  /** Every planning naming the AMO (this one included, when it is indexed). */
  claims: AmoClaim[];
  /** « Mes indisponibilités »: periods the AMO does not work, on any planning. */
  daysOff: Span[];
  /** Visits staff confirmed over another planning's time: busy for every other planning naming the AMO. */
  visitsOutside: VisitElsewhere[];
}

/** A planning as the AMO's calendar ranks it against the others. */
export interface ClaimRank {
  planningId: string;
  programId: string;
  since: string;
}

/** The planning fields that say when each named AMO works. */
export interface NamedPlanning {
  events: readonly PlanningEvent[];
  amoList: readonly string[];
  areAmosAssigned: boolean;
  extraAvailable?: readonly TimeRange[];
}

/** The user ids a planning names (none when its AMO columns are anonymous: they keep the planning-local behaviour). */
export function namedAmos(planning: Pick<NamedPlanning, 'amoList' | 'areAmosAssigned'>): string[] {
  return planning.areAmosAssigned ? [...planning.amoList] : [];
}

/** The windows of the column of `userId` in `planning` (sorted, merged), plus the time staff added to that column. */
export function amoWindows(planning: NamedPlanning, userId: string): Span[] {
  const column = namedAmos(planning).indexOf(userId);
  if (column < 0) return [];
  const spans: Span[] = planning.events.filter((event) => event.nbAmo > column).map((event) => ({ start: toEpoch(event.start), end: toEpoch(event.end) }));
  for (const extra of planning.extraAvailable ?? []) if (extra.amoNb === column) spans.push({ start: extra.start, end: extra.end });
  return mergeSpans(spans);
}

function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((span) => span.end > span.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Whether planning `a` owns the AMO's time it shares with `b`: the earlier naming, then the smaller id (a total order, the same everywhere). */
function outranks(a: Pick<ClaimRank, 'planningId' | 'since'>, b: Pick<ClaimRank, 'planningId' | 'since'>): boolean {
  if (a.since !== b.since) return a.since < b.since;
  return a.planningId < b.planningId;
}

/** Minutes → ms between two visits of the AMO on these programs. */
function travelMs(calendar: Pick<AmoCalendar, 'travelMinutes'>, programA: string, programB: string): number {
  return programA === programB ? 0 : calendar.travelMinutes * 60_000;
}

/** The rank of `planningId` in the AMO's calendar: its own claim, or (a planning not indexed yet) `fallback`. */
function rankOf(calendar: AmoCalendar, own: ClaimRank): ClaimRank {
  const claim = calendar.claims.find((candidate) => candidate.planningId === own.planningId);
  return claim ? { planningId: own.planningId, programId: own.programId, since: claim.since } : own;
}

/**
 * What each named column of `own` cannot use: the windows of every planning that outranks it for
 * that AMO (widened by the travel time when its program differs), the visits staff confirmed
 * elsewhere over a claim (widened the same way), and the AMO's days off. Added to
 * the planning's `unavailable` when its calendar is built for the engine (never stored).
 */
export function busyElsewhere(own: ClaimRank, amoList: readonly string[], calendars: ReadonlyMap<string, AmoCalendar>): TimeRange[] {
  const ranges: TimeRange[] = [];
  amoList.forEach((userId, amoNb) => {
    const calendar = calendars.get(userId);
    if (!calendar) return;
    const rank = rankOf(calendar, own);
    const spans: Span[] = [...calendar.daysOff];
    for (const visit of calendar.visitsOutside) {
      if (visit.planningId === own.planningId) continue;
      const travel = travelMs(calendar, visit.programId, own.programId);
      spans.push({ start: visit.start - travel, end: visit.end + travel });
    }
    for (const claim of calendar.claims) {
      if (claim.planningId === own.planningId || !outranks(claim, rank)) continue;
      const travel = travelMs(calendar, claim.programId, own.programId);
      for (const window of claim.windows) spans.push({ start: window.start - travel, end: window.end + travel });
    }
    for (const span of mergeSpans(spans)) ranges.push({ amoNb, start: span.start, end: span.end });
  });
  return ranges;
}

/** Where the AMO is already taken, in a form staff read. */
export interface AmoConflict {
  userId: string;
  /** The other planning, or null for a day off. */
  planningId: string | null;
  planningName: string | null;
  start: number;
  end: number;
  /** « amo1 est déjà sur « Les Jardins du Parc » le 12/03 de 09:00 à 12:00 » */
  message: string;
}

function dayLabel(epochMs: number): string {
  const date = epochToParisWall(epochMs).date;
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

function conflictMessage(name: string, planningName: string | null, span: Span): string {
  const day = dayLabel(span.start);
  const from = formatHm(epochToParisWall(span.start).minuteOfDay);
  const wallEnd = epochToParisWall(span.end);
  const to = wallEnd.date === epochToParisWall(span.start).date ? formatHm(wallEnd.minuteOfDay) : '24:00';
  return planningName === null ? amoCalendarMessages.dayOff(name, day, from, to) : amoCalendarMessages.alreadyElsewhere(name, planningName, day, from, to);
}

function conflict(calendar: AmoCalendar, claim: AmoClaim | null, span: Span): AmoConflict {
  return {
    userId: calendar.userId,
    planningId: claim?.planningId ?? null,
    planningName: claim?.planningName ?? null,
    start: span.start,
    end: span.end,
    message: conflictMessage(calendar.name, claim?.planningName ?? null, span),
  };
}

/**
 * The times the AMOs of a planning being created or edited already work elsewhere, within its
 * windows (widened by the travel time): the warning staff read before saving, and the planning
 * page's « Temps déjà pris ailleurs ». Each conflict names the other planning's own time.
 */
export function conflictsElsewhere(own: ClaimRank, planning: NamedPlanning, calendars: ReadonlyMap<string, AmoCalendar>): AmoConflict[] {
  const found: AmoConflict[] = [];
  for (const userId of namedAmos(planning)) {
    const calendar = calendars.get(userId);
    if (!calendar) continue;
    const windows = amoWindows(planning, userId);
    for (const claim of calendar.claims) {
      if (claim.planningId === own.planningId) continue;
      const travel = travelMs(calendar, claim.programId, own.programId);
      for (const window of claim.windows) {
        if (windows.some((mine) => mine.start < window.end + travel && mine.end > window.start - travel)) found.push(conflict(calendar, claim, window));
      }
    }
    for (const off of calendar.daysOff) if (windows.some((mine) => mine.start < off.end && mine.end > off.start)) found.push(conflict(calendar, null, off));
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A visit of the AMO on another planning (staff paths read them: actual visits may lie outside claims). */
export interface VisitElsewhere extends Span {
  /** The visit (recorded ones: a visit recorded again with the same times changes nothing). */
  uuid?: string;
  planningId: string;
  planningName: string;
  programId: string;
}

/**
 * What a staff placement of the AMO at `visit` (a forced booking, a move, an AMO switch) runs
 * into: a day off, a visit on another planning too close for the travel time, or another
 * planning's time that outranks this one. Null when nothing: staff otherwise confirm.
 */
export function placementClash(own: ClaimRank, visit: Span, calendar: AmoCalendar, visitsElsewhere: readonly VisitElsewhere[]): AmoConflict | null {
  const overlaps = (span: Span, margin: number) => visit.start < span.end + margin && visit.end > span.start - margin;
  const off = calendar.daysOff.find((span) => overlaps(span, 0));
  if (off) return conflict(calendar, null, off);
  for (const other of [...visitsElsewhere, ...calendar.visitsOutside]) {
    if (other.planningId === own.planningId) continue;
    if (overlaps(other, travelMs(calendar, other.programId, own.programId))) {
      return conflict(calendar, { planningId: other.planningId, planningName: other.planningName, programId: other.programId, since: '', windows: [] }, other);
    }
  }
  const rank = rankOf(calendar, own);
  for (const claim of calendar.claims) {
    if (claim.planningId === own.planningId || !outranks(claim, rank)) continue;
    const travel = travelMs(calendar, claim.programId, own.programId);
    const window = claim.windows.find((span) => overlaps(span, travel));
    if (window) return conflict(calendar, claim, window);
  }
  return null;
}
