import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { MOVE_OPTIONS, type MoveOption } from '../../../../shared/scheduling/move-appointment';
import { ActionModal } from './action-modal';
import { dateTimeError } from './booking-fields';
import { DateTimeField } from './date-time-field';
import { STRAND_CONFIRM_LABEL } from './strand-warning';
import { StrandWarningAlert } from './strand-warning-alert';
import { SCHEDULING_MESSAGES } from '../../../../shared/messages/scheduling';
import { formatParisDateTime } from '../../../../shared/i18n/paris-dates';
import { moveDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

/** The three options of a move (part 2 §4 'Moving an appointment'). */
const moveOptionLabels: Record<MoveOption, string> = moveDialogMessages.options;

export interface MoveModalProps {
  meeting: Meeting;
  initial: { date: string; time: string };
  /** The AMO column the visit goes to, when a drop chose it. */
  pending: boolean;
  error: string | null;
  onConfirm: (value: { date: string; time: string; option: MoveOption }) => void;
  onDismiss: () => void;
  /** The server named buyers this would strand (in `error`): the button now confirms despite the warning. */
  strandWarning?: boolean;
  /** The new date or time was changed: an earlier strand warning no longer holds. */
  onEdit?: () => void;
}

/** New date (hours 8 to 20, 30-minute step) and one of the three options. */
export function MoveModal({ meeting, initial, pending, error, onConfirm, onDismiss, strandWarning, onEdit }: MoveModalProps) {
  const [when, setWhen] = useState(initial);
  const [option, setOption] = useState<MoveOption | ''>('');
  const [submitted, setSubmitted] = useState(false);
  const whenError = dateTimeError(when, meeting.length);
  const optionError = option ? undefined : SCHEDULING_MESSAGES.optionRequired;
  return (
    <ActionModal
      header={moveDialogMessages.title(meeting.guest.lotcomm)}
      confirmLabel={strandWarning ? STRAND_CONFIRM_LABEL : planningDialogCommon.move}
      pending={pending}
      error={strandWarning ? null : error}
      onConfirm={() => {
        setSubmitted(true);
        if (!whenError && option) onConfirm({ ...when, option });
      }}
      onDismiss={onDismiss}
    >
      {meeting.start && <Box>{moveDialogMessages.current(formatParisDateTime(meeting.start), meeting.guest.nom)}</Box>}
      <DateTimeField
        label={moveDialogMessages.newDate}
        date={when.date}
        time={when.time}
        stepMin={30}
        error={submitted ? whenError : undefined}
        onChange={(value) => {
          setWhen(value);
          onEdit?.();
        }}
      />
      <FormField label={moveDialogMessages.option} errorText={submitted ? optionError : undefined}>
        <RadioGroup
          value={option || null}
          onChange={({ detail }) => setOption(detail.value as MoveOption)}
          items={MOVE_OPTIONS.map((value) => ({ value, label: moveOptionLabels[value] }))}
        />
      </FormField>
      {strandWarning && error && <StrandWarningAlert text={error} />}
    </ActionModal>
  );
}
