import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SimulationData } from '../../../../shared/scheduling/schemas';
import { formatHours } from './hours-panel';

export interface NoSolutionModalProps {
  /** The engine's answer when the buyers do not fit (null: a failure without details). */
  data: SimulationData | null;
  onDismiss: () => void;
}

/** 'Pas de solution' (part 2 §8 'Simulation'): the engine's reason and its suggestions. */
export function NoSolutionModal({ data, onDismiss }: NoSolutionModalProps) {
  const suggestions = data?.shortfall?.suggestions ?? [];
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header="Pas de solution"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Compris
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box>{data?.reason ?? 'Les créneaux ne permettent pas de placer toutes les visites.'}</Box>
        {data?.shortfall && data.shortfall.hoursMissing > 0 && <Box variant="strong">Il manque {formatHours(data.shortfall.hoursMissing)}.</Box>}
        <Box variant="h3">Pistes</Box>
        <ul style={{ margin: 0 }}>
          {(suggestions.length ? suggestions : ['Ajoutez des créneaux (jours ou AMO).', 'Raccourcissez les visites.', 'Modifiez la pause déjeuner.']).map(
            (text) => (
              <li key={text}>{text}</li>
            ),
          )}
        </ul>
      </SpaceBetween>
    </Modal>
  );
}
