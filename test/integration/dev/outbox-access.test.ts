import { createApiDispatcher } from '../../../infra/local/api-dispatcher';
import { listRoutes, localOnlyRoutes } from '../../../functions/api-routes';
import { getDeps } from '../../../functions/runtime/deps';
import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, ensureTestTable, uniqueIp } from '../../support/test-api';

const outboxRoutes = Object.values(localOnlyRoutes).flat();

describe('the local outbox is for administrators only, and only on the local runtime (part 1 §6)', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each(['customer', 'promoter', 'amo', 'moderator'] as const)('a %s neither reads nor clears the outbox (403)', async (role) => {
    const { token } = await createUserAndLogin(role);
    for (const method of ['GET', 'DELETE']) {
      const response = await call(method, '/api/dev/outbox', { token });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(messages.forbidden);
    }
  });

  it("a self-registered account cannot read the administrator's reset link", async () => {
    const admin = await createUserAndLogin('administrator');
    await call('POST', '/api/user/forgot', { body: { email: admin.email }, ip: uniqueIp() });
    const registered = await call('POST', '/api/user', {
      body: {
        firstname: 'Eve',
        lastname: 'Pirate',
        enterprise: 'X',
        username: `eve${Date.now()}`,
        email: `eve${Date.now()}@test.livrea.fr`,
        password: 'mot-de-passe-eve',
        role: 'customer',
      },
      ip: uniqueIp(),
    });
    expect(registered.status).toBe(201);
    const outbox = await call('GET', '/api/dev/outbox', { token: registered.body.token });
    expect(outbox.status).toBe(403);
    expect(outbox.raw.toString('utf8')).not.toContain('reset-password');
  });

  it('an administrator reads and clears it on the local runtime', async () => {
    const { token } = await createUserAndLogin('administrator');
    const read = await call('GET', '/api/dev/outbox', { token });
    expect(read.status).toBe(200);
    expect(Array.isArray(read.body.messages)).toBe(true);
    expect((await call('DELETE', '/api/dev/outbox', { token })).status).toBe(204);
    expect((await call('GET', '/api/dev/outbox', { token })).body.messages).toEqual([]);
  });

  it('the routes exist only when the local routes are served: an AWS route table has none of them', async () => {
    await ensureTestTable();
    const { token } = await createUserAndLogin('administrator');
    const deployed = createApiDispatcher({ includeLocalRoutes: false });
    for (const method of ['GET', 'DELETE']) {
      const response = await deployed({ method, url: '/api/dev/outbox', headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(404);
    }
    const deployedKeys = listRoutes(false).map((route) => `${route.method} ${route.path}`);
    for (const key of outboxRoutes) expect(deployedKeys).not.toContain(key);
    expect(listRoutes(true).map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining(outboxRoutes));
  });

  it("the handler itself answers 404 to an administrator when the runtime is not 'local'", async () => {
    const { token } = await createUserAndLogin('administrator');
    const deps = getDeps();
    jest.replaceProperty(deps, 'config', { ...deps.config, runtime: 'aws' });
    for (const method of ['GET', 'DELETE']) {
      const response = await call(method, '/api/dev/outbox', { token });
      expect(response.status).toBe(404);
    }
  });
});
