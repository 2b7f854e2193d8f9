import type { PlanningChanges } from '../domain/planning-changes';
import type { Meeting, Planning } from '../domain/planning';

/** What an open staff screen holds of a planning: the whole read, and its changes cursor. */
export interface LivePlanning {
  planning: Planning;
  meetings: Meeting[];
  changes?: string;
}

/**
 * The screen's planning with a changes answer merged in: changed meetings replaced where they
 * were (new ones appended), removed ones dropped, the planning replaced when it changed, the
 * cursor moved on. Meetings that did not change keep their identity, so tables and calendars
 * keep their selection and scroll (part 2 §2.6).
 */
export function mergePlanningChanges(current: LivePlanning, answer: Pick<PlanningChanges, 'changes' | 'planning' | 'meetings' | 'removed'>): LivePlanning {
  const changed = new Map(answer.meetings.map((meeting) => [meeting.uuid, meeting]));
  const removed = new Set(answer.removed);
  const known = new Set(current.meetings.map((meeting) => meeting.uuid));
  const meetings =
    changed.size === 0 && removed.size === 0
      ? current.meetings
      : [
          ...current.meetings.filter((meeting) => !removed.has(meeting.uuid)).map((meeting) => changed.get(meeting.uuid) ?? meeting),
          ...answer.meetings.filter((meeting) => !known.has(meeting.uuid) && !removed.has(meeting.uuid)),
        ];
  return { planning: answer.planning ?? current.planning, meetings, changes: answer.changes };
}

/** Whether an answer changes anything the screen shows. */
export function hasPlanningChanges(answer: Pick<PlanningChanges, 'planning' | 'meetings' | 'removed'>): boolean {
  return answer.planning !== null || answer.meetings.length > 0 || answer.removed.length > 0;
}
