import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import type { Meeting } from '../../../../shared/domain/planning';
import { useSendVisitLinksMutation } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { notify } from '../../app/notifications-store';
import { buyerVisitMessages } from '../../../../shared/messages/virtual-visit-pages';

/** 'Envoyer les liens de visite virtuelle' on a planning's selected buyers (part 2 §2.10, §7 envoi-vv). */
export function SendVisitLinksModal({ planningId, selection, onDismiss }: { planningId: string; selection: Meeting[]; onDismiss: () => void }) {
  const send = useSendVisitLinksMutation(planningId);
  const queryClient = useQueryClient();
  const confirm = () =>
    send.mutate(
      selection.map((meeting) => meeting.uuid),
      {
        onSuccess: ({ message }) => {
          notify({ type: 'success', content: message });
          void queryClient.invalidateQueries();
          onDismiss();
        },
        onError: (error) => notify({ type: 'error', content: visitFailureMessages.sendLinks(error) }),
      },
    );
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={buyerVisitMessages.sendHeader}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" onClick={confirm} loading={send.isPending}>
              Envoyer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {buyerVisitMessages.sendBody(selection.length, selection.map((meeting) => meeting.guest.lotcomm).join(', '))}
    </Modal>
  );
}
