import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultTemplates } from '../../../../shared/messages/default-templates';
import { type TemplateCreate, type VirtualVisitText } from '../../../../shared/domain/message-template';
import { templateMessages, templateScreenMessages } from '../../../../shared/messages/templates';
import type { MessageField } from '../../../../shared/domain/planning';
import { applyTemplate } from '../../../../shared/rules/template-rules';
import { errorMessage } from '../../api/api-error';
import { templateQueries } from '../../api/template-queries';

type Contact = Parameters<typeof applyTemplate>[1];

export interface ApplyTemplateControlProps {
  /** The planning's contact as it stands: a contact tag needs its field (part 2 §5). */
  contact: Contact;
  /** Receives the messages the template gives, its name and its virtual-visit text if any; throws to show a failure. */
  onApply: (messages: Partial<Record<MessageField, string>>, name: string, virtualVisit?: VirtualVisitText) => Promise<void> | void;
  pending?: boolean;
}

/**
 * 'Appliquer un modèle' (part 2 §5 'Template application'): the user's templates and the Livrea
 * default set; nothing picked gives 'Veuillez d'abord sélectionner un template...', a tag the
 * planning cannot fill is named; otherwise the planning's messages take the template's texts.
 */
export function ApplyTemplateControl({ contact, onApply, pending }: ApplyTemplateControlProps) {
  const templates = useQuery(templateQueries.mine());
  const [selected, setSelected] = useState<SelectProps.Option | null>(null);
  const [error, setError] = useState<string | null>(null);
  const byValue = new Map<string, TemplateCreate>([
    ...(templates.data ?? []).map((template) => [template._id, template] as const),
    ...defaultTemplates.map((template, index) => [`default-${index}`, template] as const),
  ]);
  const options: SelectProps.OptionGroup[] = [
    {
      label: templateScreenMessages.myTemplates,
      options: (templates.data ?? []).map((template) => ({
        value: template._id,
        label: template.name,
        description: template.isOwner ? undefined : templateScreenMessages.sharedWithYou,
      })),
    },
    {
      label: templateScreenMessages.livreaTemplates,
      options: defaultTemplates.map((template, index) => ({ value: `default-${index}`, label: template.name })),
    },
  ];
  const apply = async () => {
    setError(null);
    const template = selected?.value ? byValue.get(selected.value) : undefined;
    const result = applyTemplate(template, contact);
    if (!result.ok) return setError(result.message);
    try {
      await onApply(result.messages, template!.name, result.virtualVisit);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <FormField
      label={templateScreenMessages.applyLabel}
      description={templateScreenMessages.applyDescription}
      errorText={error ?? (templates.isError ? errorMessage(templates.error, templateMessages.loadFailed) : undefined)}
    >
      <SpaceBetween direction="horizontal" size="xs">
        <Select
          ariaLabel={templateScreenMessages.applyAriaLabel}
          selectedOption={selected}
          options={options}
          placeholder={templateScreenMessages.chooseTemplate}
          statusType={templates.isPending ? 'loading' : 'finished'}
          loadingText={templateScreenMessages.templatesLoading}
          onChange={({ detail }) => {
            setSelected(detail.selectedOption);
            setError(null);
          }}
        />
        <Button loading={pending} onClick={() => void apply()}>
          {templateScreenMessages.apply}
        </Button>
      </SpaceBetween>
    </FormField>
  );
}
