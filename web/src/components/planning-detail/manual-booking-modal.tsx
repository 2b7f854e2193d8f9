import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { ActionModal } from './action-modal';
import { dateTimeError, durationOptions } from './booking-fields';
import { DateTimeField } from './date-time-field';
import { ParticipantSelect } from './participant-select';
import { STRAND_CONFIRM_LABEL } from './strand-warning';
import { StrandWarningAlert } from './strand-warning-alert';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { manualBookingMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

interface ManualBooking {
  uuid: string;
  date: string;
  time: string;
  length: number;
  /** The AMO's id (assigned AMOs) or column number; null lets the engine choose. */
  amo: string | number | null;
  isMailConfirmation: boolean;
}

export interface ManualBookingModalProps {
  /** The planning whose buyers still to place (active, available, without a visit) are searched on the server. */
  planningId: string;
  /** The buyer chosen beforehand (a row's « Placer manuellement »). */
  initial?: Meeting;
  initialStart?: { date: string; time: string };
  pas: 900 | 1800;
  /** AMO choices; `required` when the planning's AMOs are assigned. */
  amoOptions: { value: string; label: string }[];
  amoRequired: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (booking: ManualBooking) => void;
  onDismiss: () => void;
  /** The server named buyers this would strand (in `error`): the button now confirms despite the warning. */
  strandWarning?: boolean;
  /** The booking was changed (buyer, time, length, AMO): an earlier strand warning no longer holds. */
  onEdit?: () => void;
}

/** 'Placer manuellement' (part 2 §5 'Manual booking'): guest, date, and an AMO if AMOs are assigned. */
export function ManualBookingModal({
  planningId,
  initial,
  initialStart,
  pas,
  amoOptions,
  amoRequired,
  pending,
  error,
  onConfirm,
  onDismiss,
  strandWarning,
  onEdit,
}: ManualBookingModalProps) {
  const [meeting, setMeetingState] = useState<Meeting | null>(initial ?? null);
  const uuid = meeting?.uuid ?? '';
  const [when, setWhenState] = useState(initialStart ?? { date: '', time: '' });
  const [length, setLengthState] = useState<number | null>(null);
  const [amo, setAmoState] = useState<string>('');
  /** Each change of what is booked drops the warning about the previous choice. */
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onEdit?.();
    };
  const [setMeeting, setWhen, setLength, setAmo] = [edited(setMeetingState), edited(setWhenState), edited(setLengthState), edited(setAmoState)];
  const [mail, setMail] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const visitLength = length ?? meeting?.length ?? 0;
  const errors = {
    guest: !uuid ? detailMessages.guestRequired : undefined,
    when: dateTimeError(when, visitLength),
    amo: amoRequired && !amo ? detailMessages.amoRequired : undefined,
  };
  const autoOption = { value: '', label: manualBookingMessages.anyAmo };
  const amoChoices = amoRequired ? amoOptions : [autoOption, ...amoOptions];
  const lengths = durationOptions(pas);

  return (
    <ActionModal
      header={manualBookingMessages.title}
      confirmLabel={strandWarning ? STRAND_CONFIRM_LABEL : manualBookingMessages.place}
      pending={pending}
      error={strandWarning ? null : error}
      onConfirm={() => {
        setSubmitted(true);
        if (errors.guest || errors.when || errors.amo) return;
        const amoValue = amo === '' ? null : amoRequired ? amo : Number(amo);
        onConfirm({ uuid, date: when.date, time: when.time, length: visitLength, amo: amoValue, isMailConfirmation: mail });
      }}
      onDismiss={onDismiss}
    >
      <FormField label={planningDialogCommon.buyer} errorText={submitted ? errors.guest : undefined}>
        <ParticipantSelect planningId={planningId} toPlace selected={meeting} onChange={setMeeting} empty={manualBookingMessages.nobodyToPlace} />
      </FormField>
      <DateTimeField
        label={planningDialogCommon.start}
        date={when.date}
        time={when.time}
        stepMin={pas / 60}
        error={submitted ? errors.when : undefined}
        onChange={setWhen}
      />
      <FormField label={planningDialogCommon.duration}>
        <Select
          selectedOption={lengths.find((option) => Number(option.value) === visitLength) ?? null}
          options={lengths}
          placeholder={planningDialogCommon.duration}
          onChange={({ detail }) => setLength(Number(detail.selectedOption.value))}
        />
      </FormField>
      <FormField label="AMO" errorText={submitted ? errors.amo : undefined}>
        <Select
          selectedOption={amoChoices.find((option) => option.value === amo) ?? null}
          options={amoChoices}
          placeholder={manualBookingMessages.pickAmo}
          onChange={({ detail }) => setAmo(detail.selectedOption.value ?? '')}
        />
      </FormField>
      <Checkbox checked={mail} onChange={({ detail }) => setMail(detail.checked)}>
        {manualBookingMessages.confirmationMail}
      </Checkbox>
      {strandWarning && error && <StrandWarningAlert text={error} />}
    </ActionModal>
  );
}
