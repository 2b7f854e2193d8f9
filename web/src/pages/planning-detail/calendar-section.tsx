import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Meeting, Planning } from '../../../../shared/domain/planning';
import type { CalendarVisit } from '../../../../shared/domain/planning-detail-reads';
import { errorMessage } from '../../api/api-error';
import { planningActions, planningDetailQueries, type CalendarRange, type PlanningGridView } from '../../api/planning-detail-queries';
import { notify } from '../../app/notifications-store';
import {
  availabilityEvents,
  freeMeetingEvents,
  holidayEvents,
  initialDate,
  lunchEvents,
  parisParts,
  visitEvents,
  type CalendarItem,
} from '../../components/planning-detail/calendar-config';
import { LazyPlanningCalendar } from '../../components/planning-detail/lazy-planning-calendar';
import type { VisitAction } from '../../components/planning-detail/visit-modal';
import type { CalendarDialog } from './calendar-dialogs';
import { afterPaintAndIdle, loadOnce } from '../../components/after-first-screen';
import { CalendarLegend } from './calendar-legend';
import { SwitchSelectionAlert } from './switch-selection-alert';
import { useParticipantsShown } from './use-participants-shown';
import { AVAILABLE_COLOR, FREE_MEETING_COLORS, switchCheck } from './planning-detail-config';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { planningCalendarMessages } from '../../../../shared/messages/planning-detail';

type Mode = 'view' | 'move' | 'switch' | 'remove';

// The calendar's dialogs: loaded after the page's first screen, or when one opens (docs/performance.md « Big programs »).
const loadDialogs = loadOnce(() => import('./calendar-dialogs'));
const CalendarDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.CalendarDialogs })));

export interface CalendarSectionProps {
  planning: Planning;
  grid?: PlanningGridView;
  colorOf: (amoNb: number | null) => string;
  amoLabel: (amoNb: number | null) => string;
  run: <R>(call: () => Promise<R>, refreshLater?: boolean) => Promise<R>;
  pending: boolean;
  /** Buyer actions handled by the page (edit, history, cancel). */
  onVisitAction: (action: Exclude<VisitAction, 'move'>, meeting: Meeting) => void;
}

const modeButtons: { mode: Mode; label: string; icon?: 'remove' }[] = [
  { mode: 'move', label: planningCalendarMessages.move },
  { mode: 'switch', label: planningCalendarMessages.switchAmo },
  { mode: 'remove', label: '−', icon: 'remove' },
];

const modeHelp: Record<Mode, string> = planningCalendarMessages.help;

const imposedViewHelp = planningCalendarMessages.imposedViewHelp;

/** The planning calendar and its modes (part 2 §4 'Moving', 'Switch AMO', 'Free-meeting deletion'). */
export const CalendarSection = forwardRef<HTMLDivElement, CalendarSectionProps>(function CalendarSection(
  { planning, grid, colorOf, amoLabel, run, pending, onVisitAction },
  ref,
) {
  const queryClient = useQueryClient();
  const participantsShown = useParticipantsShown(planning._id);
  // The calendar reads the placed visits of the range it shows, and again when it moves (docs/architecture.md « Live staff screens »).
  const [range, setRange] = useState<CalendarRange | null>(null);
  const shown = useQuery({
    ...planningDetailQueries.calendar(planning._id, range ?? { from: '', to: '' }),
    enabled: !!range,
    placeholderData: keepPreviousData,
  });
  const visits = useMemo(() => shown.data?.visits ?? [], [shown.data]);
  const onRangeChange = useCallback((from: number, to: number) => {
    const next = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    setRange((current) => (current && current.from === next.from && current.to === next.to ? current : next));
  }, []);
  /** The buyer of a clicked or dragged visit, read whole (the calendar holds a few fields of each). */
  const meetingOf = (uuid: string): Promise<Meeting> => queryClient.fetchQuery(planningDetailQueries.meeting(planning._id, uuid));
  const [mode, setMode] = useState<Mode>('view');
  // part 2 §2.5, §2.7: an imposed planning's calendar moves convocations only (no RDV Libre, no switch: no bookable slots).
  const imposed = planning.templateType === 'promoterImpose';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<CalendarDialog | null>(null);
  useEffect(() => (participantsShown ? afterPaintAndIdle(() => void loadDialogs().catch(() => undefined)) : undefined), [participantsShown]);
  const freeMeetings = useMemo(() => planning.freeMeetings ?? [], [planning.freeMeetings]);
  const byUuid = useMemo(() => new Map(visits.map((visit) => [visit.uuid, visit])), [visits]);

  const events = useMemo(
    () => [
      ...holidayEvents(planning),
      ...lunchEvents(planning),
      ...availabilityEvents(grid, AVAILABLE_COLOR),
      ...visitEvents({ visits, selected, draggable: mode === 'move', colorOf, amoLabel }),
      ...freeMeetingEvents(freeMeetings, mode === 'move'),
    ],
    [planning, visits, grid, selected, mode, colorOf, amoLabel, freeMeetings],
  );

  const switchMode = (next: Mode) => {
    setMode(mode === next ? 'view' : next);
    setSelected(new Set());
  };

  const onItemClick = (item: CalendarItem) => {
    if (item.kind === 'background') return;
    if (item.kind === 'free') {
      const freeMeeting = freeMeetings.find((candidate) => candidate._id === item.id);
      if (!freeMeeting) return;
      if (mode === 'switch') return void notify({ type: 'warning', content: detailMessages.invalidSelection });
      if (mode === 'remove') return setDialog({ kind: 'delete-free', freeMeeting });
      const start = parisParts(freeMeeting.start);
      const minutes = Math.round((Date.parse(freeMeeting.end) - Date.parse(freeMeeting.start)) / 60_000);
      return setDialog({ kind: 'free', mode: 'edit', freeMeeting, initial: { name: freeMeeting.name, ...start, minutes, color: freeMeeting.color } });
    }
    const visit = byUuid.get(item.uuid);
    if (!visit) return;
    if (mode === 'remove') return void notify({ type: 'warning', content: detailMessages.notAFreeMeeting });
    if (mode === 'switch') {
      const next = new Set(selected);
      if (next.has(visit.uuid)) next.delete(visit.uuid);
      else next.add(visit.uuid);
      return setSelected(next);
    }
    meetingOf(visit.uuid)
      .then((meeting) => setDialog(mode === 'move' ? { kind: 'move', meeting, initial: parisParts(meeting.start ?? visit.start) } : { kind: 'visit', meeting }))
      .catch((failure) => notify({ type: 'error', content: errorMessage(failure) }));
  };

  const onItemDrop = (item: CalendarItem, start: number, end: number, revert: () => void) => {
    if (item.kind === 'visit') {
      if (!byUuid.has(item.uuid)) return revert();
      meetingOf(item.uuid)
        .then((meeting) => setDialog({ kind: 'move', meeting, initial: parisParts(start), revert }))
        .catch((failure) => {
          revert();
          notify({ type: 'error', content: errorMessage(failure) });
        });
      return;
    }
    if (item.kind === 'free') {
      run(() => planningActions.updateFreeMeeting(planning._id, item.id, { start: new Date(start).toISOString(), end: new Date(end).toISOString() }))
        .then((answer) => notify({ type: 'success', content: answer.message }))
        .catch((failure) => {
          revert();
          notify({ type: 'error', content: errorMessage(failure, detailMessages.freeMeetingFailed) });
        });
      return;
    }
    revert();
  };

  const onSelect = (start: number, end: number) => {
    const from = parisParts(start);
    setDialog({
      kind: 'free',
      mode: 'create',
      initial: { name: '', ...from, minutes: Math.max(15, Math.round((end - start) / 60_000)), color: FREE_MEETING_COLORS[0] },
    });
  };

  const selection = [...selected].map((uuid) => byUuid.get(uuid)).filter((visit): visit is CalendarVisit => !!visit);
  const check = switchCheck(selection);
  const columnCount = Math.max(1, planning.amoList.length, ...planning.events.map((event) => event.nbAmo));
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <Container
        header={
          <Header
            variant="h2"
            description={imposed && mode === 'view' ? imposedViewHelp : modeHelp[mode]}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {(imposed ? modeButtons.filter((button) => button.mode === 'move') : modeButtons).map((button) => (
                  <Button
                    key={button.mode}
                    variant={mode === button.mode ? 'primary' : 'normal'}
                    iconName={mode === button.mode ? undefined : button.icon}
                    ariaLabel={button.icon ? (mode === button.mode ? planningCalendarMessages.done : planningCalendarMessages.removeFreeMeeting) : undefined}
                    onClick={() => switchMode(button.mode)}
                  >
                    {mode === button.mode ? planningCalendarMessages.done : button.icon ? undefined : button.label}
                  </Button>
                ))}
                {!imposed && (
                  <Button
                    iconName="add-plus"
                    onClick={() => onSelect(Date.parse(planning.planningStartTime), Date.parse(planning.planningStartTime) + 3_600_000)}
                  >
                    {planningCalendarMessages.freeMeeting}
                  </Button>
                )}
              </SpaceBetween>
            }
          >
            {planningCalendarMessages.title}
          </Header>
        }
      >
        <SpaceBetween size="s">
          {mode === 'switch' && (
            <SwitchSelectionAlert
              planning={planning}
              selection={selection}
              check={check}
              columnCount={columnCount}
              amoLabel={amoLabel}
              run={run}
              pending={pending}
              onSwitched={() => setSelected(new Set())}
            />
          )}
          <CalendarLegend amoCount={columnCount} colorOf={colorOf} amoLabel={amoLabel} withAvailability={!imposed} />
          <LazyPlanningCalendar
            after={participantsShown}
            events={events}
            initialDate={initialDate(planning)}
            selectable={mode === 'view' && !imposed}
            onItemClick={onItemClick}
            onItemDrop={onItemDrop}
            onSelect={onSelect}
            onRangeChange={onRangeChange}
          />
        </SpaceBetween>
      </Container>

      <Suspense fallback={null}>
        {dialog ? (
          <CalendarDialogs
            dialog={dialog}
            planning={planning}
            amoLabel={amoLabel}
            run={run}
            pending={pending}
            onChange={setDialog}
            onVisitAction={onVisitAction}
          />
        ) : null}
      </Suspense>
    </div>
  );
});
