import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { formatHm } from '../../../../shared/scheduling/time-grid';
import { ActionModal } from './action-modal';
import { DateTimeField } from './date-time-field';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { programMessages } from '../../../../shared/messages/programs';
import { messages } from '../../../../shared/messages/common';
import { freeMeetingDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export interface FreeMeetingForm {
  name: string;
  date: string;
  time: string;
  minutes: number;
  color: string;
}

const durations = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480].map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} min` : minutes % 60 ? `${Math.floor(minutes / 60)}h${minutes % 60}` : `${minutes / 60}h`,
}));

/** Free-meeting checks (part 2 §5): name, date, duration, colour. */
function freeMeetingErrors(form: FreeMeetingForm): Partial<Record<keyof FreeMeetingForm, string>> {
  return {
    name: form.name.replace(/\*/g, '').trim() ? undefined : messages.nameRequired,
    date: form.date && form.time ? undefined : detailMessages.dateRequired,
    minutes: form.minutes > 0 ? undefined : freeMeetingDialogMessages.durationRequired,
    color: form.color ? undefined : programMessages.colorRequired,
  };
}

export const freeMeetingEnd = (form: Pick<FreeMeetingForm, 'time' | 'minutes'>): string => {
  const [h, m] = form.time.split(':').map(Number);
  return formatHm(Math.min(h * 60 + m + form.minutes, 23 * 60 + 59));
};

export interface FreeMeetingModalProps {
  mode: 'create' | 'edit';
  initial: FreeMeetingForm;
  colors: readonly string[];
  pending: boolean;
  error: string | null;
  onConfirm: (form: FreeMeetingForm) => void;
  /** Edit mode: the minus button deletes the RDV Libre. */
  onDelete?: () => void;
  onDismiss: () => void;
}

/** Add or edit an RDV Libre: a staff note on the calendar, its title between asterisks. */
export function FreeMeetingModal({ mode, initial, colors, pending, error, onConfirm, onDelete, onDismiss }: FreeMeetingModalProps) {
  const [form, setForm] = useState({ ...initial, name: initial.name.replace(/^\*+|\*+$/g, '') });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? freeMeetingErrors(form) : {};
  return (
    <ActionModal
      header={mode === 'create' ? freeMeetingDialogMessages.newTitle : freeMeetingDialogMessages.title}
      confirmLabel={mode === 'create' ? freeMeetingDialogMessages.create : planningDialogCommon.save}
      pending={pending}
      error={error}
      extraActions={
        onDelete && (
          <Button iconName="remove" onClick={onDelete} disabled={pending}>
            {planningDialogCommon.delete}
          </Button>
        )
      }
      onConfirm={() => {
        setSubmitted(true);
        if (Object.values(freeMeetingErrors(form)).every((message) => !message)) onConfirm(form);
      }}
      onDismiss={onDismiss}
    >
      <FormField label={freeMeetingDialogMessages.name} errorText={errors.name} description={freeMeetingDialogMessages.nameHelp}>
        <Input value={form.name} onChange={({ detail }) => setForm({ ...form, name: detail.value })} placeholder={freeMeetingDialogMessages.namePlaceholder} />
      </FormField>
      <DateTimeField
        label={planningDialogCommon.start}
        date={form.date}
        time={form.time}
        stepMin={15}
        error={errors.date}
        onChange={(value) => setForm({ ...form, ...value })}
      />
      <FormField label={planningDialogCommon.duration} errorText={errors.minutes}>
        <Select
          selectedOption={durations.find((option) => Number(option.value) === form.minutes) ?? null}
          options={durations}
          onChange={({ detail }) => setForm({ ...form, minutes: Number(detail.selectedOption.value) })}
        />
      </FormField>
      <FormField label={freeMeetingDialogMessages.color} errorText={errors.color}>
        <SpaceBetween direction="horizontal" size="xs">
          {colors.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={freeMeetingDialogMessages.colorOf(color)}
              aria-pressed={form.color === color}
              onClick={() => setForm({ ...form, color })}
              style={{
                width: 28,
                height: 28,
                borderRadius: 6,
                background: color,
                cursor: 'pointer',
                border: form.color === color ? '3px solid #000716' : '1px solid #c6c6cd',
              }}
            />
          ))}
        </SpaceBetween>
      </FormField>
      <Box variant="small" color="text-body-secondary">
        {freeMeetingDialogMessages.noAmo}
      </Box>
    </ActionModal>
  );
}
