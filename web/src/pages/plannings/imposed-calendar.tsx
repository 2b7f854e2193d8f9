import type { EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import interactionPlugin, { Draggable, type DropArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FrenchDateInput } from '../../components/french-date-input';
import { CALENDAR_SLOT_MAX, CALENDAR_SLOT_MIN, fromWall, holidayEvents, labelledBackgroundCss, toWall } from '../../components/planning-detail/calendar-config';
import { amoColor } from '../planning-detail/planning-detail-config';
import { epochToParisWall, formatHm } from '../../../../shared/scheduling/time-grid';
import { isDoubleClick } from './imposed-planning-config';
import { imposedPlacementMessages as texts, lunchSectionMessages } from '../../../../shared/messages/planning-creation';

/** A placed lot as the calendar shows it. */
export interface CalendarLot {
  lotId: string;
  title: string;
  startMs: number;
  endMs: number;
  amoNb: number;
}

export interface ImposedCalendarProps {
  lots: readonly CalendarLot[];
  initialDate: string;
  snapMinutes: 15 | 30;
  dayStart: string;
  dayEnd: string;
  lunch: { start: string; end: string } | null;
  /** The element holding the unplaced lots (`.livrea-unplaced-lot` items with data-lot-id/duration/title). */
  source: HTMLElement | null;
  /** A lot dragged from the list, or moved on the calendar, to this start (epoch ms); `revert` puts a moved event back. */
  onPlace: (lotId: string, startMs: number, revert?: () => void) => void;
  /** Double click (400 ms): back to 'not placed'. */
  onUnplace: (lotId: string) => void;
  amoLabel: (amoNb: number) => string;
}

export const UNPLACED_LOT_CLASS = 'livrea-unplaced-lot';

const calendarCss = `
.livrea-imposed-calendar .fc-event { cursor: grab; }${labelledBackgroundCss('.livrea-imposed-calendar')}
.livrea-imposed-calendar .fc-timegrid-slot { height: 1.9em; }
.livrea-imposed-calendar .fc-bg-event.livrea-lunch { background: #eeeef0; opacity: 1; }
.livrea-imposed-calendar .fc-bg-event.livrea-lunch .fc-event-title { color: #000716; font-style: normal; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 600px) {
  .livrea-imposed-calendar .fc .fc-toolbar { flex-wrap: wrap; gap: 8px; }
  .livrea-imposed-calendar .fc .fc-toolbar-title { font-size: 1.1em; }
}`;

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' of the 24 months from `from`'s, as the month picker's options ('mars 2027'). */
function monthOptions(from: string, count = 24): { value: string; label: string }[] {
  const [year, month] = from.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const first = new Date(Date.UTC(year, month - 1 + index, 1));
    return { value: first.toISOString().slice(0, 7), label: monthName.format(first) };
  });
}

/**
 * The week calendar of the imposed creation (part 2 §2.5): 07:00–20:00, Paris wall times (the
 * calendar's UTC mode, see calendar-config), lots dropped from the list (FullCalendar's external
 * Draggable, each mirror sized by the lot's duration), moved by dragging, and sent back to 'not
 * placed' by a double click. The page decides: a drop it refuses is reverted.
 */
export function ImposedCalendar({ lots, initialDate, snapMinutes, dayStart, dayEnd, lunch, source, onPlace, onUnplace, amoLabel }: ImposedCalendarProps) {
  const lastClick = useRef<{ id: string; at: number } | null>(null);
  const calendar = useRef<FullCalendar>(null);
  // The shown week's first day: the month picker shows its month.
  const [shown, setShown] = useState(initialDate);
  const [jumpDay, setJumpDay] = useState('');
  const months = useMemo(() => monthOptions(initialDate < today() ? initialDate : today()), [initialDate]);
  // Bank holidays shaded as on the planning calendars (part 2 §2.6), from last year to two years on.
  const holidays = useMemo(() => {
    const year = Number(today().slice(0, 4));
    return holidayEvents({ planningStartTime: `${year}-06-30T00:00:00Z`, planningEndTime: `${year + 2}-06-30T00:00:00Z` });
  }, []);
  const goTo = (day: string) => calendar.current?.getApi().gotoDate(day);
  const handlers = useRef({ onPlace, onUnplace });
  handlers.current = { onPlace, onUnplace };

  useEffect(() => {
    if (!source) return undefined;
    const draggable = new Draggable(source, {
      itemSelector: `.${UNPLACED_LOT_CLASS}`,
      // create: false — the page adds the event itself once the drop is accepted.
      eventData: (item) => ({ title: item.dataset.title ?? '', duration: item.dataset.duration ?? '01:00', create: false }),
    });
    return () => draggable.destroy();
  }, [source]);

  const events: EventInput[] = lots.map((lot) => ({
    id: lot.lotId,
    title: `${lot.title} · ${amoLabel(lot.amoNb)}`,
    start: toWall(lot.startMs),
    end: toWall(lot.endMs),
    backgroundColor: amoColor(lot.amoNb),
    borderColor: amoColor(lot.amoNb),
    textColor: '#ffffff',
    extendedProps: { lotId: lot.lotId },
  }));
  events.push(...holidays);
  if (lunch)
    events.push({
      id: 'lunch',
      title: lunchSectionMessages.label,
      startTime: lunch.start,
      endTime: lunch.end,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      display: 'background',
      classNames: ['livrea-lunch'],
    });

  const shownMonth = months.find((option) => option.value === shown.slice(0, 7)) ?? null;
  return (
    <div className="livrea-imposed-calendar" data-testid="imposed-calendar">
      <style>{calendarCss}</style>
      {/* Reaching a month ahead took a click per week: staff jump to a month or to a day. */}
      <SpaceBetween direction="horizontal" size="l">
        <FormField label={texts.goToMonth}>
          <Select
            ariaLabel={texts.goToMonth}
            selectedOption={shownMonth}
            placeholder={texts.chooseMonth}
            options={months}
            onChange={({ detail }) => detail.selectedOption.value && goTo(`${detail.selectedOption.value}-01`)}
          />
        </FormField>
        <FormField label={texts.goToDate}>
          <FrenchDateInput
            value={jumpDay}
            ariaLabel={texts.goToDate}
            onChange={(day) => {
              setJumpDay(day);
              if (day) goTo(day);
            }}
          />
        </FormField>
      </SpaceBetween>
      <FullCalendar
        ref={calendar}
        plugins={[timeGridPlugin, interactionPlugin]}
        locale={frLocale}
        timeZone="UTC"
        initialView="timeGridWeek"
        initialDate={initialDate}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridWeek,timeGridDay' }}
        // Text buttons, not FullCalendar's icon fonts: its icons are role="img" without a name (axe role-img-alt).
        buttonIcons={false}
        buttonText={{ prev: '‹', next: '›', week: 'Semaine', day: 'Jour', today: "Aujourd'hui" }}
        buttonHints={{ prev: texts.previousPeriod, next: texts.nextPeriod }}
        weekends
        allDaySlot={false}
        slotMinTime={CALENDAR_SLOT_MIN}
        slotMaxTime={CALENDAR_SLOT_MAX}
        slotDuration="00:30:00"
        snapDuration={`00:${String(snapMinutes).padStart(2, '0')}:00`}
        businessHours={{ daysOfWeek: [0, 1, 2, 3, 4, 5, 6], startTime: dayStart, endTime: dayEnd }}
        height="auto"
        nowIndicator
        editable
        eventDurationEditable={false}
        eventOverlap
        slotEventOverlap={false}
        droppable
        events={events}
        datesSet={(arg) => setShown(arg.startStr.slice(0, 10))}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        drop={(arg: DropArg) => {
          const lotId = arg.draggedEl.dataset.lotId;
          if (lotId && !arg.allDay) handlers.current.onPlace(lotId, fromWall(arg.date));
        }}
        eventDrop={(arg: EventDropArg) => {
          const lotId = arg.event.extendedProps.lotId as string | undefined;
          if (!lotId || !arg.event.start) return arg.revert();
          handlers.current.onPlace(lotId, fromWall(arg.event.start), arg.revert);
        }}
        eventClick={(arg: EventClickArg) => {
          const lotId = arg.event.extendedProps.lotId as string | undefined;
          if (!lotId) return;
          const at = Date.now();
          if (isDoubleClick(lastClick.current, lotId, at)) {
            lastClick.current = null;
            handlers.current.onUnplace(lotId);
          } else lastClick.current = { id: lotId, at };
        }}
      />
    </div>
  );
}

/** Today's Paris day. */
function today(): string {
  return epochToParisWall(Date.now()).date;
}

/** FullCalendar's duration text of a visit length ('01:30'). */
export const durationText = (ms: number): string => formatHm(Math.round(ms / 60_000));
