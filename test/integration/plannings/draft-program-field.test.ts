import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { programWithLots } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';

/**
 * The code names a draft's program `programId`; the API and the stored item keep the
 * specification's name `projectId` (part 2 §3 'Planning', §7 POST /rdv-draft), so that clients and
 * drafts already in the table are read as before.
 */
describe("drafts keep the specification's field name projectId on the wire and in the table (part 2 §3, §7)", () => {
  it('POST /rdv-draft {projectId} stores projectId (no programId attribute); the answers, the read and the list name projectId', async () => {
    const setup = await programWithLots(1);
    const created = await call('POST', '/api/rdv-draft', { token: setup.promoter.token, body: { projectId: setup.program._id, name: 'Nom', data: {} } });
    expect(created.status).toBe(201);
    expect(created.body.planningDraft.projectId).toBe(setup.program._id);
    expect(created.body.planningDraft).not.toHaveProperty('programId');

    const db = getDeps().store;
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.draft(created.body.planningDraft._id) }));
    expect(Item?.projectId).toBe(setup.program._id);
    expect(Item).not.toHaveProperty('programId');

    const read = await call('GET', `/api/rdv-draft/${created.body.planningDraft._id}`, { token: setup.promoter.token });
    expect(read.body.planningDraft.projectId).toBe(setup.program._id);
    const patched = await call('PATCH', `/api/rdv-draft/${created.body.planningDraft._id}`, { token: setup.promoter.token, body: { name: 'Autre' } });
    expect(patched.body.planningDraft).toMatchObject({ projectId: setup.program._id, name: 'Autre' });
    const listed = (await call('GET', `/api/rdv/project/${setup.program._id}/planning-drafts`, { token: setup.promoter.token })).body.planningDrafts;
    expect(listed).toEqual([expect.objectContaining({ _id: created.body.planningDraft._id, projectId: setup.program._id })]);
  });
});
