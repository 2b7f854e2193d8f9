import { type AdminUser, type AdminUserPatch } from '../../../shared/domain/admin-users';
import { adminUserMessages } from '../../../shared/messages/admin';
import { messages } from '../../../shared/messages/common';
import { saveUserAsAdministrator, UserChangedMeanwhileError } from '../../data/user-admin-repository';
import { DuplicateUserError, userRecordSchema } from '../../data/users-repository';
import { revokeAllSessions } from '../../data/sessions-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { toAdminUser } from './admin-user-view';
import { assertAccountInvoiceEntity } from './account-invoice-entity';
import { loadUser } from './user-detail';

/**
 * PATCH /admin/users/{id} (part 3 §5 'Admin user edit'). A role change ends the account's
 * sessions: a token keeps the role it was signed with, so it must not outlive the change.
 */
export async function updateUserAsAdministrator(deps: Deps, userId: string, patch: AdminUserPatch): Promise<{ message: string; user: AdminUser }> {
  if (Object.values(patch).every((value) => value === undefined)) throw new ValidationError(messages.formInvalid);
  const current = await loadUser(deps, userId);
  // The entity is checked when it changes, or when the role it was given for changes.
  const entityAfter = patch.invoiceEntity === undefined ? current.invoiceEntity : patch.invoiceEntity || undefined;
  const roleAfter = patch.role ?? current.role;
  if (entityAfter && (entityAfter !== current.invoiceEntity || roleAfter !== current.role)) {
    await assertAccountInvoiceEntity(deps, entityAfter, { role: roleAfter, accountId: userId });
  }
  const { invoiceEntity, ...fields } = patch;
  const next = userRecordSchema.parse({
    ...current,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    invoiceEntity: invoiceEntity === undefined ? current.invoiceEntity : invoiceEntity || undefined,
    updatedAt: deps.now().toISOString(),
  });
  try {
    await saveUserAsAdministrator(deps.store, current, next);
  } catch (error) {
    if (error instanceof DuplicateUserError) throw new ConflictError(error.field === 'email' ? messages.emailTaken : messages.usernameTaken);
    if (error instanceof UserChangedMeanwhileError) throw new ConflictError(adminUserMessages.updateFailed);
    throw error;
  }
  if (next.role !== current.role) await revokeAllSessions(deps.store, userId);
  return { message: adminUserMessages.userUpdated, user: toAdminUser(next) };
}
