import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { defaultMessages } from '../../../../shared/messages/default-mails';
import type { MessageField } from '../../../../shared/domain/planning';
import { acceptOf, limitLabel, uploadLimits, uploadRefusal } from '../../../../shared/domain/upload-limits';
import { allowedTags } from '../../../../shared/rules/message-tags';
import { errorMessage } from '../../api/api-error';
import { useUploadAttachmentMutation } from '../../api/planning-queries';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { ApplyTemplateControl } from '../../components/templates/apply-template-control';
import { notify } from '../../app/notifications-store';
import { templateMessages } from '../../../../shared/messages/templates';
import { MAIL_ROWS, SMS_ROWS, messageKinds, messageLabels } from './free-planning-config';
import type { SectionProps } from './use-free-planning-form';
import { messagesSectionMessages as texts } from '../../../../shared/messages/planning-creation';

const tagList = allowedTags
  .filter((tag) => tag !== 'ADDRESSE')
  .map((tag) => `<${tag}>`)
  .join(' ');

/**
 * Section 7: the invitation, confirmation, relance and rappel messages (mail and SMS) and the
 * invitation attachment. `defaults`: the texts 'Texte par défaut' restores (an imposed planning's
 * speak of its convocation).
 */
export function MessagesSection({ form, update, errors, defaults = defaultMessages }: SectionProps & { defaults?: Record<MessageField, string> }) {
  const upload = useUploadAttachmentMutation();
  const [fileError, setFileError] = useState<string | undefined>();

  const setMessage = (field: MessageField, value: string) => update((current) => ({ ...current, messages: { ...current.messages, [field]: value } }));
  const editor = (field: MessageField, rows: number) => (
    <FormField
      label={messageLabels[field]}
      errorText={errors[`messages.${field}`]}
      stretch
      secondaryControl={
        form.messages[field] !== defaults[field] ? (
          <Button variant="inline-link" onClick={() => setMessage(field, defaults[field])}>
            {texts.defaultText}
          </Button>
        ) : undefined
      }
    >
      <Textarea rows={rows} value={form.messages[field]} invalid={!!errors[`messages.${field}`]} onChange={({ detail }) => setMessage(field, detail.value)} />
    </FormField>
  );

  const choose = (files: File[]) => {
    const file = files[0];
    setFileError(undefined);
    if (!file) {
      update({ attachment: null });
      return;
    }
    const refusal = uploadRefusal(file, uploadLimits.planningAttachment);
    if (refusal) {
      setFileError(refusal);
      return;
    }
    upload.mutate(file, {
      onSuccess: (saved) => update({ attachment: saved }),
      onError: (error) => setFileError(errorMessage(error)),
    });
  };

  return (
    <SpaceBetween size="m">
      {/* part 3 §2: a template fills the messages (part 2 §5) */}
      <ApplyTemplateControl
        contact={form.contact}
        onApply={(applied, name, virtualVisit) => {
          update((current) => ({ ...current, messages: { ...current.messages, ...applied }, ...(virtualVisit ? { vrText: virtualVisit } : {}) }));
          notify({ type: 'success', content: templateMessages.applied(name) });
        }}
      />
      <Box variant="small">
        {texts.tagsLead} <code>{tagList}</code>
        {texts.contactTags}
      </Box>
      <Tabs
        tabs={messageKinds.map((kind) => ({
          id: kind.id,
          label: kind.label,
          content: (
            <SpaceBetween size="m">
              <ColumnLayout columns={2}>
                {editor(kind.mail, MAIL_ROWS)}
                <SpaceBetween size="m">
                  {editor(kind.sms, SMS_ROWS)}
                  {kind.id === 'invitation' && (
                    <FormField
                      label={texts.attachment}
                      description={texts.attachmentHelp(limitLabel(uploadLimits.planningAttachment))}
                      errorText={fileError ?? errors.attachmentId}
                    >
                      {form.attachment ? (
                        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                          <Box>📎 {form.attachment.filename}</Box>
                          <Button variant="inline-link" onClick={() => update({ attachment: null })}>
                            Retirer
                          </Button>
                        </SpaceBetween>
                      ) : (
                        <FileUpload
                          value={[]}
                          accept={acceptOf(uploadLimits.planningAttachment)}
                          i18nStrings={fileUploadStrings(upload.isPending ? 'Envoi…' : texts.chooseFile)}
                          onChange={({ detail }) => choose(detail.value)}
                        />
                      )}
                    </FormField>
                  )}
                </SpaceBetween>
              </ColumnLayout>
            </SpaceBetween>
          ),
        }))}
      />
    </SpaceBetween>
  );
}
