import { ApiError } from '../api/api-error';
import { notify } from './notifications-store';
import { clearSession, isSessionToken, readItem } from './session-store';
import { storageKeys } from './storage-keys';

/** Delay before the redirect to /login after an HTTP 498 (part 1 §9). */
export const EXPIRED_REDIRECT_MS = 2000;

type Navigate = (to: string) => Promise<void> | void;
let navigate: Navigate = (to) => window.location.assign(to);
let onSignedOut: () => void = () => {};
let pendingRedirect: ReturnType<typeof setTimeout> | null = null;

/** The router registers how to navigate and the query client how to forget cached data. */
export function configureSessionExpiry(options: { navigate: Navigate; onSignedOut: () => void }): void {
  navigate = options.navigate;
  onSignedOut = options.onSignedOut;
}

/**
 * Go to the login page (the expired variant when `expired`), then sign out locally. In this order,
 * so that the route guard of the page being left does not redirect to the plain login page first.
 */
export async function endSession(expired: boolean): Promise<void> {
  try {
    await navigate(expired ? '/login?expired=1' : '/login');
  } finally {
    clearSession();
    onSignedOut();
  }
}

/**
 * The part of the error rule that does not depend on the screen (part 1 §8): an HTTP 498 shows the
 * server's text then, after 2 s, signs out and goes to the login page; an HTTP 401 shows the text.
 * Only calls that carried the session token are concerned: a failed login is its page's business.
 */
export function handleGlobalApiError(error: unknown): void {
  if (!(error instanceof ApiError) || !error.authenticated) return;
  if (error.status === 498) {
    notify({ id: 'session-expired', type: 'error', content: error.message });
    if (pendingRedirect) return;
    // A simulation stopped within the delay gave the administrator's session back: it stays.
    const expiredToken = readItem(storageKeys.authToken);
    pendingRedirect = setTimeout(() => {
      pendingRedirect = null;
      if (isSessionToken(expiredToken)) void endSession(true);
    }, EXPIRED_REDIRECT_MS);
  } else if (error.status === 401) {
    notify({ id: 'unauthorized', type: 'error', content: error.message });
  }
}
