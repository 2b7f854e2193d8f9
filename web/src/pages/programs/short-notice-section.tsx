import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { phaseLabels, phaseSchema, type Phase } from '../../../../shared/domain/planning';
import { shortNoticeRuleOf, shortNoticeRuleSchema } from '../../../../shared/rules/short-notice';
import { errorMessage } from '../../api/api-error';
import { useUpdateProgramMutation, type Program } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { shortNoticeSettingsMessages } from '../../../../shared/messages/program-pages';

const phaseOptions = phaseSchema.options.map((phase) => ({ value: phase, label: phaseLabels[phase] }));

/**
 * The program's convocation notice rule (docs/user-guide.md « Délai de convocation »): on by default for
 * 'livraison' plannings, 15 days. Staff convening closer are warned and confirm.
 */
export function ShortNoticeSection({ program }: { program: Program }) {
  const rule = shortNoticeRuleOf(program);
  const [enabled, setEnabled] = useState(rule.enabled);
  const [days, setDays] = useState(String(rule.days));
  const [phases, setPhases] = useState<Phase[]>(rule.phases);
  const update = useUpdateProgramMutation(program._id);
  const parsed = shortNoticeRuleSchema.safeParse({ enabled, days: Number(days), phases });
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((candidate) => candidate.path[0] === path)?.message);

  const save = () => {
    if (!parsed.success) return;
    update.mutate(
      { shortNoticeRule: parsed.data },
      {
        onSuccess: () => notify({ id: 'short-notice', type: 'success', content: shortNoticeSettingsMessages.saved }),
        onError: (error) => notify({ id: 'short-notice', type: 'error', content: errorMessage(error, shortNoticeSettingsMessages.saveFailed) }),
      },
    );
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={shortNoticeSettingsMessages.description}
          actions={
            <Button onClick={save} loading={update.isPending} disabled={!parsed.success}>
              {shortNoticeSettingsMessages.save}
            </Button>
          }
        >
          {shortNoticeSettingsMessages.title}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <Toggle checked={enabled} onChange={({ detail }) => setEnabled(detail.checked)}>
          {shortNoticeSettingsMessages.warn}
        </Toggle>
        <FormField label={shortNoticeSettingsMessages.days} errorText={issue('days')}>
          <Input type="number" inputMode="numeric" value={days} onChange={({ detail }) => setDays(detail.value)} disabled={!enabled} />
        </FormField>
        <FormField label={shortNoticeSettingsMessages.phases} errorText={issue('phases')}>
          <Multiselect
            selectedOptions={phaseOptions.filter((option) => phases.includes(option.value))}
            options={phaseOptions}
            onChange={({ detail }) => setPhases(detail.selectedOptions.map((option) => option.value as Phase))}
            disabled={!enabled}
            placeholder={shortNoticeSettingsMessages.choosePhases}
            ariaLabel={shortNoticeSettingsMessages.phases}
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );
}
