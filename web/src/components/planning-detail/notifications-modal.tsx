import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';

export interface NotificationsModalProps {
  selection: Meeting[];
  pending: boolean;
  error: string | null;
  onConfirm: (channels: { notifMail: boolean; notifSMS: boolean }) => void;
  onDismiss: () => void;
}

/** The selected buyers' channels (POST /rdv/{id}/update-notifications). */
export function NotificationsModal({ selection, pending, error, onConfirm, onDismiss }: NotificationsModalProps) {
  const [notifMail, setMail] = useState(selection.every((meeting) => meeting.notifMail));
  const [notifSMS, setSms] = useState(selection.every((meeting) => meeting.notifSMS));
  return (
    <ActionModal
      header="Notifications"
      confirmLabel="Enregistrer"
      pending={pending}
      error={error}
      onConfirm={() => onConfirm({ notifMail, notifSMS })}
      onDismiss={onDismiss}
    >
      <Box>{`${selection.length} acquéreur${selection.length > 1 ? 's' : ''} sélectionné${selection.length > 1 ? 's' : ''}`}</Box>
      <SpaceBetween size="xs">
        <Toggle checked={notifMail} onChange={({ detail }) => setMail(detail.checked)}>
          Notifications par e-mail
        </Toggle>
        <Toggle checked={notifSMS} onChange={({ detail }) => setSms(detail.checked)}>
          Notifications par SMS
        </Toggle>
      </SpaceBetween>
    </ActionModal>
  );
}
