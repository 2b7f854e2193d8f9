import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Drawer from '@cloudscape-design/components/drawer';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState, type CSSProperties } from 'react';
import type { ScheduleDay, SimulationOutput } from '../../../../shared/scheduling/schemas';
import { hoursLabels, lunchSectionMessages, simulationScreenMessages as texts } from '../../../../shared/messages/planning-creation';
import { durationLabel } from '../../pages/plannings/free-planning-config';
import { choiceCountLabel, missingHoursLabel, outcomeTexts, simulationOutcome } from './simulation-outcome';
import { formatHours } from './hours-panel';
import { blockPosition, freeMinutes, hourTicks, scheduleByDate, simulationColors } from './simulation-grid-config';

export interface SimulationDrawerProps {
  result: SimulationOutput;
  /** Lot labels by guest id ('A012 · Durand'). */
  guestLabels: Record<string, string>;
  /** AMO names by id, for assigned AMOs. */
  amoNames: Record<string, string>;
  lunch: { start: string; end: string } | null;
  /** The visit days' hours ('HH:mm'), to show each AMO's free time that day (part 2 §2.4). */
  days?: readonly { date: string; start: string; end: string }[];
  onClose: () => void;
}

function minutesLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}

const panel: CSSProperties = {
  position: 'fixed',
  top: 56,
  bottom: 0,
  right: 0,
  zIndex: 1001,
  background: '#ffffff',
  boxShadow: '-4px 0 16px rgba(0, 7, 22, 0.18)',
  overflowY: 'auto',
  padding: 20,
  boxSizing: 'border-box',
};

function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const label = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function DayRowGrid({
  row,
  label,
  guestLabels,
  lunch,
}: {
  row: ScheduleDay;
  label: string;
  guestLabels: Record<string, string>;
  lunch: { start: string; end: string } | null;
}) {
  const lunchBlock = lunch ? blockPosition(lunch.start, lunch.end) : null;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '120px 1fr', alignItems: 'center', gap: 8 }}>
      <Box variant="small" fontWeight="bold">
        {label}
      </Box>
      <div style={{ position: 'relative', height: 34, background: '#f4f4f4', borderRadius: 4 }} aria-label={texts.rowVisits(label, row.visits.length)}>
        {lunchBlock && (
          <div
            title={lunchSectionMessages.label}
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${lunchBlock.left}%`,
              width: `${lunchBlock.width}%`,
              background: 'repeating-linear-gradient(45deg, #e3e3e3, #e3e3e3 4px, #f4f4f4 4px, #f4f4f4 8px)',
            }}
          />
        )}
        {row.visits.map((visit, index) => {
          const { left, width } = blockPosition(visit.startTime, visit.endTime);
          const text = guestLabels[visit.guestId] ?? visit.typologie ?? '';
          return (
            <div
              key={`${visit.guestId}-${visit.start}`}
              title={`${visit.startTime}–${visit.endTime} · ${text}`}
              style={{
                position: 'absolute',
                top: 2,
                bottom: 2,
                left: `${left}%`,
                width: `calc(${width}% - 2px)`,
                background: simulationColors[index % simulationColors.length],
                color: '#fff',
                borderRadius: 3,
                fontSize: 11,
                lineHeight: '14px',
                padding: '1px 3px',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                boxSizing: 'border-box',
              }}
            >
              {visit.startTime} {text}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The simulated schedule (part 2 §2.4): per day and AMO, the visits on a 08:00–20:00 row; a
 * nested panel lists the choices the first buyers would be offered.
 */
export function SimulationDrawer({ result, guestLabels, amoNames, lunch, days: visitDays, onClose }: SimulationDrawerProps) {
  const [solution, setSolution] = useState(0);
  const [choicesOpen, setChoicesOpen] = useState(false);
  const data = result.simulationData;
  const outcome = simulationOutcome(data);
  const schedule = result.schedule[solution] ?? [];
  const days = scheduleByDate(schedule);
  const ticks = hourTicks();
  const visitCount = schedule.reduce((sum, day) => sum + day.visits.length, 0);

  return (
    <>
      <div role="dialog" aria-label={texts.title} style={{ ...panel, width: 'min(900px, 70vw)' }}>
        <Drawer
          header={
            <Header
              variant="h2"
              description={texts.summary(Math.max(1, Math.round(result.simulationTime)).toLocaleString('fr-FR'), visitCount)}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button onClick={() => setChoicesOpen((open) => !open)}>{choicesOpen ? texts.hideChoices : texts.choices}</Button>
                  <Button variant="icon" iconName="close" ariaLabel={texts.close} onClick={onClose} />
                </SpaceBetween>
              }
            >
              {texts.title}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <StatusIndicator type={{ feasible: 'success' as const, undecided: 'warning' as const, noSolution: 'error' as const }[outcome]}>
              {outcomeTexts[outcome]}
            </StatusIndicator>
            {outcome === 'undecided' && <Box>{[data.reason, missingHoursLabel(data)].filter(Boolean).join(' ')}</Box>}
            {/* part 2 §2.4: one arrangement among many, not the schedule. */}
            <Alert type="info" header={texts.exampleTitle}>
              {texts.example(data.choices.map((choice) => `${choiceCountLabel(choice)} (${durationLabel(choice.durationMs)})`).join(', '))}
            </Alert>
            <KeyValuePairs
              columns={3}
              items={[
                { label: hoursLabels.needed, value: formatHours(data.hours.needed) },
                { label: hoursLabels.available, value: formatHours(data.hours.available) },
                { label: hoursLabels.daysNeeded, value: data.hours.daysNeeded.toLocaleString('fr-FR') },
              ]}
            />
            {data.warnings.length > 0 && (
              <Box color="text-status-warning">
                {data.warnings.map((warning) => (
                  <div key={warning}>{warning}</div>
                ))}
              </Box>
            )}
            {result.schedule.length > 1 && (
              <SegmentedControl
                label={texts.solution}
                selectedId={String(solution)}
                options={result.schedule.map((_, index) => ({ id: String(index), text: texts.solutionNumber(index + 1) }))}
                onChange={({ detail }) => setSolution(Number(detail.selectedId))}
              />
            )}
            <div style={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 8 }}>
              <span />
              <div style={{ position: 'relative', height: 16 }}>
                {ticks.map((tick) => (
                  <span key={tick.label} style={{ position: 'absolute', left: `${tick.left}%`, transform: 'translateX(-50%)', fontSize: 11, color: '#5f6b7a' }}>
                    {tick.label}h
                  </span>
                ))}
              </div>
            </div>
            {days.length === 0 && <Box color="text-status-inactive">{texts.noVisit}</Box>}
            {days.map(({ date, rows }) => (
              <SpaceBetween key={date} size="xxs">
                <Box variant="h3">{dayLabel(date)}</Box>
                {rows.map((row) => {
                  const bounds = visitDays?.find((visitDay) => visitDay.date === row.date);
                  return (
                    <SpaceBetween key={`${row.date}-${row.amoNb}`} size="xxxs">
                      <DayRowGrid
                        row={row}
                        label={(row.amoId && amoNames[row.amoId]) || (amoNames[row.amoLabel] ?? row.amoLabel)}
                        guestLabels={guestLabels}
                        lunch={lunch}
                      />
                      {bounds && (
                        <Box variant="small" padding={{ left: 'xxxl' }}>
                          {texts.dayMargin(row.visits.length, minutesLabel(freeMinutes(bounds, lunch, row.visits)))}
                        </Box>
                      )}
                    </SpaceBetween>
                  );
                })}
              </SpaceBetween>
            ))}
          </SpaceBetween>
        </Drawer>
      </div>
      {choicesOpen && (
        <div role="dialog" aria-label={texts.choices} style={{ ...panel, right: 'min(900px, 70vw)', width: 340, zIndex: 1002 }}>
          <Drawer
            header={
              <Header variant="h3" actions={<Button variant="icon" iconName="close" ariaLabel={texts.closeChoices} onClick={() => setChoicesOpen(false)} />}>
                {texts.choices}
              </Header>
            }
          >
            <SpaceBetween size="s">
              <Box variant="small">{texts.choicesHelp}</Box>
              {data.choices.map((choice) => (
                <ExpandableSection
                  key={choice.durationMs}
                  defaultExpanded
                  headerText={texts.choiceHeader(durationLabel(choice.durationMs), choiceCountLabel(choice))}
                >
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {choice.options.map((option) => (
                      <li key={`${option.startDate}-${option.amoNb}`}>{option.label}</li>
                    ))}
                  </ul>
                  {choice.count > choice.options.length && (
                    <Box variant="small">{texts.moreChoices(choice.count - choice.options.length, choice.partial === true)}</Box>
                  )}
                </ExpandableSection>
              ))}
            </SpaceBetween>
          </Drawer>
        </div>
      )}
    </>
  );
}
