import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal, { type ModalProps } from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  header: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  size?: ModalProps['size'];
  onConfirm: () => void;
  onDismiss: () => void;
}

/** A confirmation before a destructive or irreversible action. */
export function ConfirmModal({ header, children, confirmLabel, pending, size, onConfirm, onDismiss }: ConfirmModalProps) {
  return (
    <Modal
      visible
      size={size}
      header={header}
      closeAriaLabel="Fermer"
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              Annuler
            </Button>
            <Button variant="primary" onClick={onConfirm} loading={pending}>
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}
