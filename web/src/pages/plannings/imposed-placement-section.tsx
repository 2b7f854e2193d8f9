import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import type { AutoPlacementReport } from '../../../../shared/scheduling/imposed-auto-placement';
import { epochToParisWall } from '../../../../shared/scheduling/time-grid';
import { dismiss, notify } from '../../app/notifications-store';
import { hasLunch, lotDuration } from './free-planning-config';
import { ImposedCalendar, type CalendarLot } from './imposed-calendar';
import { autoPlace, noFilters, placedIssues, placedVisits, placeLot, snapMinutesOf, type LotFilters, type PlacedLot } from './imposed-planning-config';
import { UnplacedLotsPanel } from './unplaced-lots-panel';
import type { SectionProps } from './use-free-planning-form';
import { amoOptions } from './visit-days-section';
import { creationPageMessages, imposedPlacementMessages as texts, visitDaysSectionMessages as days } from '../../../../shared/messages/planning-creation';

const amoLabel = (amoNb: number) => `AMO ${amoNb + 1}`;

interface ImposedPlacementSectionProps extends Omit<SectionProps, 'errors'> {
  lots: readonly LotPick[];
  placed: PlacedLot[];
  setPlaced: Dispatch<SetStateAction<PlacedLot[]>>;
  unplaced: LotPick[];
  buyerCount: number;
  /** The server's or the form's refusal of the placement as a whole. */
  placementError?: string;
  /** The day the calendar opens on. */
  initialDate: string;
}

/**
 * '3. Placement des visites' (part 2 §2.5, §4 'Imposed creation'): the day's hours and AMOs, the
 * lots left to place, and the calendar they are dragged onto (or placed automatically).
 */
export function ImposedPlacementSection({
  form,
  update,
  lots,
  placed,
  setPlaced,
  unplaced,
  buyerCount,
  placementError,
  initialDate,
}: ImposedPlacementSectionProps) {
  const [filters, setFilters] = useState<LotFilters>(noFilters);
  const [autoReport, setAutoReport] = useState<AutoPlacementReport | null>(null);
  const [calendarView, setCalendarView] = useState(() => ({ key: 0, date: initialDate }));
  // The list element, as state: the calendar attaches its Draggable to the element actually shown.
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const issues = useMemo(() => placedIssues(form, lots, placed, Date.now()), [form, lots, placed]);

  const calendarLots: CalendarLot[] = useMemo(() => {
    const byId = new Map(lots.map((lot) => [lot._id, lot]));
    return placedVisits(form, lots, placed).map((visit) => {
      const lot = byId.get(visit.lotId)!;
      return { lotId: visit.lotId, title: `${lot.lotcomm} ${lot.typologie.toUpperCase()}`, startMs: visit.startMs, endMs: visit.endMs, amoNb: visit.amoNb };
    });
  }, [form, lots, placed]);

  const onPlace = useCallback(
    (lotId: string, startMs: number, revert?: () => void) => {
      dismiss('imposed-placement');
      const outcome = placeLot(form, lots, placed, lotId, startMs, Date.now());
      if ('refusal' in outcome) {
        revert?.();
        notify({ id: 'imposed-placement', type: 'warning', content: outcome.refusal });
        return;
      }
      setPlaced(outcome.placed);
    },
    [form, lots, placed, setPlaced],
  );
  const onUnplace = useCallback((lotId: string) => setPlaced((current) => current.filter((event) => event.lotId !== lotId)), [setPlaced]);

  const placeAutomatically = () => {
    dismiss('imposed-placement');
    const result = autoPlace(form, lots, placed, Date.now());
    setPlaced(result.placed);
    const added = result.placed.slice(placed.length);
    const first = added.length ? Math.min(...added.map((event) => event.start)) : null;
    if (first !== null) setCalendarView((view) => ({ key: view.key + 1, date: epochToParisWall(first).date }));
    // Shown beside the button, where staff look after the click (the flashbar is at the top).
    setAutoReport(result.report);
  };

  return (
    <div data-testid="imposed-placement">
      <Container
        header={
          <Header
            variant="h2"
            description={texts.help}
            actions={
              <Button onClick={placeAutomatically} disabled={unplaced.length === 0}>
                {texts.placeAutomatically}
              </Button>
            }
          >
            {creationPageMessages.imposedSections.placement}
          </Header>
        }
      >
        <SpaceBetween size="m">
          <SpaceBetween direction="horizontal" size="l">
            <FormField label={days.dayHours} description={days.dayHoursHelp}>
              <SpaceBetween direction="horizontal" size="xs">
                <TimeInput format="hh:mm" value={form.dayStart} ariaLabel={days.dayStart} onChange={({ detail }) => update({ dayStart: detail.value })} />
                <TimeInput format="hh:mm" value={form.dayEnd} ariaLabel={days.dayEnd} onChange={({ detail }) => update({ dayEnd: detail.value })} />
              </SpaceBetween>
            </FormField>
            <FormField label={days.amoPerDay}>
              <Select
                ariaLabel={days.amoPerDay}
                selectedOption={{ value: String(form.nbAmo), label: String(form.nbAmo) }}
                options={amoOptions}
                onChange={({ detail }) => update({ nbAmo: Number(detail.selectedOption.value) })}
              />
            </FormField>
            <FormField label={texts.calendarStep}>
              <Box padding={{ top: 'xs' }}>{texts.stepValue(snapMinutesOf(form), form.showAllDurations)}</Box>
            </FormField>
          </SpaceBetween>
          {autoReport && (
            <Alert type="warning" header={autoReport.header} dismissible onDismiss={() => setAutoReport(null)}>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {autoReport.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Alert>
          )}
          {(issues.length > 0 || placementError) && (
            <Alert type="error" header={texts.serverWillRefuse}>
              {issues.length > 0 ? (
                <ul style={{ margin: 0 }}>
                  {issues.map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </ul>
              ) : (
                placementError
              )}
            </Alert>
          )}
          <Grid gridDefinition={[{ colspan: { default: 12, xs: 4, m: 3 } }, { colspan: { default: 12, xs: 8, m: 9 } }]}>
            <UnplacedLotsPanel
              lots={unplaced}
              selectedCount={buyerCount}
              durationOf={(lot) => lotDuration(form, lot)}
              filters={filters}
              onFilters={setFilters}
              listRef={setListElement}
            />
            <ImposedCalendar
              key={calendarView.key}
              lots={calendarLots}
              initialDate={calendarView.date}
              snapMinutes={snapMinutesOf(form)}
              dayStart={form.dayStart}
              dayEnd={form.dayEnd}
              lunch={hasLunch(form) ? { start: form.lunchStartTime, end: form.lunchEndTime } : null}
              source={listElement}
              onPlace={onPlace}
              onUnplace={onUnplace}
              amoLabel={amoLabel}
            />
          </Grid>
        </SpaceBetween>
      </Container>
    </div>
  );
}
