import { newMeetingUuid, newPlanningUuid, newResetToken, newSessionId } from '../../../functions/core/security/ids';

/** every id that grants access without signing in has at least 128 random bits. */
const generators = {
  'buyer link (meeting uuid)': newMeetingUuid,
  'read-only calendar link (planning uuid)': newPlanningUuid,
  'reset token': newResetToken,
  'session id (jti)': newSessionId,
};

describe.each(Object.entries(generators))('capability id: %s', (_name, generate) => {
  const draws = Array.from({ length: 2000 }, () => generate());

  it('is URL-safe and carries at least 128 random bits', () => {
    for (const id of draws) {
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(id, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it('draws every bit: over 2,000 ids each bit position takes both values, about half the time, and no id repeats', () => {
    expect(new Set(draws).size).toBe(draws.length);
    const bytes = draws.map((id) => Buffer.from(id, 'base64url'));
    const bits = bytes[0].length * 8;
    for (let bit = 0; bit < bits; bit += 1) {
      const ones = bytes.filter((value) => (value[bit >> 3] >> (7 - (bit & 7))) & 1).length;
      // 2,000 fair coin flips: outside 800–1,200 has a probability below 1e-18.
      expect(ones).toBeGreaterThan(800);
      expect(ones).toBeLessThan(1200);
    }
  });
});
