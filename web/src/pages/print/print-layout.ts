import type { PrintData, PrintVisit } from '../../../../shared/exports/print-data';
import { addDays, epochToParisWall, formatHm } from '../../../../shared/scheduling/time-grid';

/** One item drawn in a day: a visit or, with --showFM, a RDV Libre. */
export interface DayItem {
  start: string;
  end: string;
  label: string;
  amoNb: number | null;
  planningIndex: number;
  freeMeeting: boolean;
  /** A visit whose buyer declared force majeure (printed 'indisponible'). */
  unavailable: boolean;
  /** Convened under the program's notice days (docs/user-guide.md « Délai de convocation »). */
  shortNotice?: boolean;
}

/** 'HH:mm' in Europe/Paris. */
export const parisTime = (instant: string): string => formatHm(epochToParisWall(Date.parse(instant)).minuteOfDay);
const parisDay = (instant: string): string => epochToParisWall(Date.parse(instant)).date;

/** The items of each Paris day, in time order. */
export function itemsByDay(data: PrintData): Map<string, DayItem[]> {
  const byDay = new Map<string, DayItem[]>(data.days.map((day) => [day, []]));
  const push = (item: DayItem) => {
    const day = parisDay(item.start);
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  };
  data.visits.forEach((visit: PrintVisit) => push({ ...visit, label: visit.title, freeMeeting: false }));
  data.freeMeetings.forEach((meeting) =>
    push({ start: meeting.start, end: meeting.end, label: meeting.name, amoNb: null, planningIndex: 0, freeMeeting: true, unavailable: false }),
  );
  for (const items of byDay.values()) items.sort((a, b) => a.start.localeCompare(b.start) || a.label.localeCompare(b.label, 'fr', { numeric: true }));
  return new Map([...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Monday of the week of a 'YYYY-MM-DD' day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The pages of the print: one per day, per week (Monday first) or per month. */
export function printPages(data: PrintData, byDay: Map<string, DayItem[]>): { key: string; days: string[] }[] {
  const days = [...byDay.keys()];
  if (data.view === 'day') return days.map((day) => ({ key: day, days: [day] }));
  const groups = new Map<string, string[]>();
  for (const day of days) {
    const key = data.view === 'week' ? mondayOf(day) : day.slice(0, 7);
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  if (data.view === 'month') return [...groups.entries()].map(([key, group]) => ({ key, days: group }));
  // A week shows its days Monday to Friday, and the week-end only when something is on it.
  return [...groups.entries()].map(([monday, group]) => ({
    key: monday,
    days: [...new Set([...Array.from({ length: 5 }, (_, index) => addDays(monday, index)), ...group])].sort(),
  }));
}

/** Marks told apart without colour (black-and-white print): A, B, C… per planning. */
export const planningMark = (index: number): string => String.fromCharCode(65 + (index % 26));
