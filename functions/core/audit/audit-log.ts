import type { AuditLogPage, AuditLogQuery } from '../../../shared/domain/audit-log';
import { listAuditEntries, putAuditEntry } from '../../data/audit-log-repository';
import { getUserById } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { newCapabilityId } from '../security/ids';
import { auditActionLabel } from './audit-actions';

const fullName = (user: { firstname: string; lastname: string } | undefined, fallback: string) =>
  user ? `${user.firstname} ${user.lastname}`.trim() : fallback;

/** Records one call made while an administrator acts as a user: both identities, the call, its status. */
export async function recordImpersonatedCall(deps: Deps, call: { administratorId: string; userId: string; action: string; status: number }): Promise<void> {
  // Two GetItem (not a BatchGet): every function may write while impersonated, and all of them read items.
  const [administrator, user] = await Promise.all([getUserById(deps.store, call.administratorId), getUserById(deps.store, call.userId)]);
  await putAuditEntry(deps.store, {
    id: newCapabilityId(6),
    at: deps.now().toISOString(),
    administratorId: call.administratorId,
    administratorName: fullName(administrator ?? undefined, call.administratorId),
    userId: call.userId,
    userName: fullName(user ?? undefined, call.userId),
    action: call.action,
    status: call.status,
  });
}

/** GET /admin/audit-log: a page of entries, newest first, and the cursor of the next page if any. */
export async function readAuditLog(deps: Deps, query: AuditLogQuery): Promise<AuditLogPage> {
  const page = await listAuditEntries(deps.store, query.limit, query.cursor);
  // Entries written before the catalogue hold the raw call ('PATCH /api/users/me'): named the same way.
  return { ...page, entries: page.entries.map((entry) => ({ ...entry, action: auditActionLabel(entry.action) })) };
}
