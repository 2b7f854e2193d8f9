import type { AuthResponse } from '../../../shared/domain/account';
import { apiRequest } from '../api/api-client';
import { readItem, replaceSession, writeItem } from './session-store';
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

/**
 * Forgets a simulation left in storage (its administrator's session kept aside, and the simulated
 * one) after ending both on the server: signing in again or signing out must neither leave a
 * 'Stop simulation' in the next session nor a simulated token alive on the server (part 3 §4).
 * Nothing to do when no simulation is stored.
 */
export async function endStoredSimulation(): Promise<void> {
  const adminToken = readItem(storageKeys.adminToken);
  if (!adminToken) return;
  const simulatedToken = readItem(storageKeys.authToken);
  // One after the other: the simulated session's logout records the simulation's end; the
  // administrator's ends (and records) it only if that one failed, never twice (audit log, part 3 §4).
  for (const token of simulatedToken ? [simulatedToken, adminToken] : [adminToken])
    await apiRequest('/users/logout', { method: 'POST', token }).catch(() => undefined);
  writeItem(storageKeys.adminToken, null);
  writeItem(storageKeys.adminUser, null);
}

export async function stopSimulation(): Promise<void> {
  const adminToken = readItem(storageKeys.adminToken);
  const adminUser = readItem(storageKeys.adminUser);
  await apiRequest('/users/logout', { method: 'POST' }).catch(() => undefined);
  replaceSession(adminToken && adminUser ? { [storageKeys.authToken]: adminToken, [storageKeys.currentUser]: adminUser } : {});
}
