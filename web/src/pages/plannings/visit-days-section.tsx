import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { amoPerDayRange, holidayOf, isWeekend, withDayFields, withDays, type DayRow } from './free-planning-config';
import { frenchDayLabel } from './planning-dates';
import { FrenchDateInput } from '../../components/french-date-input';
import { formatFrenchDay, formatFrenchPeriod } from '../../../../shared/i18n/french-dates';
import type { SectionProps } from './use-free-planning-form';
import { visitDaysSectionMessages as texts } from '../../../../shared/messages/planning-creation';

export const amoOptions = Array.from({ length: amoPerDayRange.max - amoPerDayRange.min + 1 }, (_, index) => {
  const n = String(index + amoPerDayRange.min);
  return { value: n, label: n };
});

/**
 * Section 3: a date range, the daily hours and the AMO count generate one visit day per weekday
 * (weekends and bank holidays on request); each day stays editable, a bank holiday kept is flagged.
 */
export function VisitDaysSection({ form, update, errors }: SectionProps) {
  const [extraDay, setExtraDay] = useState('');
  const setDay = (index: number, patch: Partial<DayRow>) =>
    update((current) =>
      withDays(
        current,
        current.days.map((day, i) => (i === index ? { ...day, ...patch } : day)),
      ),
    );

  return (
    <SpaceBetween size="m">
      <SpaceBetween direction="horizontal" size="l">
        <FormField
          label={texts.period}
          description={form.rangeStart && form.rangeEnd ? formatFrenchPeriod(form.rangeStart, form.rangeEnd) : texts.periodHelp}
          errorText={
            errors.days && form.days.length === 0
              ? errors.days
              : form.rangeStart && form.rangeEnd && form.rangeStart > form.rangeEnd
                ? texts.rangeReversed
                : undefined
          }
        >
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <FrenchDateInput
              value={form.rangeStart}
              ariaLabel={texts.firstDay}
              onChange={(day) => update((current) => withDayFields(current, { rangeStart: day }))}
            />
            <span>{texts.rangeTo}</span>
            <FrenchDateInput
              value={form.rangeEnd}
              ariaLabel={texts.lastDay}
              onChange={(day) => update((current) => withDayFields(current, { rangeEnd: day }))}
            />
          </SpaceBetween>
        </FormField>
        <FormField label={texts.dayHours} description={texts.dayHoursHelp}>
          <SpaceBetween direction="horizontal" size="xs">
            <TimeInput
              format="hh:mm"
              value={form.dayStart}
              ariaLabel={texts.dayStart}
              onChange={({ detail }) => update((current) => withDayFields(current, { dayStart: detail.value }))}
            />
            <TimeInput
              format="hh:mm"
              value={form.dayEnd}
              ariaLabel={texts.dayEnd}
              onChange={({ detail }) => update((current) => withDayFields(current, { dayEnd: detail.value }))}
            />
          </SpaceBetween>
        </FormField>
        <FormField label={texts.amoPerDay} description={texts.amoRange(amoPerDayRange.min, amoPerDayRange.max)}>
          <Select
            selectedOption={{ value: String(form.nbAmo), label: String(form.nbAmo) }}
            options={amoOptions}
            onChange={({ detail }) => update((current) => withDayFields(current, { nbAmo: Number(detail.selectedOption.value) }))}
          />
        </FormField>
        <FormField label={texts.weekends}>
          <Toggle checked={form.includeWeekends} onChange={({ detail }) => update((current) => withDayFields(current, { includeWeekends: detail.checked }))}>
            {texts.includeWeekends}
          </Toggle>
        </FormField>
        <FormField label={texts.holidays}>
          <Toggle checked={!!form.includeHolidays} onChange={({ detail }) => update((current) => withDayFields(current, { includeHolidays: detail.checked }))}>
            {texts.includeHolidays}
          </Toggle>
        </FormField>
      </SpaceBetween>

      <Table<DayRow & { index: number }>
        variant="embedded"
        trackBy="date"
        items={form.days.map((day, index) => ({ ...day, index }))}
        header={
          // h3: the section's title is the h2 above it (no heading level skipped).
          <Box variant="h3" padding={{ top: 'xs' }}>
            {texts.days(form.days.length)}
          </Box>
        }
        columnDefinitions={[
          {
            id: 'date',
            header: texts.day,
            cell: (day) => {
              const holiday = holidayOf(day.date);
              return (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <span>{frenchDayLabel(day.date)}</span>
                  {holiday && <Badge color="severity-medium">{texts.holiday(holiday)}</Badge>}
                  {isWeekend(day.date) && <Badge color="grey">{texts.weekend}</Badge>}
                </SpaceBetween>
              );
            },
          },
          {
            id: 'start',
            header: texts.start,
            cell: (day) => (
              <TimeInput
                format="hh:mm"
                value={day.start}
                ariaLabel={texts.startOf(formatFrenchDay(day.date))}
                invalid={!!errors[`days.${day.index}`]}
                onChange={({ detail }) => setDay(day.index, { start: detail.value })}
              />
            ),
          },
          {
            id: 'end',
            header: texts.end,
            cell: (day) => (
              <TimeInput
                format="hh:mm"
                value={day.end}
                ariaLabel={texts.endOf(formatFrenchDay(day.date))}
                invalid={!!errors[`days.${day.index}`]}
                onChange={({ detail }) => setDay(day.index, { end: detail.value })}
              />
            ),
          },
          {
            id: 'nbAmo',
            header: 'AMO',
            cell: (day) => (
              <Select
                ariaLabel={texts.amoOn(formatFrenchDay(day.date))}
                expandToViewport
                selectedOption={{ value: String(day.nbAmo), label: String(day.nbAmo) }}
                options={amoOptions}
                onChange={({ detail }) => setDay(day.index, { nbAmo: Number(detail.selectedOption.value) })}
              />
            ),
          },
          {
            id: 'remove',
            // A header with text (axe's empty-table-header).
            header: 'Retirer',
            cell: (day) => (
              <Button
                variant="icon"
                iconName="remove"
                ariaLabel={texts.removeDay(formatFrenchDay(day.date))}
                onClick={() =>
                  update((current) =>
                    withDays(
                      current,
                      current.days.filter((_, i) => i !== day.index),
                    ),
                  )
                }
              />
            ),
          },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="s">
            {texts.empty}
          </Box>
        }
        footer={
          <SpaceBetween direction="horizontal" size="xs" alignItems="end">
            <FormField label={texts.addDay}>
              <FrenchDateInput value={extraDay} ariaLabel={texts.dayToAdd} onChange={setExtraDay} />
            </FormField>
            <Button
              disabled={!extraDay || form.days.some((day) => day.date === extraDay)}
              onClick={() => {
                update((current) =>
                  withDays(current, [...current.days, { date: extraDay, start: current.dayStart, end: current.dayEnd, nbAmo: current.nbAmo }]),
                );
                setExtraDay('');
              }}
            >
              Ajouter
            </Button>
            {errors.days && form.days.length > 0 && <Box color="text-status-error">{errors.days}</Box>}
          </SpaceBetween>
        }
      />
    </SpaceBetween>
  );
}
