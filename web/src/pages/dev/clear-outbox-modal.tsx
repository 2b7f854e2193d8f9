import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

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
      header="Vider la boîte d'envoi ?"
      closeAriaLabel="Fermer"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={pending} disabled={pending}>
              Vider
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      Les {count} message(s) enregistrés seront définitivement supprimés de la boîte d'envoi locale.
    </Modal>
  );
}
