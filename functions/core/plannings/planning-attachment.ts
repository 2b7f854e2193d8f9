import { putAttachment, type Attachment } from '../../data/attachments-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { newObjectId } from '../security/ids';
import type { UploadedFile } from '../uploads/uploaded-file';

/** The invitation attachment: one file, pdf, doc, docx, xls, xlsx, png, jpeg, at most 10 MB (part 2 §5). */
export const attachmentUpload = {
  maxBytes: 10 * 1024 * 1024,
  types: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'image/png',
    'image/jpeg',
  ],
  typeMessage: 'Format de fichier non autorisé.',
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
  await putAttachment(deps.db, attachment);
  return { attachmentId: attachment._id, filename: attachment.filename };
}
