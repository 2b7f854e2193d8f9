import { adminUserMessages } from '../../../shared/messages/admin';
import { lotEmailClaims } from '../../data/lots-repository';
import { getProgramsByIds, listProgramAccess } from '../../data/programs-repository';
import { loadPlanningState, listProgramPlannings } from '../../data/plannings-repository';
import { deleteUserAccount } from '../../data/user-admin-repository';
import { revokeAllSessions } from '../../data/sessions-repository';
import type { UserRecord } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError } from '../errors';
import { housingsOf, loadUser } from './user-detail';
import { scheduleAccountErasure } from './erase-account';

/**
 * Booked visits of a buyer: meetings booked with its e-mail in the plannings of every program it
 * holds a housing in, or whose lots carry its e-mail (an account not linked yet still booked).
 */
async function bookedVisits(deps: Deps, user: UserRecord): Promise<number> {
  const claimed = (await lotEmailClaims(deps.store, [user.email])).get(user.email.toLowerCase());
  const housings = await housingsOf(deps, user._id);
  const programIds = [...new Set([...(claimed ? [claimed] : []), ...housings.map((housing) => housing.program._id)])];
  const email = user.email.toLowerCase();
  let count = 0;
  for (const programId of programIds) {
    for (const planning of await listProgramPlannings(deps.store, programId)) {
      const state = await loadPlanningState(deps.store, planning._id);
      count += (state?.meetings ?? []).filter(
        (meeting) =>
          meeting.isBooked && [meeting.guest.mailmonsieur, meeting.guest.mailmadame, meeting.guest.email].some((mail) => mail?.toLowerCase() === email),
      ).length;
    }
  }
  return count;
}

/**
 * DELETE /admin/users/{id}. An account that owns programs, is authorized on some, or has booked
 * visits is not deleted silently: the answer (409) says what blocks it (part 3 §2). Its sessions
 * end with it, and its data is erased (erase-account.ts).
 */
export async function deleteUserAsAdministrator(deps: Deps, caller: Caller, userId: string): Promise<{ message: string }> {
  if (userId === caller.userId) throw new ForbiddenError(adminUserMessages.cannotDeleteSelf);
  const user = await loadUser(deps, userId);
  const access = await listProgramAccess(deps.store, userId);
  const programs = await getProgramsByIds(
    deps.store,
    access.map((entry) => entry.programId),
  );
  const nameOf = (id: string) => programs.find((program) => program._id === id)?.name ?? id;
  const owned = access.filter((entry) => entry.access === 'owner').map((entry) => nameOf(entry.programId));
  if (owned.length > 0) throw new ConflictError(adminUserMessages.ownsPrograms(owned));
  const authorized = access.filter((entry) => entry.access === 'authorized').map((entry) => nameOf(entry.programId));
  if (authorized.length > 0) throw new ConflictError(adminUserMessages.authorizedOn(authorized));
  const booked = user.role === 'customer' ? await bookedVisits(deps, user) : 0;
  if (booked > 0) throw new ConflictError(adminUserMessages.hasBookedVisits(booked));
  const erasure = await scheduleAccountErasure(deps, user);
  await deleteUserAccount(deps.store, user);
  await revokeAllSessions(deps.store, userId);
  // Handed to the dispatcher at once (its wake-up, one lease later, is the crash net).
  await deps.scheduler.runSoon([erasure.id]);
  return { message: adminUserMessages.userDeleted };
}
