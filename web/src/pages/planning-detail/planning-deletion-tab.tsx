import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { useOperationStart } from '../../api/operation-queries';
import { OperationProgress } from '../../components/operations/operation-progress';
import { planningDeletionMessages } from '../../../../shared/messages/planning-deletion';
import { planningKeys } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { planningOptionsMessages, planningPageCommon } from '../../../../shared/messages/planning-detail';

/**
 * The planning's deletion (part 2 §2.6 'Supprimer'): confirmed first; refused once invitations
 * went out or a slot is booked, which an administrator may force. Kept by the options modal, so
 * that the step shown survives a change of tab. Accepted, it is a `planning-deletion` operation
 * (docs/architecture.md « Deleting a planning »): one Idempotency-Key per click, the same one again
 * after a lost answer; the planning is hidden from the answer on, its progress is shown until its
 * job has removed the rest, then the plannings list opens.
 *
 * Held by the page, not by the modal: once the planning is hidden its own reads answer 404, and the
 * page must go on showing the deletion's progress (then open the list) instead of « n'existe pas ».
 */
export function usePlanningDeletion(planning: { id: string; name: string }, programId: string, isAdmin: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deletion, setDeletion] = useState<'idle' | 'confirm' | 'force'>('idle');
  const [deleteReason, setDeleteReason] = useState<string>(detailMessages.cannotDelete);
  const [error, setError] = useState<string | null>(null);
  const forced = useRef(false);
  const operation = useOperationStart({
    scope: `planning-deletion:${planning.id}`,
    send: (idempotencyKey) => planningActions.deletePlanning(planning.id, forced.current, idempotencyKey),
  });
  const { error: failure, phase, dismiss } = operation;
  useEffect(() => {
    if (!failure) return;
    if (isApiError(failure, 409)) {
      setDeleteReason(errorMessage(failure) || detailMessages.cannotDelete);
      setDeletion(isAdmin && !forced.current ? 'force' : 'idle');
      if (!isAdmin) setError(errorMessage(failure) || detailMessages.cannotDelete);
    } else setError(errorMessage(failure, detailMessages.deleteFailed));
    dismiss();
  }, [failure, isAdmin, dismiss]);
  useEffect(() => {
    if (phase !== 'done') return;
    dismiss();
    // After a reload mid-deletion the planning's name is no longer readable.
    notify({ type: 'success', content: planning.name ? planningOptionsMessages.deleted(planning.name) : planningDeletionMessages.done });
    void queryClient.invalidateQueries({ queryKey: planningKeys.list(programId) });
    void navigate(`/projets/${encodeURIComponent(programId)}/plannings`);
  }, [phase, dismiss, planning.name, queryClient, programId, navigate]);
  const remove = (force: boolean) => {
    forced.current = force;
    void operation.start();
  };
  const deleting = phase === 'sending' || phase === 'continuing' || phase === 'following';
  // Sent, running, or ended and still shown (a failure waits for « Fermer »): the page shows it.
  const underway = deleting || !!operation.operation;
  return { deletion, setDeletion, deleteReason, deleting, underway, remove, operation, error, setError };
}

export type PlanningDeletion = ReturnType<typeof usePlanningDeletion>;

type DeletionTabProps = PlanningDeletion & { planningName: string };

export function DeletionTab({ planningName, deletion, setDeletion, deleteReason, deleting, underway, remove, operation }: DeletionTabProps) {
  if (underway)
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
      <Box>{planningOptionsMessages.deletionRule}</Box>
      {deletion === 'idle' && (
        <Button onClick={() => setDeletion('confirm')} iconName="remove">
          {planningOptionsMessages.deletePlanning}
        </Button>
      )}
      {deletion === 'confirm' && (
        <Alert
          type="warning"
          header={planningOptionsMessages.deleteConfirmTitle(planningName)}
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setDeletion('idle')}>{planningPageCommon.cancel}</Button>
              <Button variant="primary" loading={deleting} onClick={() => remove(false)}>
                {planningPageCommon.delete}
              </Button>
            </SpaceBetween>
          }
        >
          {planningOptionsMessages.deleteFinal}
        </Alert>
      )}
      {deletion === 'force' && (
        <Alert
          type="error"
          header={deleteReason}
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setDeletion('idle')}>{planningPageCommon.cancel}</Button>
              <Button variant="primary" loading={deleting} onClick={() => remove(true)}>
                {planningOptionsMessages.deleteAnyway}
              </Button>
            </SpaceBetween>
          }
        >
          {planningOptionsMessages.forceDeleteHelp}
        </Alert>
      )}
    </SpaceBetween>
  );
}
