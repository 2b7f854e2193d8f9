import type { LotImportRow } from '../../../shared/domain/lot';
import { messages } from '../../../shared/messages/common';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import { getClientFile, listClientFiles, putClientFile, type ClientFileRecord } from '../../data/client-files-repository';
import { markClientFileSent } from '../../data/programs-repository';
import { getUserById, listUsersByRole } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { OperationView } from '../../../shared/domain/operation';
import { getOperation } from '../../data/operations-repository';
import { operationIdFor } from '../operations/operation-id';
import { toOperationView } from '../operations/operation-view';
import { startOperation } from '../operations/start-operation';
import type { Deps } from '../../runtime/deps';
import { AppError, ForbiddenError, NotFoundError, UnsupportedMediaTypeError } from '../errors';
import { deliverCommittedJobs, newJobId } from '../jobs/schedule-job';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import { storedFileLink, type DownloadLink } from '../downloads/download-links';
import { createDirectUpload, readDirectUpload, type DirectUpload } from '../uploads/direct-uploads';
import type { UploadedFile } from '../uploads/uploaded-file';
import { checkClientFileContainer } from './client-file-container';
import { uploadLimits } from '../../../shared/domain/upload-limits';
import { clientFileLimits } from './client-file-limits';
import { clientFileMessages } from '../../../shared/messages/lots';
import { ImportRefusedError } from './import-lots';
import { importStartState, type ImportSource } from './client-import';
import { readClientFile } from './read-client-file';
import { validateImportRows } from '../../../shared/rules/lot-import-validation';
import { importMessages, importStepLabels } from '../../../shared/messages/lots';
import { accountMails } from '../../../shared/messages/account-mails';

export const clientFileUpload = {
  maxBytes: clientFileLimits.maxBytes,
  types: uploadLimits.clientFile.types,
  typeMessage: clientFileMessages.notExcel,
  sizeMessage: clientFileMessages.tooLarge,
} as const;

/**
 * A client file as the API receives it: in a multipart body (scripts, small files), or as the key
 * of a direct upload (the SPA: any size up to the limit, also above Lambda's 6 MB payload).
 */
export type ClientFileSource = UploadedFile | { key: string; filename: string };

/** POST /uploads/client-file: where to PUT a client file. An .xls is refused before it is sent. */
export async function requestClientFileUpload(deps: Deps, caller: Caller, file: { filename: string; size: number }): Promise<DirectUpload> {
  if (/\.xls$/i.test(file.filename.trim())) throw new UnsupportedMediaTypeError(clientFileMessages.xls);
  return createDirectUpload(deps, caller, { size: file.size, maxBytes: clientFileLimits.maxBytes, sizeMessage: clientFileMessages.tooLarge });
}

/** The file's bytes, and a clean-up that removes a direct upload once it has served. */
async function resolveClientFile(deps: Deps, caller: Caller, source: ClientFileSource): Promise<{ file: UploadedFile; done: () => Promise<void> }> {
  if ('content' in source) return { file: source, done: async () => undefined };
  const stored = await readDirectUpload(deps, caller, source.key, clientFileLimits.maxBytes, clientFileMessages.tooLarge);
  return {
    file: { field: 'clients', filename: source.filename, contentType: stored.contentType, content: stored.body },
    done: () => deps.files.delete(source.key),
  };
}

const clientFileReceived = clientFileMessages.received;

/** Part 2 §8: the file is kept but the program could not be marked isClientFileSent. */
export const clientFileFlagFailed = clientFileMessages.flagFailed;

class ClientFileFlagError extends AppError {
  readonly status = 503;
}

/** Reads and checks a client file; any problem refuses it with every cell error listed. */
async function parseClientFile(file: UploadedFile) {
  const content = await readClientFile(file.content);
  if (content.errors.length > 0) throw new ImportRefusedError(importMessages.uploadFailed, content.errors);
  return content.rows;
}

/**
 * POST /users/me/xlsx: reads and checks a file without writing, so the administrator sees what will
 * be imported. A direct upload is kept: the import that follows reads it again by its key.
 */
export async function previewClientFile(deps: Deps, caller: Caller, source: ClientFileSource): Promise<{ clients: LotImportRow[] }> {
  const { file } = await resolveClientFile(deps, caller, source);
  const rows = await parseClientFile(file);
  const errors = validateImportRows(rows);
  if (errors.length > 0) throw new ImportRefusedError(importMessages.uploadFailed, errors);
  return { clients: rows.map((row) => row.values) };
}

/**
 * An import's file where its steps read it: a direct upload by its key (the SPA: the caller's own,
 * checked now), or a multipart body (scripts) copied to the store as the operation's own file.
 */
async function importSourceOf(deps: Deps, caller: Caller, programId: string, source: ClientFileSource): Promise<ImportSource> {
  if ('content' in source) {
    const key = `client-imports/${programId}/${newObjectId()}`;
    await deps.files.put(key, source.content, source.contentType);
    return { key, filename: source.filename, origin: 'copy' };
  }
  await readDirectUpload(deps, caller, source.key, clientFileLimits.maxBytes, clientFileMessages.tooLarge);
  return { key: source.key, filename: source.filename, origin: 'upload' };
}

/**
 * The operation a request with this idempotency key started already: a retry after the first
 * ended finds it, although its upload is gone.
 */
async function importStartedAlready(deps: Deps, caller: Caller, idempotencyKey?: string): Promise<{ operation: OperationView } | null> {
  if (!idempotencyKey) return null;
  const existing = await getOperation(deps.store, operationIdFor(caller.userId, 'client-import', idempotencyKey));
  return existing ? { operation: toOperationView(existing) } : null;
}

/** Starts the import operation of a checked source; a copy made for a request sent again is removed. */
async function startImport(
  deps: Deps,
  caller: Caller,
  programId: string,
  source: ImportSource,
  idempotencyKey?: string,
): Promise<{ operation: OperationView }> {
  const started = await startOperation(deps, caller, {
    kind: 'client-import',
    idempotencyKey,
    programId,
    total: 0,
    step: importStepLabels.read,
    state: importStartState(source),
  });
  if (!started.created && source.origin === 'copy') await deps.files.delete(source.key);
  return started;
}

/**
 * POST /programs/{id}/lockup-clients: administrators import directly (part 2 §2.1), as an
 * operation (docs/architecture.md « Client import »): the request checks the role, the program and
 * the file's key, and answers at once; the steps read the stored file (never rows in a JSON body:
 * 10,000 rows would pass the API's body limit), check it, and write the lots. The upload is removed
 * once imported, and kept after a refusal so it can be corrected.
 */
export async function importClients(
  deps: Deps,
  caller: Caller,
  programId: string,
  source: ClientFileSource,
  idempotencyKey?: string,
): Promise<{ operation: OperationView }> {
  if (caller.role !== 'administrator') throw new ForbiddenError(messages.forbidden);
  await loadProgramFor(deps, caller, programId);
  return (
    (await importStartedAlready(deps, caller, idempotencyKey)) ??
    startImport(deps, caller, programId, await importSourceOf(deps, caller, programId, source), idempotencyKey)
  );
}

/** A mail of the client-file flow: a `send-email` job, committed with the change it reports. */
function clientFileMailJob(deps: Deps, mail: { to: string[]; subject: string; text: string }): JobRecord {
  return newJob(newJobId(), 'send-email', mail, deps.now(), deps.now());
}

/**
 * Other staff send the file to the provider: it is kept, the program is marked
 * isClientFileSent, and every administrator is told by mail (a job written with the flag).
 */
export async function sendClientFile(deps: Deps, caller: Caller, programId: string, source: ClientFileSource): Promise<{ message: string }> {
  const program = await loadProgramFor(deps, caller, programId);
  const { file, done } = await resolveClientFile(deps, caller, source);
  // Refused now rather than when an administrator opens it: an .xls, a non-Excel file, a bomb.
  const container = checkClientFileContainer(file.content);
  if ('unreadable' in container) throw new ImportRefusedError(importMessages.uploadFailed, [{ row: 0, column: '', field: '', message: container.unreadable }]);
  const sender = await getUserById(deps.store, caller.userId);
  const record: ClientFileRecord = {
    _id: newObjectId(),
    programId,
    filename: file.filename,
    fileKey: `client-files/${programId}/${newObjectId()}`,
    size: file.content.length,
    sentBy: caller.userId,
    sentByEmail: sender?.email ?? '',
    status: 'received',
    createdAt: deps.now().toISOString(),
  };
  await deps.files.put(record.fileKey, file.content, clientFileUpload.types[0]);
  await putClientFile(deps.store, record);
  await done();
  const administrators = await listUsersByRole(deps.store, 'administrator');
  const mails =
    administrators.length === 0
      ? []
      : [
          clientFileMailJob(deps, {
            to: administrators.map((admin) => admin.email),
            subject: accountMails.clientFileReceived.subject(program.name),
            text: [
              'Bonjour,',
              '',
              accountMails.clientFileReceived.sent(
                sender ? `${sender.firstname} ${sender.lastname} (${sender.email})` : null,
                file.filename,
                program.name,
                program.promotername,
              ),
              accountMails.clientFileReceived.waiting(`${deps.config.publicUrl}/projets/${programId}/clients`),
              '',
              accountMails.signature,
            ].join('\n'),
          }),
        ];
  // A single-attribute update (a settings save at the same moment neither loses nor blocks it), with the mail's job.
  await markClientFileSent(deps.store, programId, deps.now().toISOString(), mails).catch((error: unknown) => {
    throw new ClientFileFlagError(clientFileFlagFailed, { cause: error });
  });
  await deliverCommittedJobs(deps, mails);
  return { message: clientFileReceived };
}

// Client files waiting for an administrator
export async function listReceivedClientFiles(deps: Deps, caller: Caller, programId: string): Promise<ClientFileRecord[]> {
  await loadProgramFor(deps, caller, programId);
  return listClientFiles(deps.store, programId);
}

/** GET /programs/{id}/client-files/{fileId}: a short-lived link to the file, under its sent name, for members of the program only. */
export async function clientFileDownloadLink(deps: Deps, caller: Caller, programId: string, fileId: string): Promise<DownloadLink> {
  await loadProgramFor(deps, caller, programId);
  const record = await getClientFile(deps.store, programId, fileId);
  if (!record) throw new NotFoundError(messages.notFound);
  return storedFileLink(deps, record.fileKey, { filename: record.filename, contentType: clientFileUpload.types[0] });
}

/**
 * An administrator integrates a received file, as an import operation (docs/architecture.md
 * « Client import »); once its lots are written, the file is marked integrated and the sender
 * mailed that the clients are in (a job committed with the new status).
 */
export async function integrateReceivedClientFile(
  deps: Deps,
  caller: Caller,
  programId: string,
  fileId: string,
  idempotencyKey?: string,
): Promise<{ operation: OperationView }> {
  if (caller.role !== 'administrator') throw new ForbiddenError(messages.forbidden);
  await loadProgramFor(deps, caller, programId);
  const started = await importStartedAlready(deps, caller, idempotencyKey);
  if (started) return started;
  const record = await getClientFile(deps.store, programId, fileId);
  if (!record) throw new NotFoundError(messages.notFound);
  return startImport(deps, caller, programId, { key: record.fileKey, filename: record.filename, origin: 'received', fileId }, idempotencyKey);
}
