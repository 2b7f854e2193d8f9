import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { AmoSummary } from '../../../../shared/domain/account';
import { useQuery } from '@tanstack/react-query';
import { amoCalendarMessages } from '../../../../shared/messages/amo-calendar';
import { amoSectionMessages as texts } from '../../../../shared/messages/planning-creation';
import type { SectionProps } from './use-free-planning-form';
import { eventsOf } from './free-planning-config';
import { fetchAmoConflicts } from '../../api/amo-calendar-queries';
import { AmoConflictsAlert } from '../../components/amo-calendar/amo-conflicts-alert';

export interface AmoSectionProps extends SectionProps {
  amos: AmoSummary[];
  programId: string;
  loading: boolean;
  loadError: string | null;
}

/**
 * Section 6: the AMOs of the planning, among the program's authorized ones. Assigned to visits,
 * the largest AMO count of a day must equal the number selected.
 */
export function AmoSection({ form, update, errors, amos, programId, loading, loadError }: AmoSectionProps) {
  const events = eventsOf(form.days);
  const named = form.areAmosAssigned && form.amoList.length > 0 && events.length > 0;
  // Where the chosen AMOs already work elsewhere or are off (docs/scheduling.md « One person, one calendar »): said before saving.
  const conflicts = useQuery({
    queryKey: ['amo-conflicts', programId, form.amoList, events],
    queryFn: () => fetchAmoConflicts({ projectId: programId, amoList: form.amoList, areAmosAssigned: true, events }),
    enabled: named,
  });
  const options = amos.map((amo) => ({ value: amo._id, label: `${amo.firstname} ${amo.lastname}`.trim() }));
  const maxPerDay = Math.max(0, ...form.days.map((day) => day.nbAmo));
  return (
    <SpaceBetween size="m">
      {loadError && <Alert type="error">{loadError}</Alert>}
      {named ? (
        <AmoConflictsAlert
          header={amoCalendarMessages.elsewhereHeader}
          conflicts={conflicts.data?.conflicts}
          failed={conflicts.isError}
          note={amoCalendarMessages.elsewhereCreationNote}
        />
      ) : null}
      <ColumnLayout columns={2}>
        <FormField label={texts.label} description={amos.length === 0 && !loading ? texts.noneAuthorized : texts.authorized} errorText={errors.amoList}>
          <Multiselect
            selectedOptions={options.filter((option) => form.amoList.includes(option.value))}
            options={options}
            statusType={loading ? 'loading' : 'finished'}
            loadingText={texts.loading}
            placeholder={texts.placeholder}
            empty={texts.empty}
            invalid={!!errors.amoList}
            onChange={({ detail }) => update({ amoList: detail.selectedOptions.map((option) => option.value ?? '').filter(Boolean) })}
          />
        </FormField>
        <FormField label={texts.assignment} description={form.areAmosAssigned ? texts.assigned(maxPerDay, form.amoList.length) : texts.notAssigned}>
          <SpaceBetween size="xs">
            <Toggle checked={form.areAmosAssigned} onChange={({ detail }) => update({ areAmosAssigned: detail.checked })}>
              {texts.assign}
            </Toggle>
            <Toggle
              checked={form.authorizeTrous}
              onChange={({ detail }) => update({ authorizeTrous: detail.checked })}
              description={form.authorizeTrous ? texts.gapsAllowed : texts.gapsRefused}
            >
              {texts.allowGaps}
            </Toggle>
          </SpaceBetween>
        </FormField>
      </ColumnLayout>
    </SpaceBetween>
  );
}
