import { z } from 'zod';
import {
  type BadgeName,
  type Faq,
  type ProgramDocumentsQuery,
  type ProgramPost,
  type StaffDocument,
  type documentCreateSchema,
  type postCreateSchema,
} from '../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { deleteProgramDocument, listProgramDocumentPage } from '../../data/area-files-repository';
import { commitBuyerAreaChanges } from '../../data/buyer-area-writes';
import { decodePageCursor, encodePageCursor } from '../paging/page-cursor';
import { putNotifications } from '../../data/housing-notifications-repository';
import { getLot, listLots } from '../../data/lots-repository';
import { getFaq, putFaq } from '../../data/program-faq-repository';
import { listPosts, type PostRecord } from '../../data/program-posts-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError } from '../errors';
import { createDirectUpload, readDirectUpload, type DirectUpload } from '../uploads/direct-uploads';
import { acceptedType } from '../uploads/file-signature';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import { attachableFiles, documentUpload, filesById, presentFiles, storeAreaFile } from './area-files';

/** Raises a badge on every buyer housing of the program (or one housing). */
async function raiseBadges(deps: Deps, programId: string, badgeName: BadgeName, housingId?: string): Promise<void> {
  const lots = housingId ? [await getLot(deps.store, programId, housingId)] : await listLots(deps.store, programId);
  const at = deps.now().toISOString();
  await putNotifications(
    deps.store,
    lots.flatMap((lot) => (lot?.owner ? [{ housingId: lot._id, notification: { _id: newObjectId(), badgeName, createdAt: at }, tenure: lot.tenure }] : [])),
  );
}

/** Staff post news (actualite) or site progress (chantier) with images already uploaded. */
export async function addPost(deps: Deps, caller: Caller, programId: string, request: z.infer<typeof postCreateSchema>) {
  await loadProgramFor(deps, caller, programId);
  const images = await attachableFiles(deps, caller, request.images);
  const post: PostRecord = {
    _id: newObjectId(),
    program: programId,
    kind: request.kind,
    title: request.title,
    body: request.body,
    images: images.map((file) => file._id),
    authorId: caller.userId,
    createdAt: deps.now().toISOString(),
  };
  const written = await commitBuyerAreaChanges(deps.store, [
    { kind: 'post', post },
    ...images.map((file) => ({
      kind: 'fileAttached' as const,
      fileId: file._id,
      uploaderId: caller.userId,
      owner: { attachedTo: post._id, program: programId },
    })),
  ]);
  if (!written.committed) throw new ConflictError(buyerAreaMessages.fileNotFound);
  await raiseBadges(deps, programId, post.kind);
  return {
    post: { _id: post._id, kind: post.kind, title: post.title, body: post.body, images: await presentFiles(deps, post.images), createdAt: post.createdAt },
  };
}

/** GET /projets/{id}/posts?kind=: the program's news or site progress as staff manage them, newest first. */
export async function listProgramPosts(deps: Deps, caller: Caller, programId: string, kind: ProgramPost['kind']): Promise<{ posts: ProgramPost[] }> {
  await loadProgramFor(deps, caller, programId);
  const posts = await listPosts(deps.store, programId, kind);
  const known = await filesById(
    deps,
    posts.flatMap((post) => post.images),
  );
  return {
    posts: await Promise.all(
      posts.map(async (post) => ({
        _id: post._id,
        kind: post.kind,
        title: post.title,
        body: post.body,
        images: await presentFiles(deps, post.images, known),
        createdAt: post.createdAt,
      })),
    ),
  };
}

/** A cursor is the index position of the page's last document (`<uploadedAt>#<id>`): the staff's list and the buyer's. */
export const documentPosition = z
  .string()
  .max(200)
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[\w-]{1,64}$/);

/**
 * GET /projets/{id}/documents?cursor&limit: a page of the program's documents newest first, with the
 * housing each is shared with (docs/architecture.md « Bounded answers »: one per housing grows with the buyers).
 */
export async function listStaffDocuments(
  deps: Deps,
  caller: Caller,
  programId: string,
  query: ProgramDocumentsQuery,
): Promise<{ documents: StaffDocument[]; nextCursor: string | null }> {
  await loadProgramFor(deps, caller, programId);
  const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor, documentPosition, buyerAreaMessages.invalidDocumentCursor);
  const page = await listProgramDocumentPage(deps.store, programId, { after, limit: query.limit });
  const records = page.documents;
  const presented = await presentFiles(
    deps,
    records.map((file) => file._id),
    new Map(records.map((file) => [file._id, file])),
  );
  return {
    documents: presented.map((file, index) => ({ ...file, ...(records[index].housing ? { housing: records[index].housing } : {}) })),
    nextCursor: page.next === null ? null : encodePageCursor(page.next),
  };
}

/** DELETE /projets/{id}/documents/{documentId}: the document leaves the buyers' lists, its bytes the store. */
export async function deleteDocument(deps: Deps, caller: Caller, programId: string, documentId: string): Promise<{ message: string }> {
  await loadProgramFor(deps, caller, programId);
  const removed = await deleteProgramDocument(deps.store, programId, documentId);
  // Another program's file, not a document, or deleted meanwhile: the same answer for each.
  if (!removed) throw new NotFoundError(buyerAreaMessages.documentNotFound);
  await deps.files.delete(removed.storageKey);
  return { message: buyerAreaMessages.documentDeleted };
}

/** The program FAQ staff edit (read and replaced as a whole). */
export async function readProgramFaq(deps: Deps, caller: Caller, programId: string): Promise<Faq> {
  await loadProgramFor(deps, caller, programId);
  return getFaq(deps.store, programId);
}

export async function saveProgramFaq(deps: Deps, caller: Caller, programId: string, faq: Faq): Promise<Faq> {
  await loadProgramFor(deps, caller, programId);
  await putFaq(deps.store, programId, faq, deps.now().toISOString());
  return faq;
}

/** Step 1 of a document: a presigned direct upload (the client-file mechanism, reused). */
export async function requestDocumentUpload(deps: Deps, caller: Caller, programId: string, size: number): Promise<DirectUpload> {
  await loadProgramFor(deps, caller, programId);
  return createDirectUpload(deps, caller, { size, maxBytes: documentUpload.maxBytes, sizeMessage: documentUpload.sizeMessage });
}

/** Step 2: the uploaded bytes are checked (type by signature) and shared with one housing or the whole program. */
export async function addDocument(deps: Deps, caller: Caller, programId: string, request: z.infer<typeof documentCreateSchema>) {
  await loadProgramFor(deps, caller, programId);
  const lot = request.housing ? await getLot(deps.store, programId, request.housing) : null;
  if (request.housing && !lot) throw new NotFoundError(buyerAreaMessages.housingNotFound);
  const uploaded = await readDirectUpload(deps, caller, request.key, documentUpload.maxBytes, documentUpload.sizeMessage);
  const type = acceptedType(uploaded.contentType, uploaded.body, documentUpload.types);
  await deps.files.delete(request.key);
  if (!type) throw new UnsupportedMediaTypeError(documentUpload.typeMessage);
  const record = await storeAreaFile(deps, caller, { filename: request.filename, contentType: type, content: uploaded.body }, 'document', {
    program: programId,
    housing: request.housing,
    // A document shared with one housing is for its buyers of now (part 1 §6), not the next ones.
    ...(lot?.tenure ? { tenure: lot.tenure } : {}),
  });
  await raiseBadges(deps, programId, 'documents', request.housing);
  return { document: (await presentFiles(deps, [record._id]))[0] };
}
