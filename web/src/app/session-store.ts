import { useSyncExternalStore } from 'react';
import type { AuthResponse, SessionUser } from '../../../shared/domain/account';
import type { Role } from '../../../shared/domain/roles';
import { isTokenExpired } from './jwt';
import { storageKeys } from './storage-keys';

/**
 * The session (part 1 §4, part 3 §4): the token and the user live in local storage under
 * `authToken` and `currentUser`; every component reads them through `useSession`, so a sign-in,
 * a sign-out or another tab's change re-renders the screens that depend on the role.
 */
export interface Session {
  role: Role;
  user: SessionUser | null;
  token: string | null;
  /** A token was stored but its exp claim is past. */
  expired: boolean;
}

const listeners = new Set<() => void>();
let cachedKey = '';
let cached: Session = { role: 'anonymousUser', user: null, token: null, expired: false };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeItem(key: string, value: string | null): void {
  const store = storage();
  if (!store) return;
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
  emit();
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether `token` is still the session's (a simulation started or stopped meanwhile replaces it): an
 * answer to a request sent with another token says nothing about the session now.
 */
export function isSessionToken(token: string | null): boolean {
  return !!token && readItem(storageKeys.authToken) === token;
}

export function readToken(): string | null {
  const token = readItem(storageKeys.authToken);
  return token && !isTokenExpired(token) ? token : null;
}

// Checked by hand rather than with the zod schema: zod stays out of the entry chunk (public pages).
const knownRoles: Record<Role, true> = {
  administrator: true,
  promoter: true,
  amo: true,
  moderator: true,
  customer: true,
  anonymousUser: true,
};

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user._id === 'string' &&
    typeof user.username === 'string' &&
    typeof user.role === 'string' &&
    Object.hasOwn(knownRoles, user.role) &&
    typeof user.firstname === 'string' &&
    typeof user.lastname === 'string'
  );
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function getSession(): Session {
  const token = readItem(storageKeys.authToken);
  const rawUser = readItem(storageKeys.currentUser);
  // The snapshot is recomputed only when the stored values change (or the token expires).
  const expired = !!token && isTokenExpired(token);
  const key = `${token ?? ''}|${rawUser ?? ''}|${expired}`;
  if (key === cachedKey) return cached;
  const user = parseUser(rawUser);
  const valid = !!token && !expired && !!user;
  cachedKey = key;
  cached = { role: valid && user ? user.role : 'anonymousUser', user: valid ? user : null, token: valid ? token : null, expired };
  return cached;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/**
 * Login and registration store the token and the user; an administrator's session kept aside by a
 * simulation belongs to no new session (the login page ends it first: impersonation.ts).
 */
export function signIn(auth: AuthResponse): void {
  const store = storage();
  if (!store) return;
  store.removeItem(storageKeys.adminToken);
  store.removeItem(storageKeys.adminUser);
  store.setItem(storageKeys.authToken, auth.token);
  store.setItem(storageKeys.currentUser, JSON.stringify(auth.user));
  emit();
}

export function updateSessionUser(patch: Partial<Pick<SessionUser, 'username' | 'firstname' | 'lastname'>>): void {
  const user = getSession().user;
  if (!user) return;
  writeItem(storageKeys.currentUser, JSON.stringify({ ...user, ...patch }));
}

/**
 * Replaces everything stored with `items`, as one change for the subscribers: a session swapped
 * this way (impersonation) never shows an anonymous moment in between, which the route guard
 * would answer with /login.
 */
export function replaceSession(items: Record<string, string>): void {
  const store = storage();
  if (!store) return;
  store.clear();
  for (const [key, value] of Object.entries(items)) store.setItem(key, value);
  emit();
}

/** Logout clears local storage and the role becomes anonymous (part 1 §4). */
export function clearSession(): void {
  storage()?.clear();
  emit();
}

/** The program chosen last (its sub-menu shows in the sidebar while it is stored). */
export interface CurrentProgram {
  id: string;
  name: string | null;
}

export function readCurrentProgram(): CurrentProgram | null {
  return currentProgramOf(readItem(storageKeys.currentProgramId), readItem(storageKeys.currentProgram));
}

/** The current program from its two stored values (the id, and the program as JSON or its bare name). */
export function currentProgramOf(id: string | null, raw: string | null): CurrentProgram | null {
  if (!id) return null;
  let name: string | null = raw;
  if (raw && raw.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      name = typeof parsed === 'object' && parsed !== null && 'name' in parsed && typeof parsed.name === 'string' ? parsed.name : null;
    } catch {
      name = null;
    }
  }
  return { id, name };
}

export function storeCurrentProgram(program: { _id: string; name: string }): void {
  const store = storage();
  if (!store) return;
  store.setItem(storageKeys.currentProgramId, program._id);
  store.setItem(storageKeys.currentProgram, JSON.stringify(program));
  emit();
}

/** Any local value, re-rendering when it changes in this tab or another. */
export function useStoredItem(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readItem(key),
    () => null,
  );
}
