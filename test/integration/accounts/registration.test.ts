import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

const valid = {
  gender: 'Madame',
  firstname: 'Camille',
  lastname: 'Lemoine',
  enterprise: 'Lemoine Immobilier',
  username: 'clemoine',
  email: 'camille.lemoine@test.livrea.fr',
  password: 'un-bon-mot-de-passe',
  role: 'customer',
};

describe('registration POST /user (part 1 §2, §5)', () => {
  it('creates the account, signs it in and the new token works', async () => {
    const response = await call('POST', '/api/user', { body: valid, ip: uniqueIp() });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual(expect.objectContaining({ role: 'customer', username: 'clemoine', lastname: 'Lemoine' }));
    const me = await call('GET', '/api/users/me', { token: response.body.token });
    expect(me.body).toEqual(expect.objectContaining({ email: valid.email, enterprise: 'Lemoine Immobilier' }));
    expect(me.body.passwordHash).toBeUndefined();
  });

  it('an e-mail already used is refused with 409, whatever its case', async () => {
    await call('POST', '/api/user', { body: { ...valid, email: 'double@test.livrea.fr', username: 'double1' }, ip: uniqueIp() });
    const again = await call('POST', '/api/user', { body: { ...valid, email: 'DOUBLE@test.livrea.fr', username: 'double2' }, ip: uniqueIp() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.emailTaken);
  });

  it('two registrations of one e-mail at once: exactly one account', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call('POST', '/api/user', { body: { ...valid, email: 'course@test.livrea.fr', username: `course${index}` }, ip: uniqueIp() }),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it("required fields, each message naming its field ('Prénom : Obligatoire'), and the role message 'Veuillez sélectionner un role !'", async () => {
    const response = await call('POST', '/api/user', { body: { email: 'x@test.livrea.fr', password: 'court' }, ip: uniqueIp() });
    expect(response.status).toBe(400);
    const byPath = Object.fromEntries(response.body.errors.map((error: { path: string; message: string }) => [error.path, error.message]));
    expect(byPath).toEqual(
      expect.objectContaining({
        role: messages.roleRequired,
        password: messages.passwordTooShort,
        firstname: `Prénom : ${messages.required}`,
        enterprise: `Entreprise : ${messages.required}`,
      }),
    );
    expect(response.body.message).toMatch(/ : /);
  });

  it('self-registration cannot create an administrator', async () => {
    const response = await call('POST', '/api/user', {
      body: { ...valid, email: 'pirate@test.livrea.fr', username: 'pirate', role: 'administrator' },
      ip: uniqueIp(),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ path: 'role', message: messages.roleRequired });
  });

  it.each(['promoter', 'amo'])('self-registration cannot create a %s account: 403, French message, no account (part 1 §6)', async (role) => {
    const email = `staff-${role}-${Date.now()}@test.livrea.fr`;
    const response = await call('POST', '/api/user', { body: { ...valid, email, username: `staff-${role}-${Date.now()}`, role }, ip: uniqueIp() });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.staffRoleByAdministrator);
    expect(response.body.token).toBeUndefined();
    const login = await call('POST', '/api/users/login', { body: { email, password: valid.password }, ip: uniqueIp() });
    expect(login.status).toBe(401);
  });

  it('a signed-in promoter cannot grant itself (or anyone) a staff role through POST /user', async () => {
    const promoter = await createUserAndLogin('promoter');
    const response = await call('POST', '/api/user', {
      body: { ...valid, email: `par-promoteur-${Date.now()}@test.livrea.fr`, username: `parpromo${Date.now()}`, role: 'promoter' },
      token: promoter.token,
      ip: uniqueIp(),
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.staffRoleByAdministrator);
  });

  it('an administrator creates a staff account (part 3 §7 POST /user) and keeps its own session', async () => {
    const admin = await createUserAndLogin('administrator');
    const email = `nouvel-amo-${Date.now()}@test.livrea.fr`;
    const response = await call('POST', '/api/user', {
      body: { ...valid, email, username: `nouvelamo${Date.now()}`, role: 'amo' },
      token: admin.token,
      ip: uniqueIp(),
    });
    expect(response.status).toBe(201);
    expect(response.body.token).toBeUndefined();
    expect(response.body.user).toEqual(expect.objectContaining({ role: 'amo' }));
    const login = await call('POST', '/api/users/login', { body: { email, password: valid.password }, ip: uniqueIp() });
    expect(login.body.user.role).toBe('amo');
    expect((await call('GET', '/api/users/me', { token: admin.token })).body.role).toBe('administrator');
  });
});
