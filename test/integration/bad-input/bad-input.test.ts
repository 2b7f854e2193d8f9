import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

/**
 * Part 1 §8: hostile or careless input gets a French 4xx, never a 500 nor a reset; and
 * zod's refusals are French and name the field (part 1 §8: the SPA shows `message`).
 */
const longEmail = `${'a'.repeat(2100)}@livrea.fr`;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function simulationBody(overrides: Record<string, unknown> = {}) {
  return {
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: workingDays(futureMonday(), 2),
    broadcastList: [{ guest: { _id: 'lot-1', typologie: '2p' }, length: 3_600_000 }],
    ...overrides,
  };
}

/** A logo upload with a `colors` form field beside the file. */
function avatarForm(colors: string) {
  const boundary = '----livrea-bad-input';
  const rawBody = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="colors"\r\n\r\n${colors}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('bad input: malformed addresses (part 1 §8)', () => {
  it("GET /api/rdv/usr/%E0%A4%A (malformed percent-encoding in the buyer's id) answers 404 'Rendez-vous non trouvé'", async () => {
    const response = await call('GET', '/api/rdv/usr/%E0%A4%A');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Rendez-vous non trouvé');
  });

  it("a malformed buyer id of another shape (too long, bad characters) is the same 404 'Rendez-vous non trouvé'", async () => {
    for (const id of ['x'.repeat(300), 'pas%20un%20id', '%00']) {
      const response = await call('GET', `/api/rdv/usr/${id}`);
      expect([response.status, response.body.message]).toEqual([404, 'Rendez-vous non trouvé']);
    }
    const ics = await call('GET', '/api/rdv/usr/%E0%A4%A/ics');
    expect([ics.status, ics.body.message]).toEqual([404, 'Rendez-vous non trouvé']);
  });

  it("a malformed percent-encoding on an address that names no route answers 400 'Adresse invalide : caractères mal encodés.'", async () => {
    const response = await call('GET', '/api/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Adresse invalide : caractères mal encodés.');
  });
});

describe('bad input: e-mails longer than 254 characters (part 1 §8)', () => {
  it("POST /api/user/forgot with a 2.1 KB e-mail answers 400 'Email invalide (254 caractères au plus)', not a DynamoDB failure", async () => {
    const response = await call('POST', '/api/user/forgot', { body: { email: longEmail }, ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Email invalide (254 caractères au plus)');
  });

  it("POST /api/user with a 2.1 KB e-mail answers 400 'Email invalide (254 caractères au plus)', not 'Un compte existe déjà'", async () => {
    const response = await call('POST', '/api/user', {
      body: {
        firstname: 'Jeanne',
        lastname: 'Long',
        enterprise: 'Test',
        username: `long${Date.now()}`,
        email: longEmail,
        password: 'mot-de-passe-1',
        role: 'customer',
      },
      ip: uniqueIp(),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Email invalide (254 caractères au plus)');
  });
});

describe('bad input: form fields, instants and sizes (part 1 §8)', () => {
  it("POST /api/programs/{id}/avatar with colors=not-json answers 400 'Couleurs invalides…' and keeps the program's colours", async () => {
    const promoter = await createUserAndLogin('promoter');
    const program = (
      await call('POST', '/api/program/create', {
        token: promoter.token,
        body: { name: 'Les Tilleuls', promotername: 'Tilleuls Promotion', colors: ['rgb(67, 99, 134)'] },
      })
    ).body;
    const response = await call('POST', `/api/programs/${program._id}/avatar`, { token: promoter.token, ...avatarForm('not-json') });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Couleurs invalides : une liste JSON de couleurs est attendue.');
    const wrongShape = await call('POST', `/api/programs/${program._id}/avatar`, { token: promoter.token, ...avatarForm('{"a":1}') });
    expect(wrongShape.status).toBe(400);
    expect((await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body.colors).toEqual(['rgb(67, 99, 134)']);
    const valid = await call('POST', `/api/programs/${program._id}/avatar`, { token: promoter.token, ...avatarForm('["rgb(1, 2, 3)"]') });
    expect(valid.status).toBe(200);
  });

  it("the simulation refuses an event starting at 8.64e15 ms with 400 'Date invalide : elle doit être comprise entre 2000 et 2100.'", async () => {
    const promoter = await createUserAndLogin('promoter');
    const response = await call('POST', '/api/rdv/no-need/simulation', {
      token: promoter.token,
      body: simulationBody({ events: [{ start: 8.64e15, end: 8.64e15 + 3_600_000, nbAmo: 1 }] }),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Date invalide : elle doit être comprise entre 2000 et 2100.');
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(['events.0.start', 'events.0.end']);
  });

  it('the simulation is bounded: 12,001 buyers, 401 days, 51 AMOs or 3,000 buyers × 20 solutions (an 11 MB answer) answer 400 in French before any work', async () => {
    const promoter = await createUserAndLogin('promoter');
    const buyers = Array.from({ length: 12_001 }, (_, index) => ({ guest: { _id: `lot-${index}`, typologie: '2p' }, length: 3_600_000 }));
    const tooManyBuyers = await call('POST', '/api/rdv/no-need/simulation', { token: promoter.token, body: simulationBody({ broadcastList: buyers }) });
    expect(tooManyBuyers.status).toBe(400);
    expect(tooManyBuyers.body.message).toBe('Acquéreurs : Trop grand : tableau doit avoir <=12000 éléments');
    const days = workingDays(futureMonday(), 1);
    const tooManyDays = await call('POST', '/api/rdv/no-need/simulation', {
      token: promoter.token,
      body: simulationBody({ events: Array.from({ length: 401 }, () => days[0]) }),
    });
    expect([tooManyDays.status, tooManyDays.body.message]).toEqual([400, 'Journées : Trop grand : tableau doit avoir <=400 éléments']);
    const tooManyAmos = await call('POST', '/api/rdv/no-need/simulation', {
      token: promoter.token,
      body: simulationBody({ amoList: Array.from({ length: 51 }, (_, index) => `amo-${index}`) }),
    });
    expect([tooManyAmos.status, tooManyAmos.body.message]).toEqual([400, 'AMO : Trop grand : tableau doit avoir <=50 éléments']);
    const tooManySolutions = await call('POST', '/api/rdv/no-need/simulation', {
      token: promoter.token,
      body: simulationBody({ broadcastList: buyers.slice(0, 3000), nbSolutions: 20 }),
    });
    expect([tooManySolutions.status, tooManySolutions.body.message]).toEqual([
      400,
      'Trop de solutions demandées : solutions × acquéreurs ne doit pas dépasser 20 000.',
    ]);
  });

  it("a JSON body above 2 MB answers 413 'Requête trop volumineuse (2 Mo au plus).' before it is parsed", async () => {
    const response = await call('POST', '/api/user/forgot', {
      rawBody: Buffer.from(JSON.stringify({ email: 'a@b.fr', padding: 'x'.repeat(2 * 1024 * 1024) })),
      headers: { 'content-type': 'application/json' },
      ip: uniqueIp(),
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Requête trop volumineuse (2 Mo au plus).');
  });

  it("a body that is not JSON answers 400 'Le corps de la requête doit être un JSON valide.'", async () => {
    const response = await call('POST', '/api/users/login', {
      rawBody: Buffer.from('{pas du json'),
      headers: { 'content-type': 'application/json' },
      ip: uniqueIp(),
    });
    expect([response.status, response.body.message]).toEqual([400, 'Le corps de la requête doit être un JSON valide.']);
  });
});

describe("zod's refusals are French and name the field (part 1 §8)", () => {
  it("an array where an object is expected: 'Entrée invalide : objet attendu, tableau reçu'", async () => {
    const response = await call('POST', '/api/users/login', { body: [], ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Entrée invalide : objet attendu, tableau reçu');
  });

  it("a first name of 121 characters: 'Prénom : Trop grand : chaîne de caractères doit avoir <=120 caractères'", async () => {
    const response = await call('POST', '/api/user', {
      body: {
        firstname: 'J'.repeat(121),
        lastname: 'Long',
        enterprise: 'Test',
        username: `fr${Date.now()}`,
        email: `fr${Date.now()}@test.livrea.fr`,
        password: 'mot-de-passe-1',
        role: 'customer',
      },
      ip: uniqueIp(),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Prénom : Trop grand : chaîne de caractères doit avoir <=120 caractères');
    expect(response.body.errors).toEqual([{ path: 'firstname', message: 'Prénom : Trop grand : chaîne de caractères doit avoir <=120 caractères' }]);
  });

  it("a nameless 'Obligatoire' names its field: an account created without enterprise is refused 'Entreprise : Obligatoire'", async () => {
    const admin = await createUserAndLogin('administrator');
    const response = await call('POST', '/api/user', {
      token: admin.token,
      body: {
        firstname: 'Jeanne',
        lastname: 'Sans',
        enterprise: ' ',
        username: `sans${Date.now()}`,
        email: `sans${Date.now()}@test.livrea.fr`,
        password: 'mot-de-passe-1',
        role: 'promoter',
      },
      ip: uniqueIp(),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Entreprise : Obligatoire');
    expect(response.body.errors).toEqual([{ path: 'enterprise', message: 'Entreprise : Obligatoire' }]);
  });

  it("a ticket subject of 201 characters: 'Objet : Trop grand : … <=200 caractères'", async () => {
    const buyer = await createUserAndLogin('customer');
    const response = await call('POST', `/api/users/me/housings/${'a'.repeat(24)}/tickets`, {
      token: buyer.token,
      body: { subject: 'S'.repeat(201), message: 'Bonjour', files: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Objet : Trop grand : chaîne de caractères doit avoir <=200 caractères');
  });

  it('no refusal of a planning creation with wrong types carries an English zod default', async () => {
    const promoter = await createUserAndLogin('promoter');
    const response = await call('POST', '/api/rdv', {
      token: promoter.token,
      body: { projectId: 42, name: [], events: 'lundi', broadcastList: {}, phase: 'x', lunchStartTime: 1 },
    });
    expect(response.status).toBe(400);
    for (const error of response.body.errors as { message: string }[]) expect(error.message).not.toMatch(/Invalid|expected|received|Too (small|big)|Required/);
  });
});
