import { apiRequest } from '../../../web/src/api/api-client';
import { ApiError } from '../../../web/src/api/api-error';
import { configureSessionExpiry, EXPIRED_REDIRECT_MS, handleGlobalApiError } from '../../../web/src/app/session-expiry';
import { readItem, writeItem } from '../../../web/src/app/session-store';
import { storageKeys } from '../../../web/src/app/storage-keys';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const simulatedToken = 'jeton-de-la-simulation';
const adminToken = 'jeton-de-l-administrateur';
const expiredAnswer = () => new Response(JSON.stringify({ message: 'Session expirée' }), { status: 498, headers: { 'content-type': 'application/json' } });

let navigate: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  Object.assign(globalThis, { window: { localStorage: new MemoryStorage(), addEventListener: () => undefined, removeEventListener: () => undefined } });
  navigate = jest.fn();
  configureSessionExpiry({ navigate, onSignedOut: () => undefined });
  writeItem(storageKeys.authToken, simulatedToken);
});

afterEach(() => {
  jest.useRealTimers();
});

/** A request sent with the simulated session's token, answered 498 once `meanwhile` ran (the simulation stopped). */
async function expiredRequest(meanwhile: () => void = () => undefined): Promise<ApiError> {
  Object.assign(globalThis, {
    fetch: jest.fn(async () => {
      meanwhile();
      return expiredAnswer();
    }),
  });
  const error = await apiRequest('/users/me').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('an answer ends only the session whose token it was sent with (part 1 §9, part 3 §4)', () => {
  it('a 498 to the session still in place signs out after the delay', async () => {
    handleGlobalApiError(await expiredRequest());
    jest.advanceTimersByTime(EXPIRED_REDIRECT_MS);
    await Promise.resolve();
    expect(navigate).toHaveBeenCalledWith('/login?expired=1');
    expect(readItem(storageKeys.authToken)).toBeNull();
  });

  it("a 498 to a simulated session's request answered after 'Stop simulation' leaves the administrator signed in", async () => {
    const error = await expiredRequest(() => writeItem(storageKeys.authToken, adminToken));
    expect(error.authenticated).toBe(false);
    handleGlobalApiError(error);
    jest.advanceTimersByTime(EXPIRED_REDIRECT_MS);
    await Promise.resolve();
    expect(navigate).not.toHaveBeenCalled();
    expect(readItem(storageKeys.authToken)).toBe(adminToken);
  });

  it("'Stop simulation' within the delay after a 498 keeps the administrator's session given back", async () => {
    handleGlobalApiError(await expiredRequest());
    writeItem(storageKeys.authToken, adminToken);
    jest.advanceTimersByTime(EXPIRED_REDIRECT_MS);
    await Promise.resolve();
    expect(navigate).not.toHaveBeenCalled();
    expect(readItem(storageKeys.authToken)).toBe(adminToken);
  });
});
