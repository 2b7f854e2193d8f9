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
import { planningPageCommon, planningSimulationMessages } from '../../../../shared/messages/planning-detail';

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
      closeAriaLabel={planningPageCommon.close}
      header={planningSimulationMessages.title}
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>{planningPageCommon.close}</Button>
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
            <Alert type="error" header={planningSimulationMessages.noSolution}>
              {check.data.error}
            </Alert>
          ) : (
            <Alert type="success" header={planningSimulationMessages.found}>
              {planningSimulationMessages.fits(figures?.toPlace ?? 0)}
            </Alert>
          )}
          {hours && (
            <KeyValuePairs
              columns={2}
              items={[
                { label: planningSimulationMessages.available, value: formatHours(hours.available) },
                { label: planningSimulationMessages.needed, value: formatHours(hours.needed) },
                { label: planningSimulationMessages.margin, value: formatHours(hours.margin) },
                { label: planningSimulationMessages.daysNeeded, value: hours.daysNeeded.toLocaleString('fr-FR') },
              ]}
            />
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
