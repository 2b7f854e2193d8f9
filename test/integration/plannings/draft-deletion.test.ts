import { programWithLots } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { raceOnWorkers } from '../../support/test-pool';

/** DELETE /api/rdv-draft/{id} (part 2 §4 'Drafts', §7): the draft is gone from the program's list; only members may delete. */
describe('drafts (part 2 §4): DELETE /rdv-draft/{id}', () => {
  async function draftOf(token: string, projectId: string, name: string): Promise<string> {
    const created = await call('POST', '/api/rdv-draft', { token, body: { projectId, name, data: { name } } });
    expect(created.status).toBe(201);
    return created.body.planningDraft._id;
  }

  it("deletes the draft: 'Brouillon supprimé.', then it no longer loads ('Impossible de charger le brouillon.') nor lists; the other draft stays", async () => {
    const setup = await programWithLots(1);
    const gone = await draftOf(setup.promoter.token, setup.program._id, 'À jeter');
    const kept = await draftOf(setup.promoter.token, setup.program._id, 'À garder');

    const deleted = await call('DELETE', `/api/rdv-draft/${gone}`, { token: setup.promoter.token });

    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Brouillon supprimé.');
    const reload = await call('GET', `/api/rdv-draft/${gone}`, { token: setup.promoter.token });
    expect(reload.status).toBe(404);
    expect(reload.body.message).toBe('Impossible de charger le brouillon.');
    const listed = (await call('GET', `/api/rdv/project/${setup.program._id}/planning-drafts`, { token: setup.promoter.token })).body.planningDrafts;
    expect(listed.map((draft: { _id: string }) => draft._id)).toEqual([kept]);
  });

  it("deleting twice, or an unknown draft, answers 404 'Impossible de charger le brouillon.'", async () => {
    const setup = await programWithLots(1);
    const id = await draftOf(setup.promoter.token, setup.program._id, 'Une fois');
    expect((await call('DELETE', `/api/rdv-draft/${id}`, { token: setup.promoter.token })).status).toBe(200);

    const again = await call('DELETE', `/api/rdv-draft/${id}`, { token: setup.promoter.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Impossible de charger le brouillon.');
    expect((await call('DELETE', `/api/rdv-draft/${'e'.repeat(24)}`, { token: setup.promoter.token })).status).toBe(404);
  });

  it('the promoter of another program is refused (403) and the draft stays', async () => {
    const setup = await programWithLots(1);
    const stranger = await programWithLots(1);
    const id = await draftOf(setup.promoter.token, setup.program._id, 'Protégé');

    expect((await call('DELETE', `/api/rdv-draft/${id}`, { token: stranger.promoter.token })).status).toBe(403);
    expect((await call('GET', `/api/rdv-draft/${id}`, { token: setup.promoter.token })).body.planningDraft.name).toBe('Protégé');
  });

  it('two members deleting the same draft at once: one succeeds, the draft is gone, nobody gets a 500', async () => {
    const setup = await programWithLots(1);
    const id = await draftOf(setup.promoter.token, setup.program._id, 'Disputé');

    // Two worker processes, as two Lambda instances.
    const answers = await raceOnWorkers(2, { method: 'DELETE', url: `/api/rdv-draft/${id}` }, (race) =>
      Promise.all([setup.promoter.token, setup.admin.token].map((token) => race('DELETE', `/api/rdv-draft/${id}`, { token }))),
    );

    expect(answers.map((answer) => answer.status)).toContain(200);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 404)).toBe(true);
    expect((await call('GET', `/api/rdv-draft/${id}`, { token: setup.promoter.token })).status).toBe(404);
  }, 120_000);
});
