import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { customMailFor } from '../../../../shared/messages/default-templates';
import type { Meeting, Planning } from '../../../../shared/domain/planning';
import { availableTagsText } from '../../../../shared/rules/message-tags';
import { ActionModal } from './action-modal';
import { customMailErrors } from './message-checks';
import { customMailDialogMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export interface CustomMailModalProps {
  planning: Planning;
  selection: Meeting[];
  pending: boolean;
  error: string | null;
  onConfirm: (mail: { subject: string; customMail: string; cc: string }) => void;
  onDismiss: () => void;
}

/** 'Mail personnalisé' to the selected buyers (part 2 §5 'Custom mail'). */
export function CustomMailModal({ planning, selection, pending, error, onConfirm, onDismiss }: CustomMailModalProps) {
  const [mail, setMail] = useState({ subject: '[PROMOTER] ', customMail: customMailFor(planning.contact.signature), cc: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? customMailErrors(mail, planning.contact) : {};
  return (
    <ActionModal
      size="large"
      header={customMailDialogMessages.title}
      confirmLabel={planningDialogCommon.send}
      pending={pending}
      error={error}
      onConfirm={() => {
        setSubmitted(true);
        if (Object.values(customMailErrors(mail, planning.contact)).every((message) => !message)) onConfirm(mail);
      }}
      onDismiss={onDismiss}
    >
      <Box>{customMailDialogMessages.to(selection.length, selection.map((meeting) => meeting.guest.lotcomm).join(', '))}</Box>
      <FormField label={customMailDialogMessages.subject} description={customMailDialogMessages.subjectHelp} errorText={errors.subject}>
        <Input value={mail.subject} onChange={({ detail }) => setMail({ ...mail, subject: detail.value })} />
      </FormField>
      <FormField label={customMailDialogMessages.message} errorText={errors.customMail} description={availableTagsText(planning.contact)}>
        <Textarea value={mail.customMail} rows={12} onChange={({ detail }) => setMail({ ...mail, customMail: detail.value })} />
      </FormField>
      <FormField label={customMailDialogMessages.cc} description={customMailDialogMessages.ccHelp} errorText={errors.cc}>
        <Input value={mail.cc} onChange={({ detail }) => setMail({ ...mail, cc: detail.value })} placeholder="conducteur@exemple.fr; architecte@exemple.fr" />
      </FormField>
    </ActionModal>
  );
}
