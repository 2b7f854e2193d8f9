import { messages } from '../../../shared/messages/common';
import { getProgramAndAccess, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { programMessages } from '../../../shared/messages/programs';

export const programNotFound = programMessages.notFound;

/**
 * Every program route goes through here: administrators reach all programs, other staff only the
 * programs they own or are authorized on (their access item), buyers none.
 */
export async function loadProgramFor(deps: Deps, caller: Caller, programId: string): Promise<ProgramRecord> {
  const { program, hasAccess } = await getProgramAndAccess(deps.store, programId, caller.userId);
  if (!program) throw new NotFoundError(programNotFound);
  if (caller.role === 'administrator') return program;
  if (caller.role !== 'promoter' && caller.role !== 'amo') throw new ForbiddenError(messages.forbidden);
  if (!hasAccess) throw new ForbiddenError(messages.forbidden);
  return program;
}
