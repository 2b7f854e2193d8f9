import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { memo, useMemo } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import { hoursLabels } from '../../../../shared/messages/planning-creation';
import { formatHours } from '../../components/plannings/hours-panel';
import { calculatorHours } from './imposed-planning-config';
import type { SectionProps } from './use-free-planning-form';
import { VisitDaysSection } from './visit-days-section';

// Memoised: placing a lot changes only the calendar, not the days this section shows.
const VisitDays = memo(VisitDaysSection);
const noErrors = {};

/** 'Calculateur d'heures' (part 2 §2.5): the hours available over a period against those the selected buyers need. */
export function HoursCalculator({ form, update, lots }: Omit<SectionProps, 'errors'> & { lots: readonly LotPick[] }) {
  const calculator = useMemo(() => calculatorHours(form, lots), [form, lots]);
  return (
    <ExpandableSection variant="container" headerText={hoursLabels.calculator} headerDescription={hoursLabels.calculatorHelp}>
      <SpaceBetween size="m">
        <VisitDays form={form} update={update} errors={noErrors} />
        <KeyValuePairs
          columns={4}
          items={[
            { label: hoursLabels.needed, value: calculator ? formatHours(calculator.needed) : '—' },
            { label: hoursLabels.available, value: calculator ? formatHours(calculator.available) : '—' },
            { label: hoursLabels.margin, value: calculator ? formatHours(calculator.margin) : '—' },
            { label: hoursLabels.daysNeeded, value: calculator ? calculator.daysNeeded.toLocaleString('fr-FR') : '—' },
          ]}
        />
      </SpaceBetween>
    </ExpandableSection>
  );
}
