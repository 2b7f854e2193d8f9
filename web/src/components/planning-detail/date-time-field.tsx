import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatHm } from '../../../../shared/scheduling/time-grid';
import { FrenchDateInput } from '../french-date-input';

/** 'HH:mm' choices from `fromHour` to `toHour` (included) every `stepMin` minutes (part 2 §9 pickers). */
function timeOptions(stepMin: number, fromHour = 8, toHour = 20): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let minute = fromHour * 60; minute <= toHour * 60; minute += stepMin) out.push({ value: formatHm(minute), label: formatHm(minute) });
  return out;
}

export interface DateTimeFieldProps {
  label: string;
  date: string;
  time: string;
  stepMin: number;
  error?: string;
  description?: string;
  onChange: (value: { date: string; time: string }) => void;
}

/** A Paris date and a time among the allowed steps (hours 8 to 20). */
export function DateTimeField({ label, date, time, stepMin, error, description, onChange }: DateTimeFieldProps) {
  const options = timeOptions(stepMin);
  return (
    <FormField label={label} errorText={error} description={description}>
      <SpaceBetween direction="horizontal" size="xs">
        <FrenchDateInput value={date} onChange={(day) => onChange({ date: day, time })} ariaLabel={`${label} : date`} />
        <Select
          selectedOption={options.find((option) => option.value === time) ?? null}
          onChange={({ detail }) => onChange({ date, time: detail.selectedOption.value ?? '' })}
          options={options}
          placeholder="Heure"
          ariaLabel={`${label} : heure`}
        />
      </SpaceBetween>
    </FormField>
  );
}
