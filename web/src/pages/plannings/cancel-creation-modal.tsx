import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { creationPageMessages } from '../../../../shared/messages/planning-creation';

/** 'Annuler' on a creation form that holds data: what is typed is lost unless the user stays. */
export function CancelCreationModal({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  return (
    <Modal
      visible
      onDismiss={onStay}
      closeAriaLabel="Fermer"
      header={creationPageMessages.cancelTitle}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onStay}>
              {creationPageMessages.keepEditing}
            </Button>
            <Button variant="primary" onClick={onLeave}>
              Abandonner
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {creationPageMessages.cancelText}
    </Modal>
  );
}
