import { newJob, type JobRecord } from '../../data/jobs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { newJobId } from '../jobs/schedule-job';
import { isPlaced } from '../../../shared/rules/meeting-status';

/** The job that walks a planning's waiters and holds an earlier start for the first it can move. */
export const waitlistCheckJobKind = 'waitlist-check';

/** A check of the planning's waitlist, due at `runAt` (now by default). */
export function waitlistCheckJob(deps: Deps, planningId: string, runAt: Date = deps.now()): JobRecord {
  return newJob(newJobId(), waitlistCheckJobKind, { planningId }, runAt, deps.now());
}

/** Buyers of a free planning waiting for an earlier start (a buyer's own request aside). */
export function hasWaiters(planning: PlanningRecord, meetings: readonly MeetingRecord[], exceptUuid?: string): boolean {
  return planning.templateType === 'promoter' && meetings.some((meeting) => meeting.uuid !== exceptUuid && meeting.waitAskedAt !== undefined);
}

/** Whether a change of one meeting frees room in the calendar: a visit cancelled, moved, shortened or no longer placed. */
export function freesRoom(before: MeetingRecord | null, after: MeetingRecord | null): boolean {
  if (!before || !isPlaced(before)) return false;
  if (!after || !isPlaced(after)) return true;
  return before.start !== after.start || before.end !== after.end || before.amoNb !== after.amoNb;
}

/** Planning fields whose change may open time (availability edits, days). */
const roomFields = ['events', 'unavailable', 'extraAvailable', 'amoList'] as const;

/**
 * The check job a change of a planning must write in its own transaction (docs/user-guide.md « Liste
 * d'attente »: crash-safe, the check runs iff the change committed), or none.
 */
export function waitlistCheckFor(
  deps: Deps,
  planning: PlanningRecord,
  meetings: readonly MeetingRecord[],
  writes: readonly { before: MeetingRecord | null; after: MeetingRecord | null }[],
  fields: Partial<Record<string, unknown>> = {},
): JobRecord[] {
  const written = new Map(writes.map((write) => [(write.before ?? write.after)!.uuid, write.after]));
  const afterwards = meetings.flatMap((meeting) => {
    const after = written.has(meeting.uuid) ? written.get(meeting.uuid) : meeting;
    return after ? [after] : [];
  });
  if (!hasWaiters(planning, afterwards)) return [];
  const opens = writes.some((write) => freesRoom(write.before, write.after)) || roomFields.some((field) => fields[field] !== undefined);
  return opens ? [waitlistCheckJob(deps, planning._id)] : [];
}
