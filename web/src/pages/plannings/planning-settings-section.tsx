import Alert from '@cloudscape-design/components/alert';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import type { AddressForm } from './free-planning-config';
import { halfHourOptions, isHm, isIsoDay, parisInstant } from './free-planning-config';
import { creationMessages } from '../../../../shared/messages/plannings';
import type { SectionProps } from './use-free-planning-form';
import { FrenchDateInput } from '../../components/french-date-input';
import { settingsSectionMessages as texts } from '../../../../shared/messages/planning-creation';

const deadlineTimes = halfHourOptions();
const reminderOptions = [24, 48, 72, 96].map((hours) => ({ value: String(hours), label: texts.hoursBefore(hours) }));
const noticeOptions = [0, 2, 12, 24, 48, 72].map((hours) => ({ value: String(hours), label: hours === 0 ? texts.noNotice : texts.hoursBefore(hours) }));

export interface PlanningSettingsSectionProps extends SectionProps {
  now: Date;
  /** part 2 §2.5, §2.7: the imposed form's deadline counts from today (part 2 §9). */
  deadlineDescription?: string;
  /** The imposed form's deadline is the deadline to confirm a convocation. */
  deadlineLabel?: string;
}

/** Section 10: name, dispatch date, booking deadline, meeting address, reminder delay and channels. */
export function PlanningSettingsSection({ form, update, errors, now, deadlineDescription, deadlineLabel }: PlanningSettingsSectionProps) {
  const deadlinePast =
    isIsoDay(form.deadlineDate) && isHm(form.deadlineTime) && Date.parse(parisInstant(form.deadlineDate, form.deadlineTime)) <= now.getTime();
  const address = (field: keyof AddressForm, label: string, required = true) => (
    <FormField label={required ? `${label} *` : label} errorText={errors[`address.${field}`]}>
      <Input
        value={form.address[field]}
        invalid={!!errors[`address.${field}`]}
        onChange={({ detail }) => update((current) => ({ ...current, address: { ...current.address, [field]: detail.value } }))}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        <FormField label={texts.name} errorText={errors.name} description={texts.nameHelp}>
          <Input value={form.name} invalid={!!errors.name} placeholder={texts.namePlaceholder} onChange={({ detail }) => update({ name: detail.value })} />
        </FormField>
        <FormField label={texts.launch} description={texts.launchHelp} errorText={errors.launchDate}>
          <SpaceBetween size="xs">
            <Toggle checked={form.launchEnabled} onChange={({ detail }) => update({ launchEnabled: detail.checked })}>
              {texts.scheduleLaunch}
            </Toggle>
            {form.launchEnabled && (
              <SpaceBetween direction="horizontal" size="xs">
                <FrenchDateInput
                  value={form.launchDate}
                  ariaLabel={texts.launchDate}
                  invalid={!!errors.launchDate}
                  onChange={(day) => update({ launchDate: day })}
                />
                <TimeInput
                  format="hh:mm"
                  value={form.launchTime}
                  ariaLabel={texts.launchTime}
                  onChange={({ detail }) => update({ launchTime: detail.value })}
                />
              </SpaceBetween>
            )}
          </SpaceBetween>
        </FormField>
        <FormField label={deadlineLabel ?? texts.deadline} description={deadlineDescription ?? texts.deadlineHelp} errorText={errors.bookingDeadline}>
          <SpaceBetween direction="horizontal" size="xs">
            <FrenchDateInput
              value={form.deadlineDate}
              ariaLabel={texts.deadlineDate}
              invalid={!!errors.bookingDeadline}
              onChange={(day) => update({ deadlineDate: day, deadlineTouched: true })}
            />
            <Select
              ariaLabel={texts.deadlineTime}
              selectedOption={{ value: form.deadlineTime, label: form.deadlineTime }}
              options={deadlineTimes}
              onChange={({ detail }) => update({ deadlineTime: detail.selectedOption.value ?? '20:00', deadlineTouched: true })}
            />
          </SpaceBetween>
        </FormField>
        <FormField label={texts.notice} description={texts.noticeHelp}>
          <Select
            selectedOption={
              noticeOptions.find((option) => option.value === String(form.minNoticeHours)) ?? {
                value: String(form.minNoticeHours),
                label: texts.hoursBefore(form.minNoticeHours),
              }
            }
            options={noticeOptions}
            onChange={({ detail }) => update({ minNoticeHours: Number(detail.selectedOption.value) })}
          />
        </FormField>
        <FormField label={texts.reminder} description={texts.reminderHelp}>
          <SpaceBetween size="xs">
            <Select
              selectedOption={
                reminderOptions.find((option) => option.value === String(form.reminderHours)) ?? {
                  value: String(form.reminderHours),
                  label: texts.hoursBefore(form.reminderHours),
                }
              }
              options={reminderOptions}
              onChange={({ detail }) => update({ reminderHours: Number(detail.selectedOption.value) })}
            />
            <SpaceBetween direction="horizontal" size="m">
              <Checkbox
                checked={form.notifications.mail}
                onChange={({ detail }) => update((current) => ({ ...current, notifications: { ...current.notifications, mail: detail.checked } }))}
              >
                Mail
              </Checkbox>
              <Checkbox
                checked={form.notifications.sms}
                onChange={({ detail }) => update((current) => ({ ...current, notifications: { ...current.notifications, sms: detail.checked } }))}
              >
                SMS
              </Checkbox>
            </SpaceBetween>
          </SpaceBetween>
        </FormField>
      </ColumnLayout>
      {deadlinePast && !errors.bookingDeadline && <Alert type="warning">{creationMessages.deadlinePast}</Alert>}
      <SpaceBetween size="s">
        <Grid gridDefinition={[{ colspan: { default: 12, xs: 3 } }, { colspan: { default: 12, xs: 9 } }]}>
          {address('numero', texts.address.numero)}
          {address('rue', texts.address.rue)}
        </Grid>
        <Grid gridDefinition={[{ colspan: { default: 12, xs: 3 } }, { colspan: { default: 12, xs: 5 } }, { colspan: { default: 12, xs: 4 } }]}>
          {address('codepostal', texts.address.codepostal)}
          {address('ville', texts.address.ville)}
          {address('pays', texts.address.pays, false)}
        </Grid>
      </SpaceBetween>
    </SpaceBetween>
  );
}
