import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Planning } from '../../../../shared/domain/planning';
import { errorMessage, isApiError } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { planningKeys } from '../../api/planning-queries';
import { notify } from '../../app/notifications-store';
import { detailMessages } from '../../../../shared/messages/planning-actions';

/**
 * The planning's deletion (part 2 §2.6 'Supprimer'): confirmed first; refused once invitations
 * went out or a slot is booked, which an administrator may force. Kept by the options modal, so
 * that the step shown survives a change of tab.
 */
export function usePlanningDeletion(planning: Planning, programId: string, isAdmin: boolean, setError: (error: string | null) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deletion, setDeletion] = useState<'idle' | 'confirm' | 'force'>('idle');
  const [deleteReason, setDeleteReason] = useState<string>(detailMessages.cannotDelete);
  const [deleting, setDeleting] = useState(false);
  const remove = async (force: boolean) => {
    setDeleting(true);
    try {
      await planningActions.deletePlanning(planning._id, force);
      notify({ type: 'success', content: `Planning « ${planning.name} » supprimé.` });
      await queryClient.invalidateQueries({ queryKey: planningKeys.list(programId) });
      navigate(`/projets/${encodeURIComponent(programId)}/plannings`);
    } catch (caught) {
      if (isApiError(caught, 409)) {
        setDeleteReason(errorMessage(caught) || detailMessages.cannotDelete);
        setDeletion(isAdmin && !force ? 'force' : 'idle');
        if (!isAdmin) setError(errorMessage(caught) || detailMessages.cannotDelete);
      } else setError(errorMessage(caught, detailMessages.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };
  return { deletion, setDeletion, deleteReason, deleting, remove };
}

type DeletionTabProps = ReturnType<typeof usePlanningDeletion> & { planningName: string };

export function DeletionTab({ planningName, deletion, setDeletion, deleteReason, deleting, remove }: DeletionTabProps) {
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
              <Button variant="primary" loading={deleting} onClick={() => void remove(false)}>
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
              <Button variant="primary" loading={deleting} onClick={() => void remove(true)}>
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
