import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Hours } from '../../../../shared/scheduling/schemas';
import { hoursLabels, simulationScreenMessages } from '../../../../shared/messages/planning-creation';
import { formatHours } from './hours-panel';

export interface HoursBarProps {
  hours: Hours | null;
  canCreate: boolean;
  creating: boolean;
  simulating: boolean;
  onSimulate: () => void;
  onCreate: () => void;
}

/**
 * On a narrow screen the hours panel falls below the 4,000-px form: this bar keeps its figures and
 * its two main actions in view at the bottom of the window; the panel itself,
 * with the draft and Annuler, stays at the end of the form.
 */
export function HoursBar({ hours, canCreate, creating, simulating, onSimulate, onCreate }: HoursBarProps) {
  const short = hours !== null && hours.available < hours.needed;
  return (
    <div
      role="region"
      aria-label={hoursLabels.title}
      style={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 800,
        background: '#fff',
        borderTop: '1px solid #c6c6cd',
        boxShadow: '0 -2px 6px rgba(0, 7, 22, 0.1)',
        padding: '8px 16px',
      }}
    >
      <SpaceBetween size="xs">
        <Box color={short ? 'text-status-error' : 'inherit'} fontWeight="bold">
          {hoursLabels.neededAndAvailable(hours ? formatHours(hours.needed) : '—', hours ? formatHours(hours.available) : '—')}
        </Box>
        <SpaceBetween size="xs" direction="horizontal">
          <Button onClick={onSimulate} loading={simulating} iconName="calendar">
            {simulationScreenMessages.title}
          </Button>
          <Button variant="primary" onClick={onCreate} disabled={!canCreate || creating} loading={creating}>
            {hoursLabels.create}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </div>
  );
}
