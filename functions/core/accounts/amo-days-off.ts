/**
 * An AMO's days off (« Mes indisponibilités ») and travel time between programs, entered once in
 * their profile and applied to every planning naming them (docs/scheduling.md « One person, one
 * calendar »). A day off goes through the staff paths' one strand check, once per planning it
 * touches: one that would leave waiting buyers without a place names them and asks
 * (« Confirmer quand même », `confirmStrand`), as staff availability edits do.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { busyElsewhere, type AmoCalendar, type AmoClaim } from '../../../shared/scheduling/amo-calendar';
import { liveCalendar } from '../../../shared/scheduling/live-calendar';
import { judgeStaffChange } from '../../../shared/scheduling/strand-check';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import { messages } from '../../../shared/i18n/messages';
import type { amoCalendarQuerySchema, DayOffCreate, travelSettingsSchema } from '../../../shared/domain/amo-calendar-requests';
import { deleteDayOff, getTravelMinutes, listDaysOff, loadAmoCalendars, putDayOff, putTravelMinutes, type DayOff } from '../../data/amo-calendar-repository';
import { loadPlanningState } from '../../data/plannings-repository';
import { listProgramAccess } from '../../data/programs-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { refuseUnconfirmed, waitingBuyers } from '../planning-actions/strand-warning';

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
  const user = await getUserById(deps.db, id);
  if (!user || user.role !== 'amo') throw new ValidationError(amoCalendarMessages.notAnAmo);
  return id;
}

/** The AMO is authorized on a program the promoter owns, or named on one of its plannings. */
async function promoterReaches(deps: Deps, promoterId: string, amoId: string): Promise<boolean> {
  const [mine, theirs, calendars] = await Promise.all([
    listProgramAccess(deps.db, promoterId),
    listProgramAccess(deps.db, amoId),
    loadAmoCalendars(deps.db, [amoId]),
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
  const [daysOff, travelMinutes] = await Promise.all([listDaysOff(deps.db, userId), getTravelMinutes(deps.db, userId)]);
  return { daysOff: daysOff.map(wireDayOff), travelMinutes };
}

/**
 * Refuses (409 WOULD_STRAND, the buyers named) a change of the AMO's calendar that leaves waiting
 * buyers of one of their plannings without a place, unless confirmed. Each planning the AMO
 * works on is checked on its own: its calendar with the AMO's time elsewhere before, then after.
 */
async function assertNoPlanningStranded(
  deps: Deps,
  userId: string,
  change: { before: AmoCalendar; after: AmoCalendar; touches: (claim: AmoClaim) => boolean },
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const { before, after } = change;
  const now = deps.now().getTime();
  for (const claim of after.claims.filter(change.touches)) {
    const state = await loadPlanningState(deps.db, claim.planningId);
    if (!state) continue;
    const { planning, meetings } = state;
    const rank = { planningId: planning._id, programId: planning.projectId, since: planning.createdAt };
    const team = await loadAmoCalendars(deps.db, planning.areAmosAssigned ? planning.amoList : []);
    const side = (calendar: AmoCalendar) => ({
      calendar: liveCalendar({ ...planning, busyElsewhere: busyElsewhere(rank, planning.amoList, new Map([...team, [userId, calendar]])) }, meetings, now),
      waiting: waitingBuyers(meetings),
    });
    refuseUnconfirmed(judgeStaffChange(side(before), side(after)), false);
  }
}

// POST /amo/days-off: a period the AMO does not work, on any planning.
export async function addDayOff(
  deps: Deps,
  caller: Caller,
  request: DayOffCreate,
): Promise<{ message: string; dayOff: { id: string; start: string; end: string } }> {
  const userId = await amoOf(deps, caller, request.userId);
  const dayOff: DayOff = { id: randomUUID(), userId, start: Date.parse(request.start), end: Date.parse(request.end), createdAt: deps.now().toISOString() };
  const before = (await loadAmoCalendars(deps.db, [userId])).get(userId)!;
  const after = { ...before, daysOff: [...before.daysOff, { start: dayOff.start, end: dayOff.end }] };
  // Only the plannings whose windows the day off touches can lose a place.
  const touches = (claim: AmoClaim) => claim.windows.some((window) => window.start < dayOff.end && window.end > dayOff.start);
  await assertNoPlanningStranded(deps, userId, { before, after, touches }, request.confirmStrand);
  await putDayOff(deps.db, dayOff);
  return { message: amoCalendarMessages.dayOffAdded, dayOff: wireDayOff(dayOff) };
}

// DELETE /amo/days-off/{id}: the AMO works again then (only adds time: no check).
export async function removeDayOff(deps: Deps, caller: Caller, id: string, query: z.infer<typeof amoCalendarQuerySchema>): Promise<{ message: string }> {
  const userId = await amoOf(deps, caller, query.userId);
  if (!(await deleteDayOff(deps.db, userId, id))) throw new NotFoundError(amoCalendarMessages.dayOffNotFound);
  return { message: amoCalendarMessages.dayOffDeleted };
}

// PUT /amo/calendar: the AMO's travel time between two programs (0 within one program).
export async function saveTravelTime(
  deps: Deps,
  caller: Caller,
  request: z.infer<typeof travelSettingsSchema>,
): Promise<{ message: string; travelMinutes: number }> {
  const userId = await amoOf(deps, caller, request.userId);
  const before = (await loadAmoCalendars(deps.db, [userId])).get(userId)!;
  // A longer travel time takes time from the later plannings: checked like a day off.
  if (request.travelMinutes > before.travelMinutes) {
    await assertNoPlanningStranded(
      deps,
      userId,
      { before, after: { ...before, travelMinutes: request.travelMinutes }, touches: () => true },
      request.confirmStrand,
    );
  }
  await putTravelMinutes(deps.db, userId, request.travelMinutes);
  return { message: amoCalendarMessages.settingsSaved, travelMinutes: request.travelMinutes };
}
