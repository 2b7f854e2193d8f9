import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin } from '../../support/test-api';

async function newProgram(token: string, name = 'Le Clos des Vignes') {
  const response = await call('POST', '/api/program/create', { token, body: { name, promotername: 'Vignes Promotion', colors: ['rgb(67, 99, 134)'] } });
  expect(response.status).toBe(201);
  return response.body;
}

describe('program lists and creation (part 3 §2, §4, §5)', () => {
  it('program ids are 24 hexadecimal characters and the creator owns the program', async () => {
    const promoter = await createUserAndLogin('promoter');
    const program = await newProgram(promoter.token);
    expect(program._id).toMatch(/^[a-f0-9]{24}$/);
    expect(program.owner).toBe(promoter.user._id);
    expect(program).toEqual(expect.objectContaining({ isArchived: false, isClientFileSent: false, authorized: [] }));
  });

  it('creation requires name, promoter name and a colour', async () => {
    const promoter = await createUserAndLogin('promoter');
    const response = await call('POST', '/api/program/create', { token: promoter.token, body: { name: '', colors: [] } });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['colors', 'name', 'promotername']);
  });

  it('filters: Actifs on and Archivés off by default; each combination lists the right programs', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await createUserAndLogin('promoter');
    const active = await newProgram(promoter.token, 'Actif');
    const archived = await newProgram(promoter.token, 'Archivé');
    await call('PATCH', `/api/programs/${archived._id}`, { token: promoter.token, body: { isArchived: true } });
    const ids = async (query: string, token = admin.token, path = '/api/admin/programs') =>
      ((await call('GET', `${path}${query}`, { token })).body as { _id: string }[]).map((program) => program._id);
    expect(await ids('')).toEqual(expect.arrayContaining([active._id]));
    expect(await ids('')).not.toContain(archived._id);
    expect(await ids('?isActifSelected=false&isArchivedSelected=true')).toEqual(expect.arrayContaining([archived._id]));
    expect(await ids('?isActifSelected=false&isArchivedSelected=true')).not.toContain(active._id);
    expect(await ids('?isArchivedSelected=true', promoter.token, '/api/users/me/programs')).toEqual([archived._id, active._id]);
  });

  it('a promoter lists only their own programs; an AMO the union of own and authorized ones, without duplicates', async () => {
    const promoter = await createUserAndLogin('promoter');
    const other = await createUserAndLogin('promoter');
    const amo = await createUserAndLogin('amo');
    const mine = await newProgram(promoter.token, 'À moi');
    await newProgram(other.token, 'Pas à moi');
    const amoOwn = await newProgram(amo.token, "Programme de l'AMO");
    await call('PATCH', `/api/programs/${mine._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } });
    const promoterList = (await call('GET', '/api/users/me/programs', { token: promoter.token })).body;
    expect(promoterList.map((program: { _id: string }) => program._id)).toEqual([mine._id]);
    const amoList = (await call('GET', '/api/amo/programs', { token: amo.token })).body.map((program: { _id: string }) => program._id);
    expect(amoList.sort()).toEqual([mine._id, amoOwn._id].sort());
  });

  it("part 3 §6: a role without the program list gets 'Vous n'avez pas les permissions pour accéder à la liste des programmes'", async () => {
    const promoter = await createUserAndLogin('promoter');
    const customer = await createUserAndLogin('customer');
    for (const [token, path] of [
      [promoter.token, '/api/admin/programs'],
      [customer.token, '/api/users/me/programs'],
      [customer.token, '/api/amo/programs'],
    ]) {
      const response = await call('GET', path, { token });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe("Vous n'avez pas les permissions pour accéder à la liste des programmes");
    }
  });

  it("only administrators delete programs: others get 'Vous n'avez pas la permission d'effectuer cette opération.'", async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await createUserAndLogin('promoter');
    const program = await newProgram(promoter.token);
    const refused = await call('DELETE', `/api/programs/${program._id}`, { token: promoter.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.forbidden);
    const deleted = await call('DELETE', `/api/programs/${program._id}`, { token: admin.token });
    expect(deleted.body).toEqual({ message: 'Programme supprimé !', state: 'deleting' });
    expect((await call('GET', `/api/programs/${program._id}`, { token: admin.token })).body.message).toBe("Le projet demandé n'existe pas.");
    expect((await call('GET', '/api/users/me/programs', { token: promoter.token })).body).toEqual([]);
  });
});

describe('program settings PATCH /programs/{id} (part 3 §5)', () => {
  it("saves every field and answers 'Paramètres du projet correctement mis à jour'", async () => {
    const promoter = await createUserAndLogin('promoter');
    const program = await newProgram(promoter.token);
    const settings = {
      name: 'Le Clos des Vignes II',
      promoterUrl: 'https://www.vignes-promotion.fr',
      mailrespclient: 'Relation@Vignes.fr',
      adressenumero: '14 bis',
      adresserue: 'chemin des Vignes',
      adressecodepostal: '33000',
      adresseville: 'Bordeaux',
      adressepays: 'France',
      colors: ['rgb(10, 20, 30)', '#aabbcc'],
      isArchived: false,
    };
    const saved = await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: settings });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Paramètres du projet correctement mis à jour');
    const reloaded = (await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body;
    expect(reloaded).toEqual(expect.objectContaining({ ...settings, mailrespclient: 'relation@vignes.fr', promotername: 'Vignes Promotion', lotCount: 0 }));
  });

  it.each([
    [{ promoterUrl: 'pas une adresse' }, 'Veuillez renseigner une adresse internet valide'],
    [{ mailrespclient: 'pas-un-mail' }, 'Veuillez renseigner une adresse mail valide'],
    [{ adressenumero: 'douze' }, 'Veuillez renseigner un chiffre ou un nombre pour le numero de rue...'],
  ])('refuses %j with its message', async (patch, message) => {
    const promoter = await createUserAndLogin('promoter');
    const program = await newProgram(promoter.token);
    const response = await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: patch });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('the authorized list accepts AMO accounts only, and grants and withdraws access', async () => {
    const promoter = await createUserAndLogin('promoter');
    const amo = await createUserAndLogin('amo');
    const otherPromoter = await createUserAndLogin('promoter');
    const program = await newProgram(promoter.token);
    expect((await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { authorized: [otherPromoter.user._id] } })).status).toBe(400);
    await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } });
    expect((await call('GET', `/api/programs/${program._id}`, { token: amo.token })).status).toBe(200);
    await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { authorized: [] } });
    expect((await call('GET', `/api/programs/${program._id}`, { token: amo.token })).status).toBe(403);
  });

  it('two saves of the same settings at once: both land (no lost update of the access list)', async () => {
    const promoter = await createUserAndLogin('promoter');
    const amo = await createUserAndLogin('amo');
    const program = await newProgram(promoter.token);
    const results = await Promise.all([
      call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } }),
      call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { adresseville: 'Lyon' } }),
    ]);
    const statuses = results.map((result) => result.status).sort();
    // One may be refused as a conflict (409, reload and retry), never silently overwritten.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const reloaded = (await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body;
    if (results[0].status === 200) expect(reloaded.authorized).toEqual([amo.user._id]);
    if (results[1].status === 200) expect(reloaded.adresseville).toBe('Lyon');
  });
});
