import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import type { Planning } from '../../../../shared/domain/planning';
import { errorMessage } from '../../api/api-error';
import { planningActions, planningDetailKeys, planningDetailQueries } from '../../api/planning-detail-queries';
import { formatHours } from '../../components/plannings/hours-panel';

export interface SimulationModalProps {
  planning: Planning;
  onDismiss: () => void;
}

/**
 * 'Simulation' (administrators, part 2 §2.6): the engine's exact check that every buyer still to
 * be placed fits in the planning as it is, with the hours. Uses the TEST call with no edit (the
 * specification's POST /rdv/{id}/simulation is not a route of ours).
 */
export function SimulationModal({ planning, onDismiss }: SimulationModalProps) {
  const check = useQuery({
    queryKey: [...planningDetailKeys.detail(planning._id), 'simulation'],
    queryFn: () => planningActions.testAvailabilities(planning._id, []),
    staleTime: 0,
  });
  // The buyers still to place and the hours are counted on the server (GET /rdv/{id}/summary), never from every meeting here.
  const summary = useQuery(planningDetailQueries.summary(planning._id));
  const figures = summary.data?.figures;
  const hours = figures?.hours;
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
      {check.isPending || summary.isPending ? (
        <Spinner />
      ) : check.isError || summary.isError ? (
        <Alert type="error">{errorMessage(check.error ?? summary.error)}</Alert>
      ) : (
        <SpaceBetween size="m">
          {check.data.error ? (
            <Alert type="error" header="Pas de solution">
              {check.data.error}
            </Alert>
          ) : (
            <Alert type="success" header="Solution trouvée">
              {`Les ${figures?.toPlace ?? 0} acquéreurs restant à placer tiennent dans les disponibilités actuelles.`}
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
