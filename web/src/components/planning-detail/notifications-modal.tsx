import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { notificationsDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

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
      header={notificationsDialogMessages.title}
      confirmLabel={planningDialogCommon.save}
      pending={pending}
      error={error}
      onConfirm={() => onConfirm({ notifMail, notifSMS })}
      onDismiss={onDismiss}
    >
      <Box>{notificationsDialogMessages.selected(selection.length)}</Box>
      <SpaceBetween size="xs">
        <Toggle checked={notifMail} onChange={({ detail }) => setMail(detail.checked)}>
          {notificationsDialogMessages.byEmail}
        </Toggle>
        <Toggle checked={notifSMS} onChange={({ detail }) => setSms(detail.checked)}>
          {notificationsDialogMessages.bySms}
        </Toggle>
      </SpaceBetween>
    </ActionModal>
  );
}
