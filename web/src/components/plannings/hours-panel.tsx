import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Hours } from '../../../../shared/scheduling/schemas';
import { creationPageMessages, hoursLabels as texts, simulationScreenMessages } from '../../../../shared/messages/planning-creation';
import { formatHours } from './format-hours';

export interface HoursPanelProps {
  hours: (Hours & { pas: 900 | 1800 }) | null;
  buyerCount: number;
  dayCount: number;
  canCreate: boolean;
  creating: boolean;
  savingDraft: boolean;
  simulating: boolean;
  onSimulate: () => void;
  onCreate: () => void;
  onSaveDraft: () => void;
  onCancel: () => void;
}

/** '12,5 h'. */
export { formatHours };

/**
 * The sticky side panel of the creation form (part 2 §2.4): needed versus available hours, live,
 * computed by the engine's own functions; Simulation, Créer (only when the margin is not negative),
 * the draft and Annuler. It sticks below the top bar while the long form scrolls.
 */
export function HoursPanel({
  hours,
  buyerCount,
  dayCount,
  canCreate,
  creating,
  savingDraft,
  simulating,
  onSimulate,
  onCreate,
  onSaveDraft,
  onCancel,
}: HoursPanelProps) {
  const margin = hours ? hours.available - hours.needed : null;
  return (
    <div style={{ position: 'sticky', top: 72 }}>
      <Container header={<Header variant="h2">{texts.title}</Header>}>
        <SpaceBetween size="m">
          <KeyValuePairs
            columns={2}
            items={[
              {
                label: texts.needed,
                value: (
                  <Box fontSize="heading-l" fontWeight="bold">
                    {hours ? formatHours(hours.needed) : '—'}
                  </Box>
                ),
              },
              {
                label: texts.available,
                value: (
                  <Box fontSize="heading-l" fontWeight="bold">
                    {hours ? formatHours(hours.available) : '—'}
                  </Box>
                ),
              },
              {
                label: texts.margin,
                value:
                  margin === null ? (
                    '—'
                  ) : margin >= 0 ? (
                    <StatusIndicator type="success">{formatHours(Math.round(margin * 100) / 100)}</StatusIndicator>
                  ) : (
                    <StatusIndicator type="error">{formatHours(Math.round(margin * 100) / 100)}</StatusIndicator>
                  ),
              },
              { label: texts.daysNeeded, value: hours ? hours.daysNeeded.toLocaleString('fr-FR') : '—' },
              { label: texts.buyers, value: String(buyerCount) },
              { label: texts.visitDays, value: String(dayCount) },
              { label: texts.dailyCapacity, value: hours ? formatHours(hours.dailyCapacity) : '—' },
              { label: texts.step, value: hours ? `${hours.pas / 60} min` : '—' },
            ]}
          />
          {margin !== null && margin < 0 && (
            <Box color="text-status-error" variant="small">
              {texts.missing(formatHours(Math.round(-margin * 100) / 100))}
            </Box>
          )}
          <SpaceBetween size="xs">
            <Button fullWidth onClick={onSimulate} loading={simulating} iconName="calendar">
              {simulationScreenMessages.title}
            </Button>
            <Button fullWidth variant="primary" onClick={onCreate} disabled={!canCreate || creating} loading={creating}>
              {texts.create}
            </Button>
            <Button fullWidth variant="normal" onClick={onSaveDraft} loading={savingDraft}>
              {creationPageMessages.saveDraft}
            </Button>
            <Button fullWidth variant="link" onClick={onCancel}>
              Annuler
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </div>
  );
}
