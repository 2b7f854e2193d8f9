import { liveCalendar } from '../../../shared/scheduling/live-calendar';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';

export { remainingDurations } from '../../../shared/scheduling/live-calendar';

/** The engine's view of a stored planning (see shared/scheduling/live-calendar.ts). */
export function planningCalendar(planning: PlanningRecord, meetings: MeetingRecord[]): PlanningCalendar {
  return liveCalendar(planning, meetings);
}
