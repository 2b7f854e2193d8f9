import { getDeps } from '../../functions/runtime/deps';
import { call, createUserAndLogin } from '../support/test-api';

/** The local outbox (README: mail and SMS land in the outbox when running locally; architecture: localOnlyRoutes). */
describe('GET and DELETE /api/dev/outbox (local runtime only)', () => {
  it('an administrator reads the messages sent, newest first, and clears them', async () => {
    const admin = await createUserAndLogin('administrator');
    const deps = getDeps();
    await deps.mailer.send({ to: ['premier@exemple.fr'], subject: 'Premier', text: 'Un' });
    await deps.sms.send('+33611223344', 'Deuxième');

    const read = await call('GET', '/api/dev/outbox', { token: admin.token });
    expect(read.status).toBe(200);
    const [newest, older] = read.body.messages;
    expect(newest).toEqual(expect.objectContaining({ channel: 'sms', to: ['+33611223344'], text: 'Deuxième' }));
    expect(older).toEqual(expect.objectContaining({ channel: 'email', to: ['premier@exemple.fr'], subject: 'Premier', text: 'Un' }));

    const cleared = await call('DELETE', '/api/dev/outbox', { token: admin.token });
    expect(cleared.status).toBe(204);
    expect((await call('GET', '/api/dev/outbox', { token: admin.token })).body.messages).toEqual([]);
  });

  it('without a session both answer 401 and the outbox is kept', async () => {
    const admin = await createUserAndLogin('administrator');
    await getDeps().mailer.send({ to: ['garde@exemple.fr'], subject: 'Gardé', text: 'Gardé' });

    expect((await call('GET', '/api/dev/outbox')).status).toBe(401);
    expect((await call('DELETE', '/api/dev/outbox')).status).toBe(401);
    expect(
      (await call('GET', '/api/dev/outbox', { token: admin.token })).body.messages.some((message: { subject?: string }) => message.subject === 'Gardé'),
    ).toBe(true);
  });

  it('a buyer is refused both (403) and the outbox is kept', async () => {
    const admin = await createUserAndLogin('administrator');
    const buyer = await createUserAndLogin('customer');
    await getDeps().mailer.send({ to: ['acquereur@exemple.fr'], subject: 'Lien de réinitialisation', text: 'Secret' });

    expect((await call('GET', '/api/dev/outbox', { token: buyer.token })).status).toBe(403);
    expect((await call('DELETE', '/api/dev/outbox', { token: buyer.token })).status).toBe(403);
    expect(
      (await call('GET', '/api/dev/outbox', { token: admin.token })).body.messages.some(
        (message: { subject?: string }) => message.subject === 'Lien de réinitialisation',
      ),
    ).toBe(true);
  });
});
