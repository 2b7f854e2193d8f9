import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import type { Meeting, Planning } from '../../../../shared/domain/planning';
import { errorMessage } from '../../api/api-error';
import { planningActions, planningDetailKeys } from '../../api/planning-detail-queries';
import { formatHours } from '../../components/plannings/hours-panel';
import { planningHours, toPlace } from './planning-hours';

export interface SimulationModalProps {
  planning: Planning;
  meetings: Meeting[];
  onDismiss: () => void;
}

/**
 * 'Simulation' (administrators, part 2 §2.6): the engine's exact check that every buyer still to
 * be placed fits in the planning as it is, with the hours. Uses the TEST call with no edit (the
 * specification's POST /rdv/{id}/simulation is not a route of ours).
 */
export function SimulationModal({ planning, meetings, onDismiss }: SimulationModalProps) {
  const check = useQuery({
    queryKey: [...planningDetailKeys.detail(planning._id), 'simulation'],
    queryFn: () => planningActions.testAvailabilities(planning._id, []),
    staleTime: 0,
  });
  const hours = check.data ? planningHours(planning, meetings, check.data.availabilities) : null;
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header="Simulation"
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>Fermer</Button>
        </Box>
      }
    >
      {check.isPending ? (
        <Spinner />
      ) : check.isError ? (
        <Alert type="error">{errorMessage(check.error)}</Alert>
      ) : (
        <SpaceBetween size="m">
          {check.data.error ? (
            <Alert type="error" header="Pas de solution">
              {check.data.error}
            </Alert>
          ) : (
            <Alert type="success" header="Solution trouvée">
              {`Les ${toPlace(meetings).length} acquéreurs restant à placer tiennent dans les disponibilités actuelles.`}
            </Alert>
          )}
          {hours && (
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Disponible', value: formatHours(hours.available) },
                { label: 'Nécessaire', value: formatHours(hours.needed) },
                { label: 'Marge', value: formatHours(hours.margin) },
                { label: 'Jours nécessaires', value: hours.daysNeeded.toLocaleString('fr-FR') },
              ]}
            />
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
