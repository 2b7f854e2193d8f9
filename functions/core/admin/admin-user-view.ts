import type { AdminUser } from '../../../shared/domain/admin-users';
import type { UserRecord } from '../../data/users-repository';

/** What administrators read of an account: never the password hash nor the avatar key. */
export function toAdminUser(user: UserRecord): AdminUser {
  const {
    passwordHash: _hash,
    avatarKey: _avatar,
    updatedAt: _updated,
    telephonemadame: _tm,
    telephonemonsieur: _tmo,
    mailmadame: _mm,
    mailmonsieur: _mmo,
    ...visible
  } = user;
  return visible;
}
