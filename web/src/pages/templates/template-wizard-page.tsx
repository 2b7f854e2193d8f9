import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Wizard from '@cloudscape-design/components/wizard';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { defaultTemplates } from '../../../../shared/messages/default-templates';
import { isSmsField, templateStepTitles, templateTextFields, type TemplateCreate, type TemplateTextField } from '../../../../shared/domain/message-template';
import { tagMessages, templateMessages, templateScreenMessages } from '../../../../shared/messages/templates';
import { templateStepError } from '../../../../shared/rules/template-rules';
import { errorMessage } from '../../api/api-error';
import { useCreateTemplateMutation } from '../../api/template-queries';
import { notify } from '../../app/notifications-store';
import { useSession } from '../../app/session-store';
import { MessagePreview } from '../../components/templates/message-preview';
import { templatesBase, wizardTags } from './template-config';

/**
 * /promoter/templates/nouveau and /amo/templates/nouveau (part 1 §2): the seven messages in order,
 * then the name; each step is checked before 'Suivant' (body required, only the allowed tags).
 * The texts start from the Livrea default set, each with its live preview.
 */
export function TemplateWizardPage() {
  const { role } = useSession();
  const navigate = useNavigate();
  const create = useCreateTemplateMutation();
  const base = templatesBase(role);
  const [active, setActive] = useState(0);
  const [form, setForm] = useState<TemplateCreate>(() => ({ ...defaultTemplates[0], name: '' }));
  const [errors, setErrors] = useState<Partial<Record<keyof TemplateCreate, string>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  /** A step's errors: its text (part 1 §5); the first step also holds the name ('Veuillez indiquer un nom'). */
  const stepError = (index: number): Partial<Record<keyof TemplateCreate, string>> => {
    const field = templateTextFields[index];
    const error = templateStepError(form[field]);
    return { ...(error ? { [field]: error } : {}), ...(index === 0 && !form.name.trim() ? { name: templateMessages.nameRequired } : {}) };
  };

  const submit = async () => {
    const found = stepError(templateTextFields.length - 1);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitError(null);
    try {
      const answer = await create.mutateAsync(form);
      notify({ type: 'success', content: answer.message });
      void navigate(base);
    } catch (caught) {
      setSubmitError(errorMessage(caught, templateMessages.createFailed));
    }
  };

  const textStep = (field: TemplateTextField) => ({
    title: templateStepTitles[field],
    description: isSmsField(field) ? templateScreenMessages.smsLength : undefined,
    content: (
      <SpaceBetween size="m">
        {field === templateTextFields[0] && (
          <Container>
            <FormField label={templateScreenMessages.name} errorText={errors.name}>
              <Input
                ariaLabel={templateScreenMessages.name}
                value={form.name}
                invalid={!!errors.name}
                onChange={({ detail }) => setForm({ ...form, name: detail.value })}
              />
            </FormField>
          </Container>
        )}
        <ColumnLayout columns={2}>
          <Container header={<Header variant="h2">{templateStepTitles[field]}</Header>}>
            <FormField label={templateScreenMessages.body} errorText={errors[field]} stretch constraintText={tagMessages.available(wizardTags, [])}>
              <Textarea
                ariaLabel={templateStepTitles[field]}
                rows={isSmsField(field) ? 5 : 14}
                value={form[field]}
                invalid={!!errors[field]}
                onChange={({ detail }) => {
                  setForm({ ...form, [field]: detail.value });
                  setErrors({});
                }}
              />
            </FormField>
          </Container>
          <MessagePreview text={form[field]} sms={isSmsField(field)} />
        </ColumnLayout>
      </SpaceBetween>
    ),
  });

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        description={
          <>
            {templateScreenMessages.wizardDescription} <Link href={`${base}/help`}>Mode d'emploi</Link>
          </>
        }
      >
        {templateScreenMessages.wizardTitle}
      </Header>
      <Wizard
        i18nStrings={templateScreenMessages.wizard}
        activeStepIndex={active}
        isLoadingNextStep={create.isPending}
        onCancel={() => void navigate(base)}
        onSubmit={() => void submit()}
        onNavigate={({ detail }) => {
          if (detail.requestedStepIndex > active) {
            const found = stepError(active);
            setErrors(found);
            if (Object.keys(found).length > 0) return;
          }
          setErrors({});
          setActive(detail.requestedStepIndex);
        }}
        steps={templateTextFields.map((field, index) => ({
          ...textStep(field),
          errorText: index === templateTextFields.length - 1 ? (submitError ?? undefined) : undefined,
        }))}
      />
    </SpaceBetween>
  );
}
