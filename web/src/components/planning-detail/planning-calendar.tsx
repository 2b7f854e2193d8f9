import type { DateSelectArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { CALENDAR_SLOT_MAX, CALENDAR_SLOT_MIN, fromWall, itemOf, labelledBackgroundCss, type CalendarItem } from './calendar-config';
import { planningCalendarViewMessages } from '../../../../shared/messages/planning-dialogs';

export interface PlanningCalendarProps {
  events: EventInput[];
  initialDate: string;
  /** Empty slots may be selected (to add an RDV Libre). */
  selectable: boolean;
  /** 'timeGridWeek' by default (a single planning opens on its weeks, part 2 §2.6). */
  initialView?: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';
  /** Without the three callbacks the calendar is read-only (the public viewer). */
  onItemClick?: (item: CalendarItem, title: string) => void;
  /** A visit or an RDV Libre dropped at a new start (epoch ms); `revert` puts it back. */
  onItemDrop?: (item: CalendarItem, start: number, end: number, revert: () => void) => void;
  onSelect?: (start: number, end: number) => void;
  /** The shown range changed (first drawing, prev/next, another view): real instants, epoch ms. */
  onRangeChange?: (from: number, to: number) => void;
}

// Narrow screens (part 2 §9: mobile breakpoint 600 px): the toolbar wraps, background labels never do.
const calendarCss = `
.livrea-calendar .livrea-selected { outline: 3px solid #000716; outline-offset: 1px; }
.livrea-calendar .fc-event { cursor: pointer; }${labelledBackgroundCss('.livrea-calendar')}
/* Days of the next or previous month: FullCalendar fades their number to 30 % (about 2:1 on white,
   axe color-contrast); a grey that reads at 5.4:1 still sets them apart. */
.livrea-calendar .fc .fc-day-other .fc-daygrid-day-top { opacity: 1; }
.livrea-calendar .fc .fc-day-other .fc-daygrid-day-number { color: #5f6b7a; }
@media (max-width: 600px) {
  .livrea-calendar .fc .fc-toolbar { flex-wrap: wrap; gap: 8px; }
  .livrea-calendar .fc .fc-toolbar-title { font-size: 1.1em; }
}`;

/**
 * The planning's FullCalendar (part 2 §2.6): Mois / Semaine / Jour, week by default for a single
 * planning, French locale, weekends shown, 07:00–20:00, Paris wall times (see calendar-config).
 */
export function PlanningCalendar({
  events,
  initialDate,
  selectable,
  initialView = 'timeGridWeek',
  onItemClick,
  onItemDrop,
  onSelect,
  onRangeChange,
}: PlanningCalendarProps) {
  return (
    <div className="livrea-calendar">
      <style>{calendarCss}</style>
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={frLocale}
        timeZone="UTC"
        initialView={initialView}
        initialDate={initialDate}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        // Text arrows with French hints: FullCalendar's icon spans carry role="img" without a text (axe, serious).
        buttonIcons={false}
        buttonText={{ ...planningCalendarViewMessages.buttons, prev: '‹', next: '›' }}
        buttonHints={{ prev: planningCalendarViewMessages.previous, next: planningCalendarViewMessages.next }}
        weekends
        allDaySlot
        allDayText={planningCalendarViewMessages.holiday}
        slotMinTime={CALENDAR_SLOT_MIN}
        slotMaxTime={CALENDAR_SLOT_MAX}
        slotDuration="00:30:00"
        snapDuration="00:15:00"
        height="auto"
        nowIndicator
        eventOverlap
        selectable={selectable}
        selectMirror
        events={events}
        datesSet={(arg) => onRangeChange?.(fromWall(arg.start), fromWall(arg.end))}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onItemClick?.(itemOf(arg.event.extendedProps), arg.event.title);
        }}
        eventDrop={(arg: EventDropArg) => {
          if (!arg.event.start || !onItemDrop) return arg.revert();
          onItemDrop(itemOf(arg.event.extendedProps), fromWall(arg.event.start), fromWall(arg.event.end ?? arg.event.start), arg.revert);
        }}
        eventResize={(arg: EventResizeDoneArg) => {
          if (!arg.event.start || !arg.event.end || !onItemDrop) return arg.revert();
          onItemDrop(itemOf(arg.event.extendedProps), fromWall(arg.event.start), fromWall(arg.event.end), arg.revert);
        }}
        // A month cell is labelled by its day number ('18 décembre 2026') while its text also holds
        // the day's visits: axe's label-content-name-mismatch. The cell keeps its content as its
        // text; the day number link keeps its own label.
        dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        select={(arg: DateSelectArg) => {
          arg.view.calendar.unselect();
          if (arg.allDay) return;
          onSelect?.(fromWall(arg.start), fromWall(arg.end));
        }}
      />
    </div>
  );
}
