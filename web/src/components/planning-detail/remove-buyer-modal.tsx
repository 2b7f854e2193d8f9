import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { ParticipantSelect } from './participant-select';
import { isPlaced } from '../../../../shared/rules/meeting-status';
import { actionMessages, detailMessages } from '../../../../shared/messages/planning-actions';
import { removeBuyerMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

const removeBookedFirst = actionMessages.removeBookedFirst;

export interface RemoveBuyerModalProps {
  /** The planning whose buyers are searched on the server. */
  planningId: string;
  /** The buyer chosen beforehand (a row's « Retirer du planning »). */
  initial?: Meeting;
  pending: boolean;
  error: string | null;
  onConfirm: (meeting: Meeting) => void;
  onDismiss: () => void;
}

/** 'Retirer du planning' (part 2 §5 'Remove buyer'): guest required; a booked buyer must be cancelled first. */
export function RemoveBuyerModal({ planningId, initial, pending, error, onConfirm, onDismiss }: RemoveBuyerModalProps) {
  const [meeting, setMeeting] = useState<Meeting | null>(initial ?? null);
  const [submitted, setSubmitted] = useState(false);
  const placed = !!meeting && isPlaced(meeting);
  return (
    <ActionModal
      header={removeBuyerMessages.title}
      confirmLabel={planningDialogCommon.remove}
      danger
      pending={pending}
      error={error}
      confirmDisabled={placed}
      onConfirm={() => {
        setSubmitted(true);
        if (meeting && !placed) onConfirm(meeting);
      }}
      onDismiss={onDismiss}
    >
      <FormField label={planningDialogCommon.guest} errorText={submitted && !meeting ? detailMessages.guestRequired : undefined}>
        <ParticipantSelect planningId={planningId} selected={meeting} onChange={setMeeting} empty={removeBuyerMessages.nobody} />
      </FormField>
      {placed && <Alert type="warning">{removeBookedFirst}</Alert>}
    </ActionModal>
  );
}
