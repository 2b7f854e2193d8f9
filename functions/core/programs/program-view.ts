import type { Program } from '../../../shared/domain/program';
import type { ProgramRecord } from '../../data/programs-repository';

export function toProgram(record: ProgramRecord): Program {
  const { avatarKey, updatedAt: _updatedAt, ...rest } = record;
  return { ...rest, hasAvatar: !!avatarKey };
}
