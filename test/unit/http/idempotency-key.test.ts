import { idempotencyKeyOf } from '../../../functions/http/operation-answer';
import { operationMessages } from '../../../shared/messages/operations';
import type { ApiEvent } from '../../../functions/http/api-types';

const eventWith = (headers: Record<string, string>) => ({ headers }) as unknown as ApiEvent;

describe('Idempotency-Key header', () => {
  it('is read lower-cased, as API Gateway passes headers', () => {
    expect(idempotencyKeyOf(eventWith({ 'idempotency-key': 'a1B2-c3_d4e5' }))).toBe('a1B2-c3_d4e5');
    expect(idempotencyKeyOf(eventWith({}))).toBeUndefined();
  });

  it('a malformed key is refused in French rather than ignored (a request without one may run twice)', () => {
    for (const bad of ['court', 'x'.repeat(65), 'avec espace 1234', 'accentué-12345'])
      expect(() => idempotencyKeyOf(eventWith({ 'idempotency-key': bad }))).toThrow(operationMessages.badKey);
  });
});
