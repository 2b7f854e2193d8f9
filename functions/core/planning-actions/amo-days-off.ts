/**
 * An AMO's days off (« Mes indisponibilités ») and travel time between programs, entered once in
 * their profile and applied to every planning naming them (docs/scheduling.md « One person, one
 * calendar »). A day off goes through the staff paths' one strand check, once per planning it
 * touches: one that would leave waiting buyers without a place names them and asks
 * (« Confirmer quand même », `confirmStrand`), as staff availability edits do.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { busyElsewhere, type AmoCalendar, type AmoClaim, type Span } from '../../../shared/scheduling/amo-calendar';
import { isPlaced, liveCalendar } from '../../../shared/scheduling/live-calendar';
import { epochToParisWall, formatHm } from '../../../shared/scheduling/time-grid';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { judgeStaffChange, type StaffVerdict } from '../../../shared/scheduling/strand-check';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import { messages } from '../../../shared/messages/common';
import type { amoCalendarQuerySchema, DayOffCreate, travelSettingsSchema } from '../../../shared/domain/amo-calendar-requests';
import {
  commitAmoCalendarChange,
  deleteDayOff,
  getTravelMinutes,
  listDaysOff,
  loadAmoCalendars,
  maxPlanningsPerCalendarChange,
  putTravelMinutes,
  type DayOff,
} from '../../data/amo-calendar-repository';
import { loadPlanningState, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import { listProgramAccess } from '../../data/programs-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { refuseUnconfirmed, verdictOfAll, waitingBuyers } from './strand-warning';

/**
 * The AMO whose calendar this is: the caller (an AMO), or the AMO named by staff: an administrator,
 * or a promoter owning a program the AMO is authorized on (part 3 §6: a promoter reaches only the
 * people of their own programs).
 */
async function amoOf(deps: Deps, caller: Caller, userId: string | undefined): Promise<string> {
  const id = userId ?? caller.userId;
  const refused = new ForbiddenError(messages.forbidden);
  if (caller.role === 'amo' && id !== caller.userId) throw refused;
  if (caller.role !== 'amo' && caller.role !== 'administrator' && caller.role !== 'promoter') throw refused;
  if (caller.role === 'promoter' && !(await promoterReaches(deps, caller.userId, id))) throw refused;
  const user = await getUserById(deps.store, id);
  if (!user || user.role !== 'amo') throw new ValidationError(amoCalendarMessages.notAnAmo);
  return id;
}

/** The AMO is authorized on a program the promoter owns, or named on one of its plannings. */
async function promoterReaches(deps: Deps, promoterId: string, amoId: string): Promise<boolean> {
  const [mine, theirs, calendars] = await Promise.all([
    listProgramAccess(deps.store, promoterId),
    listProgramAccess(deps.store, amoId),
    loadAmoCalendars(deps.store, [amoId]),
  ]);
  const owned = new Set(mine.filter((access) => access.access === 'owner').map((access) => access.programId));
  const named = calendars.get(amoId)?.claims.map((claim) => claim.programId) ?? [];
  return [...theirs.map((access) => access.programId), ...named].some((programId) => owned.has(programId));
}

export interface AmoCalendarAnswer {
  daysOff: { id: string; start: string; end: string }[];
  travelMinutes: number;
}

const wireDayOff = (off: DayOff) => ({ id: off.id, start: new Date(off.start).toISOString(), end: new Date(off.end).toISOString() });

// GET /amo/calendar: the AMO's days off and travel time.
export async function getAmoCalendar(deps: Deps, caller: Caller, query: z.infer<typeof amoCalendarQuerySchema>): Promise<AmoCalendarAnswer> {
  const userId = await amoOf(deps, caller, query.userId);
  const [daysOff, travelMinutes] = await Promise.all([listDaysOff(deps.store, userId), getTravelMinutes(deps.store, userId)]);
  return { daysOff: daysOff.map(wireDayOff), travelMinutes };
}

/** A change of the AMO's calendar that takes time from their plannings: the calendar after it, and what it saves. */
interface CalendarChange {
  after: AmoCalendar;
  /** The plannings that may lose a place (only those are judged, and checked unchanged at commit). */
  touches: (claim: AmoClaim) => boolean;
  dayOff?: DayOff;
  travelMinutes?: number;
  /** The refusal when it touches more plannings than one save can check. */
  tooMany: (count: number, max: number) => string;
}

/**
 * Refuses (409 WOULD_STRAND, the buyers named) a change of the AMO's calendar that leaves waiting
 * buyers of one of their plannings without a place, unless confirmed, and a day off over a visit
 * the AMO already has (as the availability drawer refuses a booked slot: the visit is moved
 * first). Each planning the AMO works on is checked on its own: its calendar with the AMO's time
 * elsewhere before, then after. Answers the plannings judged, at the version read.
 */
async function judgeCalendarChange(
  deps: Deps,
  userId: string,
  before: AmoCalendar,
  change: CalendarChange,
  confirmed: boolean,
): Promise<{ planningId: string; version: number }[]> {
  const judged: { planningId: string; version: number }[] = [];
  const verdicts: StaffVerdict[] = [];
  const now = deps.now().getTime();
  const touched = change.after.claims.filter(change.touches);
  // The change's one all-or-nothing write checks every planning judged: beyond what it holds, refused in French rather than failed by the database.
  if (touched.length > maxPlanningsPerCalendarChange) throw new ConflictError(change.tooMany(touched.length, maxPlanningsPerCalendarChange));
  for (const claim of touched) {
    const state = await loadPlanningState(deps.store, claim.planningId);
    if (!state) continue;
    const { planning, meetings } = state;
    judged.push({ planningId: planning._id, version: planning.version });
    if (change.dayOff) assertNoVisitInside(before, planning, meetings, change.dayOff);
    if (confirmed) continue;
    const rank = { planningId: planning._id, programId: planning.projectId, since: planning.createdAt };
    const team = await loadAmoCalendars(deps.store, planning.areAmosAssigned ? planning.amoList : []);
    const side = (calendar: AmoCalendar) => ({
      calendar: liveCalendar({ ...planning, busyElsewhere: busyElsewhere(rank, planning.amoList, new Map([...team, [userId, calendar]])) }, meetings, now),
      waiting: waitingBuyers(meetings),
    });
    verdicts.push(judgeStaffChange(side(before), side(change.after)));
  }
  // One answer for all the AMO's plannings: every buyer left without a place is named, whichever
  // planning is theirs, and one confirmation covers them all.
  refuseUnconfirmed(verdictOfAll(verdicts), false);
  return judged;
}

/** 409 naming the first visit of the AMO's column on the planning that the day off covers. */
function assertNoVisitInside(calendar: AmoCalendar, planning: PlanningRecord, meetings: readonly MeetingRecord[], dayOff: DayOff): void {
  const column = planning.amoList.indexOf(calendar.userId);
  const visit = meetings
    .filter((meeting) => isPlaced(meeting) && meeting.amoNb === column)
    .map((meeting) => ({ start: Date.parse(meeting.start!), end: Date.parse(meeting.end!) }))
    .sort((a, b) => a.start - b.start)
    .find((span) => span.start < dayOff.end && span.end > dayOff.start);
  if (!visit) return;
  const wall = epochToParisWall(visit.start);
  const day = `${wall.date.slice(8, 10)}/${wall.date.slice(5, 7)}`;
  throw new ConflictError(amoCalendarMessages.visitInDayOff(calendar.name, planning.name, day, formatHm(wall.minuteOfDay)));
}

/**
 * Judges and saves a change of the AMO's calendar, exclusive with the bookings of their plannings
 * (docs/scheduling.md « One person, one calendar »): it commits only if neither the calendar nor a
 * planning judged changed since read, and moves the calendar's version, which every booking of a
 * planning naming the AMO checks in its own transaction. So either the booking commits first and
 * the change is judged again with it, or the change commits first and the booking decides again
 * with it: never a visit decided on a calendar that no longer holds.
 */
async function saveCalendarChange(deps: Deps, userId: string, confirmed: boolean, changeOf: (before: AmoCalendar) => CalendarChange): Promise<void> {
  for (let attempt = 0; attempt < maxCalendarAttempts; attempt += 1) {
    const before = (await loadAmoCalendars(deps.store, [userId])).get(userId)!;
    const change = changeOf(before);
    const plannings = await judgeCalendarChange(deps, userId, before, change, confirmed);
    const saved = await commitAmoCalendarChange(deps.store, userId, {
      version: before.version ?? 0,
      dayOff: change.dayOff,
      travelMinutes: change.travelMinutes,
      plannings,
    });
    if (saved) return;
  }
  throw new ConflictError(actionMessages.busy);
}

const maxCalendarAttempts = 8;

// POST /amo/days-off: a period the AMO does not work, on any planning.
export async function addDayOff(
  deps: Deps,
  caller: Caller,
  request: DayOffCreate,
): Promise<{ message: string; dayOff: { id: string; start: string; end: string } }> {
  const userId = await amoOf(deps, caller, request.userId);
  const dayOff: DayOff = { id: randomUUID(), userId, start: Date.parse(request.start), end: Date.parse(request.end), createdAt: deps.now().toISOString() };
  await saveCalendarChange(deps, userId, request.confirmStrand, (before) => ({
    after: { ...before, daysOff: [...before.daysOff, { start: dayOff.start, end: dayOff.end }] },
    // Only the plannings whose windows the day off touches can lose a place.
    touches: (claim) => claim.windows.some((window) => window.start < dayOff.end && window.end > dayOff.start),
    dayOff,
    tooMany: amoCalendarMessages.dayOffTooManyPlannings,
  }));
  return { message: amoCalendarMessages.dayOffAdded, dayOff: wireDayOff(dayOff) };
}

// DELETE /amo/days-off/{id}: the AMO works again then (only adds time: no check).
export async function removeDayOff(deps: Deps, caller: Caller, id: string, query: z.infer<typeof amoCalendarQuerySchema>): Promise<{ message: string }> {
  const userId = await amoOf(deps, caller, query.userId);
  if (!(await deleteDayOff(deps.store, userId, id))) throw new NotFoundError(amoCalendarMessages.dayOffNotFound);
  return { message: amoCalendarMessages.dayOffDeleted };
}

/**
 * The plannings a travel time of `travelMinutes` can take time from: those with a window still to
 * come within that time of another program's window or of a visit recorded there (travel counts
 * only between two programs; time already past strands nobody).
 */
function nearAnotherProgram(calendar: AmoCalendar, travelMinutes: number, now: number): (claim: AmoClaim) => boolean {
  const margin = travelMinutes * 60_000;
  return (claim) => {
    const elsewhere: Span[] = [
      ...calendar.claims.filter((other) => other.programId !== claim.programId).flatMap((other) => other.windows),
      ...calendar.visitsOutside.filter((visit) => visit.programId !== claim.programId),
    ];
    return claim.windows.some((window) => window.end > now && elsewhere.some((span) => window.start < span.end + margin && window.end > span.start - margin));
  };
}

// PUT /amo/calendar: the AMO's travel time between two programs (0 within one program).
export async function saveTravelTime(
  deps: Deps,
  caller: Caller,
  request: z.infer<typeof travelSettingsSchema>,
): Promise<{ message: string; travelMinutes: number }> {
  const userId = await amoOf(deps, caller, request.userId);
  const current = await getTravelMinutes(deps.store, userId);
  // A longer travel time takes time from the later plannings: checked and saved like a day off.
  if (request.travelMinutes > current) {
    await saveCalendarChange(deps, userId, request.confirmStrand, (before) => ({
      after: { ...before, travelMinutes: request.travelMinutes },
      touches: nearAnotherProgram(before, request.travelMinutes, deps.now().getTime()),
      travelMinutes: request.travelMinutes,
      tooMany: amoCalendarMessages.travelTooManyPlannings,
    }));
  } else await putTravelMinutes(deps.store, userId, request.travelMinutes);
  return { message: amoCalendarMessages.travelTimeSaved, travelMinutes: request.travelMinutes };
}
