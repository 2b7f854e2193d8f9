import type { EventInput } from '@fullcalendar/core';
import type { FreeMeeting, Planning } from '../../../../shared/domain/planning';
import type { CalendarVisit } from '../../../../shared/domain/planning-detail-reads';
import { frenchHolidays } from '../../../../shared/scheduling/french-holidays';
import { readableTextColor } from '../../../../shared/rules/readable-text-color';
import { eventToDay } from '../../../../shared/scheduling/planning-calendar';
import { addDays, epochToParisWall, formatHm, parisWallToEpoch, parseHm } from '../../../../shared/scheduling/time-grid';
import type { PlanningGridView } from '../../api/planning-detail-queries';
import { planningCalendarMessages } from '../../../../shared/messages/planning-detail';

/**
 * The planning calendar as FullCalendar events. The calendar runs in its 'UTC' mode on Paris wall
 * times (an instant is shown as `YYYY-MM-DDTHH:mm:00Z` of its Paris wall clock), so it shows Paris
 * times whatever the browser's zone, without a time-zone plugin. Pure: unit-tested.
 */
export const CALENDAR_SLOT_MIN = '07:00:00';
export const CALENDAR_SLOT_MAX = '20:00:00';
/**
 * Labelled backgrounds (lunch, holidays) are drawn opaque in these pre-blended shades (lunch's
 * #c6c6cd and holidays' #f3c9c2 at FullCalendar's 30 % opacity on white), so that their dark
 * titles stay readable: a title inside a 30 %-opaque event read at 1.94:1 (axe color-contrast).
 */
const LABELLED_BACKGROUND_CLASS = 'livrea-labelled-bg';
const LUNCH_BACKGROUND = '#eeeef0';
const HOLIDAY_BACKGROUND = '#fbefed';

/** The labelled backgrounds' style, for the calendar wrapped in `scope` (the planning calendars and the imposed creation's). */
export const labelledBackgroundCss = (scope: string): string => `
${scope} .fc-bg-event .fc-event-title { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
${scope} .fc-bg-event.${LABELLED_BACKGROUND_CLASS} { opacity: 1; }
${scope} .fc-bg-event.${LABELLED_BACKGROUND_CLASS} .fc-event-title { color: #000716; }`;

/** Paris wall time of an instant, as FullCalendar's UTC input. */
export function toWall(instant: string | number): string {
  const { date, minuteOfDay } = epochToParisWall(typeof instant === 'number' ? instant : Date.parse(instant));
  return `${date}T${formatHm(minuteOfDay)}:00Z`;
}

/** The instant of a FullCalendar date (UTC mode, Paris wall clock). */
export function fromWall(date: Date): number {
  const iso = date.toISOString();
  return parisWallToEpoch(iso.slice(0, 10), date.getUTCHours() * 60 + date.getUTCMinutes());
}

export type CalendarItem = { kind: 'visit'; uuid: string; amoNb: number | null } | { kind: 'free'; id: string } | { kind: 'background' };

export const itemOf = (extendedProps: Record<string, unknown>): CalendarItem => (extendedProps.item as CalendarItem | undefined) ?? { kind: 'background' };

export interface CalendarEventsInput {
  /** The placed visits of the shown range (GET /rdv/{id}/calendar). */
  visits: readonly CalendarVisit[];
  /** Selected visits (Switch AMO mode) are outlined. */
  selected?: ReadonlySet<string>;
  /** Visits and RDV Libre may be dragged ('Déplacer' mode). */
  draggable?: boolean;
  colorOf: (amoNb: number | null) => string;
  amoLabel: (amoNb: number | null) => string;
}

export function visitEvents({ visits, selected, draggable, colorOf, amoLabel }: CalendarEventsInput): EventInput[] {
  return visits.map((visit) => {
    const isSelected = selected?.has(visit.uuid) ?? false;
    return {
      id: visit.uuid,
      title: `${visit.lotcomm} ${visit.typologie}`,
      start: toWall(visit.start),
      end: toWall(visit.end),
      backgroundColor: colorOf(visit.amoNb),
      borderColor: isSelected ? '#000716' : colorOf(visit.amoNb),
      textColor: '#ffffff',
      classNames: isSelected ? ['livrea-selected'] : [],
      startEditable: !!draggable,
      durationEditable: false,
      extendedProps: {
        item: { kind: 'visit', uuid: visit.uuid, amoNb: visit.amoNb } satisfies CalendarItem,
        amo: amoLabel(visit.amoNb),
        guest: visit.nom,
      },
    };
  });
}

export function freeMeetingEvents(freeMeetings: readonly FreeMeeting[], draggable = false): EventInput[] {
  return freeMeetings.map((meeting) => ({
    id: `fm-${meeting._id}`,
    title: meeting.name,
    start: toWall(meeting.start),
    end: toWall(meeting.end),
    backgroundColor: meeting.color,
    borderColor: meeting.color,
    textColor: readableTextColor(meeting.color),
    startEditable: draggable,
    durationEditable: draggable,
    extendedProps: { item: { kind: 'free', id: meeting._id } satisfies CalendarItem },
  }));
}

/** Lunch break of each working day, as a background. */
export function lunchEvents(planning: Pick<Planning, 'events' | 'lunchStartTime' | 'lunchEndTime'>): EventInput[] {
  const dates = [...new Set(planning.events.map((event) => eventToDay(event).date))];
  return dates.map((date) => ({
    id: `lunch-${date}`,
    start: `${date}T${planning.lunchStartTime}:00Z`,
    end: `${date}T${planning.lunchEndTime}:00Z`,
    display: 'background',
    backgroundColor: LUNCH_BACKGROUND,
    classNames: [LABELLED_BACKGROUND_CLASS],
    title: planningCalendarMessages.lunch,
    extendedProps: { item: { kind: 'background' } satisfies CalendarItem },
  }));
}

/** French bank holidays around the planning's period, shaded all day (part 2 §2.6). */
export function holidayEvents(planning: Pick<Planning, 'planningStartTime' | 'planningEndTime'>): EventInput[] {
  const first = Number(epochToParisWall(Date.parse(planning.planningStartTime)).date.slice(0, 4));
  const last = Number(epochToParisWall(Date.parse(planning.planningEndTime)).date.slice(0, 4));
  const out: EventInput[] = [];
  for (let year = first - 1; year <= last + 1; year += 1) {
    for (const holiday of frenchHolidays(year)) {
      out.push({
        id: `holiday-${holiday.date}`,
        start: holiday.date,
        end: addDays(holiday.date, 1),
        allDay: true,
        display: 'background',
        backgroundColor: HOLIDAY_BACKGROUND,
        classNames: [LABELLED_BACKGROUND_CLASS],
        title: holiday.name,
        extendedProps: { item: { kind: 'background' } satisfies CalendarItem },
      });
    }
  }
  return out;
}

/** Time where at least one AMO is free, per day, merged into ranges ('disponible', #d4dfc7). */
function availableRanges(grid: PlanningGridView): { date: string; start: string; end: string }[] {
  const slotMin = grid.pas / 60;
  const out: { date: string; start: string; end: string }[] = [];
  for (const day of grid.days) {
    const first = parseHm(day.firstSlot);
    const length = Math.max(0, ...day.slots.map((row) => row.length));
    let runStart: number | null = null;
    for (let slot = 0; slot <= length; slot += 1) {
      const free = slot < length && day.slots.some((row) => row[slot] === false);
      if (free && runStart === null) runStart = slot;
      if (!free && runStart !== null) {
        out.push({ date: day.date, start: formatHm(first + runStart * slotMin), end: formatHm(first + slot * slotMin) });
        runStart = null;
      }
    }
  }
  return out;
}

export function availabilityEvents(grid: PlanningGridView | undefined, color: string): EventInput[] {
  if (!grid) return [];
  return availableRanges(grid).map((range) => ({
    id: `free-${range.date}-${range.start}`,
    start: `${range.date}T${range.start}:00Z`,
    end: `${range.date}T${range.end}:00Z`,
    display: 'background',
    backgroundColor: color,
    extendedProps: { item: { kind: 'background' } satisfies CalendarItem },
  }));
}

/** The bank holidays of the whole span of several plannings (the viewer's group, the consolidated view). */
export function holidayEventsAcross(plannings: readonly Pick<Planning, 'planningStartTime' | 'planningEndTime'>[]): EventInput[] {
  if (plannings.length === 0) return [];
  const first = plannings.reduce((a, b) => (a.planningStartTime <= b.planningStartTime ? a : b));
  const last = plannings.reduce((a, b) => (a.planningEndTime >= b.planningEndTime ? a : b));
  return holidayEvents({ planningStartTime: first.planningStartTime, planningEndTime: last.planningEndTime });
}

/** The first working day (Paris), where the calendar opens. */
export function initialDate(planning: Pick<Planning, 'planningStartTime'>): string {
  return epochToParisWall(Date.parse(planning.planningStartTime)).date;
}

/** Paris 'YYYY-MM-DD' and 'HH:mm' → ISO instant. */
export function parisInstant(date: string, hm: string): string {
  return new Date(parisWallToEpoch(date, parseHm(hm))).toISOString();
}

/** ISO instant → Paris date and 'HH:mm' (for the date and time inputs). */
export function parisParts(instant: string | number): { date: string; time: string } {
  const { date, minuteOfDay } = epochToParisWall(typeof instant === 'number' ? instant : Date.parse(instant));
  return { date, time: formatHm(minuteOfDay) };
}
