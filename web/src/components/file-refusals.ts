import { uploadRefusal, type UploadLimit } from '../../../shared/domain/upload-limits';

/**
 * Each chosen file's refusal (or null), in the order of FileUpload's chips, so that the chip of a
 * file over the limit shows why (its `fileErrors`); nothing refused is ever sent.
 */
export function fileRefusals(files: readonly File[], limit: UploadLimit): (string | null)[] {
  return files.map((file) => uploadRefusal(file, limit) ?? null);
}

/** The first refusal among the chosen files, for the field's own error text. */
export function firstRefusal(files: readonly File[], limit: UploadLimit): string | undefined {
  return fileRefusals(files, limit).find((refusal) => refusal !== null) ?? undefined;
}
