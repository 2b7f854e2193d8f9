import { messages } from '../../../shared/messages/common';
import { apiRequest } from '../../../web/src/api/api-client';
import { ApiError, isAnswerLost } from '../../../web/src/api/api-error';
import { forgetOperation, newIdempotencyKey, progressText, rememberOperation, rememberedOperation } from '../../../web/src/api/operation-start';
import { idempotencyKeySchema } from '../../../shared/domain/operation';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage() });
});

describe('a lost answer is never a failure (docs/architecture.md « Work that grows with a program »)', () => {
  it('no answer, 503 and 504 are lost answers; a refusal is not', () => {
    expect([0, 503, 504].map((status) => isAnswerLost(new ApiError(status, 'x')))).toEqual([true, true, true]);
    expect([400, 403, 409, 500].map((status) => isAnswerLost(new ApiError(status, 'x')))).toEqual([false, false, false, false]);
  });

  it('a change answered 503 says it may have been made; a read answered 503 asks to try again', async () => {
    const gateway503 = async () =>
      new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
    Object.assign(globalThis, { fetch: jest.fn(gateway503) });
    await expect(apiRequest('/programs/x/lockup-clients', { method: 'POST', body: {} })).rejects.toThrow(messages.answerLost);
    await expect(apiRequest('/programs/x')).rejects.toThrow(messages.serviceUnavailable);
  });

  it('a sign-in without network says « Erreur réseau… »: it leaves nothing that may have been done', async () => {
    Object.assign(globalThis, { fetch: jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) });
    await expect(apiRequest('/users/login', { method: 'POST', body: {}, auth: false, repeatable: true })).rejects.toThrow(messages.unreachable);
    await expect(apiRequest('/programs/x/lockup-clients', { method: 'POST', body: {} })).rejects.toThrow(messages.answerLost);
  });

  it('the idempotency key goes as the Idempotency-Key header', async () => {
    const fetchMock = jest.fn(async () => new Response('{}', { status: 202, headers: { 'content-type': 'application/json' } }));
    Object.assign(globalThis, { fetch: fetchMock });
    await apiRequest('/rdv', { method: 'POST', body: {}, idempotencyKey: 'cle-1234-5678' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('cle-1234-5678');
  });
});

describe('operations followed by a screen', () => {
  it('are remembered per scope, so a reload finds its own, and forgotten when dismissed', () => {
    rememberOperation('client-import:p1', 'op-1');
    rememberOperation('planning-creation:p1', 'op-2');
    expect(rememberedOperation('client-import:p1')).toBe('op-1');
    forgetOperation('client-import:p1');
    expect(rememberedOperation('client-import:p1')).toBeUndefined();
    expect(rememberedOperation('planning-creation:p1')).toBe('op-2');
  });

  it('a new key per action, of the shape the server accepts', () => {
    const keys = new Set(Array.from({ length: 20 }, newIdempotencyKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it('progress reads « 4 500 / 10 000 » in French digits, nothing while the total is unknown', () => {
    expect(progressText({ done: 4500, total: 10000 })?.replace(/\s/g, ' ')).toBe('4 500 / 10 000');
    expect(progressText({ done: 0, total: 0 })).toBeUndefined();
  });
});
