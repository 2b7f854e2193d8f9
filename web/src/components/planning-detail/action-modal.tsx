import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal, { type ModalProps } from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { definitiveAction, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export interface ActionModalProps {
  header: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; 'Conserver' where 'Annuler' would read as the action (cancelling a visit). */
  dismissLabel?: string;
  pending?: boolean;
  /** The refusal or failure to show above the actions. */
  error?: string | null;
  /** A destructive action: its button says so. */
  danger?: boolean;
  confirmDisabled?: boolean;
  size?: ModalProps['size'];
  /** More buttons, left of Annuler. */
  extraActions?: ReactNode;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** The confirmation frame shared by the detail page's dialogs: Annuler / action, the error above. */
export function ActionModal({
  header,
  children,
  confirmLabel,
  dismissLabel = planningDialogCommon.dismiss,
  pending,
  error,
  danger,
  confirmDisabled,
  size = 'medium',
  extraActions,
  onConfirm,
  onDismiss,
}: ActionModalProps) {
  return (
    <Modal
      visible
      size={size}
      onDismiss={() => !pending && onDismiss()}
      closeAriaLabel={planningDialogCommon.close}
      header={header}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {extraActions}
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              {dismissLabel}
            </Button>
            <Button
              variant="primary"
              onClick={onConfirm}
              loading={pending}
              disabled={confirmDisabled}
              ariaLabel={danger ? definitiveAction(confirmLabel) : undefined}
            >
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {children}
        {error && (
          <Alert type="error" statusIconAriaLabel={planningDialogCommon.errorIcon}>
            {error}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
