import { defaultImposedDeadline } from '../domain/imposed-planning';
import { type ShiftDrop, type ShiftMove, type ShiftRequest } from '../domain/planning-shift';
import { shiftMessages } from '../messages/plannings';
import { frenchHolidayName } from './french-holidays';
import { DEFAULT_MIN_NOTICE_HOURS, isPlaced, type LiveMeeting } from './live-calendar';
import { eventToDay } from './planning-calendar';
import type { PlanningEvent, TimeRange } from './schemas';
import { addDays, epochToParisWall, parisWallToEpoch, toEpoch } from './time-grid';

/**
 * The rule of 'Décaler' (a building site slips): days of a planning move to new dates with the
 * same wall-clock hours (Paris, so a day moved across a clock change keeps its hours); their AMO
 * availability edits move with them; each visit placed on a moved day keeps its hour and AMO on
 * the new date, another AMO at that hour when theirs is taken there by a visit that stays, else
 * it cannot be kept (with the reason). Pure: the preview and the confirmation run it alike.
 */

/** A refusal of the whole request (a day not in the planning, a date passed…), in French. */
export class ShiftRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShiftRefusal';
  }
}

export interface ShiftPlanning {
  events: PlanningEvent[];
  bookingDeadline?: string;
  unavailable?: TimeRange[];
  extraAvailable?: TimeRange[];
  minNoticeHours?: number;
}

export interface ShiftMeeting extends LiveMeeting {
  guest: { lotcomm: string; nom: string };
}

export interface ShiftPlan {
  days: { from: string; to: string }[];
  events: { start: string; end: string; nbAmo: number }[];
  unavailable: TimeRange[];
  extraAvailable: TimeRange[];
  moves: ShiftMove[];
  dropped: ShiftDrop[];
  /**
   * A new deadline to confirm (imposed), when the old one has passed or would no longer precede
   * the first visit: the moved buyers must be able to answer before it.
   */
  bookingDeadline?: string;
  /** New dates that are a Saturday or a Sunday: the preview names them, the confirmation accepts them. */
  nonWorkingDays: string[];
}

const dayOf = (epochMs: number) => epochToParisWall(epochMs).date;

/** The same wall time on another date. */
function sameHourOn(epochMs: number, date: string): number {
  const wall = epochToParisWall(epochMs);
  return parisWallToEpoch(date, wall.minuteOfDay) + (epochMs % 60_000);
}

/** A range of one day moved to `date` with the same wall hours (a range ending on the next day keeps its length). */
export function rangeOn(start: number, end: number, date: string): { start: number; end: number } {
  const moved = sameHourOn(start, date);
  return { start: moved, end: dayOf(end) === dayOf(start) ? sameHourOn(end, date) : moved + (end - start) };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** The request as a map of planning days to new dates, checked (a refusal names the first wrong day). */
export function shiftMapping(planningDays: readonly string[], request: ShiftRequest, nowMs: number): Map<string, string> {
  const known = new Set(planningDays);
  const mapping = new Map<string, string>();
  if (request.mode === 'from') {
    const offset = daysBetween(request.from, request.to);
    if (offset === 0) throw new ShiftRefusal(shiftMessages.sameDate(request.from));
    for (const date of [...known].sort()) if (date >= request.from) mapping.set(date, addDays(date, offset));
    if (mapping.size === 0) throw new ShiftRefusal(shiftMessages.nothingFrom(request.from));
  } else {
    for (const { from, to } of request.days) {
      if (!known.has(from)) throw new ShiftRefusal(shiftMessages.notADay(from));
      if (mapping.has(from)) throw new ShiftRefusal(shiftMessages.twiceFrom(from));
      if (from === to) throw new ShiftRefusal(shiftMessages.sameDate(from));
      mapping.set(from, to);
    }
  }
  const today = dayOf(nowMs);
  const targets = new Set<string>();
  for (const to of mapping.values()) {
    if (to <= today) throw new ShiftRefusal(shiftMessages.targetPast(to));
    const holiday = frenchHolidayName(to);
    if (holiday) throw new ShiftRefusal(shiftMessages.targetHoliday(to, holiday));
    if (targets.has(to)) throw new ShiftRefusal(shiftMessages.sameTarget(to));
    targets.add(to);
  }
  // A day may move onto a day this same shift empties (every day of a long planning two weeks
  // later: the 4th onto the 18th, the 18th onto the 1st…): its visits are settled after those
  // they replace (settlingRank). Only a cycle (two days swapped) has no such order.
  for (const from of mapping.keys()) if (settlingRank(mapping, from) === undefined) throw new ShiftRefusal(shiftMessages.targetShifted(mapping.get(from)!));
  return mapping;
}

/**
 * When a moved day's visits may be settled (part 2 §5 'Décaler'): 0 when its new date is not
 * itself moved, else one more than that date's rank, so that the visits a day lands on have left
 * first; undefined on a cycle. The shift's wave settles its buyers in this order.
 */
export function settlingRank(mapping: ReadonlyMap<string, string>, from: string): number | undefined {
  let rank = 0;
  for (let day = mapping.get(from); day !== undefined && mapping.has(day); day = mapping.get(day)) {
    if (day === from || rank >= mapping.size) return undefined;
    rank += 1;
  }
  return rank;
}

/** The planning's days once moved: a day moved onto a day that stays joins it (widest hours, most AMO). */
function shiftedEvents(events: readonly PlanningEvent[], mapping: Map<string, string>): ShiftPlan['events'] {
  const byDate = new Map<string, { start: number; end: number; nbAmo: number }>();
  for (const event of events) {
    const start = toEpoch(event.start);
    const end = toEpoch(event.end);
    const to = mapping.get(dayOf(start));
    const moved = { ...(to ? rangeOn(start, end, to) : { start, end }), nbAmo: event.nbAmo };
    const date = dayOf(moved.start);
    const same = byDate.get(date);
    byDate.set(date, same ? { start: Math.min(same.start, moved.start), end: Math.max(same.end, moved.end), nbAmo: Math.max(same.nbAmo, moved.nbAmo) } : moved);
  }
  return [...byDate.values()]
    .sort((a, b) => a.start - b.start)
    .map((event) => ({ start: new Date(event.start).toISOString(), end: new Date(event.end).toISOString(), nbAmo: event.nbAmo }));
}

function shiftedRanges(ranges: readonly TimeRange[], mapping: Map<string, string>): TimeRange[] {
  return ranges.map((range) => {
    const to = mapping.get(dayOf(range.start));
    if (!to) return range;
    return { amoNb: range.amoNb, ...rangeOn(range.start, range.end, to) };
  });
}

interface Held {
  amoNb: number;
  start: number;
  end: number;
  lotcomm: string;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/**
 * The whole plan: new days, availability edits, and each placed visit of a moved day kept (in
 * the order of their times) or dropped. `imposed`: a convocation may be moved up to the visit
 * (staff convene); a free planning's buyer keeps the planning's minimum notice.
 */
export function planShift(planning: ShiftPlanning, meetings: readonly ShiftMeeting[], request: ShiftRequest, nowMs: number, imposed: boolean): ShiftPlan {
  const planningDays = [...new Set(planning.events.map((event) => eventToDay(event).date))];
  const mapping = shiftMapping(planningDays, request, nowMs);
  const events = shiftedEvents(planning.events, mapping);
  const amoColumns = (date: string) => Math.max(1, ...events.filter((event) => dayOf(Date.parse(event.start)) === date).map((event) => event.nbAmo));
  const placed = meetings.filter(isPlaced);
  const moving = placed
    .filter((meeting) => mapping.has(dayOf(Date.parse(meeting.start!))))
    .sort((a, b) => Date.parse(a.start!) - Date.parse(b.start!) || (a.amoNb ?? 0) - (b.amoNb ?? 0));
  // The visits that stay hold their places; each kept visit then holds its new one.
  const held: Held[] = placed
    .filter((meeting) => !moving.includes(meeting))
    .map((meeting) => ({ amoNb: meeting.amoNb!, start: Date.parse(meeting.start!), end: Date.parse(meeting.end!), lotcomm: meeting.guest.lotcomm }));
  const notBefore = imposed ? nowMs : nowMs + (planning.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS) * 3_600_000;
  const moves: ShiftMove[] = [];
  const dropped: ShiftDrop[] = [];
  for (const meeting of moving) {
    const from = Date.parse(meeting.start!);
    const to = mapping.get(dayOf(from))!;
    const { start, end } = rangeOn(from, Date.parse(meeting.end!), to);
    const who = { uuid: meeting.uuid, lotcomm: meeting.guest.lotcomm, nom: meeting.guest.nom, fromStart: meeting.start! };
    if (start < notBefore) {
      dropped.push({
        ...who,
        reason: imposed ? shiftMessages.reasons.past : shiftMessages.reasons.tooSoon(planning.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS),
      });
      continue;
    }
    const own = meeting.amoNb!;
    const columns = [own, ...Array.from({ length: amoColumns(to) }, (_, index) => index).filter((index) => index !== own)];
    const free = columns.find((amoNb) => !held.some((other) => other.amoNb === amoNb && overlaps(other, { start, end })));
    if (free === undefined) {
      const blocker = held.find((other) => other.amoNb === own && overlaps(other, { start, end }))!;
      dropped.push({ ...who, reason: shiftMessages.reasons.slotTaken(new Date(start).toISOString(), blocker.lotcomm) });
      continue;
    }
    held.push({ amoNb: free, start, end, lotcomm: meeting.guest.lotcomm });
    moves.push({ ...who, fromAmoNb: own, toStart: new Date(start).toISOString(), toEnd: new Date(end).toISOString(), amoNb: free });
  }
  const bookingDeadline = imposed ? shiftedDeadline(planning.bookingDeadline, moves, nowMs) : undefined;
  return {
    ...(bookingDeadline ? { bookingDeadline } : {}),
    nonWorkingDays: [...new Set(mapping.values())].filter(isWeekend).sort(),
    days: [...mapping].map(([from, to]) => ({ from, to })),
    events,
    unavailable: shiftedRanges(planning.unavailable ?? [], mapping),
    extraAvailable: shiftedRanges(planning.extraAvailable ?? [], mapping),
    moves,
    dropped,
  };
}

/** Saturday or Sunday (bank holidays are refused outright: shiftMapping). */
function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The imposed planning's deadline to confirm once the visits moved (part 1 §2 'Imposed layout',
 * part 2 §9): it must precede the first moved visit (deadlineIssue) and be still to come, or the
 * moved buyers could not answer their new convocation. Kept when it does (undefined); else moved
 * with the visits to the default deadline before the first one (14 days from now at 20:00, the eve
 * of the first moved visit at 20:00, or an hour before it); refused when even that one has passed.
 * A deadline that preceded the visits that stay still precedes them: it only ever moves earlier,
 * except a passed one, which the moved buyers' answers need again.
 */
function shiftedDeadline(current: string | undefined, moves: readonly ShiftMove[], nowMs: number): string | undefined {
  if (moves.length === 0 || current === undefined) return undefined;
  const first = Math.min(...moves.map((move) => Date.parse(move.toStart)));
  const deadline = Date.parse(current);
  if (deadline > nowMs && deadline < first) return undefined;
  const moved = defaultImposedDeadline(nowMs, parisWallToEpoch, dayOf, first);
  if (Date.parse(moved) <= nowMs) throw new ShiftRefusal(shiftMessages.deadlineImpossible(new Date(first).toISOString()));
  return moved;
}
