import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { Phase } from '../../../../shared/domain/planning';
import { TYPOLOGIES } from '../../../../shared/scheduling/phase-durations';
import { durationLabel, durationOptions, phaseOptions, withPhase, withShowAllDurations } from './free-planning-config';
import { durationTitle } from './free-planning-validation';
import type { SectionProps } from './use-free-planning-form';
import { durationSectionMessages as texts } from '../../../../shared/messages/planning-creation';

/** Section 1: the phase and the visit duration of each typology 1p–5p (defaults per phase). */
export function DurationSection({ form, update, errors }: SectionProps) {
  const options = durationOptions(form.showAllDurations);
  const phase = phaseOptions.find((option) => option.value === form.phase) ?? null;
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <FormField label="Phase" description={texts.phaseHelp} errorText={errors.phase}>
          <Select
            selectedOption={phase}
            options={phaseOptions}
            onChange={({ detail }) => update((current) => withPhase(current, detail.selectedOption.value as Phase))}
          />
        </FormField>
        <FormField label={texts.shortDurations} description={texts.shortDurationsHelp}>
          <Toggle checked={form.showAllDurations} onChange={({ detail }) => update((current) => withShowAllDurations(current, detail.checked))}>
            {texts.showAll}
          </Toggle>
        </FormField>
      </ColumnLayout>
      <ColumnLayout columns={5} minColumnWidth={110}>
        {TYPOLOGIES.map((typology) => {
          const value = form.mTimes[typology];
          return (
            <FormField key={typology} label={durationTitle(typology)} errorText={errors[`mTimes.${typology}`]}>
              <Select
                ariaLabel={texts.durationOf(typology)}
                selectedOption={value ? { value: String(value), label: durationLabel(value) } : null}
                options={options}
                onChange={({ detail }) => update((current) => ({ ...current, mTimes: { ...current.mTimes, [typology]: Number(detail.selectedOption.value) } }))}
              />
            </FormField>
          );
        })}
      </ColumnLayout>
    </SpaceBetween>
  );
}
