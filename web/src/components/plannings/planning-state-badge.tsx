import Badge from '@cloudscape-design/components/badge';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { PlanningState } from '../../../../shared/rules/planning-state-tag';
import { stateColors } from '../../pages/plannings/planning-list-config';

export interface PlanningStateBadgeProps {
  state: PlanningState;
  /** Imposed plannings also show the 'Convocation' tag (part 2 §2.3). */
  imposed?: boolean;
}

/** The planning state tag of part 2 §4, and the 'Convocation' tag of imposed plannings. */
export function PlanningStateBadge({ state, imposed = false }: PlanningStateBadgeProps) {
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      <Badge color={stateColors[state]}>{state}</Badge>
      {imposed && <Badge color="severity-high">Convocation</Badge>}
    </SpaceBetween>
  );
}
