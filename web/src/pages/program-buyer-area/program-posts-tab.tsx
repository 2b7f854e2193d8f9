import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ProgramPost } from '../../../../shared/domain/buyer-area';
import { buyerAreaScreenMessages, programAreaMessages } from '../../../../shared/messages/buyer-area';
import { messages } from '../../../../shared/messages/common';
import { acceptOf, limitLabel, uploadLimits } from '../../../../shared/domain/upload-limits';
import { errorMessage } from '../../api/api-error';
import { programAreaQueries, usePublishPostMutation } from '../../api/program-area-queries';
import { notify } from '../../app/notifications-store';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { fileRefusals } from '../../components/file-refusals';
import { PostCard } from '../buyer-area/components/post-card';

const texts = programAreaMessages.posts;

/**
 * The Actualités and Chantier tabs (part 1 §2 buyer area): staff publish a post with images (png, jpeg,
 * jpg; 4 Mo each, checked before sending and again by the server), raising the buyers' badge; the published posts below,
 * newest first, as buyers read them.
 */
export function ProgramPostsTab({ programId, kind }: { programId: string; kind: ProgramPost['kind'] }) {
  const posts = useQuery(programAreaQueries.posts(programId, kind));
  const publish = usePublishPostMutation(programId, kind);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const refusals = fileRefusals(images, uploadLimits.areaImage);
  const refusal = refusals.find((found) => found !== null) ?? undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { title: title.trim() ? undefined : messages.required, body: body.trim() ? undefined : messages.required };
    setErrors(found);
    // A refused image is never sent (its chip says why).
    if (found.title || found.body || refusal) return;
    publish.mutate(
      { title: title.trim(), body: body.trim(), images },
      {
        onSuccess: () => {
          setTitle('');
          setBody('');
          setImages([]);
          notify({ type: 'success', content: texts[kind].published });
        },
      },
    );
  };

  return (
    <SpaceBetween size="l">
      <form onSubmit={submit} noValidate>
        <Form
          errorText={publish.isError ? errorMessage(publish.error) : undefined}
          actions={
            <Button variant="primary" formAction="submit" loading={publish.isPending}>
              Publier
            </Button>
          }
        >
          <Container header={<Header variant="h2">{texts[kind].form}</Header>}>
            <SpaceBetween size="m">
              <FormField label="Titre" errorText={errors.title}>
                <Input value={title} onChange={({ detail }) => setTitle(detail.value)} ariaRequired />
              </FormField>
              <FormField label="Texte" errorText={errors.body}>
                <Textarea value={body} onChange={({ detail }) => setBody(detail.value)} rows={4} />
              </FormField>
              <FormField label={texts[kind].imagesLabel} description={programAreaMessages.imagesHelp(limitLabel(uploadLimits.areaImage))} errorText={refusal}>
                <FileUpload
                  multiple
                  accept={acceptOf(uploadLimits.areaImage)}
                  fileErrors={refusals}
                  showFileSize
                  value={images}
                  onChange={({ detail }) => setImages(detail.value.slice(0, 5))}
                  showFileThumbnail
                  i18nStrings={fileUploadStrings(programAreaMessages.pickImages, programAreaMessages.dropImages)}
                />
              </FormField>
            </SpaceBetween>
          </Container>
        </Form>
      </form>
      <Header variant="h2" counter={posts.data ? `(${posts.data.length})` : undefined}>
        {texts[kind].list}
      </Header>
      {posts.isError && (
        <Alert type="error" action={<Button onClick={() => void posts.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
          {errorMessage(posts.error)}
        </Alert>
      )}
      {posts.isPending && <Spinner size="big" />}
      {posts.data?.length === 0 && <Box color="text-body-secondary">{texts[kind].empty}</Box>}
      {posts.data?.map((post) => (
        <PostCard key={post._id} post={post} />
      ))}
    </SpaceBetween>
  );
}
