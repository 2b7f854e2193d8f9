import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { defaultMessagesFor, isImposedType, planningMessageText } from '../../../../shared/domain/message-wording';
import { messageFields, type MessageField, type Planning } from '../../../../shared/domain/planning';
import { availableTagsText } from '../../../../shared/rules/message-tags';
import { errorMessage } from '../../api/api-error';
import { planningActions } from '../../api/planning-detail-queries';
import { notify } from '../../app/notifications-store';
import { tagError } from './message-checks';
import { ApplyTemplateControl } from '../templates/apply-template-control';
import { templateMessages } from '../../../../shared/messages/templates';
import { messagesDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

const messageFieldLabels: Record<MessageField, string> = {
  mailinvitationmessage: 'Invitation · e-mail',
  smsinvitationmessage: 'Invitation · SMS',
  mailconfirmationmessage: 'Confirmation · e-mail',
  smsconfirmationmessage: 'Confirmation · SMS',
  mailrelancemessage: 'Relance · e-mail',
  smsrelancemessage: 'Relance · SMS',
  mailrappelmessage: 'Rappel · e-mail',
  smsrappelmessage: 'Rappel · SMS',
};

export interface MessagesModalProps {
  planning: Planning;
  run: <R>(call: () => Promise<R>) => Promise<R>;
  pending: boolean;
  onDismiss: () => void;
}

/** 'Personnaliser' (part 2 §2.10): one message at a time, its tags checked ('Message modifié avec succès'). */
export function MessagesModal({ planning, run, pending, onDismiss }: MessagesModalProps) {
  const [field, setField] = useState<MessageField>('mailinvitationmessage');
  const [texts, setTexts] = useState<Record<MessageField, string>>(
    () => Object.fromEntries(messageFields.map((name) => [name, planningMessageText(planning, name)])) as Record<MessageField, string>,
  );
  const [error, setError] = useState<string | null>(null);
  const text = texts[field];
  const check = tagError(text, planning.contact);
  const options = messageFields.map((name) => ({ value: name, label: messageFieldLabels[name] }));
  const save = async () => {
    setError(null);
    if (check) return setError(check);
    try {
      const answer = await run(() => planningActions.editPlanning(planning._id, { [field]: text }));
      notify({ type: 'success', content: answer.message });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      closeAriaLabel={planningDialogCommon.close}
      header={messagesDialogMessages.title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {planningDialogCommon.close}
            </Button>
            <Button onClick={() => setTexts({ ...texts, [field]: defaultMessagesFor(isImposedType(planning.templateType))[field] })}>
              {messagesDialogMessages.defaultMessage}
            </Button>
            <Button variant="primary" loading={pending} onClick={() => void save()}>
              {messagesDialogMessages.saveMessage}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {/* part 3 §2: a template replaces every message at once (part 2 §5) */}
        <ApplyTemplateControl
          contact={planning.contact}
          pending={pending}
          onApply={async (applied, name) => {
            await run(() => planningActions.editPlanning(planning._id, applied));
            setTexts({ ...texts, ...applied });
            notify({ type: 'success', content: templateMessages.applied(name) });
          }}
        />
        <FormField label={messagesDialogMessages.message}>
          <Select
            selectedOption={options.find((option) => option.value === field) ?? null}
            options={options}
            onChange={({ detail }) => {
              setField(detail.selectedOption.value as MessageField);
              setError(null);
            }}
          />
        </FormField>
        <FormField label={messageFieldLabels[field]} errorText={error ?? check} description={availableTagsText(planning.contact)}>
          <Textarea value={text} rows={field.startsWith('sms') ? 4 : 18} onChange={({ detail }) => setTexts({ ...texts, [field]: detail.value })} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
