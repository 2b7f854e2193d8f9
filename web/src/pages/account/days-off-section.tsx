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

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : 'Enregistrement impossible.');

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
        <Header
          variant="h2"
          description="Les périodes où vous ne travaillez pas : elles s'appliquent à tous les plannings qui vous nomment. Une indisponibilité qui laisserait des acquéreurs sans créneau les nomme et demande confirmation."
        >
          {amoCalendarMessages.daysOffTitle}
        </Header>
      }
    >
      {calendar.isPending ? (
        <Spinner size="normal" />
      ) : calendar.isError ? (
        <Alert type="error" action={<Button onClick={() => void calendar.refetch()}>Réessayer</Button>}>
          Impossible de charger vos indisponibilités.
        </Alert>
      ) : (
        <SpaceBetween size="l">
          <Table
            variant="embedded"
            ariaLabels={{ tableLabel: amoCalendarMessages.daysOffTitle }}
            items={calendar.data.daysOff}
            empty={<Box color="text-body-secondary">Aucune indisponibilité.</Box>}
            // One period column that wraps: at 390 px three columns pushed « Supprimer » out of sight.
            wrapLines
            columnDefinitions={[
              {
                id: 'period',
                header: 'Période',
                cell: (off) => `Du ${formatDateTime(off.start, "dd/MM/yyyy 'à' HH:mm")} au ${formatDateTime(off.end, "dd/MM/yyyy 'à' HH:mm")}`,
              },
              {
                id: 'actions',
                header: 'Actions',
                // Never cut in the middle of « Supprimer » (the period column wraps instead).
                minWidth: 136,
                width: 136,
                cell: (off) => (
                  <Button
                    variant="inline-link"
                    ariaLabel={`Supprimer l'indisponibilité du ${formatDateTime(off.start, 'dd/MM/yyyy HH:mm')}`}
                    onClick={() => setDeleting(off)}
                  >
                    Supprimer
                  </Button>
                ),
              },
            ]}
          />
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label="Du" description="Le premier jour, dès cette heure.">
              <SpaceBetween direction="horizontal" size="xs">
                <FrenchDateInput value={startDay} onChange={setStartDay} ariaLabel="Premier jour de l'indisponibilité" />
                <TimeInput
                  format="hh:mm"
                  value={startTime}
                  ariaLabel="Heure de début de l'indisponibilité"
                  onChange={({ detail }) => setStartTime(detail.value)}
                />
              </SpaceBetween>
            </FormField>
            <FormField label="Au" description="Vide : le même jour, jusqu'à cette heure.">
              <SpaceBetween direction="horizontal" size="xs">
                <FrenchDateInput value={endDay} onChange={setEndDay} ariaLabel="Dernier jour de l'indisponibilité" />
                <TimeInput format="hh:mm" value={endTime} ariaLabel="Heure de fin de l'indisponibilité" onChange={({ detail }) => setEndTime(detail.value)} />
              </SpaceBetween>
            </FormField>
            <Button onClick={submit} loading={add.isPending}>
              Ajouter l'indisponibilité
            </Button>
          </SpaceBetween>
          {error ? <Alert type="error">{error}</Alert> : null}
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={amoCalendarMessages.travelTimeLabel} description="0 sur un même programme, quel que soit ce réglage.">
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
              Enregistrer le temps de trajet
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      )}
      {deleting ? (
        <ConfirmModal
          header={amoCalendarMessages.deleteDayOffConfirm}
          confirmLabel="Supprimer"
          pending={remove.isPending}
          onDismiss={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => notify({ id: 'days-off', type: 'success', content: amoCalendarMessages.dayOffDeleted }),
              onSettled: () => setDeleting(null),
            })
          }
        >
          Du {formatDateTime(deleting.start, "dd/MM/yyyy 'à' HH:mm")} au {formatDateTime(deleting.end, "dd/MM/yyyy 'à' HH:mm")} : vous serez de nouveau proposé
          sur ces horaires.
        </ConfirmModal>
      ) : null}
    </Container>
  );
}
