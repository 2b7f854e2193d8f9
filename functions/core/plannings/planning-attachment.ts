import { uploadLimits } from '../../../shared/domain/upload-limits';
import { putAttachment, type Attachment } from '../../data/attachments-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { UnsupportedMediaTypeError } from '../errors';
import { newObjectId } from '../security/ids';
import { createDirectUpload, readDirectUpload, type DirectUpload } from '../uploads/direct-uploads';
import { acceptedType } from '../uploads/file-signature';
import type { UploadedFile } from '../uploads/uploaded-file';
import { messages } from '../../../shared/messages/common';

/** The invitation attachment: one file, pdf, doc, docx, xls, xlsx, png, jpeg, at most 10 MB (part 2 §5). */
export const attachmentUpload = {
  maxBytes: uploadLimits.planningAttachment.maxBytes,
  types: uploadLimits.planningAttachment.types,
  typeMessage: messages.fileTypeRefused,
  sizeMessage: 'Fichier trop volumineux (max 10 Mo).',
} as const;

export async function saveAttachment(deps: Deps, caller: Caller, file: UploadedFile): Promise<{ attachmentId: string; filename: string }> {
  const attachment: Attachment = {
    _id: newObjectId(),
    fileKey: `attachments/${newObjectId()}`,
    filename: file.filename,
    contentType: file.contentType,
    size: file.content.length,
    uploadedBy: caller.userId,
    createdAt: deps.now().toISOString(),
  };
  await deps.files.put(attachment.fileKey, file.content, file.contentType);
  await putAttachment(deps.store, attachment);
  return { attachmentId: attachment._id, filename: attachment.filename };
}

/**
 * POST /uploads/attachment: where to PUT an attachment. Up to 10 MB (part 2 §5), above what a
 * Lambda request carries once base64-encoded (6 MB): the SPA always sends it this way.
 */
export async function requestAttachmentUpload(deps: Deps, caller: Caller, size: number): Promise<DirectUpload> {
  return createDirectUpload(deps, caller, { size, maxBytes: attachmentUpload.maxBytes, sizeMessage: attachmentUpload.sizeMessage });
}

/** POST /files {key, filename}: the uploaded bytes, judged by their signature, become the attachment; the upload is removed. */
export async function saveUploadedAttachment(
  deps: Deps,
  caller: Caller,
  upload: { key: string; filename: string },
): Promise<{ attachmentId: string; filename: string }> {
  const stored = await readDirectUpload(deps, caller, upload.key, attachmentUpload.maxBytes, attachmentUpload.sizeMessage);
  const type = acceptedType(stored.contentType, stored.body, attachmentUpload.types);
  if (!type) {
    await deps.files.delete(upload.key);
    throw new UnsupportedMediaTypeError(attachmentUpload.typeMessage);
  }
  const saved = await saveAttachment(deps, caller, { field: 'file', filename: upload.filename, contentType: type, content: stored.body });
  await deps.files.delete(upload.key);
  return saved;
}
