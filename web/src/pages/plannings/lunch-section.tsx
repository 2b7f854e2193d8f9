import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import type { SectionProps } from './use-free-planning-form';
import { lunchSectionMessages as texts } from '../../../../shared/messages/planning-creation';

/** Section 4: the lunch break (12:30–14:00 by default), no visit overlaps it. */
export function LunchSection({ form, update, errors }: SectionProps) {
  return (
    <FormField label={texts.label} description={texts.help} errorText={errors.lunch}>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <TimeInput
          format="hh:mm"
          value={form.lunchStartTime}
          ariaLabel={texts.start}
          invalid={!!errors.lunch}
          onChange={({ detail }) => update({ lunchStartTime: detail.value })}
        />
        <span>{texts.to}</span>
        <TimeInput
          format="hh:mm"
          value={form.lunchEndTime}
          ariaLabel={texts.end}
          invalid={!!errors.lunch}
          onChange={({ detail }) => update({ lunchEndTime: detail.value })}
        />
      </SpaceBetween>
    </FormField>
  );
}
