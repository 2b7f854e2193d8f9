import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Faq } from '../../../../shared/domain/buyer-area';
import { buyerAreaScreenMessages, programAreaMessages } from '../../../../shared/messages/buyer-area';
import { messages } from '../../../../shared/messages/common';
import { screenNames } from '../../../../shared/messages/navigation';
import { errorMessage } from '../../api/api-error';
import { programAreaQueries, useSaveFaqMutation } from '../../api/program-area-queries';
import { notify } from '../../app/notifications-store';

type Entry = Faq['entries'][number];

/** The FAQ tab (part 1 §2 buyer area): staff edit the program's questions and answers, saved as a whole. */
export function ProgramFaqTab({ programId }: { programId: string }) {
  const faq = useQuery(programAreaQueries.faq(programId));
  if (faq.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void faq.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
        {errorMessage(faq.error)}
      </Alert>
    );
  }
  if (faq.isPending) return <Spinner size="big" />;
  // Keyed by the saved FAQ: the editor starts again from what the server holds.
  return <FaqEditor key={JSON.stringify(faq.data)} programId={programId} saved={faq.data.entries} />;
}

function FaqEditor({ programId, saved }: { programId: string; saved: Entry[] }) {
  const save = useSaveFaqMutation(programId);
  const [entries, setEntries] = useState<Entry[]>(saved);
  const [showErrors, setShowErrors] = useState(false);
  const change = (index: number, patch: Partial<Entry>) => setEntries((current) => current.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (entries.some((entry) => !entry.question.trim() || !entry.answer.trim())) return;
    save.mutate(
      { entries: entries.map((entry) => ({ question: entry.question.trim(), answer: entry.answer.trim() })) },
      { onSuccess: () => notify({ type: 'success', content: programAreaMessages.faqSaved }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form
        header={<Header variant="h2">{screenNames.faq}</Header>}
        errorText={save.isError ? errorMessage(save.error) : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" iconName="add-plus" onClick={() => setEntries((current) => [...current, { question: '', answer: '' }])}>
              {programAreaMessages.addQuestion}
            </Button>
            <Button variant="primary" formAction="submit" loading={save.isPending}>
              Enregistrer
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          {entries.length === 0 && <Box color="text-body-secondary">{programAreaMessages.noQuestion}</Box>}
          {entries.map((entry, index) => (
            <Container
              key={index}
              header={
                <Header
                  variant="h3"
                  actions={
                    <Button
                      formAction="none"
                      variant="inline-link"
                      ariaLabel={programAreaMessages.removeQuestion(index + 1)}
                      onClick={() => setEntries((current) => current.filter((_, at) => at !== index))}
                    >
                      Retirer
                    </Button>
                  }
                >
                  {`Question ${index + 1}`}
                </Header>
              }
            >
              <SpaceBetween size="s">
                <FormField label="Question" errorText={showErrors && !entry.question.trim() ? messages.required : undefined}>
                  <Input value={entry.question} onChange={({ detail }) => change(index, { question: detail.value })} />
                </FormField>
                <FormField label={programAreaMessages.answer} errorText={showErrors && !entry.answer.trim() ? messages.required : undefined}>
                  <Textarea value={entry.answer} onChange={({ detail }) => change(index, { answer: detail.value })} rows={3} />
                </FormField>
              </SpaceBetween>
            </Container>
          ))}
        </SpaceBetween>
      </Form>
    </form>
  );
}
