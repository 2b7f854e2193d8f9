import { frenchHolidayName } from '../scheduling/french-holidays';
import { epochToParisWall } from '../scheduling/time-grid';
import { coherenceMessages } from '../messages/plannings';

/** The parts of a planning request whose coherence is checked before anything is written. */
export interface PlanningCoherenceInput {
  broadcastList: readonly { lotId: string }[];
  events: readonly { start: string; end: string }[];
  bookingDeadline: string;
  launchDate?: string;
}

export interface PlanningCoherenceIssue {
  path: string;
  message: string;
}

/**
 * What makes a planning impossible to honour, first problem first: the same buyer twice, a day
 * that ends before it starts, spans several days, is repeated, is over or is a bank holiday, a
 * dispatch after the deadline, a deadline after the last visit. Pure, so the form can say it too.
 */
export function planningCoherenceIssues(input: PlanningCoherenceInput, now: number): PlanningCoherenceIssue[] {
  const issues: PlanningCoherenceIssue[] = [];
  const seenLots = new Set<string>();
  input.broadcastList.forEach((entry, index) => {
    if (seenLots.has(entry.lotId)) issues.push({ path: `broadcastList.${index}.lotId`, message: coherenceMessages.duplicateLot(index) });
    seenLots.add(entry.lotId);
  });
  const seenDays = new Set<string>();
  input.events.forEach((event, index) => {
    const start = Date.parse(event.start);
    const end = Date.parse(event.end);
    const day = epochToParisWall(start).date;
    const path = `events.${index}`;
    if (end <= start) issues.push({ path, message: coherenceMessages.eventOrder(day) });
    // An event ending at midnight belongs to its day; one minute later it runs into the next one.
    else if (epochToParisWall(end - 1).date !== day) issues.push({ path, message: coherenceMessages.eventSpansDays(day) });
    if (seenDays.has(day)) issues.push({ path, message: coherenceMessages.sameDayTwice(day) });
    seenDays.add(day);
    if (end <= now) issues.push({ path, message: coherenceMessages.eventPast(day) });
    const holiday = frenchHolidayName(day);
    if (holiday) issues.push({ path, message: coherenceMessages.holiday(day, holiday) });
  });
  const deadline = Date.parse(input.bookingDeadline);
  if (input.launchDate && Date.parse(input.launchDate) >= deadline) issues.push({ path: 'launchDate', message: coherenceMessages.launchAfterDeadline });
  const lastEnd = Math.max(...input.events.map((event) => Date.parse(event.end)));
  if (deadline >= lastEnd) issues.push({ path: 'bookingDeadline', message: coherenceMessages.deadlineAfterLastVisit });
  return issues;
}
