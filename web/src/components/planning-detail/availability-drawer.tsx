import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import type { Planning } from '../../../../shared/domain/planning';
import { applyAvailabilityEdits, toggleSlotAvailability, type AvailabilityEdit } from '../../../../shared/scheduling/availability-edits';
import { buildGrid } from '../../../../shared/scheduling/grid';
import { SchedulingRuleError } from '../../../../shared/scheduling/scheduling-errors';
import type { GridMarker } from '../../../../shared/scheduling/schemas';
import { formatHm, parisWallToEpoch, parseHm } from '../../../../shared/scheduling/time-grid';
import { errorMessage } from '../../api/api-error';
import { planningActions, type Availabilities } from '../../api/planning-detail-queries';
import { planningQueries } from '../../api/planning-queries';
import { programQueries } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { planningCalendarOf, type PlacedVisit } from '../../pages/planning-detail/planning-hours';
import { formatDateTime } from '../format-date';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { availabilityDrawerMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

/** Colours of the drawer's cells (part 2 §9: available #d4dfc7, booked #b7695d). */
const cellStyles: Record<'free' | 'booked' | 'unavailable' | 'lunch' | 'shift' | 'break', { background: string; label: string }> = {
  free: { background: '#d4dfc7', label: availabilityDrawerMessages.cells.free },
  booked: { background: '#b7695d', label: availabilityDrawerMessages.cells.booked },
  unavailable: { background: '#ffffff', label: availabilityDrawerMessages.cells.unavailable },
  lunch: { background: '#c6c6cd', label: availabilityDrawerMessages.cells.lunch },
  shift: { background: '#f4f4f4', label: availabilityDrawerMessages.cells.shift },
  break: { background: '#e9ebed', label: availabilityDrawerMessages.cells.break },
};

function cellKind(marker: GridMarker): keyof typeof cellStyles {
  if (marker === false) return 'free';
  if (marker === '@unavailable') return 'unavailable';
  if (marker === '@lunch') return 'lunch';
  if (marker === '@shift') return 'shift';
  if (marker === '@break') return 'break';
  return 'booked';
}

const messages = {
  saved: detailMessages.availabilitiesSaved,
  failed: detailMessages.availabilitiesFailed,
  requestFailed: detailMessages.requestFailed,
  amoAdded: detailMessages.amoAdded,
  amoFailed: detailMessages.amoAddFailed,
};

const panel: CSSProperties = {
  position: 'fixed',
  top: 56,
  bottom: 0,
  right: 0,
  width: 'min(960px, 100vw)',
  zIndex: 1001,
  background: '#ffffff',
  boxShadow: '-4px 0 16px rgba(0, 7, 22, 0.18)',
  overflowY: 'auto',
  padding: 20,
  boxSizing: 'border-box',
  // Outside Cloudscape's components the page has no font: the grid's labels were in a serif font.
  fontFamily: "'Open Sans', 'Helvetica Neue', Roboto, Arial, sans-serif",
  color: '#000716',
};

/** Display window of the drawer: 07:00–20:00 like the calendar. */
const FROM = 7 * 60;
const TO = 20 * 60;

export interface AvailabilityDrawerProps {
  planning: Planning;
  /** Every placed visit (GET /rdv/{id}/calendar over the planning's days), undefined while they load. */
  visits?: PlacedVisit[];
  availabilities?: Availabilities;
  programId: string;
  amoLabel: (amoNb: number) => string;
  run: <R>(call: () => Promise<R>) => Promise<R>;
  pending: boolean;
  onClose: () => void;
}

/**
 * 'Disponibilités' (part 2 §4 'Availability editing'): per AMO and day, a click on a slot adds or
 * removes one slot of availability; booked slots refuse. ANNULER resets, TEST checks that every
 * buyer still fits, CONFIRMER (once the test passed) saves.
 */
export function AvailabilityDrawer({ planning, visits, availabilities, programId, amoLabel, run, pending, onClose }: AvailabilityDrawerProps) {
  const [edits, setEdits] = useState<AvailabilityEdit[]>([]);
  const [amoNb, setAmoNb] = useState(0);
  // `message` of a passed test: the check could not conclude (CONFIRMER will ask staff to confirm).
  const [test, setTest] = useState<{ state: 'idle' | 'running' | 'passed' | 'failed'; message?: string }>({ state: 'idle' });
  const [newAmo, setNewAmo] = useState('');
  const program = useQuery({ ...programQueries.detail(programId), enabled: planning.areAmosAssigned });
  const authorized = (program.data?.authorized ?? []).filter((id) => !planning.amoList.includes(id));
  const candidates = useQuery({ ...planningQueries.amos(authorized), enabled: planning.areAmosAssigned && authorized.length > 0 });

  const base = useMemo(() => (availabilities && visits ? planningCalendarOf(planning, visits, availabilities) : null), [planning, visits, availabilities]);
  const current = useMemo(() => (base ? applyAvailabilityEdits(base, edits) : null), [base, edits]);
  const grid = useMemo(() => (current ? buildGrid(current) : null), [current]);
  const edited = new Set(edits.map((edit) => `${edit.amoNb}:${edit.start}`));

  const toggle = (column: number, date: string, minute: number) => {
    if (!current) return;
    const start = parisWallToEpoch(date, minute);
    const existing = edits.findIndex((edit) => edit.amoNb === column && edit.start === start);
    try {
      const edit = toggleSlotAvailability(current, { amoNb: column, start });
      setEdits(existing >= 0 ? edits.filter((_, index) => index !== existing) : [...edits, edit]);
      setTest({ state: 'idle' });
    } catch (caught) {
      if (caught instanceof SchedulingRuleError) notify({ type: 'warning', content: caught.message });
      else throw caught;
    }
  };

  const runTest = async () => {
    setTest({ state: 'running' });
    try {
      const answer = await planningActions.testAvailabilities(planning._id, edits);
      setTest(answer.error ? { state: 'failed', message: answer.error } : { state: 'passed', message: answer.confirmation });
    } catch (caught) {
      setTest({ state: 'failed', message: errorMessage(caught, messages.requestFailed) });
    }
  };

  const confirm = async () => {
    try {
      await run(() => planningActions.saveAvailabilities(planning._id, edits));
      notify({ type: 'success', content: messages.saved });
      setEdits([]);
      setTest({ state: 'idle' });
    } catch (caught) {
      setTest({ state: 'failed', message: errorMessage(caught, messages.failed) });
    }
  };

  const addAmo = async () => {
    try {
      await run(() => planningActions.addAmo(planning._id, planning.areAmosAssigned ? { amoId: newAmo } : {}));
      notify({ type: 'success', content: messages.amoAdded });
      setNewAmo('');
    } catch (caught) {
      notify({ type: 'error', content: errorMessage(caught, messages.amoFailed) });
    }
  };

  const amoOptions = (grid?.amos ?? []).map((amo) => ({ value: String(amo.amoNb), label: amoLabel(amo.amoNb) }));
  const candidateOptions = (candidates.data ?? []).map((amo) => ({ value: amo._id, label: `${amo.firstname} ${amo.lastname}` }));

  return (
    <div style={panel} role="dialog" aria-label={availabilityDrawerMessages.label}>
      <SpaceBetween size="m">
        <Header
          variant="h2"
          description={availabilityDrawerMessages.help}
          actions={<Button iconName="close" variant="icon" ariaLabel={planningDialogCommon.close} onClick={onClose} />}
        >
          {availabilityDrawerMessages.title}
        </Header>
        {!grid ? (
          <Box textAlign="center" padding="l">
            <Spinner size="large" />
          </Box>
        ) : (
          <>
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <Select
                selectedOption={amoOptions.find((option) => option.value === String(amoNb)) ?? null}
                options={amoOptions}
                ariaLabel="AMO"
                onChange={({ detail }) => setAmoNb(Number(detail.selectedOption.value))}
              />
              {planning.areAmosAssigned ? (
                <>
                  <Select
                    selectedOption={candidateOptions.find((option) => option.value === newAmo) ?? null}
                    options={candidateOptions}
                    placeholder={availabilityDrawerMessages.amoToAdd}
                    empty={availabilityDrawerMessages.noOtherAmo}
                    ariaLabel={availabilityDrawerMessages.amoToAdd}
                    onChange={({ detail }) => setNewAmo(detail.selectedOption.value ?? '')}
                  />
                  <Button iconName="add-plus" disabled={!newAmo} loading={pending} onClick={() => void addAmo()}>
                    {availabilityDrawerMessages.addThisAmo}
                  </Button>
                </>
              ) : (
                <Button iconName="add-plus" loading={pending} onClick={() => void addAmo()}>
                  {availabilityDrawerMessages.addAmo}
                </Button>
              )}
            </SpaceBetween>
            <SpaceBetween direction="horizontal" size="s">
              {Object.values(cellStyles).map((style) => (
                <span key={style.label} style={{ display: 'inline-flex', gap: 4, alignItems: 'center', fontSize: 12 }}>
                  <span style={{ width: 12, height: 12, background: style.background, border: '1px solid #c6c6cd', display: 'inline-block' }} />
                  {style.label}
                </span>
              ))}
            </SpaceBetween>
            <DayGrid grid={grid} amoNb={amoNb} edited={edited} onToggle={toggle} />
            {test.state === 'failed' && <Alert type="error">{test.message}</Alert>}
            {test.state === 'passed' &&
              (test.message ? (
                <Alert type="warning" statusIconAriaLabel={planningDialogCommon.warningIcon}>
                  {test.message}
                </Alert>
              ) : (
                <StatusIndicator type="success">{availabilityDrawerMessages.testPassed}</StatusIndicator>
              ))}
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                disabled={edits.length === 0}
                onClick={() => {
                  setEdits([]);
                  setTest({ state: 'idle' });
                }}
              >
                {availabilityDrawerMessages.cancel}
              </Button>
              <Button disabled={edits.length === 0} loading={test.state === 'running'} onClick={() => void runTest()}>
                {availabilityDrawerMessages.test}
              </Button>
              <Button variant="primary" disabled={test.state !== 'passed' || edits.length === 0} loading={pending} onClick={() => void confirm()}>
                {availabilityDrawerMessages.confirm}
              </Button>
              <Box variant="small" color="text-body-secondary">
                {availabilityDrawerMessages.edits(edits.length)}
              </Box>
            </SpaceBetween>
          </>
        )}
      </SpaceBetween>
    </div>
  );
}

interface DayGridProps {
  grid: ReturnType<typeof buildGrid>;
  amoNb: number;
  edited: Set<string>;
  onToggle: (amoNb: number, date: string, minute: number) => void;
}

/** One row per day, one cell per slot between 07:00 and 20:00. */
function DayGrid({ grid, amoNb, edited, onToggle }: DayGridProps) {
  const slotMin = grid.pas / 60;
  const ticks = Array.from({ length: (TO - FROM) / 60 + 1 }, (_, index) => FROM + index * 60);
  const cells = (TO - FROM) / slotMin;
  return (
    <div style={{ overflowX: 'auto' }}>
      <div style={{ display: 'grid', gridTemplateColumns: `110px repeat(${cells}, minmax(10px, 1fr))`, gap: 1, minWidth: 110 + cells * 11 }}>
        <div />
        {Array.from({ length: cells }, (_, index) => {
          const minute = FROM + index * slotMin;
          return (
            <div key={minute} style={{ fontSize: 10, color: '#5f6b7a', whiteSpace: 'nowrap', overflow: 'visible' }}>
              {ticks.includes(minute) ? formatHm(minute).slice(0, 2) + 'h' : ''}
            </div>
          );
        })}
        {grid.days.map((day) => {
          const first = parseHm(day.firstSlot);
          const row = day.slots[amoNb] ?? [];
          const label = formatDateTime(`${day.date}T12:00:00Z`, 'EEE dd/MM');
          return [
            <div key={`${day.date}-label`} style={{ fontSize: 12, fontWeight: 600, alignSelf: 'center' }}>
              {label}
            </div>,
            ...Array.from({ length: cells }, (_, index) => {
              const minute = FROM + index * slotMin;
              const slot = (minute - first) / slotMin;
              const marker: GridMarker = slot >= 0 && slot < row.length ? row[slot] : '@shift';
              const kind = cellKind(marker);
              const start = parisWallToEpoch(day.date, minute);
              const changed = edited.has(`${amoNb}:${start}`);
              return (
                <button
                  key={`${day.date}-${minute}`}
                  type="button"
                  aria-label={availabilityDrawerMessages.cell(label, formatHm(minute), cellStyles[kind].label)}
                  title={availabilityDrawerMessages.cell(label, formatHm(minute), cellStyles[kind].label)}
                  disabled={kind === 'break'}
                  onClick={() => onToggle(amoNb, day.date, minute)}
                  style={{
                    height: 22,
                    padding: 0,
                    background: cellStyles[kind].background,
                    border: changed ? '2px solid #0972d3' : '1px solid #d1d5db',
                    cursor: kind === 'break' ? 'not-allowed' : 'pointer',
                  }}
                />
              );
            }),
          ];
        })}
      </div>
    </div>
  );
}
