import { messages } from '../../../shared/i18n/messages';
import { deleteLots } from '../../data/lots-repository';
import { deleteProgram as removeProgram, getProgram } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { programNotFound } from './program-access';

/** Only administrators delete programs (part 3 §6); the program's lots go with it. */
export async function deleteProgram(deps: Deps, caller: Caller, programId: string): Promise<{ message: string }> {
  if (caller.role !== 'administrator') throw new ForbiddenError(messages.forbidden);
  const program = await getProgram(deps.db, programId);
  if (!program) throw new NotFoundError(programNotFound);
  await deleteLots(deps.db, programId);
  await removeProgram(deps.db, program);
  if (program.avatarKey) await deps.files.delete(program.avatarKey);
  return { message: 'Programme supprimé !' };
}
