import { listMeetingHistory, type MeetingHistoryEntry } from '../../data/meeting-history-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { loadPlanningFor } from '../plannings/planning-queries';
import { actionMessages } from '../../../shared/messages/planning-actions';

/**
 * GET /rdv/{planningId}/meetings/{uuid}/history: every change staff made to a buyer's meeting,
 * oldest first (also after the buyer was removed from the planning).
 */
export async function meetingHistory(
  deps: Deps,
  caller: Caller,
  planningId: string,
  uuid: string,
): Promise<{ history: Omit<MeetingHistoryEntry, 'id' | 'planningId' | 'uuid'>[] }> {
  const { meetings } = await loadPlanningFor(deps, caller, planningId);
  const entries = await listMeetingHistory(deps.store, planningId, uuid);
  if (entries.length === 0 && !meetings.some((meeting) => meeting.uuid === uuid)) throw new NotFoundError(actionMessages.meetingNotFound);
  return { history: entries.map(({ at, by, action, before, after }) => ({ at, by, action, before, after })) };
}
