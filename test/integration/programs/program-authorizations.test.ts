import { messages } from '../../../shared/messages/common';
import { programWithLots } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';

/** Part 3 §4 'Program settings authorized AMOs': only the owner and administrators change them. */
describe('program authorizations: only the owner and administrators change `authorized`', () => {
  async function programWithTwoAmos() {
    const setup = await programWithLots(1);
    const [amo, otherAmo] = await Promise.all([createUserAndLogin('amo'), createUserAndLogin('amo')]);
    const granted = await call('PATCH', `/api/programs/${setup.program._id}`, {
      token: setup.promoter.token,
      body: { authorized: [amo.user._id, otherAmo.user._id] },
    });
    expect(granted.status).toBe(200);
    return { ...setup, amo, otherAmo };
  }

  const authorizedOf = async (programId: string, token: string) =>
    ((await call('GET', `/api/programs/${programId}`, { token })).body.authorized as string[]).sort();

  it("an authorized AMO cannot empty the list (403 'Vous n'avez pas la permission d'effectuer cette opération.') and nothing changes", async () => {
    const { program, promoter, amo, otherAmo } = await programWithTwoAmos();
    const response = await call('PATCH', `/api/programs/${program._id}`, { token: amo.token, body: { authorized: [] } });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.forbidden);
    expect(await authorizedOf(program._id, promoter.token)).toEqual([amo.user._id, otherAmo.user._id].sort());
    expect((await call('GET', `/api/programs/${program._id}`, { token: otherAmo.token })).status).toBe(200);
  });

  it('an authorized AMO cannot add another AMO either, nor change the list together with settings', async () => {
    const { program, promoter, amo, otherAmo } = await programWithTwoAmos();
    const stranger = await createUserAndLogin('amo');
    const added = await call('PATCH', `/api/programs/${program._id}`, {
      token: amo.token,
      body: { authorized: [amo.user._id, otherAmo.user._id, stranger.user._id] },
    });
    expect(added.status).toBe(403);
    const mixed = await call('PATCH', `/api/programs/${program._id}`, { token: amo.token, body: { adresseville: 'Chambéry', authorized: [amo.user._id] } });
    expect(mixed.status).toBe(403);
    const after = (await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body;
    expect(after.adresseville).toBe('Annecy');
    expect(after.authorized.sort()).toEqual([amo.user._id, otherAmo.user._id].sort());
    expect((await call('GET', `/api/programs/${program._id}`, { token: stranger.token })).status).toBe(403);
  });

  it('an authorized AMO still edits the settings, sending the list back unchanged', async () => {
    const { program, amo, otherAmo } = await programWithTwoAmos();
    const response = await call('PATCH', `/api/programs/${program._id}`, {
      token: amo.token,
      body: { adresseville: 'Chambéry', authorized: [otherAmo.user._id, amo.user._id] },
    });
    expect(response.status).toBe(200);
    expect(response.body.program.adresseville).toBe('Chambéry');
  });

  it('the owner and an administrator change the list', async () => {
    const { program, promoter, admin, amo, otherAmo } = await programWithTwoAmos();
    expect((await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { authorized: [amo.user._id] } })).status).toBe(200);
    expect(await authorizedOf(program._id, promoter.token)).toEqual([amo.user._id]);
    expect((await call('PATCH', `/api/programs/${program._id}`, { token: admin.token, body: { authorized: [otherAmo.user._id] } })).status).toBe(200);
    expect(await authorizedOf(program._id, promoter.token)).toEqual([otherAmo.user._id]);
    expect((await call('GET', `/api/programs/${program._id}`, { token: amo.token })).status).toBe(403);
  });
});
