import { frenchHolidayName } from '../scheduling/french-holidays';
import { epochToParisWall } from '../scheduling/time-grid';

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

const frenchDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Refusals of an incoherent planning (part 2 §5), in French. */
export const coherenceMessages = {
  duplicateLot: (index: number) => `Le même lot est sélectionné deux fois (ligne ${index + 1}) : chaque acquéreur ne doit recevoir qu'une invitation.`,
  eventOrder: (date: string) => `La journée du ${frenchDate(date)} se termine avant de commencer.`,
  eventSpansDays: (date: string) => `La journée du ${frenchDate(date)} doit commencer et finir le même jour : créez une journée par date.`,
  sameDayTwice: (date: string) => `La journée du ${frenchDate(date)} est renseignée deux fois.`,
  eventPast: (date: string) => `La journée du ${frenchDate(date)} est déjà passée : choisissez des journées à venir.`,
  holiday: (date: string, name: string) => `Le ${frenchDate(date)} est un jour férié (${name}) : retirez cette journée.`,
  launchAfterDeadline: "La date d'envoi des invitations doit précéder la date limite de réponse.",
  deadlineAfterLastVisit: 'La date limite de réponse doit précéder la fin de la dernière journée de visites.',
} as const;

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
