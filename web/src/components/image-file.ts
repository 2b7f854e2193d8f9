import { messages } from '../../../shared/i18n/messages';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Client-side check of an avatar or logo (the server checks again): png, jpeg or webp, 2 Mo at most. */
export function imageFileError(file: File): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return messages.fileTypeRefused;
  if (file.size > IMAGE_MAX_BYTES) return messages.fileTooLarge;
  return undefined;
}
