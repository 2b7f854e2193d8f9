import { uploadLimits } from '../../../shared/domain/upload-limits';
import { messages } from '../../../shared/messages/common';
import { getUserById, setAvatarKey } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import type { StoredFile } from '../../ports/file-store';
import { NotFoundError } from '../errors';
import type { UploadedFile } from '../uploads/uploaded-file';

export const avatarUpload = { maxBytes: uploadLimits.logo.maxBytes, types: uploadLimits.logo.types };

export async function saveAvatar(deps: Deps, caller: Caller, file: UploadedFile): Promise<{ message: string }> {
  const key = `avatars/${caller.userId}`;
  await deps.files.put(key, file.content, file.contentType);
  await setAvatarKey(deps.store, caller.userId, key, deps.now());
  return { message: messages.avatarSent };
}

export async function readAvatar(deps: Deps, userId: string): Promise<StoredFile> {
  const user = await getUserById(deps.store, userId);
  const file = user?.avatarKey ? await deps.files.get(user.avatarKey) : null;
  if (!file) throw new NotFoundError(messages.notFound);
  return file;
}
