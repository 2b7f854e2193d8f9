/**
 * The guarantee across plannings for a change of a planning's days (docs/scheduling.md « One
 * person, one calendar »): a shifted planning keeps its naming dates, so on its new days it may
 * outrank another planning naming the same AMO and take that planning's time. Each such planning
 * is judged as a day off judges it (the staff paths' one comparison, `judgeStaffChange`): its
 * buyers still to place, with the AMOs' time elsewhere before the shift, then after it.
 */
import {
  amoWindows,
  busyElsewhere,
  namedAmos,
  type AmoCalendar,
  type AmoConflict,
  type NamedPlanning,
  type Span,
} from '../../../shared/scheduling/amo-calendar';
import { liveCalendar } from '../../../shared/scheduling/live-calendar';
import { judgeStaffChange } from '../../../shared/scheduling/strand-check';
import type { TimeBudget } from '../../../shared/scheduling/time-budget';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import { loadAmoCalendars, type VisitOutside } from '../../data/amo-calendar-repository';
import { loadPlanningState, type PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { waitingBuyers } from './strand-warning';
import type { AmoCalendarGuard } from '../plannings/amo-time-elsewhere';

/** Another planning a shift would leave with buyers without a place (or a check its budget left undecided). */
interface StrandElsewhere {
  planningId: string;
  planningName: string;
  /** The buyers named (none when the check could not conclude). */
  buyers: string[];
  /** « Attention : après ce décalage, … ne pourra plus être placé(e) sur « … » : placer quand même ? » */
  message: string;
}

/** The strandings found, and the plannings judged at the version read (the shift's transaction checks them unchanged). */
export interface StrandsElsewhere {
  strands: StrandElsewhere[];
  judged: { planningId: string; version: number }[];
}

/** What the shifted planning takes on its new days, for the other plannings: its new windows, and its moved visits recorded (a confirmed shift). */
interface ShiftTaking {
  after: Pick<NamedPlanning, 'events' | 'extraAvailable'>;
  moved: readonly (Span & { amoNb: number })[];
  under: readonly VisitOutside[];
}

/** The AMO's calendar once the shift is saved and its recordings made. */
function calendarAfterShift(calendar: AmoCalendar, planning: PlanningRecord, taking: ShiftTaking): AmoCalendar {
  const column = namedAmos(planning).indexOf(calendar.userId);
  const windows = amoWindows({ ...taking.after, amoList: planning.amoList, areAmosAssigned: planning.areAmosAssigned }, calendar.userId);
  // Every moved visit counts as recorded: one inside the shifted planning's own time is already
  // covered by its claim, widened as a recorded visit is, so counting it changes nothing.
  const moved = taking.moved
    .filter((visit) => visit.amoNb === column)
    .map((visit) => ({ planningId: planning._id, planningName: planning.name, programId: planning.projectId, start: visit.start, end: visit.end }));
  return {
    ...calendar,
    claims: calendar.claims.map((claim) => (claim.planningId === planning._id ? { ...claim, windows } : claim)),
    visitsOutside: [...calendar.visitsOutside, ...moved, ...taking.under.filter((visit) => visit.userId === calendar.userId)],
  };
}

/**
 * The other plannings that the shift of `planning` onto `taking.after` would leave with buyers
 * still to place and no place for them, read from the plannings its new conflicts name (only
 * those share the AMOs' time on the new days). `guard`: the shifted planning's AMOs' calendars as
 * its start reads them (its transaction checks them unchanged); the other AMOs those plannings
 * name are read here. `budget`: the request's one budget.
 */
export async function strandsElsewhereOf(
  deps: Deps,
  planning: PlanningRecord,
  taking: ShiftTaking,
  conflicts: readonly AmoConflict[],
  guard: AmoCalendarGuard,
  budget: TimeBudget,
): Promise<StrandsElsewhere> {
  const found: StrandElsewhere[] = [];
  const judged: StrandsElsewhere['judged'] = [];
  const now = deps.now().getTime();
  for (const otherId of new Set(conflicts.flatMap((conflict) => (conflict.planningId ? [conflict.planningId] : [])))) {
    const other = await loadPlanningState(deps.store, otherId);
    if (!other) continue;
    const waiting = waitingBuyers(other.meetings);
    if (waiting.length === 0) continue;
    judged.push({ planningId: otherId, version: other.planning.version });
    const team = namedAmos(other.planning);
    const before = new Map<string, AmoCalendar>(
      await loadAmoCalendars(
        deps.store,
        team.filter((userId) => !guard.calendars.has(userId)),
      ),
    );
    for (const userId of team) {
      const calendar = guard.calendars.get(userId);
      if (calendar) before.set(userId, calendar);
    }
    const after = new Map(
      [...before].map(([userId, calendar]) => [userId, guard.calendars.has(userId) ? calendarAfterShift(calendar, planning, taking) : calendar]),
    );
    const rank = { planningId: other.planning._id, programId: other.planning.projectId, since: other.planning.createdAt };
    const side = (calendars: ReadonlyMap<string, AmoCalendar>) => ({
      calendar: liveCalendar({ ...other.planning, busyElsewhere: busyElsewhere(rank, other.planning.amoList, calendars) }, other.meetings, now),
      waiting,
    });
    const verdict = judgeStaffChange(side(before), side(after), budget);
    if (verdict.kind === 'strands') {
      const buyers = verdict.stranded.map((buyer) => buyer.name);
      found.push({
        planningId: otherId,
        planningName: other.planning.name,
        buyers,
        message: amoCalendarMessages.strandsElsewhere(other.planning.name, buyers),
      });
    } else if (verdict.kind === 'undecided')
      found.push({
        planningId: otherId,
        planningName: other.planning.name,
        buyers: [],
        message: amoCalendarMessages.strandsElsewhereUndecided(other.planning.name),
      });
  }
  return { strands: found, judged };
}
