import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { Profile } from '../../../../shared/domain/account';
import { messages } from '../../../../shared/messages/common';
import { useUploadAvatarMutation } from '../../api/account-queries';
import { ApiError } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { acceptOf, limitLabel, uploadLimits } from '../../../../shared/domain/upload-limits';
import { avatarMessages } from '../../../../shared/messages/account';
import { fileRefusals, firstRefusal } from '../../components/file-refusals';
import { UserAvatar } from '../../components/user-avatar';
import { fileUploadStrings } from '../../components/file-upload-strings';

const limit = uploadLimits.logo;

export interface AvatarSectionProps {
  profile: Profile;
}

/** Avatar upload with a preview (multipart field `avatar`, part 1 §5). */
export function AvatarSection({ profile }: AvatarSectionProps) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadAvatarMutation(profile._id);
  const file = files[0] ?? null;
  const fileError = firstRefusal(files, limit);

  const send = () => {
    if (!file || fileError) return;
    upload.mutate(file, {
      onSuccess: () => {
        notify({ type: 'success', content: messages.avatarSent });
        setFiles([]);
      },
      onError: (error) => {
        const detail = error instanceof ApiError && error.status !== 0 && error.status !== 498 ? ` (${error.message})` : '';
        notify({ type: 'error', content: `${messages.imageFailed}${detail}` });
      },
    });
  };

  return (
    <Container
      header={
        <Header variant="h2" description={avatarMessages.limits(limitLabel(limit))}>
          {avatarMessages.title}
        </Header>
      }
    >
      <SpaceBetween size="l" direction="horizontal" alignItems="center">
        <UserAvatar
          userId={profile._id}
          hasAvatar={profile.hasAvatar}
          firstname={profile.firstname}
          lastname={profile.lastname}
          size={96}
          previewFile={fileError ? null : file}
        />
        <SpaceBetween size="s">
          <FormField errorText={fileError}>
            <FileUpload
              value={files}
              onChange={({ detail }) => setFiles(detail.value.slice(-1))}
              accept={acceptOf(limit)}
              fileErrors={fileRefusals(files, limit)}
              showFileSize
              showFileThumbnail
              constraintText={avatarMessages.formats}
              i18nStrings={fileUploadStrings(avatarMessages.choose, avatarMessages.dropzone)}
            />
          </FormField>
          <Button onClick={send} disabled={!file || !!fileError || upload.isPending} loading={upload.isPending}>
            {avatarMessages.send}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}
