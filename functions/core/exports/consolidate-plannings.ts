import type { Meeting, Planning } from '../../../shared/domain/planning';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { toMeeting } from '../plannings/planning-queries';
import { toPlanning } from '../plannings/planning-view';
import { loadExportPlannings } from './load-export-plannings';

// POST /plannings-consolides {_id}: the plannings of the consolidated view with their meetings
export async function consolidatePlannings(deps: Deps, caller: Caller, ids: string[]): Promise<{ plannings: (Planning & { meetings: Meeting[] })[] }> {
  const states = await loadExportPlannings(deps, caller, ids);
  return { plannings: states.map((state) => ({ ...toPlanning(state.planning), meetings: state.meetings.map(toMeeting) })) };
}
