import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----livrea-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile GET/PATCH /users/me and avatar (part 1 §5, §7)', () => {
  it('updates personal information and phones', async () => {
    const { token } = await createUserAndLogin('promoter');
    const response = await call('PATCH', '/api/users/me', {
      token,
      body: { firstname: 'Nina', telephonemonsieur: '06 12 34 56 78', mailmadame: 'Nina@Test.fr' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ firstname: 'Nina', telephonemonsieur: '06 12 34 56 78', mailmadame: 'nina@test.fr' }));
    expect((await call('GET', '/api/users/me', { token })).body.firstname).toBe('Nina');
  });

  it("a malformed phone is refused with 'Veuillez renseigner au moins un numéro de téléphone (format : 0689... ou +337...)'", async () => {
    const { token } = await createUserAndLogin('amo');
    const response = await call('PATCH', '/api/users/me', { token, body: { telephonemonsieur: '12345' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.phoneInvalid);
  });

  it('a key the account page does not edit (role, email) is refused in French, not silently dropped; the account is unchanged', async () => {
    const { token } = await createUserAndLogin('amo');
    const response = await call('PATCH', '/api/users/me', { token, body: { firstname: 'Nina', role: 'administrator', email: 'autre@test.fr' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Champ non modifiable sur le compte : role, email.');
    const me = (await call('GET', '/api/users/me', { token })).body;
    expect({ role: me.role, firstname: me.firstname }).toEqual({ role: 'amo', firstname: expect.not.stringMatching(/^Nina$/) });
  });

  it('a password change needs the right old password', async () => {
    const { token, email, password } = await createUserAndLogin('promoter');
    const without = await call('PATCH', '/api/users/me', { token, body: { newPassword: 'nouveau-mdp-1' } });
    expect(without.status).toBe(400);
    const wrong = await call('PATCH', '/api/users/me', { token, body: { newPassword: 'nouveau-mdp-1', oldPassword: 'pas-le-bon' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.wrongOldPassword);
    const right = await call('PATCH', '/api/users/me', { token, body: { newPassword: 'nouveau-mdp-1', oldPassword: password } });
    expect(right.status).toBe(200);
    expect((await call('POST', '/api/users/login', { body: { email, password: 'nouveau-mdp-1' }, ip: uniqueIp() })).status).toBe(200);
  });

  it("a password change ends the account's other sessions (498), the one that made it stays usable", async () => {
    const { token, email, password } = await createUserAndLogin('amo');
    const other = await call('POST', '/api/users/login', { body: { email, password, remember: true }, ip: uniqueIp() });
    expect((await call('GET', '/api/users/me', { token: other.body.token })).status).toBe(200);
    const changed = await call('PATCH', '/api/users/me', { token, body: { newPassword: 'nouveau-mdp-2', oldPassword: password } });
    expect(changed.status).toBe(200);
    const revoked = await call('GET', '/api/users/me', { token: other.body.token });
    expect(revoked.status).toBe(498);
    expect(revoked.body.message).toBe(messages.sessionExpired);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(200);
    expect((await call('PATCH', '/api/users/me', { token, body: { firstname: 'Encore' } })).status).toBe(200);
    // A change of anything but the password ends nothing.
    const again = await call('POST', '/api/users/login', { body: { email, password: 'nouveau-mdp-2' }, ip: uniqueIp() });
    await call('PATCH', '/api/users/me', { token, body: { lastname: 'Autre' } });
    expect((await call('GET', '/api/users/me', { token: again.body.token })).status).toBe(200);
  });

  it('avatar: a PNG is stored and served back; other types and oversized files are refused', async () => {
    const { token, user } = await createUserAndLogin('amo');
    const upload = await call('POST', '/api/users/me/avatar', { token, ...multipart('avatar', 'moi.png', 'image/png', png) });
    expect(upload.status).toBe(200);
    expect(upload.body.message).toBe(messages.avatarSent);
    const served = await call('GET', `/api/users/${user._id}/avatar`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.raw.equals(png)).toBe(true);
    expect((await call('GET', '/api/users/me', { token })).body.hasAvatar).toBe(true);

    const disguised = await call('POST', '/api/users/me/avatar', {
      token,
      ...multipart('avatar', 'x.png', 'image/png', Buffer.from('#!/bin/sh\necho pirate')),
    });
    expect(disguised.status).toBe(415);
    const huge = await call('POST', '/api/users/me/avatar', {
      token,
      ...multipart('avatar', 'big.png', 'image/png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])),
    });
    expect(huge.status).toBe(413);
  });

  it('an account without avatar answers 404 (the SPA shows initials)', async () => {
    const { user } = await createUserAndLogin('amo');
    expect((await call('GET', `/api/users/${user._id}/avatar`)).status).toBe(404);
  });
});

describe('role permissions on account routes (part 1 §6)', () => {
  it('AMO lists are for staff: a buyer gets 403 with the French message', async () => {
    const buyer = await createUserAndLogin('customer');
    const refused = await call('GET', '/api/users/amos', { token: buyer.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.forbidden);
    const amo = await createUserAndLogin('amo', { lastname: 'Zola' });
    const promoter = await createUserAndLogin('promoter');
    const listed = await call('GET', '/api/users/amos', { token: promoter.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ _id: amo.user._id, lastname: 'Zola' })]));
    const picked = await call('POST', '/api/users/amos', { token: promoter.token, body: { ids: [amo.user._id, promoter.user._id] } });
    expect(picked.body).toEqual([{ _id: amo.user._id, firstname: 'Test', lastname: 'Zola', hasAvatar: false }]);
  });
});
