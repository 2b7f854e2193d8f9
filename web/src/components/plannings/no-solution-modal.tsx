import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SimulationData } from '../../../../shared/scheduling/schemas';
import { simulationScreenMessages } from '../../../../shared/messages/planning-creation';
import { missingHoursLabel, outcomeTexts, simulationOutcome } from './simulation-outcome';

export interface NoSolutionModalProps {
  /** The engine's answer when the buyers do not fit (null: a failure without details). */
  data: SimulationData | null;
  onDismiss: () => void;
}

/**
 * 'Pas de solution' (part 2 §8 'Simulation'): the engine's reason and its suggestions. A simulation
 * its budget left undecided is said so, with its bounds (docs/scheduling.md 'Work budget').
 */
export function NoSolutionModal({ data, onDismiss }: NoSolutionModalProps) {
  const suggestions = data?.shortfall?.suggestions ?? [];
  const missing = data ? missingHoursLabel(data) : null;
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={data && simulationOutcome(data) === 'undecided' ? outcomeTexts.undecided : outcomeTexts.noSolution}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {simulationScreenMessages.understood}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box>{data?.reason ?? simulationScreenMessages.noSolutionReason}</Box>
        {missing && <Box variant="strong">{missing}</Box>}
        <Box variant="h3">{simulationScreenMessages.leads}</Box>
        <ul style={{ margin: 0 }}>
          {(suggestions.length ? suggestions : simulationScreenMessages.noSolutionSuggestions).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </SpaceBetween>
    </Modal>
  );
}
