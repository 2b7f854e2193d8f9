import { countVisitView } from '../../../functions/core/virtual-visits/public-visit';
import { getDeps } from '../../../functions/runtime/deps';
import { call, createUserAndLogin } from '../../support/test-api';
import { inDays, promoterWithLogo, visitBody } from './support';
import { raceOnWorkers } from '../../support/test-pool';

/** A public test address: 81.2.69.142 is in Great Britain in the offline database. */
const britishIp = '81.2.69.142';

async function visitCreated() {
  const admin = await createUserAndLogin('administrator');
  const promoter = await promoterWithLogo(admin.token);
  const body = visitBody(promoter);
  expect((await call('POST', '/api/vv', { token: admin.token, body })).status).toBe(201);
  return { admin, promoter, body };
}

async function logsOf(token: string, uuid: string) {
  const logs = await call('GET', '/api/logs', { token });
  return { ...logs, views: (logs.body.views ?? []).filter((view: { uuid: string }) => view.uuid === uuid) };
}

/** Part 1 §2: the public page /immersion/{uuid} and its view logs; §4 the logs page. */
describe('public virtual-visit page and view logs', () => {
  it('part 1 §2: the page receives the promoter, its three paragraphs, the validity and one tour per link', async () => {
    const { body, promoter } = await visitCreated();
    const page = await call('GET', `/api/vv/${body.uuid}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      state: 'active',
      visit: expect.objectContaining({ uuid: body.uuid, name: 'Mme Durand', pointer: 'Appartement A12', links: body.payload.split(';') }),
      promoter: expect.objectContaining({ _id: promoter, name: 'Lac Promotion', firstParagraph: 'Bienvenue dans votre futur logement.', hasLogo: true }),
    });
  });

  it("part 1 §2: an unknown visit answers 'Visite non trouvée'", async () => {
    const missing = await call('GET', '/api/vv/ZZZZZZZZZ');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Visite non trouvée');
    expect((await call('POST', '/api/vv/ZZZZZZZZZ/increment', { ip: britishIp })).status).toBe(404);
  });

  it('part 1 §2: an opening counts one view with a log resolved offline from the gateway address (81.2.69.142 → GB)', async () => {
    const { admin, body } = await visitCreated();
    const counted = await call('POST', `/api/vv/${body.uuid}/increment`, { ip: britishIp, headers: { 'x-forwarded-for': '90.0.0.1' } });
    expect(counted.body).toEqual({ counted: true });

    const { views } = await logsOf(admin.token, body.uuid);
    expect(views).toHaveLength(1);
    // The address is the gateway's sourceIp, never the X-Forwarded-For header the visitor sets.
    expect(views[0]).toEqual(
      expect.objectContaining({
        IPv4: britishIp,
        country_code: 'GB',
        country_name: 'Royaume-Uni',
        state: 'England',
        name: 'Mme Durand',
        pointer: 'Appartement A12',
      }),
    );
    expect(typeof views[0].latitude).toBe('number');
    expect(views[0].city).not.toBe('');
    expect(views[0].postal).not.toBe('');
    const list = await call('GET', '/api/vv-open', { token: admin.token });
    expect(list.body.visits.find((visit: { uuid: string }) => visit.uuid === body.uuid).counter).toBe(1);
  });

  it('part 1 §2: behind CloudFront the view is logged under CloudFront-Viewer-Address, only when the origin secret comes with it', async () => {
    const { admin, body } = await visitCreated();
    const edge = '130.176.0.10';
    const previous = process.env.ORIGIN_VERIFY_SECRET;
    process.env.ORIGIN_VERIFY_SECRET = 'integration-origin-secret';
    try {
      const spoofed = await call('POST', `/api/vv/${body.uuid}/increment`, {
        ip: edge,
        headers: { 'cloudfront-viewer-address': '8.8.8.8:443', 'x-livrea-origin': 'wrong-secret-value' },
      });
      expect(spoofed.body).toEqual({ counted: true });
      const viaCloudFront = await call('POST', `/api/vv/${body.uuid}/increment`, {
        ip: edge,
        headers: { 'cloudfront-viewer-address': `${britishIp}:51234`, 'x-livrea-origin': 'integration-origin-secret' },
      });
      expect(viaCloudFront.body).toEqual({ counted: true });
    } finally {
      if (previous === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
      else process.env.ORIGIN_VERIFY_SECRET = previous;
    }
    const { views } = await logsOf(admin.token, body.uuid);
    expect(views.map((view: { IPv4: string }) => view.IPv4).sort()).toEqual([edge, britishIp].sort());
    expect(views.find((view: { IPv4: string }) => view.IPv4 === britishIp).country_code).toBe('GB');
  });

  it('part 1 §2: reloads within a minute count once, even all at once; another address counts again', async () => {
    const { admin, body } = await visitCreated();
    // Five worker processes, as five Lambda instances.
    const increment = `/api/vv/${body.uuid}/increment`;
    const reloads = await raceOnWorkers(5, { method: 'GET', url: `/api/vv/${body.uuid}` }, (race) =>
      Promise.all(Array.from({ length: 5 }, () => race('POST', increment, { ip: britishIp }))),
    );
    expect(reloads.filter((reload) => reload.body.counted).length).toBe(1);
    await call('POST', `/api/vv/${body.uuid}/increment`, { ip: '8.8.8.8' });
    const list = await call('GET', '/api/vv-open', { token: admin.token });
    expect(list.body.visits.find((visit: { uuid: string }) => visit.uuid === body.uuid).counter).toBe(2);
    expect((await logsOf(admin.token, body.uuid)).views).toHaveLength(2);
  }, 120_000);

  it('part 1 §2: an expired visit gives its state, no tour, and counts no view', async () => {
    const { admin, body } = await visitCreated();
    await call('PATCH', `/api/vv/${body.uuid}`, { token: admin.token, body: { endDate: inDays(-2) } });
    const page = await call('GET', `/api/vv/${body.uuid}`);
    expect(page.body.state).toBe('expired');
    expect(page.body.visit.links).toEqual([]);
    expect((await call('POST', `/api/vv/${body.uuid}/increment`, { ip: britishIp })).body).toEqual({ counted: false });
  });

  it('part 3 §9 / part 3 §2: the logs give statistics and views per day; chosen entries are deleted (POST /vv/logs/multiple)', async () => {
    const { admin, body } = await visitCreated();
    await call('POST', `/api/vv/${body.uuid}/increment`, { ip: britishIp });
    await call('POST', `/api/vv/${body.uuid}/increment`, { ip: '8.8.8.8' });
    const logs = await logsOf(admin.token, body.uuid);
    expect(logs.status).toBe(200);
    expect(logs.body.stats.total).toBeGreaterThanOrEqual(2);
    expect(logs.body.stats.perDay.reduce((sum: number, day: { views: number }) => sum + day.views, 0)).toBe(logs.body.stats.total);
    expect(logs.body.stats.countries.map((country: { code: string }) => country.code)).toEqual(expect.arrayContaining(['GB', 'US']));

    const removed = await call('POST', '/api/vv/logs/multiple', { token: admin.token, body: { [body.uuid]: [logs.views[0]._id] } });
    expect(removed.body.done).toBe(1);
    expect((await logsOf(admin.token, body.uuid)).views.map((view: { _id: string }) => view._id)).toEqual([logs.views[1]._id]);
  });

  it("part 3 §6: anyone but an administrator is refused the logs with 'Vous n'avez pas les permissions pour accéder aux historiques de connexion aux visites'", async () => {
    for (const role of ['moderator', 'promoter', 'amo', 'customer'] as const) {
      const other = await createUserAndLogin(role);
      const refused = await call('GET', '/api/logs', { token: other.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Vous n'avez pas les permissions pour accéder aux historiques de connexion aux visites");
      expect((await call('POST', '/api/vv/logs/multiple', { token: other.token, body: {} })).status).toBe(403);
    }
    expect((await call('GET', '/api/logs')).status).toBe(401);
  });
});

/** The public page's view counter at chosen instants (the clock of the use case, not the machine's). */
function openAt(uuid: string, at: number, ip = britishIp) {
  return countVisitView({ ...getDeps(), now: () => new Date(at) }, uuid, ip);
}

async function counterOf(token: string, uuid: string): Promise<number> {
  const list = await call('GET', '/api/vv-open', { token });
  return list.body.visits.find((visit: { uuid: string }) => visit.uuid === uuid).counter;
}

/** Part 1 §2: 'Reloads within a minute count once' is a sliding 60-second window, not a calendar minute. */
describe('view counting window', () => {
  // The next whole minute (a ':00'), inside the visit's validity.
  const minuteBoundary = () => Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;

  it('two openings 2 s apart on either side of :00 count once', async () => {
    const { admin, body } = await visitCreated();
    const boundary = minuteBoundary();
    expect(await openAt(body.uuid, boundary - 1000)).toEqual({ counted: true });
    expect(await openAt(body.uuid, boundary + 1000)).toEqual({ counted: false });
    expect(await counterOf(admin.token, body.uuid)).toBe(1);
    expect((await logsOf(admin.token, body.uuid)).views).toHaveLength(1);
  });

  it('two openings 61 s apart count twice', async () => {
    const { admin, body } = await visitCreated();
    const start = minuteBoundary() + 30_000;
    expect(await openAt(body.uuid, start)).toEqual({ counted: true });
    expect(await openAt(body.uuid, start + 30_000)).toEqual({ counted: false });
    expect(await openAt(body.uuid, start + 61_000)).toEqual({ counted: true });
    expect(await counterOf(admin.token, body.uuid)).toBe(2);
  });

  it('five openings at once across :00 from one address count once', async () => {
    const { admin, body } = await visitCreated();
    const boundary = minuteBoundary();
    const opened = await Promise.all([-2000, -1000, 0, 1000, 2000].map((offset) => openAt(body.uuid, boundary + offset)));
    expect(opened.filter((result) => result.counted)).toHaveLength(1);
    expect(await counterOf(admin.token, body.uuid)).toBe(1);
  });

  it('five openings at once from five addresses all count (they share the visit counter)', async () => {
    const { admin, body } = await visitCreated();
    const at = minuteBoundary();
    const addresses = ['81.2.69.142', '8.8.8.8', '1.1.1.1', '9.9.9.9', '208.67.222.222'];
    const opened = await Promise.all(addresses.map((ip) => openAt(body.uuid, at, ip)));
    expect(opened.every((result) => result.counted)).toBe(true);
    expect(await counterOf(admin.token, body.uuid)).toBe(5);
  });
});
