import { hashPassword } from '../../../functions/core/security/password-hashing';
import { invoiceEntityMessages } from '../../../shared/messages/admin';
import { messages } from '../../../shared/messages/common';
import { buyerBooks, freePlanning } from '../planning-actions/support';
import { futureMonday, planningBody, programWithLots } from '../../support/planning-fixtures';
import { imposedBody } from '../imposed/support';
import { call, createUserAndLogin } from '../../support/test-api';
import { raceOnWorkers } from '../../support/test-pool';

const creditsPassword = 'crédits-secrets-2026';

beforeAll(async () => {
  process.env.LIVREA_CREDITS_PASSWORD_HASH = await hashPassword(creditsPassword);
});

const entityBody = (promoter: string, overrides: Record<string, unknown> = {}) => ({
  formejuridique: 'sas',
  raisonsociale: 'Lac Promotion SAS',
  siret: '732 829 320',
  promoter,
  adressenumero: '5',
  adresserue: 'quai du Lac',
  adressecodepostal: '74000',
  adresseville: 'Annecy',
  adressepays: 'France',
  ...overrides,
});

async function entitySetup() {
  const [admin, promoter] = await Promise.all([createUserAndLogin('administrator'), createUserAndLogin('promoter')]);
  const created = await call('POST', '/api/admin/client', { token: admin.token, body: entityBody(promoter.user._id) });
  expect(created.status).toBe(201);
  return { admin, promoter, entity: created.body.entity as Record<string, string | number> & { _id: string } };
}

describe('part 3 §5 New invoicing entity: POST /admin/client, GET /admin/clients', () => {
  let accounts: ReturnType<typeof createPair> | undefined;
  const createPair = () => Promise.all([createUserAndLogin('administrator'), createUserAndLogin('promoter')]);
  it("creates it ('Nouvelle entité de facturation créée'), SIREN as 9 digits or BE0 + 9, listed by company name", async () => {
    const { admin, promoter, entity } = await entitySetup();
    const belgian = await call('POST', '/api/admin/client', {
      token: admin.token,
      body: entityBody(promoter.user._id, { raisonsociale: 'Anvers Bouw', siret: 'BE 0123.456.789' }),
    });
    expect(belgian.status).toBe(201);
    expect(belgian.body.message).toBe(invoiceEntityMessages.created);
    const list = (await call('GET', '/api/admin/clients', { token: admin.token })).body;
    expect(list.map((row: { raisonsociale: string }) => row.raisonsociale)).toEqual(['Anvers Bouw', 'Lac Promotion SAS']);
    expect((await call('GET', `/api/admin/clients/${entity._id}`, { token: admin.token })).body).toEqual(
      expect.objectContaining({ raisonsociale: 'Lac Promotion SAS', credits: 0 }),
    );
  });

  it.each([
    [{ formejuridique: '' }, invoiceEntityMessages.legalFormRequired],
    [{ siret: '' }, invoiceEntityMessages.sirenRequired],
    [{ siret: '12345678' }, invoiceEntityMessages.sirenInvalid],
    [{ siret: 'BE123456789' }, invoiceEntityMessages.sirenInvalid],
    [{ adressenumero: '' }, invoiceEntityMessages.streetNumberRequired],
    [{ adresserue: '' }, invoiceEntityMessages.streetRequired],
    [{ adressecodepostal: '' }, invoiceEntityMessages.postalCodeRequired],
    [{ adresseville: '' }, invoiceEntityMessages.cityRequired],
    [{ adressepays: '' }, invoiceEntityMessages.countryRequired],
    [{ promoter: '' }, invoiceEntityMessages.promoterRequired],
  ])('refuses %j with its message', async (override, message) => {
    accounts ??= createPair();
    const [admin, promoter] = await accounts;
    const response = await call('POST', '/api/admin/client', { token: admin.token, body: entityBody(promoter.user._id, override) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('only administrators reach the entities (403)', async () => {
    const promoter = await createUserAndLogin('promoter');
    expect((await call('GET', '/api/admin/clients', { token: promoter.token })).status).toBe(403);
  });
});

describe('part 3 §4 Credits lock and §5 entity edit: PATCH /admin/clients/{id}, POST /admin/clients/{id}/credits-unlock', () => {
  it("the right password answers 'Champ crédits déverrouillé', a wrong one 'Mot de passe incorrect'", async () => {
    const { admin, entity } = await entitySetup();
    const right = await call('POST', `/api/admin/clients/${entity._id}/credits-unlock`, { token: admin.token, body: { password: creditsPassword } });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe(invoiceEntityMessages.unlocked);
    const wrong = await call('POST', `/api/admin/clients/${entity._id}/credits-unlock`, { token: admin.token, body: { password: 'devinette' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(invoiceEntityMessages.wrongPassword);
  });

  it('guesses are rate-limited: six attempts at once, the sixth is 429 even with the right password', async () => {
    const { admin, entity } = await entitySetup();
    // Five worker processes, as five Lambda instances: the limit holds across them.
    const unlock = `/api/admin/clients/${entity._id}/credits-unlock`;
    const guesses = await raceOnWorkers(5, { method: 'POST', url: unlock }, (race) =>
      Promise.all(Array.from({ length: 5 }, (_, index) => race('POST', unlock, { token: admin.token, body: { password: `essai-${index}` } }))),
    );
    expect(guesses.map((guess) => guess.status)).toEqual([403, 403, 403, 403, 403]);
    const sixth = await call('POST', `/api/admin/clients/${entity._id}/credits-unlock`, { token: admin.token, body: { password: creditsPassword } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(messages.tooManyAttempts);
  }, 120_000);

  it('credits change only with the password, checked by the server again; a malformed SIRET is refused', async () => {
    const { admin, promoter, entity } = await entitySetup();
    const form = entityBody(promoter.user._id, { siret: '73282932000074' });
    const locked = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, credits: 50 } });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(invoiceEntityMessages.wrongPassword);
    const unlocked = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, credits: 50, creditsPassword } });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.entity.credits).toBe(50);
    const siret = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, siret: '73282932' } });
    expect(siret.status).toBe(400);
    expect(siret.body.message).toBe(invoiceEntityMessages.siretInvalid);
    const promoterMissing = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, promoter: '' } });
    expect(promoterMissing.body.message).toBe(invoiceEntityMessages.promoterRequiredOnEdit);
    const renamed = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, raisonsociale: 'Lac Promotion' } });
    expect(renamed.body.entity).toEqual(expect.objectContaining({ raisonsociale: 'Lac Promotion', credits: 50 }));
  });

  it('an entity created with its SIREN stays editable: its credits change with the SIREN it holds; numbers are stored normalised at creation and edit (part 3 §5)', async () => {
    const { admin, promoter, entity } = await entitySetup();
    expect(entity.siret).toBe('732829320');
    const held = (await call('GET', `/api/admin/clients/${entity._id}`, { token: admin.token })).body;
    const form = entityBody(promoter.user._id, { siret: held.siret });
    const credited = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, credits: 20, creditsPassword } });
    expect(credited.status).toBe(200);
    expect(credited.body.entity).toEqual(expect.objectContaining({ siret: '732829320', credits: 20 }));
    const belgian = await call('PATCH', `/api/admin/clients/${entity._id}`, { token: admin.token, body: { ...form, siret: 'BE 0123.456.789' } });
    expect(belgian.status).toBe(200);
    expect((await call('GET', `/api/admin/clients/${entity._id}`, { token: admin.token })).body.siret).toBe('BE0123456789');
    const typed = await call('POST', '/api/admin/client', {
      token: admin.token,
      body: entityBody(promoter.user._id, { raisonsociale: 'Anvers Bouw', siret: 'be 0123.456.789' }),
    });
    expect(typed.status).toBe(201);
    expect(typed.body.entity.siret).toBe('BE0123456789');
  });
});

describe('part 3 §7 PATCH /rdv/{id} invoiceEntity, GET /plannings, GET /plannings-invoice, DELETE /admin/clients/{id}', () => {
  it('an administrator attaches an entity to a planning; the billing list shows it and the used counter counts its booked visits', async () => {
    const setup = await freePlanning({ lots: 3 });
    const entity = (await call('POST', '/api/admin/client', { token: setup.admin.token, body: entityBody(setup.promoter.user._id) })).body.entity;
    const byPromoter = await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.promoter.token, body: { invoiceEntity: entity._id } });
    expect(byPromoter.status).toBe(403);
    const attached = await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.admin.token, body: { invoiceEntity: entity._id } });
    expect(attached.status).toBe(200);
    expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);
    expect((await buyerBooks(setup.planningId, setup.meetings[1].uuid, 3)).status).toBe(200);
    const billing = (await call('GET', '/api/plannings', { token: setup.admin.token })).body.plannings;
    expect(billing.find((row: { _id: string }) => row._id === setup.planningId)).toEqual(
      expect.objectContaining({ invoiceEntity: entity._id, projectName: setup.program.name, phaseLabel: expect.any(String), participants: 3, nbBooked: 2 }),
    );
    expect((await call('GET', '/api/plannings-invoice', { token: setup.admin.token })).body).toEqual({ [entity._id]: { plannings: 1, used: 2 } });
    const blocked = await call('DELETE', `/api/admin/clients/${entity._id}`, { token: setup.admin.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(invoiceEntityMessages.stillUsed(1));
    await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.admin.token, body: { invoiceEntity: '' } });
    expect((await call('GET', '/api/plannings-invoice', { token: setup.admin.token })).body).toEqual({});
    const deleted = await call('DELETE', `/api/admin/clients/${entity._id}`, { token: setup.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(invoiceEntityMessages.deleted);
    const gone = await call('GET', `/api/admin/clients/${entity._id}`, { token: setup.admin.token });
    expect(gone.status).toBe(404);
    expect((await call('PATCH', `/api/rdv/${setup.planningId}`, { token: setup.admin.token, body: { invoiceEntity: entity._id } })).status).toBe(400);
  });
});

describe('part 3 §2 creating a planning whose entity has no credits left warns the creator (★ ours: the specification only shows a counter)', () => {
  it("a new planning is billed to its owner's entity; with no credits left the creation succeeds with « n'a plus de crédits », with credits left it is silent", async () => {
    const setup = await freePlanning({ lots: 6, invited: 2 });
    // Without an entity, nothing is billed (and nothing warned).
    expect((await setup.read()).planning.invoiceEntity).toBeUndefined();
    const entity = (await call('POST', '/api/admin/client', { token: setup.admin.token, body: entityBody(setup.promoter.user._id) })).body.entity;
    expect((await call('PATCH', `/api/admin/users/${setup.promoter.user._id}`, { token: setup.admin.token, body: { invoiceEntity: entity._id } })).status).toBe(
      200,
    );
    const lotIds = setup.clients.map((client) => client._id);
    const create = (name: string, lots: string[]) =>
      call('POST', '/api/rdv', {
        token: setup.promoter.token,
        body: planningBody(setup.program._id, lots, {
          name,
          events: setup.events,
          bookingDeadline: new Date(Date.parse(setup.events[0].start) - 2 * 86_400_000).toISOString(),
        }),
      });

    // A new entity has 0 credits: nothing is left.
    const warned = await create('Livraison bâtiment B', lotIds.slice(2, 4));
    expect(warned.status).toBe(201);
    expect(warned.body.message).toBe('Nouveau planning créé avec succès');
    expect(warned.body.warning).toBe(invoiceEntityMessages.noCreditsLeft('Lac Promotion SAS'));
    expect(warned.body.planning.invoiceEntity).toBe(entity._id);
    expect((await call('GET', '/api/plannings-invoice', { token: setup.admin.token })).body).toEqual({ [entity._id]: { plannings: 1, used: 0 } });

    const form = entityBody(setup.promoter.user._id, { siret: '73282932000074' });
    expect(
      (await call('PATCH', `/api/admin/clients/${entity._id}`, { token: setup.admin.token, body: { ...form, credits: 10, creditsPassword } })).status,
    ).toBe(200);
    const silent = await create('Livraison bâtiment C', lotIds.slice(4, 6));
    expect(silent.status).toBe(201);
    expect(silent.body.warning).toBeUndefined();
    expect(silent.body.planning.invoiceEntity).toBe(entity._id);

    // The planning created before the entity existed stays unbilled.
    expect((await call('GET', '/api/plannings-invoice', { token: setup.admin.token })).body).toEqual({ [entity._id]: { plannings: 2, used: 0 } });
  }, 120_000);

  it('an imposed planning is billed and warned the same way, and its appointment log names the entity billed', async () => {
    const setup = await programWithLots(2);
    const entity = (await call('POST', '/api/admin/client', { token: setup.admin.token, body: entityBody(setup.promoter.user._id) })).body.entity;
    expect((await call('PATCH', `/api/admin/users/${setup.promoter.user._id}`, { token: setup.admin.token, body: { invoiceEntity: entity._id } })).status).toBe(
      200,
    );

    const created = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: imposedBody(setup.program._id, setup.clients, futureMonday(), [[0, '09:00']]),
    });
    expect(created.status).toBe(201);
    expect(created.body.warning).toBe(invoiceEntityMessages.noCreditsLeft('Lac Promotion SAS'));
    expect(created.body.planning.invoiceEntity).toBe(entity._id);
    const logs = (await call('GET', '/api/rdv/logs', { token: setup.admin.token })).body.logs as { planningId: string; invoiceEntity?: string }[];
    expect(logs.filter((log) => log.planningId === created.body.planning._id)).toEqual([expect.objectContaining({ invoiceEntity: entity._id })]);
  }, 120_000);
});
