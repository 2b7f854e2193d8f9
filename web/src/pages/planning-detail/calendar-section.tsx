import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { forwardRef, useMemo, useState } from 'react';
import type { FreeMeeting, Meeting, Planning } from '../../../../shared/domain/planning';
import { errorMessage } from '../../api/api-error';
import { planningActions, type PlanningGridView } from '../../api/planning-detail-queries';
import { notify } from '../../app/notifications-store';
import { ActionModal } from '../../components/planning-detail/action-modal';
import {
  availabilityEvents,
  freeMeetingEvents,
  holidayEvents,
  initialDate,
  lunchEvents,
  parisInstant,
  parisParts,
  visitEvents,
  type CalendarItem,
} from '../../components/planning-detail/calendar-config';
import { FreeMeetingModal, freeMeetingEnd, type FreeMeetingForm } from '../../components/planning-detail/free-meeting-modal';
import { MoveModal } from '../../components/planning-detail/move-modal';
import { PlanningCalendar } from '../../components/planning-detail/planning-calendar';
import { VisitModal, type VisitAction } from '../../components/planning-detail/visit-modal';
import { AVAILABLE_COLOR, detailMessages, FREE_MEETING_COLORS, switchCheck } from './planning-detail-config';
import { isStrandWarning } from '../../components/planning-detail/strand-warning';

type Mode = 'view' | 'move' | 'switch' | 'remove';

type Dialog =
  | { kind: 'visit'; meeting: Meeting }
  | { kind: 'move'; meeting: Meeting; initial: { date: string; time: string }; revert?: () => void }
  | { kind: 'free'; mode: 'create' | 'edit'; freeMeeting?: FreeMeeting; initial: FreeMeetingForm }
  | { kind: 'delete-free'; freeMeeting: FreeMeeting };

export interface CalendarSectionProps {
  planning: Planning;
  meetings: Meeting[];
  grid?: PlanningGridView;
  colorOf: (amoNb: number | null) => string;
  amoLabel: (amoNb: number | null) => string;
  run: <R>(call: () => Promise<R>, refreshLater?: boolean) => Promise<R>;
  pending: boolean;
  /** Buyer actions handled by the page (edit, history, cancel). */
  onVisitAction: (action: Exclude<VisitAction, 'move'>, meeting: Meeting) => void;
}

const modeButtons: { mode: Mode; label: string; icon?: 'remove' }[] = [
  { mode: 'move', label: 'Déplacer' },
  { mode: 'switch', label: 'Switch AMO' },
  { mode: 'remove', label: '−', icon: 'remove' },
];

const modeHelp: Record<Mode, string> = {
  view: 'Cliquez sur une visite pour ses actions, sur un créneau vide pour ajouter un RDV Libre.',
  move: 'Faites glisser une visite, ou cliquez dessus puis choisissez une date.',
  switch: 'Sélectionnez de 2 à 6 visites de 2 AMO au plus, puis « Switcher ».',
  remove: "Cliquez sur un RDV Libre pour le supprimer.",
};

const imposedViewHelp = "Cliquez sur une visite pour ses actions ; « Déplacer » pour changer la date d'une convocation.";

/** The planning calendar and its modes (part 2 §4 'Moving', 'Switch AMO', 'Free-meeting deletion'). */
export const CalendarSection = forwardRef<HTMLDivElement, CalendarSectionProps>(function CalendarSection(
  { planning, meetings, grid, colorOf, amoLabel, run, pending, onVisitAction },
  ref,
) {
  const [mode, setMode] = useState<Mode>('view');
  // issue 13: an imposed planning's calendar moves convocations only (no RDV Libre, no switch: no bookable slots).
  const imposed = planning.templateType === 'promoterImpose';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [targetAmo, setTargetAmo] = useState<string>('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [strand, setStrand] = useState(false);
  const freeMeetings = useMemo(() => planning.freeMeetings ?? [], [planning.freeMeetings]);
  const byUuid = useMemo(() => new Map(meetings.map((meeting) => [meeting.uuid, meeting])), [meetings]);

  const events = useMemo(
    () => [
      ...holidayEvents(planning),
      ...lunchEvents(planning),
      ...availabilityEvents(grid, AVAILABLE_COLOR),
      ...visitEvents({ planning, meetings, grid, selected, draggable: mode === 'move', colorOf, amoLabel }),
      ...freeMeetingEvents(freeMeetings, mode === 'move'),
    ],
    [planning, meetings, grid, selected, mode, colorOf, amoLabel, freeMeetings],
  );

  const close = () => {
    setDialog(null);
    setError(null);
    setStrand(false);
  };
  const switchMode = (next: Mode) => {
    setMode(mode === next ? 'view' : next);
    setSelected(new Set());
    setTargetAmo('');
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
    const meeting = byUuid.get(item.uuid);
    if (!meeting) return;
    if (mode === 'remove') return void notify({ type: 'warning', content: detailMessages.notAFreeMeeting });
    if (mode === 'switch') {
      const next = new Set(selected);
      if (next.has(meeting.uuid)) next.delete(meeting.uuid);
      else next.add(meeting.uuid);
      return setSelected(next);
    }
    if (mode === 'move') return setDialog({ kind: 'move', meeting, initial: parisParts(meeting.start!) });
    setDialog({ kind: 'visit', meeting });
  };

  const onItemDrop = (item: CalendarItem, start: number, end: number, revert: () => void) => {
    if (item.kind === 'visit') {
      const meeting = byUuid.get(item.uuid);
      if (!meeting) return revert();
      return setDialog({ kind: 'move', meeting, initial: parisParts(start), revert });
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
    setDialog({ kind: 'free', mode: 'create', initial: { name: '', ...from, minutes: Math.max(15, Math.round((end - start) / 60_000)), color: FREE_MEETING_COLORS[0] } });
  };

  const submit = async <R,>(call: () => Promise<R>, success: (answer: R) => string, failure: string, refreshLater = false) => {
    setError(null);
    try {
      const answer = await run(call, refreshLater);
      notify({ type: 'success', content: success(answer) });
      close();
    } catch (caught) {
      setError(errorMessage(caught, failure));
      setStrand(isStrandWarning(caught));
    }
  };

  const selection = [...selected].map((uuid) => byUuid.get(uuid)).filter((meeting): meeting is Meeting => !!meeting);
  const check = switchCheck(selection);
  const columnCount = Math.max(1, planning.amoList.length, ...planning.events.map((event) => event.nbAmo));
  const targetOptions = Array.from({ length: columnCount }, (_, amoNb) => ({ value: String(amoNb), label: amoLabel(amoNb) })).filter(
    (option) => !check.amos.includes(Number(option.value)),
  );
  const runSwitch = async () => {
    if (!check.ok || (check.amos.length === 1 && !targetAmo)) return notify({ type: 'error', content: detailMessages.invalidSelection });
    try {
      const target = check.amos.length === 1 ? (planning.areAmosAssigned ? planning.amoList[Number(targetAmo)] : Number(targetAmo)) : undefined;
      const answer = await run(() => planningActions.switchAmo(planning._id, { rdvs: [...selected], targetAmo: target }));
      notify({ type: 'success', content: answer.message });
      setSelected(new Set());
    } catch (caught) {
      notify({ type: 'error', content: errorMessage(caught, detailMessages.switchFailed) });
    }
  };

  const freeBody = (form: FreeMeetingForm) => ({
    name: form.name,
    start: parisInstant(form.date, form.time),
    end: parisInstant(form.date, freeMeetingEnd(form)),
    color: form.color,
  });

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
                    ariaLabel={button.icon ? (mode === button.mode ? 'Terminé' : 'Supprimer un RDV Libre') : undefined}
                    onClick={() => switchMode(button.mode)}
                  >
                    {mode === button.mode ? 'Terminé' : button.icon ? undefined : button.label}
                  </Button>
                ))}
                {!imposed && (
                  <Button iconName="add-plus" onClick={() => onSelect(Date.parse(planning.planningStartTime), Date.parse(planning.planningStartTime) + 3_600_000)}>
                    RDV Libre
                  </Button>
                )}
              </SpaceBetween>
            }
          >
            Calendrier
          </Header>
        }
      >
        <SpaceBetween size="s">
          {mode === 'switch' && (
            <Alert
              type="info"
              header={`${selection.length} visite${selection.length > 1 ? 's' : ''} sélectionnée${selection.length > 1 ? 's' : ''}`}
              action={
                <SpaceBetween direction="horizontal" size="xs">
                  {check.amos.length === 1 && selection.length > 0 && (
                    <Select
                      selectedOption={targetOptions.find((option) => option.value === targetAmo) ?? null}
                      options={targetOptions}
                      placeholder="Vers l'AMO"
                      ariaLabel="AMO de destination"
                      onChange={({ detail }) => setTargetAmo(detail.selectedOption.value ?? '')}
                    />
                  )}
                  <Button variant="primary" loading={pending} onClick={() => void runSwitch()}>
                    Switcher
                  </Button>
                </SpaceBetween>
              }
            >
              {selection.length ? selection.map((meeting) => `${meeting.guest.lotcomm} (${amoLabel(meeting.amoNb)})`).join(', ') : 'Cliquez sur les visites à échanger.'}
            </Alert>
          )}
          <Legend amoCount={columnCount} colorOf={colorOf} amoLabel={amoLabel} withAvailability={!imposed} />
          <PlanningCalendar
            events={events}
            initialDate={initialDate(planning)}
            selectable={mode === 'view' && !imposed}
            onItemClick={onItemClick}
            onItemDrop={onItemDrop}
            onSelect={onSelect}
          />
        </SpaceBetween>
      </Container>

      {dialog?.kind === 'visit' && (
        <VisitModal
          meeting={dialog.meeting}
          amo={amoLabel(dialog.meeting.amoNb)}
          onAction={(action) => {
            const { meeting } = dialog;
            if (action === 'move') return setDialog({ kind: 'move', meeting, initial: parisParts(meeting.start!) });
            close();
            onVisitAction(action, meeting);
          }}
          onDismiss={close}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveModal
          meeting={dialog.meeting}
          initial={dialog.initial}
          pending={pending}
          error={error}
          strandWarning={strand}
          onEdit={() => {
            // issue 11 §2: another date or time, the warning about the previous one no longer holds.
            if (!strand) return;
            setStrand(false);
            setError(null);
          }}
          onConfirm={({ date, time, option }) =>
            void submit(
              () => {
                const rdvDate = Math.round(Date.parse(parisInstant(date, time)) / 1000);
                // issue 13: an imposed planning's convocation moves by the single convocation-move call, from the start staff saw.
                if (planning.templateType === 'promoterImpose') {
                  const seen = dialog.meeting.start ? Date.parse(dialog.meeting.start) / 1000 : undefined;
                  return planningActions.convocationMove(planning._id, { selected: dialog.meeting.uuid, rdvDate, confirmMoveOption: option, selectedDateMove: seen });
                }
                return planningActions.move(planning._id, { selected: dialog.meeting.uuid, rdvDate, confirmMoveOption: option, confirmStrand: strand });
              },
              (answer) => answer.message,
              detailMessages.moveFailed(dialog.meeting.guest.lotcomm),
            )
          }
          onDismiss={() => {
            dialog.revert?.();
            close();
          }}
        />
      )}
      {dialog?.kind === 'free' && (
        <FreeMeetingModal
          mode={dialog.mode}
          initial={dialog.initial}
          colors={FREE_MEETING_COLORS}
          pending={pending}
          error={error}
          onConfirm={(form) =>
            void (dialog.freeMeeting
              ? submit(() => planningActions.updateFreeMeeting(planning._id, dialog.freeMeeting!._id, freeBody(form)), (answer) => answer.message, detailMessages.freeMeetingFailed)
              : submit(() => planningActions.addFreeMeeting(planning._id, freeBody(form)), () => detailMessages.freeMeetingCreated, detailMessages.freeMeetingFailed))
          }
          onDelete={dialog.freeMeeting ? () => setDialog({ kind: 'delete-free', freeMeeting: dialog.freeMeeting! }) : undefined}
          onDismiss={close}
        />
      )}
      {dialog?.kind === 'delete-free' && (
        <ActionModal
          header="Supprimer le RDV Libre ?"
          confirmLabel="Supprimer"
          danger
          pending={pending}
          error={error}
          onConfirm={() => void submit(() => planningActions.deleteFreeMeeting(planning._id, dialog.freeMeeting._id), (answer) => answer.message, detailMessages.freeMeetingFailed)}
          onDismiss={close}
        >
          <Box>{`${dialog.freeMeeting.name} — ${parisParts(dialog.freeMeeting.start).date.split('-').reverse().join('/')} ${parisParts(dialog.freeMeeting.start).time}`}</Box>
        </ActionModal>
      )}
    </div>
  );
});

/** Colour key: one colour per AMO, available time, lunch, bank holidays. */
function Legend({ amoCount, colorOf, amoLabel, withAvailability }: { amoCount: number; colorOf: (amoNb: number) => string; amoLabel: (amoNb: number) => string; withAvailability: boolean }) {
  const chip = (color: string, label: string) => (
    <span key={label} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12 }}>
      <span style={{ width: 12, height: 12, borderRadius: 3, background: color, display: 'inline-block', border: '1px solid #c6c6cd' }} />
      {label}
    </span>
  );
  return (
    <SpaceBetween direction="horizontal" size="s">
      {Array.from({ length: amoCount }, (_, amoNb) => chip(colorOf(amoNb), amoLabel(amoNb)))}
      {withAvailability && chip(AVAILABLE_COLOR, 'Disponible')}
      {chip('#c6c6cd', 'Pause déjeuner')}
      {chip('#f3c9c2', 'Jour férié')}
    </SpaceBetween>
  );
}
