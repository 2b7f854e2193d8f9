import type { Profile, ProfilePatch } from '../../../shared/domain/account';
import { messages } from '../../../shared/messages/common';
import { revokeAllSessions } from '../../data/sessions-repository';
import { DuplicateUserError, getUserById, updateUser, type UserPatch, type UserRecord } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { hashPassword, verifyPassword } from '../security/password-hashing';

function toProfile(user: UserRecord): Profile {
  return {
    _id: user._id,
    gender: user.gender,
    firstname: user.firstname,
    lastname: user.lastname,
    enterprise: user.enterprise,
    username: user.username,
    email: user.email,
    role: user.role,
    telephonemonsieur: user.telephonemonsieur,
    telephonemadame: user.telephonemadame,
    mailmonsieur: user.mailmonsieur,
    mailmadame: user.mailmadame,
    hasAvatar: !!user.avatarKey,
    emailVerified: !!user.emailVerifiedAt,
  };
}

async function currentUser(deps: Deps, caller: Caller): Promise<UserRecord> {
  const user = await getUserById(deps.store, caller.userId);
  if (!user) throw new NotFoundError(messages.profileLoadFailed);
  return user;
}

export async function getProfile(deps: Deps, caller: Caller): Promise<Profile> {
  return toProfile(await currentUser(deps, caller));
}

/**
 * A password change needs the current password (part 1 §5) and ends the account's other
 * sessions, as a reset does: whoever held one may be who the change is meant to shut out. The
 * session that made the change stays.
 */
export async function updateProfile(deps: Deps, caller: Caller, patch: ProfilePatch): Promise<Profile> {
  const user = await currentUser(deps, caller);
  const { newPassword, oldPassword, ...fields } = patch;
  const changes: UserPatch = { ...fields };
  if (newPassword) {
    if (!oldPassword || !(await verifyPassword(oldPassword, user.passwordHash))) {
      throw new ValidationError(messages.wrongOldPassword, [{ path: 'oldPassword', message: messages.wrongOldPassword }]);
    }
    changes.passwordHash = await hashPassword(newPassword);
  }
  let updated: UserRecord;
  try {
    updated = await updateUser(deps.store, user, changes, deps.now());
  } catch (error) {
    if (error instanceof DuplicateUserError) throw new ConflictError(messages.usernameTaken);
    throw error;
  }
  if (changes.passwordHash) await revokeAllSessions(deps.store, user._id, { jti: caller.jti });
  return toProfile(updated);
}
