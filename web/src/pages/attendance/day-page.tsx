import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import type { AttendanceDay, AttendanceStatus, DayVisit } from '../../../../shared/domain/attendance';
import { formatFrenchDay } from '../../../../shared/i18n/french-dates';
import { parisDay } from '../../../../shared/logs/periods';
import { addDays, epochToParisWall, formatHm } from '../../../../shared/scheduling/time-grid';
import { errorMessage } from '../../api/api-error';
import { attendanceQueries, sendAttendanceMark, useReinviteMutation } from '../../api/attendance-queries';
import { notify } from '../../app/notifications-store';
import { useSession } from '../../app/session-store';
import { FrenchDateInput } from '../../components/french-date-input';
import { parisInstant } from '../../components/planning-detail/calendar-config';
import { enqueueMark, flushMarks, newMarkId, pendingMarkOf, useQueuedMarks, type MarkOutcome, type QueuedMark } from './attendance-queue';
import { VisitCard } from './visit-card';
import { dayMessages, dayPageMessages } from '../../../../shared/messages/attendance';
import { controlMessages } from '../../../../shared/messages/controls';
import { screenNames } from '../../../../shared/messages/navigation';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine, re-rendering on each change. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The day's list with an answered mark written in, so the card shows it before the list is read again. */
function withMark(day: AttendanceDay | undefined, queued: QueuedMark, answer: Partial<DayVisit>): AttendanceDay | undefined {
  if (!day) return day;
  return { ...day, visits: day.visits.map((visit) => (visit.uuid === queued.uuid ? { ...visit, ...answer } : visit)) };
}

/** The Paris wall time of `iso` within `date`: 00:00 when it falls before the day, 24:00 after it. */
function timeWithin(iso: string, date: string): string {
  const wall = epochToParisWall(Date.parse(iso));
  if (wall.date < date) return '00:00';
  if (wall.date > date) return '24:00';
  return formatHm(wall.minuteOfDay);
}

/**
 * /ma-journee (docs/user-guide.md « Présences »): the visits of a day (today by default, `?date=` for another)
 * across the plannings the user works on, each marked 'Présent', 'Absent' or 'Reporté sur place'
 * in one tap, with an optional note; made for a phone (390 px). Marks go through a queue kept on
 * the device: without network they wait there and leave when it comes back; staff correct a day
 * afterwards by choosing it, and invite a no-show again.
 */
export function DayPage() {
  const [params, setParams] = useSearchParams();
  const today = parisDay(Date.now());
  const date = params.get('date') ?? today;
  const { role } = useSession();
  const queryClient = useQueryClient();
  const day = useQuery(attendanceQueries.day(date));
  const queue = useQueuedMarks();
  const online = useOnline();
  const reinvite = useReinviteMutation(date);

  const flush = useCallback(
    () =>
      flushMarks(
        (queued) =>
          sendAttendanceMark(queued.planningId, queued.uuid, queued.mark).then((answer) => {
            const { recorded: _recorded, applied: _applied, ...fields } = answer;
            queryClient.setQueriesData<AttendanceDay>({ queryKey: ['attendance', 'day'] }, (current) => withMark(current, queued, fields));
          }),
        (queued: QueuedMark, outcome: MarkOutcome) => {
          if (outcome.kind === 'refused') notify({ id: `attendance-${queued.uuid}`, type: 'error', content: `${dayMessages.refused} ${outcome.message}` });
        },
      ).then(() => queryClient.invalidateQueries({ queryKey: ['attendance', 'day'] })),
    [queryClient],
  );

  // Send what waits when the page opens, when the network comes back, and every 20 s while marks wait.
  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);
  useEffect(() => {
    if (queue.length === 0) return;
    const timer = window.setInterval(() => navigator.onLine && void flush(), 20_000);
    return () => window.clearInterval(timer);
  }, [queue.length, flush]);

  const mark = (visit: DayVisit, status: AttendanceStatus, note: string | undefined) => {
    enqueueMark({
      planningId: visit.planningId,
      uuid: visit.uuid,
      mark: { status, ...(note ? { note } : {}), markId: newMarkId(), markedAt: new Date().toISOString() },
    });
    if (navigator.onLine) void flush();
  };

  const setDate = (next: string) => {
    if (!next) return;
    setParams(next === today ? {} : { date: next }, { replace: true });
  };

  const mayReinvite = role === 'promoter' || role === 'administrator';
  const visits = day.data?.visits ?? [];
  return (
    <SpaceBetween size="m">
      <Header variant="h1" description={dayMessages.description}>
        {screenNames.myDay}
      </Header>
      <Container>
        <SpaceBetween size="s">
          <FormField label={dayPageMessages.day}>
            <FrenchDateInput value={date} onChange={setDate} ariaLabel={dayPageMessages.dayOfVisits} />
          </FormField>
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => setDate(addDays(date, -1))}>{dayPageMessages.previousDay}</Button>
            <Button onClick={() => setDate(today)} disabled={date === today}>
              {dayPageMessages.today}
            </Button>
            <Button onClick={() => setDate(addDays(date, 1))}>{dayPageMessages.nextDay}</Button>
          </SpaceBetween>
          <Box variant="h2" tagOverride="p">
            {formatFrenchDay(date)}
            {day.data ? dayPageMessages.visitCount(visits.length) : ''}
          </Box>
        </SpaceBetween>
      </Container>
      {/* An AMO's days off that day (docs/scheduling.md « One person, one calendar »). */}
      {(day.data?.daysOff ?? []).map((off) => (
        <Alert key={`${off.start}-${off.end}`} type="info">
          {dayMessages.dayOff(timeWithin(off.start, date), timeWithin(off.end, date))}
        </Alert>
      ))}
      {!online && (
        <Alert type="warning" header={dayPageMessages.offline}>
          {dayMessages.offline}
        </Alert>
      )}
      {queue.length > 0 && (
        <Alert type="info" action={online ? <Button onClick={() => void flush()}>{dayPageMessages.sendNow}</Button> : undefined}>
          {dayMessages.waiting(queue.length)}
        </Alert>
      )}
      {day.isPending && (
        <Box textAlign="center">
          <Spinner /> {dayPageMessages.loading}
        </Box>
      )}
      {day.isError && !day.data && (
        <Alert type="error" action={<Button onClick={() => void day.refetch()}>{controlMessages.retry}</Button>}>
          {errorMessage(day.error, dayMessages.loadFailed)}
        </Alert>
      )}
      {day.data && visits.length === 0 && (
        <Container>
          <Box textAlign="center" color="inherit">
            <b>{dayMessages.empty}</b>
          </Box>
        </Container>
      )}
      {visits.map((visit) => (
        <VisitCard
          key={visit.uuid}
          visit={visit}
          pending={pendingMarkOf(queue, visit.uuid)}
          onMark={(status, note) => mark(visit, status, note)}
          reinviting={reinvite.isPending && reinvite.variables?.uuid === visit.uuid}
          onReinvite={
            mayReinvite
              ? (when) =>
                  reinvite.mutate(
                    {
                      planningId: visit.planningId,
                      uuid: visit.uuid,
                      rdvDate: when ? Math.round(Date.parse(parisInstant(when.date, when.time)) / 1000) : undefined,
                    },
                    {
                      onSuccess: (answer) => notify({ type: 'success', content: answer.message }),
                      onError: (error) => notify({ type: 'error', content: `${dayMessages.reinviteFailed} ${errorMessage(error, '')}` }),
                    },
                  )
              : undefined
          }
        />
      ))}
    </SpaceBetween>
  );
}
