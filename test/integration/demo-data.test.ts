import { getDeps } from '../../functions/runtime/deps';
import { demoAccounts, demoPassword } from '../../infra/local/demo-data';
import { seedDemoOnce } from '../../infra/local/seed-demo';
import { call, uniqueIp } from '../support/test-api';
import { callForFile } from '../support/file-links';

describe('demo data (local runs only)', () => {
  it('seeds once: a second run changes nothing', async () => {
    expect(await seedDemoOnce(getDeps())).toBe('seeded');
    expect(await seedDemoOnce(getDeps())).toBe('already');
  }, 120_000); // part 2 §2.5, §2.7: the seed also convenes an imposed planning's buyers

  it('the promoter owns one program with 40 lots and the three AMOs authorized; a free planning is in progress', async () => {
    const login = await call('POST', '/api/users/login', { body: { email: 'promoteur@demo.livrea.fr', password: demoPassword }, ip: uniqueIp() });
    const token = login.body.token;
    const programs = (await call('GET', '/api/users/me/programs', { token })).body;
    expect(programs).toHaveLength(1);
    expect(programs[0].authorized).toHaveLength(3);
    const program = (await call('GET', `/api/programs/${programs[0]._id}`, { token })).body;
    expect(program.lotCount).toBe(40);
    expect((await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token })).body.clients).toHaveLength(40);
    const { plannings } = (await call('GET', `/api/rdv/project/${program._id}/plannings`, { token })).body;
    // part 2 §2.5, §2.7: the imposed planning is listed too (its own test: test/integration/imposed/imposed-demo.test.ts).
    const free = plannings.filter((planning: { templateType: string }) => planning.templateType === 'promoter');
    expect(free).toHaveLength(1);
    expect(free[0]).toEqual(expect.objectContaining({ isInvitationSent: true, nbInvited: 20, nbBooked: 6 }));
  });

  it('the accounts of the README: admin, promoteur, amo1 to amo3, moderateur, acquereur1 and acquereur2 (@demo.livrea.fr), password demo-livrea', () => {
    expect(demoAccounts.map((account) => [account.email, account.role])).toEqual([
      ['admin@demo.livrea.fr', 'administrator'],
      ['promoteur@demo.livrea.fr', 'promoter'],
      ['amo1@demo.livrea.fr', 'amo'],
      ['amo2@demo.livrea.fr', 'amo'],
      ['amo3@demo.livrea.fr', 'amo'],
      ['moderateur@demo.livrea.fr', 'moderator'],
      ['acquereur1@demo.livrea.fr', 'customer'],
      ['acquereur2@demo.livrea.fr', 'customer'],
    ]);
    expect(demoPassword).toBe('demo-livrea');
  });

  it.each(demoAccounts.map((account) => [account.email, account]))(
    '%s signs in with POST /api/users/login and gets {token, user: {username, role, lastname}}',
    async (_email, account) => {
      const login = await call('POST', '/api/users/login', { body: { email: account.email, password: demoPassword }, ip: uniqueIp() });

      expect(login.status).toBe(200);
      expect(login.body).toEqual({
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        user: expect.objectContaining({ username: account.username, role: account.role, lastname: account.lastname }),
      });
      expect((await call('GET', '/api/users/me', { token: login.body.token })).status).toBe(200);
    },
  );

  // part 1 §2 buyer area: a new user sees the buyer area at work
  it('the buyer area is seeded: acquereur1 has two housings with news, site progress, documents, a FAQ, and a conversation the promoter answered', async () => {
    const login = await call('POST', '/api/users/login', { body: { email: 'acquereur1@demo.livrea.fr', password: demoPassword }, ip: uniqueIp() });
    const token = login.body.token;
    expect((await call('GET', '/api/users/me', { token })).body.emailVerified).toBe(true);
    const { housings } = (await call('GET', '/api/users/me/housings', { token })).body;
    expect(housings).toHaveLength(2);
    const tickets = await Promise.all(
      housings.map(async (housing: { _id: string }) => (await call('GET', `/api/users/me/housings/${housing._id}/tickets`, { token })).body.tickets),
    );
    const conversation = tickets.flat().find((ticket: { answers: unknown[] }) => ticket.answers.length > 0);
    expect(conversation).toMatchObject({
      subject: 'Emplacement des prises de la cuisine',
      answers: [expect.objectContaining({ sender: expect.objectContaining({ side: 'staff' }) })],
    });

    const housing = conversation.housing as string;
    const news = (await call('GET', `/api/users/me/housings/${housing}/posts?kind=actualite`, { token })).body.posts;
    expect(news.length).toBeGreaterThanOrEqual(2);
    expect(news.map((post: { createdAt: string }) => post.createdAt)).toEqual([...news.map((post: { createdAt: string }) => post.createdAt)].sort().reverse());
    expect((await call('GET', `/api/users/me/housings/${housing}/posts?kind=chantier`, { token })).body.posts.length).toBeGreaterThanOrEqual(1);
    const documents = (await call('GET', `/api/users/me/documents?housing=${housing}`, { token })).body.documents;
    expect(documents.map((document: { metadata: { originalname: string } }) => document.metadata.originalname)).toEqual(
      expect.arrayContaining(['Notice descriptive.pdf', 'Plan du logement.pdf']),
    );
    expect((await callForFile('GET', documents[0].url)).status).toBe(200);
    const { faq } = (await call('GET', `/api/users/me/housings/${housing}/program`, { token })).body;
    expect(faq.entries.length).toBeGreaterThanOrEqual(3);
  });
});
