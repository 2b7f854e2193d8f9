/**
 * A planning's named AMOs as one person each across plannings (docs/scheduling.md « One person,
 * one calendar »): what their other plannings and days off take from this planning's engine, the
 * conflicts staff read, and the check of a staff placement.
 */
import {
  busyElsewhere,
  conflictsElsewhere,
  namedAmos,
  placementClash,
  type AmoCalendar,
  type AmoConflict,
  type Span,
} from '../../../shared/scheduling/amo-calendar';
import type { TimeRange } from '../../../shared/scheduling/schemas';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import { amoCalendarUnchanged, loadAmoCalendars, putVisitOutside } from '../../data/amo-calendar-repository';
import type { StorageWrite } from '../../data/unit-of-work';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';

type RankedPlanning = Pick<PlanningRecord, '_id' | 'projectId' | 'createdAt' | 'amoList' | 'areAmosAssigned'>;

/** The naming date of a planning not created yet: after every planning that exists, it ranks last. */
export const NOT_CREATED_YET = '9999';

const rankOf = (planning: RankedPlanning) => ({ planningId: planning._id, programId: planning.projectId, since: planning.createdAt });

/** The calendars of the planning's named AMOs (no read for a planning with anonymous columns: today's behaviour). */
function amoCalendarsOf(deps: Deps, planning: Pick<PlanningRecord, 'amoList' | 'areAmosAssigned'>): Promise<Map<string, AmoCalendar>> {
  return loadAmoCalendars(deps.db, namedAmos(planning));
}

/** The time of each named AMO column that other plannings own or the AMO took off: `busyElsewhere` of the planning's live calendar. */
export async function busyElsewhereOf(deps: Deps, planning: RankedPlanning): Promise<TimeRange[]> {
  if (namedAmos(planning).length === 0) return [];
  return busyElsewhere(rankOf(planning), planning.amoList, await amoCalendarsOf(deps, planning));
}

/** The named AMOs' calendars as a change read them, what they take from the planning, and the checks that they still hold. */
export interface AmoCalendarGuard {
  busyElsewhere: TimeRange[];
  /** Written in the change's transaction: each calendar is still at the version read. */
  unchanged: StorageWrite[];
  calendars: Map<string, AmoCalendar>;
}

/**
 * `busyElsewhereOf`, with the checks a booking's (or a staff placement's) transaction carries that
 * the AMOs' calendars are still the ones read (`amoCalendarUnchanged`): a day off or a longer
 * travel time saved meanwhile makes the change decide again on them. Read inside the change's
 * plan, so a retry reads them again. Nothing for a planning with anonymous columns.
 */
export async function amoCalendarGuardOf(deps: Deps, planning: RankedPlanning): Promise<AmoCalendarGuard> {
  if (namedAmos(planning).length === 0) return { busyElsewhere: [], unchanged: [], calendars: new Map() };
  const calendars = await amoCalendarsOf(deps, planning);
  return {
    busyElsewhere: busyElsewhere(rankOf(planning), planning.amoList, calendars),
    unchanged: [...calendars.values()].map((calendar) => amoCalendarUnchanged(deps.db.table, calendar.userId, calendar.version ?? 0)),
    calendars,
  };
}

/** Where the planning's named AMOs already work elsewhere or are off, within its windows (the planning page, the creation warning). */
export async function conflictsOf(deps: Deps, planning: RankedPlanning & Pick<PlanningRecord, 'events' | 'extraAvailable'>): Promise<AmoConflict[]> {
  if (namedAmos(planning).length === 0) return [];
  return conflictsElsewhere(rankOf(planning), planning, await amoCalendarsOf(deps, planning));
}

/**
 * A staff placement of column `amoNb` at `visit` on `planning` (forced booking, move): refused
 * with 409 and « amo1 est déjà sur « … » le … : placer quand même ? » when the AMO is off then, or
 * works elsewhere (another planning's time, or a visit there too close for the travel time),
 * unless staff confirmed (`confirmElsewhere`). A confirmed placement over another planning's time
 * is recorded first in the AMO's calendar, so that every other planning keeps clear of it.
 * `guard`: the calendars the placement's transaction checks unchanged (read again otherwise).
 */
export async function assertAmoFreeElsewhere(
  deps: Deps,
  planning: PlanningRecord,
  visit: Span & { amoNb: number; uuid: string },
  confirmed: boolean | undefined,
  guard?: AmoCalendarGuard,
): Promise<void> {
  const userId = namedAmos(planning)[visit.amoNb];
  if (!userId) return;
  const calendar = (guard?.calendars ?? (await amoCalendarsOf(deps, planning))).get(userId);
  if (!calendar) return;
  const clash = placementClash(rankOf(planning), visit, calendar, []);
  if (!clash) return;
  if (!confirmed) {
    const error = new ConflictError(amoCalendarMessages.placeAnyway(clash.message));
    error.details = { code: 'AMO_ELSEWHERE', conflict: clash };
    throw error;
  }
  await putVisitOutside(deps.db, {
    userId,
    planningId: planning._id,
    planningName: planning.name,
    programId: planning.projectId,
    uuid: visit.uuid,
    start: visit.start,
    end: visit.end,
  });
}

/**
 * Visits staff placed knowing they run into the AMOs' time elsewhere (« Décaler » confirmed with
 * `confirmElsewhere`): each one that clashes is recorded in its AMO's calendar before the change
 * commits, as a confirmed forced booking is, so that the other plannings keep clear of it.
 */
export async function recordConfirmedPlacements(
  deps: Deps,
  planning: PlanningRecord,
  visits: readonly (Span & { amoNb: number; uuid: string })[],
): Promise<void> {
  if (namedAmos(planning).length === 0 || visits.length === 0) return;
  const guard = await amoCalendarGuardOf(deps, planning);
  for (const visit of visits) await assertAmoFreeElsewhere(deps, planning, visit, true, guard);
}

/**
 * What a change of the planning's days (« Décaler ») newly runs into for its named AMOs: the
 * conflicts after it that were not there before (another planning's time, a day off). A shifted
 * planning keeps its naming dates, so on its new days it may outrank a planning that already has
 * visits there: staff see it and confirm, or choose other days.
 */
export async function newConflictsOf(
  deps: Deps,
  before: RankedPlanning & Pick<PlanningRecord, 'events' | 'extraAvailable'>,
  after: Pick<PlanningRecord, 'events' | 'extraAvailable'>,
): Promise<AmoConflict[]> {
  if (namedAmos(before).length === 0) return [];
  const calendars = await amoCalendarsOf(deps, before);
  const key = (conflict: AmoConflict) => `${conflict.userId}|${conflict.planningId}|${conflict.start}|${conflict.end}`;
  const known = new Set(conflictsElsewhere(rankOf(before), before, calendars).map(key));
  return conflictsElsewhere(rankOf(before), { ...before, ...after }, calendars).filter((conflict) => !known.has(key(conflict)));
}
