import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Planning } from '../../../../shared/domain/planning';
import { errorMessage, isApiError } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { useOperationStart } from '../../api/operation-queries';
import { OperationProgress } from '../../components/operations/operation-progress';
import { planningDeletionMessages } from '../../../../shared/messages/planning-deletion';
import { planningKeys } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { detailMessages } from '../../../../shared/messages/planning-actions';

/**
 * The planning's deletion (part 2 §2.6 'Supprimer'): confirmed first; refused once invitations
 * went out or a slot is booked, which an administrator may force. Kept by the options modal, so
 * that the step shown survives a change of tab. Accepted, it is a `planning-deletion` operation
 * (docs/architecture.md « Deleting a planning »): one Idempotency-Key per click, the same one again
 * after a lost answer; the planning is hidden from the answer on, its progress is shown until its
 * job has removed the rest, then the plannings list opens.
 */
export function usePlanningDeletion(planning: Planning, programId: string, isAdmin: boolean, setError: (error: string | null) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deletion, setDeletion] = useState<'idle' | 'confirm' | 'force'>('idle');
  const [deleteReason, setDeleteReason] = useState<string>(detailMessages.cannotDelete);
  const forced = useRef(false);
  const operation = useOperationStart({
    scope: `planning-deletion:${planning._id}`,
    send: (idempotencyKey) => planningActions.deletePlanning(planning._id, forced.current, idempotencyKey),
  });
  const { error, phase, dismiss } = operation;
  useEffect(() => {
    if (!error) return;
    if (isApiError(error, 409)) {
      setDeleteReason(errorMessage(error) || detailMessages.cannotDelete);
      setDeletion(isAdmin && !forced.current ? 'force' : 'idle');
      if (!isAdmin) setError(errorMessage(error) || detailMessages.cannotDelete);
    } else setError(errorMessage(error, detailMessages.deleteFailed));
    dismiss();
  }, [error, isAdmin, setError, dismiss]);
  useEffect(() => {
    if (phase !== 'done') return;
    dismiss();
    notify({ type: 'success', content: `Planning « ${planning.name} » supprimé.` });
    void queryClient.invalidateQueries({ queryKey: planningKeys.list(programId) });
    void navigate(`/projets/${encodeURIComponent(programId)}/plannings`);
  }, [phase, dismiss, planning.name, queryClient, programId, navigate]);
  const remove = (force: boolean) => {
    forced.current = force;
    void operation.start();
  };
  const deleting = phase === 'sending' || phase === 'continuing' || phase === 'following';
  return { deletion, setDeletion, deleteReason, deleting, remove, operation };
}

type DeletionTabProps = ReturnType<typeof usePlanningDeletion> & { planningName: string };

export function DeletionTab({ planningName, deletion, setDeletion, deleteReason, deleting, remove, operation }: DeletionTabProps) {
  if (operation.operation || operation.phase === 'sending' || operation.phase === 'continuing')
    return (
      <OperationProgress
        title={planningDeletionMessages.progressTitle}
        phase={operation.phase}
        operation={operation.operation}
        resultText={() => planningDeletionMessages.done}
        onDismiss={operation.dismiss}
      />
    );
  return (
    <SpaceBetween size="m">
      <Box>La suppression est possible tant qu'aucune invitation n'a été envoyée et qu'aucun créneau n'est réservé.</Box>
      {deletion === 'idle' && (
        <Button onClick={() => setDeletion('confirm')} iconName="remove">
          Supprimer le planning
        </Button>
      )}
      {deletion === 'confirm' && (
        <Alert
          type="warning"
          header={`Supprimer « ${planningName} » ?`}
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setDeletion('idle')}>Annuler</Button>
              <Button variant="primary" loading={deleting} onClick={() => remove(false)}>
                Supprimer
              </Button>
            </SpaceBetween>
          }
        >
          Cette action est définitive.
        </Alert>
      )}
      {deletion === 'force' && (
        <Alert
          type="error"
          header={deleteReason}
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setDeletion('idle')}>Annuler</Button>
              <Button variant="primary" loading={deleting} onClick={() => remove(true)}>
                Supprimer quand même
              </Button>
            </SpaceBetween>
          }
        >
          Des invitations ont été envoyées ou des créneaux réservés. En tant qu'administrateur, vous pouvez supprimer ce planning : les acquéreurs ne seront pas
          prévenus.
        </Alert>
      )}
    </SpaceBetween>
  );
}
