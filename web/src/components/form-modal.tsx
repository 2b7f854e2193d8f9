import Alert from '@cloudscape-design/components/alert';
import type { ModalProps } from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { ConfirmModal } from './confirm-modal';

export interface FormModalProps {
  header: string;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown above the fields. */
  failure: string | null;
  size?: ModalProps['size'];
  onSubmit: () => void;
  onDismiss: () => void;
  children: ReactNode;
}

/** A creation form in a modal: the refusal above the fields, Annuler / the creating button below. */
export function FormModal({ header, submitLabel, pending, failure, size, onSubmit, onDismiss, children }: FormModalProps) {
  return (
    <ConfirmModal header={header} confirmLabel={submitLabel} pending={pending} size={size} onConfirm={onSubmit} onDismiss={onDismiss}>
      <SpaceBetween size="m">
        {failure && <Alert type="error">{failure}</Alert>}
        {children}
      </SpaceBetween>
    </ConfirmModal>
  );
}
