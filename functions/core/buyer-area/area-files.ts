import type { AreaFile } from '../../../shared/domain/buyer-area';
import { uploadLimits } from '../../../shared/domain/upload-limits';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { messages } from '../../../shared/messages/common';
import { getAreaFile, getAreaFiles, putAreaFile, type AreaFileRecord } from '../../data/area-files-repository';
import { getTicket } from '../../data/tickets-repository';
import { getProgram } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { AuthenticationRequiredError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import type { UploadedFile } from '../uploads/uploaded-file';
import { isFileLinkValid, signedFileUrl } from './file-links';
import { currentHousingLinks } from './housing-access';
import { conversationVisibleTo, sameTenure } from './housing-tenure';

/**
 * 4 MB: a file sent in a multipart body (the Lambda payload stops at 6 MB, base64 adds a third),
 * and a phone photo fits.
 */
export const attachmentUpload = {
  maxBytes: uploadLimits.areaImage.maxBytes,
  types: uploadLimits.areaImage.types,
  typeMessage: buyerAreaMessages.attachmentType,
  sizeMessage: buyerAreaMessages.attachmentSize,
} as const;
/** Documents arrive by direct upload (presigned PUT) and leave by a signed link; the bound of attachments was kept. */
export const documentUpload = {
  maxBytes: uploadLimits.areaDocument.maxBytes,
  types: uploadLimits.areaDocument.types,
  typeMessage: buyerAreaMessages.documentType,
  sizeMessage: buyerAreaMessages.documentSize,
} as const;

/** Stores an upload (type already checked against its bytes); it belongs to nobody but its uploader until a message carries it. */
export async function storeAreaFile(
  deps: Deps,
  caller: Caller,
  file: { filename: string; contentType: string; content: Buffer },
  kind: AreaFileRecord['kind'],
  owner: { program?: string; housing?: string; tenure?: string } = {},
): Promise<AreaFileRecord> {
  const record: AreaFileRecord = {
    _id: newObjectId(),
    originalname: file.filename.slice(0, 255),
    contentType: file.contentType,
    size: file.content.length,
    storageKey: '',
    uploadedAt: deps.now().toISOString(),
    uploaderId: caller.userId,
    kind,
    ...owner,
  };
  record.storageKey = `area-files/${record._id}`;
  await deps.files.put(record.storageKey, file.content, file.contentType);
  await putAreaFile(deps.store, record);
  return record;
}

/** POST /users/me/answer/upload-files (and the staff twin): one image per call, answered as `filesIds`. */
export async function uploadAttachment(deps: Deps, caller: Caller, file: UploadedFile): Promise<{ filesIds: string[] }> {
  const record = await storeAreaFile(deps, caller, file, 'attachment');
  return { filesIds: [record._id] };
}

/** Files a message may carry: the sender's own uploads, not yet used by another message. */
export async function attachableFiles(deps: Deps, caller: Caller, ids: string[]): Promise<AreaFileRecord[]> {
  const files = await getAreaFiles(deps.store, ids);
  if (files.length !== new Set(ids).size || files.some((file) => file.uploaderId !== caller.userId)) throw new NotFoundError(buyerAreaMessages.fileNotFound);
  if (files.some((file) => file.attachedTo)) throw new ConflictError(buyerAreaMessages.fileNotFound);
  return files;
}

/** Files as answered: name, type and a signed link that works for 10 minutes. */
export async function presentFiles(deps: Deps, ids: string[], known?: Map<string, AreaFileRecord>): Promise<AreaFile[]> {
  const records = known ? ids.flatMap((id) => known.get(id) ?? []) : await getAreaFiles(deps.store, ids);
  return Promise.all(
    records.map(async (file) => ({
      _id: file._id,
      metadata: { originalname: file.originalname },
      contentType: file.contentType,
      size: file.size,
      uploadedAt: file.uploadedAt,
      url: await signedFileUrl(deps, file._id),
    })),
  );
}

/** One BatchGet for every file a list of messages names. */
export async function filesById(deps: Deps, ids: string[]): Promise<Map<string, AreaFileRecord>> {
  return new Map((await getAreaFiles(deps.store, ids)).map((file) => [file._id, file]));
}

/**
 * A buyer reads a file of one of their housings written in their tenure (an attachment, the
 * conversation it belongs to), and the program-wide files of a program where they hold one.
 */
async function buyerMayRead(deps: Deps, caller: Caller, file: AreaFileRecord): Promise<boolean> {
  const held = await currentHousingLinks(deps, caller.userId);
  if (!file.housing) return held.some(({ link }) => link.programId === file.program);
  const lot = held.find(({ link }) => link.lotId === file.housing)?.lot;
  if (!lot) return false;
  const ticket = file.kind === 'attachment' && file.attachedTo ? await getTicket(deps.store, file.attachedTo) : null;
  return ticket ? conversationVisibleTo(ticket, lot, caller.userId) : sameTenure(file.tenure, lot.tenure);
}

/**
 * Who may read a file (part 1 §6): its uploader; a buyer, as above; staff, the
 * files of their programs.
 */
async function mayRead(deps: Deps, caller: Caller, file: AreaFileRecord): Promise<boolean> {
  // A buyer's upload, once a message of a housing carries it, follows that conversation: a buyer
  // who lost the lot loses their own attachments with it (part 1 §6).
  if (file.uploaderId === caller.userId && (caller.role !== 'customer' || !file.housing)) return true;
  if (!file.program) return false;
  if (caller.role === 'customer') return buyerMayRead(deps, caller, file);
  try {
    await loadProgramFor(deps, caller, file.program);
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof NotFoundError) return false;
    throw error;
  }
}

/** The store's own link lives one minute: it is followed at once, by the redirect that gives it. */
const storeLinkSeconds = 60;

/**
 * GET /file/{id}: with `?token=` a signed link (no session needed, 10 minutes, this file only);
 * otherwise the caller's session and the reading rule above. Answers the store's link to the file
 * (presigned GET), which the route gives as a redirect: the file never passes through the API.
 * Images show in the page, other files are saved under their uploaded name.
 */
export async function areaFileLink(deps: Deps, caller: Caller | null, fileId: string, token: string | undefined): Promise<string> {
  if (token !== undefined) {
    if (!(await isFileLinkValid(deps, fileId, token))) throw new ForbiddenError(buyerAreaMessages.linkExpired);
  } else if (!caller) {
    throw new AuthenticationRequiredError(messages.authRequired);
  }
  const record = await getAreaFile(deps.store, fileId);
  // A deleted file is not found, for anyone (its id, random, tells nothing of whose it was).
  if (!record) throw new NotFoundError(buyerAreaMessages.fileNotFound);
  if (caller && token === undefined && !(await mayRead(deps, caller, record))) throw new ForbiddenError(messages.forbidden);
  // A file of a program being deleted is gone already for everyone, signed link or not.
  const live = record && (!record.program || (await getProgram(deps.store, record.program)) !== null);
  if (!record || !live) throw new NotFoundError(buyerAreaMessages.fileNotFound);
  return deps.files.downloadUrl(record.storageKey, {
    filename: record.originalname,
    contentType: record.contentType,
    disposition: record.contentType.startsWith('image/') ? 'inline' : 'attachment',
    expiresInSeconds: storeLinkSeconds,
  });
}
