import type { PlanningChanges } from '../../../shared/domain/planning-changes';
import { listMeetingChanges } from '../../data/meeting-changes-repository';
import { getPlanning } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { decodeCursor, encodeCursor, entryHash, maxChangesPerAnswer, openCursor, pastBurst, windowEntries, windowStart } from './change-cursor';
import { planningNotFound, toMeeting } from './planning-queries';
import { toPlanning } from './planning-view';

/**
 * GET /rdv/{id}/changes?since=<cursor>: the planning's changes after the screen's cursor, read
 * from the change index (one Get of the planning, one Query of the index: never the 600 meetings
 * of a large planning), so open staff screens follow bookings, cancellations and the other staff
 * members' changes within seconds (part 2 §2.6).
 */
export async function getPlanningChanges(deps: Deps, caller: Caller, planningId: string, since: string | undefined): Promise<PlanningChanges> {
  const cursor = since === undefined ? null : decodeCursor(since);
  const nowMs = deps.now().getTime();
  const planning = await getPlanning(deps.store, planningId);
  if (!planning) throw new NotFoundError(planningNotFound);
  await loadProgramFor(deps, caller, planning.projectId);
  // No cursor yet: the screen opens one, then reads the whole planning.
  if (!cursor) return { changes: await openCursor(deps, planningId, planning.version), planning: null, meetings: [], removed: [], resync: false };
  const window = await listMeetingChanges(deps.store, planningId, cursor.after, maxChangesPerAnswer);
  const planningView = planning.version === cursor.version ? null : toPlanning(planning);
  const after = windowStart(nowMs, cursor.after);
  if (window.overflow)
    return { changes: encodeCursor(pastBurst(new Date(nowMs), planning.version)), planning: planningView, meetings: [], removed: [], resync: true };
  const seen = new Set(cursor.seen);
  const isNew = (uuid: string, stamp: string) => !seen.has(entryHash(uuid, stamp));
  const next = windowEntries(window).filter((entry) => entry.stamp > after);
  return {
    changes: encodeCursor({ after, version: planning.version, seen: next.map((entry) => entry.hash) }),
    planning: planningView,
    meetings: window.changed.filter((change) => isNew(change.meeting.uuid, change.stamp)).map((change) => toMeeting(change.meeting)),
    removed: window.removed.filter((removal) => isNew(removal.uuid, removal.stamp)).map((removal) => removal.uuid),
    resync: false,
  };
}
