import type { Program, ProgramCreate } from '../../../shared/domain/program';
import { createProgram as insertProgram } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { newObjectId } from '../security/ids';
import { toProgram } from './program-view';

/** POST /program/create: the caller owns the new program. */
export async function createProgram(deps: Deps, caller: Caller, request: ProgramCreate): Promise<Program> {
  const now = deps.now().toISOString();
  const record = {
    _id: newObjectId(),
    name: request.name,
    promotername: request.promotername,
    colors: request.colors,
    isArchived: false,
    authorized: [],
    isClientFileSent: false,
    owner: caller.userId,
    createdAt: now,
    updatedAt: now,
  };
  await insertProgram(deps.store, record);
  return toProgram(record);
}
