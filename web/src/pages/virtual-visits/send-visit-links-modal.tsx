import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import type { Meeting } from '../../../../shared/domain/planning';
import { virtualVisitMessages } from '../../../../shared/domain/virtual-visit';
import { errorMessage } from '../../api/api-error';
import { useSendVisitLinksMutation } from '../../api/virtual-visit-queries';
import { notify } from '../../app/notifications-store';

/** Why a selection cannot receive its links (part 2 §5: refused if any has no vrUuid), or null. */
export function sendLinksRefusal(selection: Meeting[]): string | null {
  if (selection.length === 0) return 'Sélectionnez au moins un acquéreur.';
  const without = selection.filter((meeting) => !meeting.vrUuid).length;
  return without > 0 ? `${without} acquéreur${without > 1 ? 's' : ''} sans visite virtuelle.` : null;
}

/** 'Envoyer les liens VR' on a planning's selected buyers (part 2 §2.10, §7 envoi-vv). */
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
        onError: (error) => notify({ type: 'error', content: `${virtualVisitMessages.sendLinksFailed} : ${errorMessage(error)}` }),
      },
    );
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header="Envoyer les liens des visites virtuelles"
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
      Envoyer par mail le lien de sa visite virtuelle à {selection.length} acquéreur{selection.length > 1 ? 's' : ''} : {selection.map((meeting) => meeting.guest.lotcomm).join(', ')}.
    </Modal>
  );
}
