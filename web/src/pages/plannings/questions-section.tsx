import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { questionLabels, type Question } from '../../../../shared/domain/planning';
import { companionsRange } from './free-planning-config';
import type { SectionProps } from './use-free-planning-form';
import { questionsSectionMessages as texts } from '../../../../shared/messages/planning-creation';

const askable: Question[] = ['vrSurvey', 'shoeSize', 'vr3dIfUnavailable'];
const companionOptions = Array.from({ length: companionsRange.max - companionsRange.min + 1 }, (_, index) => {
  const n = String(index + companionsRange.min);
  return { value: n, label: n };
});

/** Section 5: the questions of the booking page and the companion form (1 to 5 companions). */
export function QuestionsSection({ form, update, errors }: SectionProps) {
  const toggle = (question: Question, checked: boolean) =>
    update((current) => ({
      ...current,
      questions: checked ? [...new Set([...current.questions, question])] : current.questions.filter((q) => q !== question),
    }));
  return (
    <ColumnLayout columns={2}>
      <FormField label={texts.label} errorText={errors.questions}>
        <SpaceBetween size="xxs">
          {askable.map((question) => (
            <Checkbox key={question} checked={form.questions.includes(question)} onChange={({ detail }) => toggle(question, detail.checked)}>
              {questionLabels[question]}
            </Checkbox>
          ))}
        </SpaceBetween>
      </FormField>
      <FormField label={questionLabels.visitors} description={texts.visitorsHelp} errorText={errors.maxVisitorsNb}>
        <SpaceBetween size="xs">
          <Toggle checked={form.maxVisitorsNb > 0} onChange={({ detail }) => update({ maxVisitorsNb: detail.checked ? 1 : 0 })}>
            {texts.visitorsForm}
          </Toggle>
          {form.maxVisitorsNb > 0 && (
            <FormField label={texts.maxVisitors}>
              <Select
                selectedOption={{ value: String(form.maxVisitorsNb), label: String(form.maxVisitorsNb) }}
                options={companionOptions}
                onChange={({ detail }) => update({ maxVisitorsNb: Number(detail.selectedOption.value) })}
              />
            </FormField>
          )}
        </SpaceBetween>
      </FormField>
    </ColumnLayout>
  );
}
