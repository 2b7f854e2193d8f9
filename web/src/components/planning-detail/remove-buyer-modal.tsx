import Alert from '@cloudscape-design/components/alert';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { isPlaced } from '../../../../shared/rules/meeting-status';
import { actionMessages, detailMessages } from '../../../../shared/messages/planning-actions';

export const removeBookedFirst = actionMessages.removeBookedFirst;

export interface RemoveBuyerModalProps {
  meetings: Meeting[];
  initialUuid?: string;
  pending: boolean;
  error: string | null;
  onConfirm: (meeting: Meeting) => void;
  onDismiss: () => void;
}

/** 'Retirer du planning' (part 2 §5 'Remove buyer'): guest required; a booked buyer must be cancelled first. */
export function RemoveBuyerModal({ meetings, initialUuid, pending, error, onConfirm, onDismiss }: RemoveBuyerModalProps) {
  const [uuid, setUuid] = useState(initialUuid ?? '');
  const [submitted, setSubmitted] = useState(false);
  const meeting = meetings.find((candidate) => candidate.uuid === uuid);
  const placed = !!meeting && isPlaced(meeting);
  const options = meetings.map((candidate) => ({ value: candidate.uuid, label: `${candidate.guest.lotcomm} · ${candidate.guest.nom}` }));
  return (
    <ActionModal
      header="Retirer un acquéreur du planning"
      confirmLabel="Retirer"
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
      <FormField label="Invité" errorText={submitted && !meeting ? detailMessages.guestRequired : undefined}>
        <Select
          selectedOption={options.find((option) => option.value === uuid) ?? null}
          options={options}
          filteringType="auto"
          placeholder="Choisir un acquéreur"
          onChange={({ detail }) => setUuid(detail.selectedOption.value ?? '')}
        />
      </FormField>
      {placed && <Alert type="warning">{removeBookedFirst}</Alert>}
    </ActionModal>
  );
}
