import type { EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import interactionPlugin, { Draggable, type DropArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useRef } from 'react';
import { CALENDAR_SLOT_MAX, CALENDAR_SLOT_MIN, fromWall, toWall } from '../../components/planning-detail/calendar-config';
import { amoColor } from '../planning-detail/planning-detail-config';
import { formatHm } from '../../../../shared/scheduling/time-grid';
import { isDoubleClick } from './imposed-planning-config';

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
.livrea-imposed-calendar .fc-event { cursor: grab; }
.livrea-imposed-calendar .fc-timegrid-slot { height: 1.9em; }
.livrea-imposed-calendar .fc-bg-event.livrea-lunch { background: #eeeef0; opacity: 1; }
.livrea-imposed-calendar .fc-bg-event.livrea-lunch .fc-event-title { color: #000716; font-style: normal; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 600px) {
  .livrea-imposed-calendar .fc .fc-toolbar { flex-wrap: wrap; gap: 8px; }
  .livrea-imposed-calendar .fc .fc-toolbar-title { font-size: 1.1em; }
}`;

/**
 * The week calendar of the imposed creation (part 2 §2.5): 07:00–20:00, Paris wall times (the
 * calendar's UTC mode, see calendar-config), lots dropped from the list (FullCalendar's external
 * Draggable, each mirror sized by the lot's duration), moved by dragging, and sent back to 'not
 * placed' by a double click. The page decides: a drop it refuses is reverted.
 */
export function ImposedCalendar({ lots, initialDate, snapMinutes, dayStart, dayEnd, lunch, source, onPlace, onUnplace, amoLabel }: ImposedCalendarProps) {
  const lastClick = useRef<{ id: string; at: number } | null>(null);
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
  if (lunch) events.push({ id: 'lunch', title: 'Pause déjeuner', startTime: lunch.start, endTime: lunch.end, daysOfWeek: [0, 1, 2, 3, 4, 5, 6], display: 'background', classNames: ['livrea-lunch'] });

  return (
    <div className="livrea-imposed-calendar" data-testid="imposed-calendar">
      <style>{calendarCss}</style>
      <FullCalendar
        plugins={[timeGridPlugin, interactionPlugin]}
        locale={frLocale}
        timeZone="UTC"
        initialView="timeGridWeek"
        initialDate={initialDate}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridWeek,timeGridDay' }}
        // Text buttons, not FullCalendar's icon fonts: its icons are role="img" without a name (axe role-img-alt).
        buttonIcons={false}
        buttonText={{ prev: '‹', next: '›', week: 'Semaine', day: 'Jour', today: "Aujourd'hui" }}
        buttonHints={{ prev: 'Période précédente', next: 'Période suivante' }}
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

/** FullCalendar's duration text of a visit length ('01:30'). */
export const durationText = (ms: number): string => formatHm(Math.round(ms / 60_000));
