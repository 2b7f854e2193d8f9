/**
 * A planning's named AMOs as one person each across plannings (docs/scheduling.md « One person,
 * one calendar »): what their other plannings and days off take from this planning's engine, the
 * conflicts staff read, and the check of a staff placement.
 */
import {
  amoWindows,
  busyElsewhere,
  conflictsElsewhere,
  namedAmos,
  placementClash,
  type AmoCalendar,
  type AmoConflict,
  type NamedPlanning,
  type Span,
} from '../../../shared/scheduling/amo-calendar';
import { isPlaced } from '../../../shared/rules/meeting-status';
import type { TimeRange } from '../../../shared/scheduling/schemas';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import { loadAmoCalendars, recordVisitsOutside, type AmoCalendarRead, type VisitOutside } from '../../data/amo-calendar-repository';
import { loadPlanningState, type PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';

type RankedPlanning = Pick<PlanningRecord, '_id' | 'projectId' | 'createdAt' | 'amoList' | 'areAmosAssigned'>;

/** The naming date of a planning not created yet: after every planning that exists, it ranks last. */
export const NOT_CREATED_YET = '9999';

const rankOf = (planning: RankedPlanning) => ({ planningId: planning._id, programId: planning.projectId, since: planning.createdAt });

/** The calendars of the planning's named AMOs (no read for a planning with anonymous columns: today's behaviour). */
function amoCalendarsOf(deps: Deps, planning: Pick<PlanningRecord, 'amoList' | 'areAmosAssigned'>): Promise<Map<string, AmoCalendar>> {
  return loadAmoCalendars(deps.store, namedAmos(planning));
}

/** The time of each named AMO column that other plannings own or the AMO took off: `busyElsewhere` of the planning's live calendar. */
export async function busyElsewhereOf(deps: Deps, planning: RankedPlanning): Promise<TimeRange[]> {
  if (namedAmos(planning).length === 0) return [];
  return busyElsewhere(rankOf(planning), planning.amoList, await amoCalendarsOf(deps, planning));
}

/** The named AMOs' calendars as a change read them, what they take from the planning, and the checks that they still hold. */
export interface AmoCalendarGuard {
  busyElsewhere: TimeRange[];
  /** Checked by the change's commit: each calendar is still at the version read (or at the one its own recordings moved it to). */
  unchanged: AmoCalendarRead[];
  calendars: Map<string, AmoCalendar>;
}

const unchangedChecks = (calendars: ReadonlyMap<string, AmoCalendar>): AmoCalendarRead[] =>
  [...calendars.values()].map((calendar) => ({ userId: calendar.userId, version: calendar.version ?? 0 }));

/**
 * `busyElsewhereOf`, with the checks a booking's (or a staff placement's) transaction carries that
 * the AMOs' calendars are still the ones read (each at its version): a day off or a longer
 * travel time saved meanwhile makes the change decide again on them. Read inside the change's
 * plan, so a retry reads them again. Nothing for a planning with anonymous columns.
 */
export async function amoCalendarGuardOf(deps: Deps, planning: RankedPlanning): Promise<AmoCalendarGuard> {
  if (namedAmos(planning).length === 0) return { busyElsewhere: [], unchanged: [], calendars: new Map() };
  const calendars = await amoCalendarsOf(deps, planning);
  return { busyElsewhere: busyElsewhere(rankOf(planning), planning.amoList, calendars), unchanged: unchangedChecks(calendars), calendars };
}

const sameVisit = (a: VisitOutside, b: AmoCalendar['visitsOutside'][number]) =>
  a.uuid === b.uuid && a.planningId === b.planningId && a.start === b.start && a.end === b.end;

/**
 * Records visits of one AMO outside the claims in their calendar, moving its version (a booking of
 * another planning that read it before decides again), and the guard with it: the change's own
 * check then expects the version its recording left. Visits already recorded as they are: nothing
 * written. When the calendar moved since the guard read it, nothing is recorded and the guard
 * keeps the version read, so the change's commit fails its check and it plans again on what is now.
 */
async function recordInGuard(deps: Deps, guard: AmoCalendarGuard, userId: string, visits: readonly VisitOutside[]): Promise<void> {
  const calendar = guard.calendars.get(userId);
  if (!calendar) return;
  const fresh = visits.filter((visit) => !calendar.visitsOutside.some((known) => sameVisit(visit, known)));
  if (fresh.length === 0) return;
  const version = await recordVisitsOutside(deps.store, userId, fresh, calendar.version ?? 0);
  if (version === null) return;
  calendar.version = version;
  calendar.visitsOutside.push(...fresh);
  guard.unchanged = unchangedChecks(guard.calendars);
}

/** Where the planning's named AMOs already work elsewhere or are off, within its windows (the planning page, the creation warning). */
export async function conflictsOf(deps: Deps, planning: RankedPlanning & Pick<PlanningRecord, 'events' | 'extraAvailable'>): Promise<AmoConflict[]> {
  if (namedAmos(planning).length === 0) return [];
  return conflictsElsewhere(rankOf(planning), planning, await amoCalendarsOf(deps, planning));
}

/** A placement of the planning's visit as its AMO's calendar records it, outside the claims. */
const visitOutsideOf = (planning: PlanningRecord, userId: string, visit: Span & { uuid: string }): VisitOutside => ({
  userId,
  planningId: planning._id,
  planningName: planning.name,
  programId: planning.projectId,
  uuid: visit.uuid,
  start: visit.start,
  end: visit.end,
});

/** Whether the visit lies within the planning's own time for that AMO (its claim keeps the other plannings off it). */
const withinOwnTime = (planning: PlanningRecord, userId: string, visit: Span) =>
  amoWindows(planning, userId).some((window) => window.start <= visit.start && visit.end <= window.end);

/**
 * A staff placement of column `amoNb` at `visit` on `planning` (forced booking, move): refused
 * with 409 and « amo1 est déjà sur « … » le … : placer quand même ? » when the AMO is off then, or
 * works elsewhere (another planning's time, or a visit there too close for the travel time),
 * unless staff confirmed (`confirmElsewhere`). A confirmed placement over another planning's time,
 * and a placement outside the planning's own time for that AMO (no claim keeps the other plannings
 * off it: nothing to ask), are recorded first in the AMO's calendar (its version moved), so that
 * every other planning keeps clear of them. `guard`: the calendars the placement's transaction
 * checks unchanged. `planning`: with the days the visit is placed on (a shift's new ones).
 */
export async function assertAmoFreeElsewhere(
  deps: Deps,
  planning: PlanningRecord,
  visit: Span & { amoNb: number; uuid: string },
  confirmed: boolean | undefined,
  guard: AmoCalendarGuard,
): Promise<void> {
  const userId = namedAmos(planning)[visit.amoNb];
  if (!userId) return;
  const calendar = guard.calendars.get(userId);
  if (!calendar) return;
  const record = () => recordInGuard(deps, guard, userId, [visitOutsideOf(planning, userId, visit)]);
  const clash = placementClash(rankOf(planning), visit, calendar, []);
  if (!clash) {
    if (!withinOwnTime(planning, userId, visit)) await record();
    return;
  }
  if (!confirmed) {
    const error = new ConflictError(amoCalendarMessages.placeAnyway(clash.message));
    error.details = { code: 'AMO_ELSEWHERE', conflict: clash };
    throw error;
  }
  await record();
}

/**
 * What a change of the planning's days (« Décaler ») newly runs into for its named AMOs: the
 * conflicts after it that were not there before (another planning's time, a day off). A shifted
 * planning keeps its naming dates, so on its new days it may outrank a planning that already has
 * visits there: staff see it and confirm, or choose other days.
 */
export function newConflictsOf(
  before: RankedPlanning & Pick<PlanningRecord, 'events' | 'extraAvailable'>,
  after: Pick<PlanningRecord, 'events' | 'extraAvailable'>,
  guard: AmoCalendarGuard,
): AmoConflict[] {
  if (namedAmos(before).length === 0) return [];
  const key = (conflict: AmoConflict) => `${conflict.userId}|${conflict.planningId}|${conflict.start}|${conflict.end}`;
  const known = new Set(conflictsElsewhere(rankOf(before), before, guard.calendars).map(key));
  return conflictsElsewhere(rankOf(before), { ...before, ...after }, guard.calendars).filter((conflict) => !known.has(key(conflict)));
}

/**
 * The visits other plannings already have, for each named AMO, within a shifted planning's new
 * time (widened by the travel time): the plannings its new conflicts name, each read once. Where
 * the shifted planning outranks one of them, that time becomes its own, and those visits, placed
 * before it came, are then visits outside the claims (docs/scheduling.md « One person, one
 * calendar »).
 */
export async function visitsUnderShift(
  deps: Deps,
  planning: RankedPlanning,
  after: NamedPlanning,
  conflicts: readonly AmoConflict[],
  guard: AmoCalendarGuard,
): Promise<VisitOutside[]> {
  const found: VisitOutside[] = [];
  for (const otherId of new Set(conflicts.flatMap((conflict) => (conflict.planningId ? [conflict.planningId] : [])))) {
    const other = await loadPlanningState(deps.store, otherId);
    if (!other) continue;
    for (const userId of new Set(conflicts.filter((conflict) => conflict.planningId === otherId).map((conflict) => conflict.userId))) {
      const calendar = guard.calendars.get(userId);
      const column = namedAmos(other.planning).indexOf(userId);
      if (!calendar || column < 0) continue;
      const travel = other.planning.projectId === planning.projectId ? 0 : calendar.travelMinutes * 60_000;
      const mine = amoWindows({ ...after, amoList: planning.amoList, areAmosAssigned: planning.areAmosAssigned }, userId);
      for (const meeting of other.meetings) {
        if (!isPlaced(meeting) || (meeting.amoNb ?? 0) !== column) continue;
        const [start, end] = [Date.parse(meeting.start!), Date.parse(meeting.end!)];
        if (!mine.some((window) => start < window.end + travel && end > window.start - travel)) continue;
        found.push({ userId, planningId: otherId, planningName: other.planning.name, programId: other.planning.projectId, uuid: meeting.uuid, start, end });
      }
    }
  }
  return found;
}

/** `busyElsewhere` of the planning once these visits are recorded in its AMOs' calendars (the shift's check on its new days). */
export function busyWithVisits(planning: RankedPlanning, guard: AmoCalendarGuard, visits: readonly VisitOutside[]): TimeRange[] {
  if (visits.length === 0) return guard.busyElsewhere;
  const calendars = new Map(
    [...guard.calendars].map(([userId, calendar]) => [
      userId,
      { ...calendar, visitsOutside: [...calendar.visitsOutside, ...visits.filter((visit) => visit.userId === userId)] },
    ]),
  );
  return busyElsewhere(rankOf(planning), planning.amoList, calendars);
}

/**
 * « Décaler » confirmed over the AMOs' time elsewhere (`confirmElsewhere`), before the shift
 * commits: the other plannings' visits under the new days (`visitsUnderShift`), then each moved
 * visit that runs into the AMOs' time elsewhere, recorded in the AMOs' calendars as a confirmed
 * forced booking is, so that no planning offers that time again. The guard follows the versions
 * the recordings leave (the shift's transaction checks them). `planning`: with its new days.
 */
export async function recordShiftOverElsewhere(
  deps: Deps,
  planning: PlanningRecord,
  under: readonly VisitOutside[],
  moved: readonly (Span & { amoNb: number; uuid: string })[],
  guard: AmoCalendarGuard,
): Promise<void> {
  if (namedAmos(planning).length === 0) return;
  // Judged on the calendars with the visits under the new days: a moved visit near one of them is recorded too.
  const withUnder = (calendar: AmoCalendar): AmoCalendar => ({
    ...calendar,
    visitsOutside: [...calendar.visitsOutside, ...under.filter((visit) => visit.userId === calendar.userId)],
  });
  const records = [...under];
  for (const visit of moved) {
    const userId = namedAmos(planning)[visit.amoNb];
    const calendar = userId ? guard.calendars.get(userId) : undefined;
    if (!userId || !calendar) continue;
    // As a confirmed placement is (`assertAmoFreeElsewhere`): over the AMO's time elsewhere, or outside the planning's own.
    if (placementClash(rankOf(planning), visit, withUnder(calendar), []) || !withinOwnTime(planning, userId, visit))
      records.push(visitOutsideOf(planning, userId, visit));
  }
  // One recording per AMO, not one per moved visit: a shift moves hundreds.
  for (const userId of new Set(records.map((visit) => visit.userId)))
    await recordInGuard(
      deps,
      guard,
      userId,
      records.filter((visit) => visit.userId === userId),
    );
}
