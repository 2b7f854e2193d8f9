import { decodeJwt } from 'jose';
import { adminUserMessages } from '../../../shared/messages/admin';
import { auditLogMessages } from '../../../shared/messages/admin';
import { permissionsMessages } from '../../../shared/messages/admin';
import { freePlanning } from '../planning-actions/support';
import { programWithLots } from '../../support/planning-fixtures';
import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

const programIds = (body: { _id: string }[]) => body.map((program) => program._id).sort();

describe('part 3 §2 Program permissions and user permissions: what the server enforces', () => {
  it('GET/PATCH /admin/permissions/programs: an AMO given a program in the table reaches it, and loses it when removed', async () => {
    const { admin, promoter, program } = await programWithLots(1);
    const amo = await createUserAndLogin('amo');
    expect((await call('GET', `/api/programs/${program._id}`, { token: amo.token })).status).toBe(403);
    const saved = await call('PATCH', `/api/admin/permissions/programs/${program._id}`, { token: admin.token, body: { authorized: [amo.user._id] } });
    expect(saved.status).toBe(200);
    expect(saved.body.row.authorized).toEqual([{ _id: amo.user._id, name: `Test ${amo.user.lastname}` }]);
    const rows = (await call('GET', '/api/admin/permissions/programs', { token: admin.token })).body;
    expect(rows.find((row: { _id: string }) => row._id === program._id)).toEqual(
      expect.objectContaining({
        name: program.name,
        owner: { _id: promoter.user._id, name: `Test ${promoter.user.lastname}` },
        authorized: [expect.objectContaining({ _id: amo.user._id })],
      }),
    );
    expect((await call('GET', `/api/programs/${program._id}`, { token: amo.token })).status).toBe(200);
    await call('PATCH', `/api/admin/permissions/programs/${program._id}`, { token: admin.token, body: { authorized: [] } });
    expect((await call('GET', `/api/programs/${program._id}`, { token: amo.token })).status).toBe(403);
    expect((await call('GET', '/api/admin/permissions/programs', { token: promoter.token })).status).toBe(403);
  });

  it('GET/PATCH /admin/permissions/users: the programs an AMO is authorized on, set from the user side', async () => {
    const first = await programWithLots(1);
    const second = await programWithLots(1);
    const amo = await createUserAndLogin('amo');
    const saved = await call('PATCH', `/api/admin/permissions/users/${amo.user._id}`, {
      token: first.admin.token,
      body: { authorized: [first.program._id, second.program._id] },
    });
    expect(saved.status).toBe(200);
    expect(programIds((await call('GET', '/api/amo/programs?isActifSelected=true&isArchivedSelected=false', { token: amo.token })).body)).toEqual(
      [first.program._id, second.program._id].sort(),
    );
    await call('PATCH', `/api/admin/permissions/users/${amo.user._id}`, { token: first.admin.token, body: { authorized: [second.program._id] } });
    const rows = (await call('GET', '/api/admin/permissions/users', { token: first.admin.token })).body;
    expect(rows.find((row: { _id: string }) => row._id === amo.user._id).authorized).toEqual([{ _id: second.program._id, name: second.program.name }]);
    expect((await call('GET', `/api/programs/${first.program._id}`, { token: amo.token })).status).toBe(403);
  });

  it('GET /admin/permissions/users lists every role holding program permissions: AMOs (authorized) and promoters (owners)', async () => {
    const { admin, promoter, program } = await programWithLots(1);
    const amo = await createUserAndLogin('amo');
    const customer = await createUserAndLogin('customer');
    const rows = (await call('GET', '/api/admin/permissions/users', { token: admin.token })).body as {
      _id: string;
      role: string;
      owned: unknown[];
      authorized: unknown[];
    }[];
    expect(rows.find((row) => row._id === promoter.user._id)).toEqual(
      expect.objectContaining({ role: 'promoter', owned: [{ _id: program._id, name: program.name }], authorized: [] }),
    );
    expect(rows.find((row) => row._id === amo.user._id)).toEqual(expect.objectContaining({ role: 'amo', owned: [], authorized: [] }));
    expect(rows.some((row) => row._id === customer.user._id || row._id === admin.user._id)).toBe(false);
  });

  it('a save that changes nothing says so, on the program side and on the user side', async () => {
    const { admin, program } = await programWithLots(1);
    const amo = await createUserAndLogin('amo');
    const granted = await call('PATCH', `/api/admin/permissions/programs/${program._id}`, { token: admin.token, body: { authorized: [amo.user._id] } });
    expect(granted.body.message).toBe(permissionsMessages.saved);
    const again = await call('PATCH', `/api/admin/permissions/programs/${program._id}`, { token: admin.token, body: { authorized: [amo.user._id] } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(permissionsMessages.unchanged);
    expect(again.body.row.authorized).toEqual([expect.objectContaining({ _id: amo.user._id })]);
    const fromUser = await call('PATCH', `/api/admin/permissions/users/${amo.user._id}`, { token: admin.token, body: { authorized: [program._id] } });
    expect(fromUser.body.message).toBe(permissionsMessages.unchanged);
    const removed = await call('PATCH', `/api/admin/permissions/users/${amo.user._id}`, { token: admin.token, body: { authorized: [] } });
    expect(removed.body.message).toBe(permissionsMessages.saved);
  });
});

describe('part 3 §4 Impersonation: GET /admin/simulate/{id}', () => {
  it('gives the user a token naming the administrator (`act`), expiring within an hour; the AMO sees only the granted program', async () => {
    const granted = await programWithLots(1);
    const other = await programWithLots(1);
    const amo = await createUserAndLogin('amo');
    await call('PATCH', `/api/admin/permissions/programs/${granted.program._id}`, { token: granted.admin.token, body: { authorized: [amo.user._id] } });
    const simulated = await call('GET', `/api/admin/simulate/${amo.user._id}`, { token: granted.admin.token });
    expect(simulated.status).toBe(200);
    expect(simulated.body.user).toEqual(expect.objectContaining({ _id: amo.user._id, role: 'amo', username: amo.user.username }));
    const claims = decodeJwt(simulated.body.token);
    expect(claims.sub).toBe(amo.user._id);
    expect(claims.act).toEqual({ sub: granted.admin.user._id, sid: decodeJwt(granted.admin.token).jti });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    const programs = (await call('GET', '/api/amo/programs?isActifSelected=true&isArchivedSelected=false', { token: simulated.body.token })).body;
    expect(programIds(programs)).toEqual([granted.program._id]);
    expect((await call('GET', `/api/programs/${other.program._id}`, { token: simulated.body.token })).status).toBe(403);
  });

  it('an impersonation token cannot start another impersonation, even of an administrator (403), nor reach admin routes', async () => {
    const admin = await createUserAndLogin('administrator');
    const [amo, promoter] = await Promise.all([createUserAndLogin('amo'), createUserAndLogin('promoter')]);
    const simulated = (await call('GET', `/api/admin/simulate/${amo.user._id}`, { token: admin.token })).body.token;
    const nested = await call('GET', `/api/admin/simulate/${promoter.user._id}`, { token: simulated });
    expect(nested.status).toBe(403);
    expect(nested.body.message).toBe(adminUserMessages.noNestedSimulation);
    const list = await call('GET', '/api/admin/users', { token: simulated });
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(adminUserMessages.listForbidden);
    const otherAdmin = await createUserAndLogin('administrator');
    const ofAdmin = await call('GET', `/api/admin/simulate/${otherAdmin.user._id}`, { token: admin.token });
    expect(ofAdmin.status).toBe(403);
    expect(ofAdmin.body.message).toBe(adminUserMessages.cannotSimulateAdministrator);
  });

  it('a write made while impersonating is in the meeting history with both identities and in the audit log the administrator reads', async () => {
    const setup = await freePlanning({ lots: 2 });
    const simulated = (await call('GET', `/api/admin/simulate/${setup.promoter.user._id}`, { token: setup.admin.token })).body.token;
    const [meeting] = setup.meetings;
    const edited = await call('POST', `/api/rdv/${setup.planningId}/update-notifications`, {
      token: simulated,
      body: { uuids: [meeting.uuid], notifMail: false, notifSMS: true },
    });
    expect(edited.status).toBe(200);
    const history = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}/history`, { token: setup.admin.token })).body.history;
    expect(history.at(-1).by).toEqual({
      _id: setup.promoter.user._id,
      name: `Test ${setup.promoter.user.lastname}`,
      impersonator: { _id: setup.admin.user._id, name: `Test ${setup.admin.user.lastname}` },
    });
    const audit = (await call('GET', '/api/admin/audit-log', { token: setup.admin.token })).body.entries;
    expect(audit[0]).toEqual(
      expect.objectContaining({
        administratorId: setup.admin.user._id,
        userId: setup.promoter.user._id,
        action: 'Notifications du planning modifiées',
        status: 200,
      }),
    );
    expect(audit.some((entry: { action: string }) => entry.action === 'Début de simulation')).toBe(true);
    // Without impersonation nothing is audited, and the history names one person.
    await call('POST', `/api/rdv/${setup.planningId}/update-notifications`, {
      token: setup.promoter.token,
      body: { uuids: [meeting.uuid], notifMail: true, notifSMS: true },
    });
    expect((await call('GET', '/api/admin/audit-log', { token: setup.admin.token })).body.entries).toHaveLength(audit.length);
    const latest = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}/history`, { token: setup.admin.token })).body.history.at(-1);
    expect(latest.by.impersonator).toBeUndefined();
  });

  describe("the audit log records 'Fin de simulation' once, however the simulation ends (part 3 §4)", () => {
    const simulationSteps = async (admin: { token: string; user: { _id: string } }, userId: string) =>
      (
        (await call('GET', '/api/admin/audit-log?limit=100', { token: admin.token })).body.entries as {
          administratorId: string;
          userId: string;
          action: string;
        }[]
      )
        .filter((entry) => entry.administratorId === admin.user._id && entry.userId === userId)
        .map((entry) => entry.action)
        .reverse();
    const simulate = async () => {
      const [admin, amo] = await Promise.all([createUserAndLogin('administrator'), createUserAndLogin('amo')]);
      const simulated = (await call('GET', `/api/admin/simulate/${amo.user._id}`, { token: admin.token })).body.token as string;
      // The administrator signs in again to read the log: the simulation's session stays the first one.
      const reader = await call('POST', '/api/users/login', { body: { email: admin.email, password: admin.password }, ip: uniqueIp() });
      return { admin, amo, simulated, reader: { token: reader.body.token as string, user: admin.user } };
    };

    it("the administrator's own logout (API) ends the simulation and records its end; the simulated token no longer works", async () => {
      const { admin, amo, simulated, reader } = await simulate();
      expect((await call('POST', '/api/users/logout', { token: admin.token })).status).toBe(204);
      expect((await call('GET', '/api/users/me', { token: simulated })).status).not.toBe(200);
      expect(await simulationSteps(reader, amo.user._id)).toEqual(['Début de simulation', 'Fin de simulation']);
    });

    it("the simulated session's logout, then the administrator's (the web app's sign-out and its re-login with a stored simulation): one end", async () => {
      const { admin, amo, simulated, reader } = await simulate();
      expect((await call('POST', '/api/users/logout', { token: simulated })).status).toBe(204);
      expect((await call('POST', '/api/users/logout', { token: admin.token })).status).toBe(204);
      expect(await simulationSteps(reader, amo.user._id)).toEqual(['Début de simulation', 'Fin de simulation']);
    });
  });

  it('GET /admin/audit-log pages newest first with a cursor, refuses a malformed page and non-administrators', async () => {
    const admin = await createUserAndLogin('administrator');
    const amo = await createUserAndLogin('amo');
    for (let index = 0; index < 3; index += 1) await call('GET', `/api/admin/simulate/${amo.user._id}`, { token: admin.token });
    const first = await call('GET', '/api/admin/audit-log?limit=2', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call('GET', `/api/admin/audit-log?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: admin.token });
    const all = (await call('GET', '/api/admin/audit-log?limit=100', { token: admin.token })).body.entries;
    expect([...first.body.entries, ...second.body.entries].map((entry: { id: string }) => entry.id)).toEqual(
      all.slice(0, 4).map((entry: { id: string }) => entry.id),
    );
    const ats = all.map((entry: { at: string }) => entry.at);
    expect(ats).toEqual([...ats].sort().reverse());
    for (const query of ['limit=0', 'limit=101', 'cursor=abc']) {
      const refused = await call('GET', `/api/admin/audit-log?${query}`, { token: admin.token });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(auditLogMessages.invalidPage);
    }
    expect((await call('GET', '/api/admin/audit-log', { token: amo.token })).status).toBe(403);
  });

  describe("a simulated session is tied to the administrator's session it was started from", () => {
    const programBody = { name: 'Programme simulé', promotername: 'Simulation SA', colors: ['rgb(67, 99, 134)'] };

    /** A second administrator simulates a promoter; the simulated token reads and writes. */
    async function simulation() {
      const [admin, other, promoter] = await Promise.all([
        createUserAndLogin('administrator'),
        createUserAndLogin('administrator'),
        createUserAndLogin('promoter'),
      ]);
      const simulated = (await call('GET', `/api/admin/simulate/${promoter.user._id}`, { token: admin.token })).body.token as string;
      expect((await call('GET', '/api/users/me', { token: simulated })).body._id).toBe(promoter.user._id);
      expect((await call('POST', '/api/program/create', { token: simulated, body: programBody })).status).toBe(201);
      return { admin, other, promoter, simulated };
    }

    /** The simulated token answers as any revoked token does, for a read and for a write. */
    async function expectEnded(simulated: string) {
      const read = await call('GET', '/api/users/me', { token: simulated });
      expect(read.status).toBe(498);
      expect(read.body.message).toBe(messages.sessionExpired);
      expect((await call('POST', '/api/program/create', { token: simulated, body: programBody })).status).toBe(498);
    }

    it('ends when the administrator logs out', async () => {
      const { admin, promoter, simulated } = await simulation();
      expect((await call('POST', '/api/users/logout', { token: admin.token })).status).toBe(204);
      await expectEnded(simulated);
      // The simulated user's own session is not touched.
      expect((await call('GET', '/api/users/me', { token: promoter.token })).status).toBe(200);
    });

    it('ends when the administrator loses the administrator role', async () => {
      const { admin, other, simulated } = await simulation();
      expect((await call('PATCH', `/api/admin/users/${admin.user._id}`, { token: other.token, body: { role: 'promoter' } })).status).toBe(200);
      await expectEnded(simulated);
    });

    it('ends when the administrator is deleted', async () => {
      const { admin, other, simulated } = await simulation();
      expect((await call('DELETE', `/api/admin/users/${admin.user._id}`, { token: other.token })).status).toBe(200);
      await expectEnded(simulated);
    });

    it('ends when the administrator ends the simulation, and the administrator stays signed in', async () => {
      const { admin, simulated } = await simulation();
      expect((await call('POST', '/api/users/logout', { token: simulated })).status).toBe(204);
      await expectEnded(simulated);
      expect((await call('GET', '/api/users/me', { token: admin.token })).status).toBe(200);
    });

    it("ends when the administrator's other sessions end on a password change made elsewhere, and never outlives the administrator's token", async () => {
      const { admin, simulated } = await simulation();
      const elsewhere = await call('POST', '/api/users/login', { body: { email: admin.email, password: admin.password }, ip: uniqueIp() });
      expect(
        (await call('PATCH', '/api/users/me', { token: elsewhere.body.token, body: { oldPassword: admin.password, newPassword: 'nouveau-mdp-9' } })).status,
      ).toBe(200);
      await expectEnded(simulated);
      const session = await call('POST', '/api/users/login', { body: { email: admin.email, password: 'nouveau-mdp-9' }, ip: uniqueIp() });
      const promoter = await createUserAndLogin('promoter');
      const again = (await call('GET', `/api/admin/simulate/${promoter.user._id}`, { token: session.body.token })).body.token as string;
      expect(decodeJwt(again).exp!).toBeLessThanOrEqual(decodeJwt(session.body.token).exp!);
    });

    it('its audit entries name both the administrator and the simulated user', async () => {
      const { admin, promoter, simulated } = await simulation();
      await call('POST', '/api/users/logout', { token: simulated });
      const entries = (await call('GET', '/api/admin/audit-log?limit=100', { token: admin.token })).body.entries as {
        administratorId: string;
        administratorName: string;
        userId: string;
        userName: string;
        action: string;
      }[];
      const mine = entries.filter((entry) => entry.administratorId === admin.user._id);
      expect(mine.map((entry) => entry.action).reverse()).toEqual(['Début de simulation', 'Programme créé', 'Fin de simulation']);
      for (const entry of mine) {
        expect(entry).toEqual(
          expect.objectContaining({ administratorName: `Test ${admin.user.lastname}`, userId: promoter.user._id, userName: `Test ${promoter.user.lastname}` }),
        );
      }
    });
  });
});
