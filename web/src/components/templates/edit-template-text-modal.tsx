import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { isSmsField, templateStepTitles, type TemplateTextField } from '../../../../shared/domain/message-template';
import { tagMessages, templateMessages } from '../../../../shared/messages/templates';
import { templateStepError } from '../../../../shared/rules/template-rules';
import { errorMessage } from '../../api/api-error';
import { useUpdateTemplateMutation, type TemplateView } from '../../api/template-queries';
import { notify } from '../../app/notifications-store';
import { wizardTags } from '../../pages/templates/template-config';
import { MessagePreview } from './message-preview';

/** Edits one text of a template (PATCH /templates/{id}, part 3 §5: only the allowed tags). */
export function EditTemplateTextModal({ template, field, onDismiss }: { template: TemplateView; field: TemplateTextField; onDismiss: () => void }) {
  const update = useUpdateTemplateMutation();
  const [text, setText] = useState(template[field]);
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = checked ? templateStepError(text) : null;
  const save = async () => {
    setChecked(true);
    if (templateStepError(text)) return;
    try {
      const answer = await update.mutateAsync({ id: template._id, patch: { field, value: text } });
      notify({ type: 'success', content: answer.message });
      onDismiss();
    } catch (caught) {
      setFailure(errorMessage(caught, templateMessages.updateFailed));
    }
  };
  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={`${template.name} · ${templateStepTitles[field]}`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Annuler
            </Button>
            <Button variant="primary" loading={update.isPending} onClick={() => void save()}>
              Enregistrer
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure && <Alert type="error">{failure}</Alert>}
        <FormField label={templateStepTitles[field]} errorText={error} constraintText={tagMessages.available(wizardTags, [])} stretch>
          <Textarea
            ariaLabel={templateStepTitles[field]}
            rows={isSmsField(field) ? 5 : 12}
            value={text}
            invalid={!!error}
            onChange={({ detail }) => setText(detail.value)}
          />
        </FormField>
        <MessagePreview text={text} sms={isSmsField(field)} />
      </SpaceBetween>
    </Modal>
  );
}
