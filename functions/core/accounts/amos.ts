import type { AmoSummary } from '../../../shared/domain/account';
import { getUsersByIds, listUsersByRole, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';

function toAmoSummary(user: UserRecord): AmoSummary {
  return { _id: user._id, firstname: user.firstname, lastname: user.lastname, hasAvatar: !!user.avatarKey };
}

// GET /users/amos
export async function listAmos(deps: Deps): Promise<AmoSummary[]> {
  return (await listUsersByRole(deps.store, 'amo')).map(toAmoSummary);
}

// POST /users/amos {ids}: only AMO accounts are answered
export async function getAmos(deps: Deps, ids: string[]): Promise<AmoSummary[]> {
  return (await getUsersByIds(deps.store, ids)).filter((user) => user.role === 'amo').map(toAmoSummary);
}
