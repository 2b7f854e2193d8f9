import type { AuthResponse } from '../../../shared/domain/account';
import { apiRequest } from '../api/api-client';
import { readItem, replaceSession } from './session-store';
import { storageKeys } from './storage-keys';

/**
 * Impersonation on the client (part 3 §4): the administrator's token and user are saved aside,
 * local storage is cleared, the simulated user's session takes their place. Stopping ends the
 * simulated session on the server (its token would otherwise live up to an hour) and restores the
 * administrator's.
 */
export function startSimulation(simulated: AuthResponse): void {
  const adminToken = readItem(storageKeys.authToken);
  const adminUser = readItem(storageKeys.currentUser);
  replaceSession({
    ...(adminToken && adminUser ? { [storageKeys.adminToken]: adminToken, [storageKeys.adminUser]: adminUser } : {}),
    [storageKeys.authToken]: simulated.token,
    [storageKeys.currentUser]: JSON.stringify(simulated.user),
  });
}

export function isSimulating(): boolean {
  return !!readItem(storageKeys.adminToken);
}

export async function stopSimulation(): Promise<void> {
  const adminToken = readItem(storageKeys.adminToken);
  const adminUser = readItem(storageKeys.adminUser);
  await apiRequest('/users/logout', { method: 'POST' }).catch(() => undefined);
  replaceSession(adminToken && adminUser ? { [storageKeys.authToken]: adminToken, [storageKeys.currentUser]: adminUser } : {});
}
