import { call, createUserAndLogin } from '../../support/test-api';
import { inDays, mailsTo, promoterWithLogo, tour, visitBody, visitId } from './support';
import { raceOnWorkers } from '../../support/test-pool';

/** Part 3 §2: /admin/visites — visits and their promoters (part 3 §2, §5, §7). */
describe('virtual visits administration', () => {
  it('part 3 §7 POST /vv: an administrator creates a visit with two links; the list shows it active, unseen, not notified', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const body = visitBody(promoter);
    const created = await call('POST', '/api/vv', { token: admin.token, body });
    expect(created.status).toBe(201);
    expect(created.body.vrUuid).toBe(body.uuid);

    const list = await call('GET', '/api/vv-open', { token: admin.token });
    expect(list.status).toBe(200);
    const visit = list.body.visits.find((candidate: { uuid: string }) => candidate.uuid === body.uuid);
    expect(visit).toEqual(
      expect.objectContaining({ name: 'Mme Durand', promoterName: 'Lac Promotion', status: 'active', counter: 0, notified: false, payload: body.payload }),
    );
  });

  it('part 2 §5: with sendMail the link mail is a job written with the visit; the outbox holds it and the visit is notified', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const address = `vv-${visitId().toLowerCase()}@exemple.fr`;
    const body = visitBody(promoter, { email: address, sendMail: true });
    expect((await call('POST', '/api/vv', { token: admin.token, body })).status).toBe(201);

    const [mail] = await mailsTo(address);
    expect(mail.subject).toBe('Lac Promotion : votre visite virtuelle Appartement A12');
    expect(mail.text).toContain(`/immersion/${body.uuid}`);
    expect(mail.text).toContain('Bienvenue dans votre futur logement.');
    const list = await call('GET', '/api/vv-open', { token: admin.token });
    expect(list.body.visits.find((candidate: { uuid: string }) => candidate.uuid === body.uuid).notified).toBe(true);
  });

  it.each([
    ['a link without the show prefix', { payload: 'https://exemple.fr/visite' }, "Le lien matterport n'est pas valide."],
    ['several links, one invalid', { payload: `${tour('A1')};https://exemple.fr/b` }, 'Les liens Matterport ne sont pas valides'],
    ['the same link twice', { payload: `${tour('A1')}; ${tour('A1')}` }, 'Un même lien Matterport est plusieurs fois présent'],
    ['an invalid e-mail among several', { email: 'a@exemple.fr;pas-un-mail' }, 'Les adresses emails ne sont pas valides'],
    ['the same e-mail twice', { email: 'a@exemple.fr;A@exemple.fr' }, 'Une même adresse mail est plusieurs fois présente'],
    ['no client name', { name: ' ' }, 'Veuillez indiquer le nom du client'],
    ['no tour name', { pointer: '' }, 'Veuillez indiquer le nom de la visite'],
    ['no link', { payload: '' }, 'Veuillez indiquer un lien'],
    ['an id that is not 9 characters', { uuid: 'abc' }, 'Veuillez indiquer un identifiant de 9 caractères'],
    ['no promoter', { promoter: '' }, 'Veuillez indiquer un promoteur'],
    ['an unknown promoter', { promoter: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, 'Veuillez indiquer un promoteur'],
    ['an end before the start', { startDate: inDays(3), endDate: inDays(1) }, 'La date de fin doit suivre la date de début.'],
  ])('part 2 §5 / part 3 §5: %s is refused with its message', async (_case, overrides, message) => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const refused = await call('POST', '/api/vv', { token: admin.token, body: visitBody(promoter, overrides) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
  });

  it('part 3 §5: a 9-character id already used is refused, and two creations of one id at once give one visit', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const uuid = visitId();
    // Three worker processes, as three Lambda instances.
    const results = await raceOnWorkers(3, { method: 'POST', url: '/api/vv' }, (race) =>
      Promise.all([0, 1, 2].map(() => race('POST', '/api/vv', { token: admin.token, body: visitBody(promoter, { uuid }) }))),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((result) => result.status === 409)!.body.message).toBe('Cet identifiant est déjà utilisé par une autre visite.');
  }, 120_000);

  it('part 3 §4: moving the end date into the past makes the visit expired; back into the future, active again', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const body = visitBody(promoter);
    await call('POST', '/api/vv', { token: admin.token, body });

    const past = await call('PATCH', `/api/vv/${body.uuid}`, { token: admin.token, body: { endDate: inDays(-1) } });
    expect(past.status).toBe(200);
    expect(past.body.visit.status).toBe('expirée');
    expect((await call('GET', `/api/vv/${body.uuid}`)).body.state).toBe('expired');

    const future = await call('PATCH', `/api/vv/${body.uuid}`, { token: admin.token, body: { endDate: inDays(3) } });
    expect(future.body.visit.status).toBe('active');
  });

  it('part 3 §2: visits are deleted one at a time and several at once', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const bodies = [visitBody(promoter), visitBody(promoter), visitBody(promoter)];
    for (const body of bodies) await call('POST', '/api/vv', { token: admin.token, body });

    expect((await call('DELETE', `/api/vv/${bodies[0].uuid}`, { token: admin.token })).status).toBe(200);
    const many = await call('POST', '/api/vv/delete-multiple', { token: admin.token, body: { uuids: [bodies[1].uuid, bodies[2].uuid] } });
    expect(many.body.done).toBe(2);
    const left = (await call('GET', '/api/vv-open', { token: admin.token })).body.visits.map((visit: { uuid: string }) => visit.uuid);
    for (const body of bodies) expect(left).not.toContain(body.uuid);
    expect((await call('GET', `/api/vv/${bodies[0].uuid}`)).body.message).toBe('Visite non trouvée');
  });

  it("part 2 §7 / part 3 §7: POST /vv/multiple reads visits by uuid; /vv/delete-multiple takes the specification's map of uuid to key", async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await promoterWithLogo(admin.token);
    const bodies = [visitBody(promoter), visitBody(promoter), visitBody(promoter)];
    for (const body of bodies) await call('POST', '/api/vv', { token: admin.token, body });

    const read = await call('POST', '/api/vv/multiple', { token: admin.token, body: { uuids: [bodies[0].uuid, bodies[1].uuid, 'ZZZZZZZZZ'] } });
    expect(read.status).toBe(200);
    expect(read.body.visits.map((visit: { uuid: string }) => visit.uuid).sort()).toEqual([bodies[0].uuid, bodies[1].uuid].sort());
    expect(read.body.visits[0]).toEqual(expect.objectContaining({ status: 'active', promoterName: 'Lac Promotion' }));
    const stranger = await createUserAndLogin('promoter');
    expect((await call('POST', '/api/vv/multiple', { token: stranger.token, body: { uuids: [bodies[0].uuid] } })).status).toBe(403);

    const created = (await call('GET', '/api/vv-open', { token: admin.token })).body.visits as { uuid: string; _id: string }[];
    const map = Object.fromEntries(bodies.slice(0, 2).map((body) => [body.uuid, created.find((visit) => visit.uuid === body.uuid)!._id]));
    const removed = await call('POST', '/api/vv/delete-multiple', { token: admin.token, body: map });
    expect(removed.body.done).toBe(2);
    const left = (await call('POST', '/api/vv/multiple', { token: admin.token, body: { uuids: bodies.map((body) => body.uuid) } })).body.visits;
    expect(left.map((visit: { uuid: string }) => visit.uuid)).toEqual([bodies[2].uuid]);
  });

  it('part 3 §5: a promoter needs its public name, internal name and three paragraphs; it is listed, shows its logo, and is deleted once unused', async () => {
    const admin = await createUserAndLogin('administrator');
    const incomplete = await call('POST', '/api/promoter/create', {
      token: admin.token,
      body: { name: 'X', internalName: 'X', firstParagraph: 'a', secondParagraph: '', thirdParagraph: 'c' },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors).toEqual([{ path: 'secondParagraph', message: 'Deuxième paragraphe : Obligatoire' }]);

    const promoter = await promoterWithLogo(admin.token, 'Promoteur Logo');
    const listed = await call('GET', '/api/promoters-open', { token: admin.token });
    expect(listed.body.promoters.find((candidate: { _id: string }) => candidate._id === promoter)).toEqual(
      expect.objectContaining({ name: 'Promoteur Logo', hasLogo: true }),
    );
    const logo = await call('GET', `/api/promoter/${promoter}/logo`);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const body = visitBody(promoter);
    await call('POST', '/api/vv', { token: admin.token, body });
    const inUse = await call('DELETE', `/api/promoter/${promoter}`, { token: admin.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe("Ce promoteur est utilisé par une visite : supprimez ses visites d'abord.");
    await call('DELETE', `/api/vv/${body.uuid}`, { token: admin.token });
    expect((await call('DELETE', `/api/promoter/${promoter}`, { token: admin.token })).status).toBe(200);
    expect((await call('GET', `/api/promoter/${promoter}/logo`)).status).toBe(404);
  });

  it('part 1 §6: a moderator manages visits; promoters, AMOs and buyers cannot list or create them', async () => {
    const admin = await createUserAndLogin('administrator');
    const moderator = await createUserAndLogin('moderator');
    const promoter = await promoterWithLogo(admin.token);
    const body = visitBody(promoter);
    expect((await call('POST', '/api/vv', { token: moderator.token, body })).status).toBe(201);
    expect((await call('GET', '/api/vv-open', { token: moderator.token })).status).toBe(200);
    expect((await call('PATCH', `/api/vv/${body.uuid}`, { token: moderator.token, body: { endDate: inDays(2) } })).status).toBe(200);
    for (const role of ['promoter', 'amo', 'customer'] as const) {
      const other = await createUserAndLogin(role);
      expect((await call('GET', '/api/vv-open', { token: other.token })).status).toBe(403);
      expect((await call('POST', '/api/vv', { token: other.token, body: visitBody(promoter) })).status).toBe(403);
      // A visit created in the admin page belongs to no program: no promoter or AMO may change it.
      expect((await call('DELETE', `/api/vv/${body.uuid}`, { token: other.token })).status).toBe(403);
    }
  });
});
