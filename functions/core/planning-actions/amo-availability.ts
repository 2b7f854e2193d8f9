import { nameAmoOnPlanning } from '../../data/amo-calendar-repository';
import { amoCalendarGuardOf, busyElsewhereOf } from '../plannings/amo-time-elsewhere';
import type { z } from 'zod';
import { testAvailabilityEdits, type AvailabilityEdit } from '../../../shared/scheduling/availability-edits';
import { amoColumnCount, buildGrid, type PlanningGrid } from '../../../shared/scheduling/grid';
import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import type { PlanningCalendar, TimeRange } from '../../../shared/scheduling/schemas';
import { toEpoch } from '../../../shared/scheduling/time-grid';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import type { PlanningRecord } from '../../data/plannings-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { changePlanning } from './planning-transaction';
import type { addAmoSchema, availabilityEditsSchema } from '../../../shared/domain/planning-action-requests';
import { loadStaffPlanning } from '../plannings/staff-actor';

export interface Availabilities {
  unavailable: TimeRange[];
  extraAvailable: TimeRange[];
  grid: PlanningGrid;
}

function availabilitiesOf(calendar: PlanningCalendar): Availabilities {
  return { unavailable: calendar.unavailable, extraAvailable: calendar.extraAvailable, grid: buildGrid(calendar) };
}

function toEdits(calendar: PlanningCalendar, events: z.infer<typeof availabilityEditsSchema>['events']): AvailabilityEdit[] {
  const columns = amoColumnCount(calendar);
  return events.map((event) => {
    if (event.amoNb >= columns) throw new ValidationError(actionMessages.invalidSelection);
    return { kind: event.kind, amoNb: event.amoNb, start: toEpoch(event.start), end: toEpoch(event.end) };
  });
}

/**
 * PATCH /rdv/test-book-unavailabilities/{planningId} (TEST of the availability drawer): the edits
 * applied to the current planning, and whether every buyer still to be placed fits. Reads only.
 * `error` is null when CONFIRMER may save; `availabilities` is the edited grid (or the current
 * one when refused, for ANNULER). `confirmation`: the check could not conclude within its budget
 * (docs/scheduling.md 'Staff checks fail closed'): CONFIRMER then needs `confirmStrand`.
 */
export async function testAvailabilities(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof availabilityEditsSchema>,
): Promise<{ error: string | null; confirmation?: string; availabilities: Availabilities }> {
  const { planning, meetings } = await loadStaffPlanning(deps, caller, planningId);
  const calendar = liveCalendar(planning, meetings, deps.now().getTime());
  const busy = await busyElsewhereOf(deps, planning);
  const outcome = testAvailabilityEdits(calendar, toEdits(calendar, request.events), remainingDurations(meetings), undefined, busy);
  if (!outcome.ok) return { error: outcome.error, availabilities: availabilitiesOf(calendar) };
  return { error: null, ...(outcome.confirm ? { confirmation: outcome.confirm } : {}), availabilities: availabilitiesOf(outcome.calendar) };
}

/**
 * PATCH /rdv/book-unavailabilities/{planningId} (CONFIRMER): the same check on the state at the
 * time of writing, then the edits saved with the planning's version (a booking made between TEST
 * and CONFIRMER is taken into account: the edits are checked again against it). A check left
 * undecided by its budget saves only with `confirmStrand`.
 */
export async function saveAvailabilities(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof availabilityEditsSchema>,
): Promise<{ message: string; availabilities: Availabilities }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  return changePlanning(deps, staff.actor, staff, async ({ planning, meetings }) => {
    const calendar = liveCalendar(planning, meetings, deps.now().getTime());
    // The named AMOs' time elsewhere is no capacity of this planning (docs/scheduling.md « One person, one calendar »),
    // their calendars checked unchanged at commit.
    const guard = await amoCalendarGuardOf(deps, planning);
    const outcome = testAvailabilityEdits(calendar, toEdits(calendar, request.events), remainingDurations(meetings), undefined, guard.busyElsewhere);
    if (!outcome.ok) throw new ConflictError(outcome.error);
    // Undecided within the budget: never saved silently (409 WOULD_STRAND asks the staff to confirm).
    if (outcome.confirm && !request.confirmStrand) throw new SchedulingRuleError('WOULD_STRAND', outcome.confirm);
    return {
      planning: { unavailable: outcome.calendar.unavailable, extraAvailable: outcome.calendar.extraAvailable },
      result: { message: actionMessages.availabilitiesSaved, availabilities: availabilitiesOf(outcome.calendar) },
      checks: guard.unchanged,
    };
  });
}

/**
 * The events once one more AMO works on the targeted days (all days by default). Anonymous
 * columns: each targeted day gets one more AMO. Assigned AMOs: the new AMO takes the next column,
 * which works on a day only if every column before it does (a column works when its number is
 * below the day's nbAmo), so only the days fully staffed get the new AMO.
 */
function eventsWithOneMoreAmo(planning: PlanningRecord, dates: string[] | undefined): PlanningRecord['events'] {
  const targeted = (date: string) => !dates || dates.includes(date);
  const staffed = new Map<string, number>();
  for (const event of planning.events) {
    const { date } = eventToDay(event);
    staffed.set(date, Math.max(staffed.get(date) ?? 0, event.nbAmo));
  }
  const column = planning.amoList.length;
  return planning.events.map((event) => {
    const { date } = eventToDay(event);
    if (!targeted(date)) return event;
    if (planning.areAmosAssigned && staffed.get(date) !== column) return event;
    const nbAmo = planning.areAmosAssigned ? column + 1 : event.nbAmo + 1;
    if (nbAmo > 10) throw new ValidationError(actionMessages.tooManyAmos);
    return { ...event, nbAmo };
  });
}

// PATCH /rdv/add-amo/{planningId} {amoId?, dates?} → {grid, nbOfAmos}
export async function addAmo(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof addAmoSchema>,
): Promise<{ message: string; grid: PlanningGrid; nbOfAmos: number }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  if (staff.planning.areAmosAssigned) {
    if (!request.amoId) throw new ValidationError(actionMessages.amoRequired);
    const amo = await getUserById(deps.store, request.amoId);
    if (!amo || amo.role !== 'amo') throw new ValidationError(actionMessages.amoUnknown);
    // Named before the change commits, as of now: the plannings that named the AMO earlier keep their time (docs/scheduling.md « One person, one calendar »).
    if (!staff.planning.amoList.includes(amo._id)) await nameAmoOnPlanning(deps.store, amo._id, planningId, deps.now().toISOString());
  }
  return changePlanning(deps, staff.actor, staff, ({ planning, meetings }) => {
    if (planning.areAmosAssigned && planning.amoList.includes(request.amoId!)) throw new ConflictError(actionMessages.amoAlreadyThere);
    const events = eventsWithOneMoreAmo(planning, request.dates);
    const amoList = planning.areAmosAssigned ? [...planning.amoList, request.amoId!] : planning.amoList;
    const calendar = liveCalendar({ ...planning, events, amoList }, meetings);
    return {
      planning: { events, amoList },
      result: { message: actionMessages.amoAdded, grid: buildGrid(calendar), nbOfAmos: amoColumnCount(calendar) },
    };
  });
}
