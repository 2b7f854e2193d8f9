import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState, type FormEvent } from 'react';
import { acceptOf, limitLabel, type UploadLimit } from '../../../../../shared/domain/upload-limits';
import { buyerAreaMessages, buyerAreaScreenMessages } from '../../../../../shared/messages/buyer-area';
import type { Draft } from '../../../api/buyer-area-queries';
import { errorMessage } from '../../../api/api-error';
import { fileUploadStrings } from '../../../components/file-upload-strings';
import { fileRefusals } from '../../../components/file-refusals';

/** The reply display delay of the specification (part 1 §9 « Reply submission display delay: 1 s »). */
const replyDisplayDelayMs = 1000;

export interface MessageComposerProps {
  /** With a subject field: a new conversation. */
  withSubject?: boolean;
  /** What an attachment may be (buyers: png, jpeg, jpg; staff: also PDF), checked before sending. */
  limit: UploadLimit;
  acceptText: string;
  submitText: string;
  onSubmit: (draft: Draft & { subject: string }) => Promise<unknown>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A message with attachments (part 1 §5 « Conversation reply »): an empty text is refused with
 * 'Votre réponse est vide' before anything is sent; after a successful send the form stays busy
 * for the 1 s display delay, then clears.
 */
export function MessageComposer({ withSubject = false, limit, acceptText, submitText, onSubmit }: MessageComposerProps) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ subject?: string; message?: string; form?: string }>({});
  const refusals = fileRefusals(files, limit);
  const refusal = refusals.find((found) => found !== null) ?? undefined;
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found = {
      subject: withSubject && !subject.trim() ? buyerAreaMessages.emptySubject : undefined,
      message: !message.trim() ? buyerAreaMessages.emptyReply : undefined,
    };
    setErrors(found);
    // A refused file is never sent (its chip says why): the whole message waits for the choice.
    if (found.subject || found.message || refusal) return;
    setBusy(true);
    try {
      await onSubmit({ subject: subject.trim(), message: message.trim(), files });
      await wait(replyDisplayDelayMs);
      setSubject('');
      setMessage('');
      setFiles([]);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Form
        errorText={errors.form}
        actions={
          <Button variant="primary" loading={busy} formAction="submit">
            {submitText}
          </Button>
        }
      >
        <SpaceBetween size="s">
          {withSubject && (
            <FormField label="Objet" errorText={errors.subject}>
              <Input value={subject} onChange={({ detail }) => setSubject(detail.value)} ariaRequired />
            </FormField>
          )}
          <FormField label={withSubject ? 'Message' : buyerAreaScreenMessages.yourReply} errorText={errors.message}>
            <Textarea value={message} onChange={({ detail }) => setMessage(detail.value)} rows={3} />
          </FormField>
          <FormField label={buyerAreaScreenMessages.attachments} description={acceptText} errorText={refusal}>
            <FileUpload
              multiple
              accept={acceptOf(limit)}
              fileErrors={refusals}
              value={files}
              onChange={({ detail }) => setFiles(detail.value.slice(0, 5))}
              showFileSize
              i18nStrings={fileUploadStrings(buyerAreaScreenMessages.attachFiles, buyerAreaScreenMessages.dropFiles)}
              constraintText={buyerAreaScreenMessages.attachmentsLimit(limitLabel(limit))}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
