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
        onSuccess: () => notify({ id: 'short-notice', type: 'success', content: 'Délai de convocation enregistré.' }),
        onError: (error) =>
          notify({ id: 'short-notice', type: 'error', content: errorMessage(error, 'Erreur lors de l’enregistrement du délai de convocation') }),
      },
    );
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Une convocation (création, déplacement ou date imposée) plus proche que ce délai demande une confirmation qui nomme les acquéreurs ; l’impression et l’export XLSX les signalent."
          actions={
            <Button onClick={save} loading={update.isPending} disabled={!parsed.success}>
              Enregistrer le délai
            </Button>
          }
        >
          Délai de convocation
        </Header>
      }
    >
      <SpaceBetween size="m">
        <Toggle checked={enabled} onChange={({ detail }) => setEnabled(detail.checked)}>
          Avertir avant une convocation tardive
        </Toggle>
        <FormField label="Délai minimal (jours)" errorText={issue('days')}>
          <Input type="number" inputMode="numeric" value={days} onChange={({ detail }) => setDays(detail.value)} disabled={!enabled} />
        </FormField>
        <FormField label="Phases concernées" errorText={issue('phases')}>
          <Multiselect
            selectedOptions={phaseOptions.filter((option) => phases.includes(option.value))}
            options={phaseOptions}
            onChange={({ detail }) => setPhases(detail.selectedOptions.map((option) => option.value as Phase))}
            disabled={!enabled}
            placeholder="Choisissez les phases"
            ariaLabel="Phases concernées"
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );
}
