import type { AttendanceDay, DayVisit } from '../../../shared/domain/attendance';
import { parisDay } from '../../../shared/logs/periods';
import { addDays, parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { listProgramPlannings, loadPlanningState, type PlanningRecord } from '../../data/plannings-repository';
import { listAllPrograms, listProgramAccess } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { amoLabel, isScheduled } from '../exports/export-visits';
import { amoNamesOf } from '../exports/load-export-plannings';
import { amoWorksOnVisit } from './amo-visit';
import { amoWholeCalendar } from '../plannings/amo-whole-day';

/** The programs whose plannings the caller works on: all for an administrator, else owned or authorized. */
async function programIdsOf(deps: Deps, caller: Caller): Promise<string[]> {
  if (caller.role === 'administrator') return (await listAllPrograms(deps.store)).map((program) => program._id);
  return (await listProgramAccess(deps.store, caller.userId)).map((entry) => entry.programId);
}

/** A sent planning (drafts have no visits) with a day of visits between `from` and `to`. */
function hasDayIn(planning: PlanningRecord, from: number, to: number): boolean {
  if (planning.templateType !== 'promoter' && planning.templateType !== 'promoterImpose') return false;
  return planning.events.some((event) => Date.parse(event.start) < to && Date.parse(event.end) > from);
}

/**
 * GET /attendance/day?date=YYYY-MM-DD ('Ma journée'): every visit of the Paris day, across the
 * plannings the caller works on, by time; an AMO sees the visits that are theirs or nobody's (as
 * in their calendar feed). Reads each program's planning list, then only the plannings that have
 * that day (one Query each).
 */
export async function attendanceDay(deps: Deps, caller: Caller, date: string | undefined): Promise<AttendanceDay> {
  const day = date ?? parisDay(deps.now().getTime());
  const from = parisWallToEpoch(day, 0);
  const to = parisWallToEpoch(addDays(day, 1), 0);
  const programIds = await programIdsOf(deps, caller);
  const plannings = (await Promise.all(programIds.map((programId) => listProgramPlannings(deps.store, programId))))
    .flat()
    .filter((planning) => hasDayIn(planning, from, to));
  // An AMO's whole day: also the plannings naming them on programs they are not authorized on, and their days off (docs/scheduling.md « One person, one calendar »).
  const { states, daysOff } =
    caller.role === 'amo'
      ? await amoWholeCalendar(deps, caller.userId, plannings, (planning) => hasDayIn(planning, from, to), { start: from, end: to })
      : {
          states: (await Promise.all(plannings.map((planning) => loadPlanningState(deps.store, planning._id)))).filter((state) => state !== null),
          daysOff: [],
        };
  const amoNames = await amoNamesOf(deps, states);
  const visits: DayVisit[] = states.flatMap(({ planning, meetings }) =>
    meetings
      .filter((meeting) => isScheduled(meeting) && Date.parse(meeting.start!) >= from && Date.parse(meeting.start!) < to)
      .filter((meeting) => caller.role !== 'amo' || amoWorksOnVisit(planning, meeting.amoNb, caller.userId))
      .map((meeting) => {
        const amoName = amoLabel(planning, amoNames, meeting.amoNb);
        return {
          planningId: planning._id,
          planningName: planning.name,
          programName: planning.projectName,
          imposed: planning.templateType === 'promoterImpose',
          uuid: meeting.uuid,
          start: meeting.start!,
          end: meeting.end!,
          nom: meeting.guest.nom,
          lotcomm: meeting.guest.lotcomm,
          typologie: meeting.guest.typologie,
          telephone: meeting.guest.telephonemonsieur,
          ...(amoName ? { amoName } : {}),
          ...(meeting.attendance ? { attendance: meeting.attendance } : {}),
          ...(meeting.attendanceNote ? { attendanceNote: meeting.attendanceNote } : {}),
          ...(meeting.attendanceBy ? { attendanceBy: meeting.attendanceBy } : {}),
          ...(meeting.attendanceMarkedAt ? { attendanceMarkedAt: meeting.attendanceMarkedAt } : {}),
        };
      }),
  );
  visits.sort((a, b) => a.start.localeCompare(b.start) || a.lotcomm.localeCompare(b.lotcomm, 'fr', { numeric: true }));
  return {
    date: day,
    visits,
    ...(daysOff.length > 0 ? { daysOff: daysOff.map((off) => ({ start: new Date(off.start).toISOString(), end: new Date(off.end).toISOString() })) } : {}),
  };
}
