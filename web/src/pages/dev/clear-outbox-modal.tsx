import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { outboxMessages } from '../../../../shared/messages/outbox';
import { controlMessages } from '../../../../shared/messages/controls';

export interface ClearOutboxModalProps {
  count: number;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

export function ClearOutboxModal({ count, pending, onConfirm, onDismiss }: ClearOutboxModalProps) {
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={outboxMessages.clearConfirmTitle}
      closeAriaLabel={controlMessages.close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {controlMessages.cancel}
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={pending} disabled={pending}>
              {outboxMessages.clear}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {outboxMessages.clearConfirm(count)}
    </Modal>
  );
}
