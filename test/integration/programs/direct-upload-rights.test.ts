import { atClock, tokenAt } from '../../support/clock';
import { call, createUserAndLogin } from '../../support/test-api';
import { messages } from '../../../shared/messages/common';
import { directUploadMessages } from '../../../shared/messages/uploads';

jest.setTimeout(120_000);

/**
 * Direct upload URLs (docs/api.md « Client files go straight to the file store »): each lets its
 * holder store up to 20 MB for a day, so they are given only to who has a program to send a file
 * into, and counted per user like the other limits (functions/core/security/rate-limit.ts).
 */
describe('direct upload URLs: only for a program, counted per user', () => {
  const ask = (token: string, route: 'client-file' | 'attachment') =>
    call('POST', `/api/uploads/${route}`, { token, body: { filename: route === 'client-file' ? 'clients.xlsx' : 'plans.pdf', size: 20_000 } });

  it('an AMO authorized on no program gets no upload URL (403, in French); once authorized on one, they do', async () => {
    const amo = await createUserAndLogin('amo');
    for (const route of ['client-file', 'attachment'] as const) {
      const refused = await ask(amo.token, route);
      expect([refused.status, refused.body.message]).toEqual([403, directUploadMessages.noProgram]);
    }
    const promoter = await createUserAndLogin('promoter');
    const program = (
      await call('POST', '/api/program/create', {
        token: promoter.token,
        body: { name: 'Résidence des Envois', promotername: 'Envois', colors: ['rgb(67, 99, 134)'] },
      })
    ).body;
    expect((await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } })).status).toBe(200);
    expect((await ask(amo.token, 'attachment')).status).toBe(200);
  });

  it('a user asking for more than 30 upload URLs in 10 minutes is refused (429 with Retry-After); another user is not held', async () => {
    // All in one window of the limit: the clock stays at its first second.
    const instant = Math.floor(Date.now() / 600_000) * 600_000 + 1000;
    const [one, other] = [
      (await tokenAt((await createUserAndLogin('promoter')).token, instant))!,
      (await tokenAt((await createUserAndLogin('promoter')).token, instant))!,
    ];
    await atClock(instant, async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 30; index += 1) statuses.push((await ask(one, index % 2 ? 'client-file' : 'attachment')).status);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const refused = await ask(one, 'client-file');
      expect([refused.status, refused.body.message]).toEqual([429, messages.tooManyAttempts]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask(other, 'client-file')).status).toBe(200);
    });
  });
});
