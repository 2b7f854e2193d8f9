import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { formatParisDateTime } from '../../../../shared/i18n/paris-dates';
import { cancelMeetingMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export interface CancelMeetingModalProps {
  meeting: Meeting;
  pending: boolean;
  error: string | null;
  onConfirm: (sendMail: boolean) => void;
  onDismiss: () => void;
}

/** Cancel one visit, with or without the cancellation mail (part 2 §2.10). */
export function CancelMeetingModal({ meeting, pending, error, onConfirm, onDismiss }: CancelMeetingModalProps) {
  const [mail, setMail] = useState(true);
  return (
    <ActionModal
      header={cancelMeetingMessages.title}
      confirmLabel={planningDialogCommon.cancelMeeting}
      dismissLabel={cancelMeetingMessages.keep}
      danger
      pending={pending}
      error={error}
      onConfirm={() => onConfirm(mail)}
      onDismiss={onDismiss}
    >
      <Box>
        {planningDialogCommon.lotAndName(meeting.guest.lotcomm, meeting.guest.nom)}
        {meeting.start ? ` — ${formatParisDateTime(meeting.start)}` : ''}
      </Box>
      <Box variant="small">{cancelMeetingMessages.freed}</Box>
      <Checkbox checked={mail} onChange={({ detail }) => setMail(detail.checked)}>
        {planningDialogCommon.cancellationMail}
      </Checkbox>
    </ActionModal>
  );
}
