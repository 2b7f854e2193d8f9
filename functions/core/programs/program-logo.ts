import { uploadLimits } from '../../../shared/domain/upload-limits';
import { getProgram, programRecordSchema, saveProgram } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { StoredFile } from '../../ports/file-store';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import type { UploadedFile } from '../uploads/uploaded-file';
import { loadProgramFor, programNotFound } from './program-access';
import { programMessages } from '../../../shared/messages/programs';
import { messages } from '../../../shared/messages/common';

export const logoUpload = { maxBytes: uploadLimits.logo.maxBytes, types: uploadLimits.logo.types };

/** POST /programs/{id}/avatar: the logo, and optionally the colours sent with it. */
export async function saveProgramLogo(deps: Deps, caller: Caller, programId: string, file: UploadedFile, colors?: string[]): Promise<{ message: string }> {
  const current = await loadProgramFor(deps, caller, programId);
  const key = `programs/${programId}/logo`;
  await deps.files.put(key, file.content, file.contentType);
  const next = programRecordSchema.parse({ ...current, avatarKey: key, ...(colors ? { colors } : {}), updatedAt: deps.now().toISOString() });
  const saved = await saveProgram(deps.store, current, next);
  if (!saved.committed) throw new ConflictError(programMessages.changedMeanwhile);
  return { message: messages.logoSent };
}

/** The logo is public: buyers' pages show it. */
export async function readProgramLogo(deps: Deps, programId: string): Promise<StoredFile> {
  const program = await getProgram(deps.store, programId);
  const file = program?.avatarKey ? await deps.files.get(program.avatarKey) : null;
  if (!file) throw new NotFoundError(programNotFound);
  return file;
}
