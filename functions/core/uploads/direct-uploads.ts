import type { Caller } from '../caller';
import type { StoredFile, UploadTarget } from '../../ports/file-store';
import type { Deps } from '../../runtime/deps';
import { listProgramAccess } from '../../data/programs-repository';
import { ForbiddenError, NotFoundError, PayloadTooLargeError } from '../errors';
import { enforceRateLimit, rateRules } from '../security/rate-limit';
import { newCapabilityId } from '../security/ids';
import { directUploadMessages } from '../../../shared/messages/uploads';

/** Long enough for a slow connection to send 10 MB, short enough that a leaked URL soon expires. */
const uploadUrlLifetimeSeconds = 15 * 60;

export interface DirectUpload extends UploadTarget {
  /** What the client gives back to the API once the PUT is done. */
  key: string;
  expiresAt: string;
}

/** Every direct upload lives under its sender's id: a key read back must be the caller's own. */
const uploadKeyPattern = (userId: string) => new RegExp(`^uploads/${userId}/[A-Za-z0-9_-]{24,}$`);

/**
 * A URL through which the caller sends a file straight to the file store (S3 in AWS), so that files
 * above the 6 MB Lambda payload reach the API as a key rather than as a body.
 */
export async function createDirectUpload(deps: Deps, caller: Caller, options: { size: number; maxBytes: number; sizeMessage: string }): Promise<DirectUpload> {
  if (options.size > options.maxBytes) throw new PayloadTooLargeError(options.sizeMessage);
  // Every direct upload goes into a program (a client file, a planning's attachment, a document):
  // an AMO authorized on none (who, unlike a promoter, cannot create one) has nothing to send. A
  // user's URLs are counted.
  if (caller.role === 'amo' && (await listProgramAccess(deps.store, caller.userId)).length === 0) throw new ForbiddenError(directUploadMessages.noProgram);
  await enforceRateLimit(deps.store, rateRules.uploadUrlsPerUser, caller.userId, deps.now());
  const key = `uploads/${caller.userId}/${newCapabilityId(24)}`;
  const target = await deps.files.createUploadUrl(key, { size: options.size, expiresInSeconds: uploadUrlLifetimeSeconds });
  return { ...target, key, expiresAt: new Date(deps.now().getTime() + uploadUrlLifetimeSeconds * 1000).toISOString() };
}

/** The caller's uploaded file; another user's key, or one never uploaded, is not found. */
export async function readDirectUpload(deps: Deps, caller: Caller, key: string, maxBytes: number, sizeMessage: string): Promise<StoredFile> {
  if (!uploadKeyPattern(caller.userId).test(key)) throw new NotFoundError(directUploadMessages.missing);
  const file = await deps.files.get(key);
  if (!file) throw new NotFoundError(directUploadMessages.missing);
  if (file.body.length > maxBytes) {
    await deps.files.delete(key);
    throw new PayloadTooLargeError(sizeMessage);
  }
  return file;
}
