import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useDeleteVisitsMutation, type VirtualVisit } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { visitDialogMessages } from '../../../../shared/messages/virtual-visit-pages';

/** Confirms the deletion of one or several visits (part 3 §2). */
export function DeleteVisitsModal({ visits, onDismiss, onDeleted }: { visits: VirtualVisit[]; onDismiss: () => void; onDeleted: () => void }) {
  const remove = useDeleteVisitsMutation();
  const confirm = () =>
    remove.mutate(
      visits.map((visit) => visit.uuid),
      {
        onSuccess: (answer) => {
          notify({ type: 'success', content: answer.message });
          onDeleted();
        },
        onError: (error) =>
          notify({
            type: 'error',
            content: visitFailureMessages.delete(
              visits.map((visit) => visit.email),
              error,
            ),
          }),
      },
    );
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={visits.length > 1 ? visitDialogMessages.deleteMany(visits.length) : visitDialogMessages.deleteOne}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" onClick={confirm} loading={remove.isPending}>
              Supprimer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {visitDialogMessages.linksStop(visits.map((visit) => `${visit.name} (/immersion/${visit.uuid})`).join(', '))}
    </Modal>
  );
}
