import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import TimeInput from '@cloudscape-design/components/time-input';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { amoCalendarMessages } from '../../../../shared/messages/amo-calendar';
import { parisWallToEpoch } from '../../../../shared/scheduling/time-grid';
import { daysOffSectionMessages } from '../../../../shared/messages/account';
import { controlMessages } from '../../../../shared/messages/controls';
import { dayAtTimePattern } from '../../../../shared/i18n/french-dates';
import { amoCalendarQueries, useAddDayOffMutation, useDeleteDayOffMutation, useSaveTravelTimeMutation, type DayOff } from '../../api/amo-calendar-queries';
import { ApiError } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { ConfirmModal } from '../../components/confirm-modal';
import { formatDateTime } from '../../components/format-date';
import { FrenchDateInput } from '../../components/french-date-input';

const wallInstant = (day: string, hm: string): string | null => {
  const match = /^(\d\d):(\d\d)$/.exec(hm);
  if (!day || !match) return null;
  return new Date(parisWallToEpoch(day, Number(match[1]) * 60 + Number(match[2]))).toISOString();
};

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : daysOffSectionMessages.saveFailed);

/**
 * « Mes indisponibilités » (docs/scheduling.md « One person, one calendar »): the periods an AMO
 * does not work, entered once and applied to every planning naming them; and their travel time
 * between two programs. A day off that would leave buyers without a place names them and asks
 * first (the staff modal). `userId`: staff editing an AMO's calendar; absent, the caller's own.
 */
export function DaysOffSection({ userId }: { userId?: string }) {
  const calendar = useQuery(amoCalendarQueries.calendar(userId));
  const add = useAddDayOffMutation(userId);
  const remove = useDeleteDayOffMutation(userId);
  const saveTravel = useSaveTravelTimeMutation(userId);
  const [startDay, setStartDay] = useState('');
  const [startTime, setStartTime] = useState('00:00');
  const [endDay, setEndDay] = useState('');
  const [endTime, setEndTime] = useState('23:59');
  const [travel, setTravel] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DayOff | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = wallInstant(startDay, startTime);
  const end = wallInstant(endDay || startDay, endTime);
  const submit = () => {
    if (!start || !end || Date.parse(end) <= Date.parse(start)) return setError(amoCalendarMessages.dayOffInvalid);
    setError(null);
    add.mutate(
      { start, end },
      {
        onSuccess: () => {
          notify({ id: 'days-off', type: 'success', content: amoCalendarMessages.dayOffAdded });
          setStartDay('');
          setEndDay('');
        },
        onError: (cause) => setError(failure(cause)),
      },
    );
  };
  const travelValue = travel ?? String(calendar.data?.travelMinutes ?? '');

  return (
    <Container
      header={
        <Header variant="h2" description={daysOffSectionMessages.description}>
          {amoCalendarMessages.daysOffTitle}
        </Header>
      }
    >
      {calendar.isPending ? (
        <Spinner size="normal" />
      ) : calendar.isError ? (
        <Alert type="error" action={<Button onClick={() => void calendar.refetch()}>{controlMessages.retry}</Button>}>
          {daysOffSectionMessages.loadFailed}
        </Alert>
      ) : (
        <SpaceBetween size="l">
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: amoCalendarMessages.daysOffTitle }}
            items={calendar.data.daysOff}
            empty={<Box color="text-body-secondary">{daysOffSectionMessages.empty}</Box>}
            // One period column that wraps: at 390 px three columns pushed « Supprimer » out of sight.
            wrapLines
            columnDefinitions={[
              {
                id: 'period',
                header: daysOffSectionMessages.period,
                cell: (off) => daysOffSectionMessages.periodRange(formatDateTime(off.start, dayAtTimePattern), formatDateTime(off.end, dayAtTimePattern)),
              },
              {
                id: 'actions',
                header: controlMessages.actions,
                // Never cut in the middle of « Supprimer » (the period column wraps instead).
                minWidth: 136,
                width: 136,
                cell: (off) => (
                  <Button
                    variant="inline-link"
                    ariaLabel={daysOffSectionMessages.deleteOf(formatDateTime(off.start, 'dd/MM/yyyy HH:mm'))}
                    onClick={() => setDeleting(off)}
                  >
                    {controlMessages.delete}
                  </Button>
                ),
              },
            ]}
          />
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={daysOffSectionMessages.from} description={daysOffSectionMessages.fromHelp}>
              <SpaceBetween direction="horizontal" size="xs">
                <FrenchDateInput value={startDay} onChange={setStartDay} ariaLabel={daysOffSectionMessages.firstDay} />
                <TimeInput
                  format="hh:mm"
                  value={startTime}
                  ariaLabel={daysOffSectionMessages.startTime}
                  onChange={({ detail }) => setStartTime(detail.value)}
                />
              </SpaceBetween>
            </FormField>
            <FormField label={daysOffSectionMessages.to} description={daysOffSectionMessages.toHelp}>
              <SpaceBetween direction="horizontal" size="xs">
                <FrenchDateInput value={endDay} onChange={setEndDay} ariaLabel={daysOffSectionMessages.lastDay} />
                <TimeInput format="hh:mm" value={endTime} ariaLabel={daysOffSectionMessages.endTime} onChange={({ detail }) => setEndTime(detail.value)} />
              </SpaceBetween>
            </FormField>
            <Button onClick={submit} loading={add.isPending}>
              {daysOffSectionMessages.add}
            </Button>
          </SpaceBetween>
          {error ? <Alert type="error">{error}</Alert> : null}
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={amoCalendarMessages.travelTimeLabel} description={daysOffSectionMessages.travelHelp}>
              <Input type="number" inputMode="numeric" value={travelValue} onChange={({ detail }) => setTravel(detail.value)} />
            </FormField>
            <Button
              loading={saveTravel.isPending}
              onClick={() =>
                saveTravel.mutate(Number(travelValue), {
                  onSuccess: () => notify({ id: 'days-off', type: 'success', content: amoCalendarMessages.travelTimeSaved }),
                  onError: (cause) => setError(failure(cause)),
                })
              }
            >
              {daysOffSectionMessages.saveTravel}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      )}
      {deleting ? (
        <ConfirmModal
          header={amoCalendarMessages.deleteDayOffConfirm}
          confirmLabel={controlMessages.delete}
          pending={remove.isPending}
          onDismiss={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => notify({ id: 'days-off', type: 'success', content: amoCalendarMessages.dayOffDeleted }),
              onSettled: () => setDeleting(null),
            })
          }
        >
          {daysOffSectionMessages.deleteConfirm(formatDateTime(deleting.start, dayAtTimePattern), formatDateTime(deleting.end, dayAtTimePattern))}
        </ConfirmModal>
      ) : null}
    </Container>
  );
}
