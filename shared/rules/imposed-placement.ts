import { epochToParisWall, parseHm, parisWallToEpoch } from '../scheduling/time-grid';
import { placementMessages } from '../messages/imposed';

/**
 * The rules every placed visit of an imposed planning keeps (part 2 §2.5: "Two placed visits of one
 * AMO never overlap and each stays inside the day's hours"), one function for the creation page
 * (which shows the reason at once) and the server (which refuses with it).
 */
export interface PlacedVisit {
  /** What staff call it in a refusal: the lot number. */
  label: string;
  startMs: number;
  endMs: number;
  amoNb: number;
}

/** Inside [dayStart, dayEnd] of its own Paris day (a visit never crosses midnight). */
export function insideDayHours(visit: Pick<PlacedVisit, 'startMs' | 'endMs'>, dayStartTime: string, dayEndTime: string): boolean {
  const { date, minuteOfDay } = epochToParisWall(visit.startMs);
  return minuteOfDay >= parseHm(dayStartTime) && visit.endMs <= parisWallToEpoch(date, parseHm(dayEndTime)) && visit.endMs > visit.startMs;
}

/** Two visits of one AMO share some time. */
function overlaps(a: PlacedVisit, b: PlacedVisit): boolean {
  return a.amoNb === b.amoNb && a.startMs < b.endMs && b.startMs < a.endMs;
}

/** The first visit of `others` that `visit` overlaps, if any. */
export function firstOverlap(visit: PlacedVisit, others: readonly PlacedVisit[]): PlacedVisit | undefined {
  return others.find((other) => overlaps(visit, other));
}

/**
 * Every reason to refuse a set of placed visits, first problem first: a start in the past or off
 * the snap grid (`snapMinutes`, 30 or 15), a visit outside the day's hours, two visits of one AMO
 * at once.
 */
export function placementIssues(
  visits: readonly PlacedVisit[],
  rules: { dayStartTime: string; dayEndTime: string; snapMinutes: number; nowMs: number },
): string[] {
  const issues: string[] = [];
  for (const visit of visits) {
    if (visit.startMs <= rules.nowMs) issues.push(placementMessages.past(visit.label));
    else if (epochToParisWall(visit.startMs).minuteOfDay % rules.snapMinutes !== 0) issues.push(placementMessages.offGrid(visit.label, rules.snapMinutes));
    if (!insideDayHours(visit, rules.dayStartTime, rules.dayEndTime))
      issues.push(placementMessages.outsideDay(visit.label, rules.dayStartTime, rules.dayEndTime));
  }
  const sorted = [...visits].sort((a, b) => a.amoNb - b.amoNb || a.startMs - b.startMs);
  for (let index = 1; index < sorted.length; index += 1) {
    if (overlaps(sorted[index - 1], sorted[index])) issues.push(placementMessages.overlap(sorted[index - 1].label, sorted[index].label));
  }
  return issues;
}

/** The visit days of the placed visits, as planning events (day hours, AMO count = highest column + 1). */
export function visitDays(visits: readonly PlacedVisit[], dayStartTime: string, dayEndTime: string): { start: string; end: string; nbAmo: number }[] {
  const byDate = new Map<string, number>();
  for (const visit of visits) {
    const { date } = epochToParisWall(visit.startMs);
    byDate.set(date, Math.max(byDate.get(date) ?? 0, visit.amoNb + 1));
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, nbAmo]) => ({
      start: new Date(parisWallToEpoch(date, parseHm(dayStartTime))).toISOString(),
      end: new Date(parisWallToEpoch(date, parseHm(dayEndTime))).toISOString(),
      nbAmo,
    }));
}
