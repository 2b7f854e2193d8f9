import { listDeliveries } from '../../../functions/data/deliveries-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePlanning, refusalOf, waveOf } from '../planning-actions/support';
import { call, createUserAndLogin } from '../../support/test-api';
import { inDays, mailsTo, tour } from './support';

jest.setTimeout(90_000);

const vrText = {
  firstParagraph: 'Découvrez votre logement en 3D.',
  secondParagraph: 'Chaque pièce est visitable.',
  thirdParagraph: 'À bientôt sur le chantier.',
};

function buyerVisit(meetingUuid: string, overrides: Record<string, unknown> = {}) {
  return { meetingUuid, pointer: 'Lot en 3D', payload: tour('LOT001'), email: '', startDate: inDays(0), endDate: inDays(21), sendMail: false, ...overrides };
}

/** Part 3 §2, part 2 §5: the program's visites-3d table and the planning tools (part 2 §5, §7; part 3 §2). */
describe('virtual visits of a program and its plannings', () => {
  it("part 2 §2.10: a buyer's visit created from the planning gets its 9-character vrUuid, the planning's text, and lists in the program and the client tab", async () => {
    const setup = await freePlanning({ lots: 3, overrides: { vrText } });
    const [first] = setup.meetings;
    const created = await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(first.uuid) });
    expect(created.status).toBe(201);
    expect(created.body.vrUuid).toMatch(/^[A-Za-z0-9]{9}$/);

    const { meetings } = await setup.read();
    expect(meetings.find((meeting) => meeting.uuid === first.uuid)).toEqual(expect.objectContaining({ vrUuid: created.body.vrUuid }));
    const table = await call('GET', `/api/rdv/project/${setup.program._id}/visites-3d`, { token: setup.token });
    expect(table.status).toBe(200);
    expect(table.body.visits).toEqual([
      expect.objectContaining({ uuid: created.body.vrUuid, lotcomm: first.guest.lotcomm, name: first.guest.nom, status: 'active', counter: 0 }),
    ]);
    const client = await call('GET', `/api/programs/${setup.program._id}/clients/${first.guest._id}/visites-3d`, { token: setup.token });
    expect(client.body.visits.map((visit: { uuid: string }) => visit.uuid)).toEqual([created.body.vrUuid]);
    const page = await call('GET', `/api/vv/${created.body.vrUuid}`);
    expect(page.body.promoter).toEqual(expect.objectContaining(vrText));

    const again = await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(first.uuid) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Cet acquéreur a déjà une visite virtuelle : supprimez-la d'abord.");
  });

  it("part 2 §5: send-VR-links is refused if any selected buyer has no vrUuid; otherwise each gets the mail with the planning's own virtual-visit text, logged in the planning's delivery log", async () => {
    const setup = await freePlanning({ lots: 2, overrides: { vrText } });
    const [first, second] = setup.meetings;
    const address = `vv-${Date.now()}@exemple.fr`;
    const vrUuid = (await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(first.uuid, { email: address }) }))
      .body.vrUuid as string;

    const refused = await call('POST', `/api/rdv/${setup.planningId}/envoi-vv`, { token: setup.token, body: { uuids: [first.uuid, second.uuid] } });
    expect(await refusalOf(setup.planningId, setup.token, refused)).toBe('Opération impossible. Veuillez vérifier votre sélection.');
    expect(await mailsTo(address)).toHaveLength(0);

    const sent = await call('POST', `/api/rdv/${setup.planningId}/envoi-vv`, { token: setup.token, body: { uuids: [first.uuid] } });
    expect(await waveOf(setup.planningId, setup.token, sent)).toEqual(expect.objectContaining({ kind: 'virtual-visit', total: 1, sent: 1, done: true }));
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    for (const paragraph of Object.values(vrText)) expect(mails[0].text).toContain(paragraph);
    expect(mails[0].text).toContain(`/immersion/${vrUuid}`);
    const log = await listDeliveries(getDeps().store, setup.planningId);
    expect(log.filter((line) => line.kind === 'virtual-visit')).toEqual([expect.objectContaining({ meetingUuid: first.uuid, to: address, status: 'sent' })]);
    const deliveries = await call('GET', `/api/rdv/${setup.planningId}/deliveries`, { token: setup.token });
    expect(deliveries.body.deliveries.some((line: { kind: string }) => line.kind === 'virtual-visit')).toBe(true);
  });

  it("part 2 §7 broadcastlistVvUuidDelete: removing the buyers' visits deletes them and clears vrUuid; bulk delete from the program table too", async () => {
    const setup = await freePlanning({ lots: 3 });
    const created = [];
    for (const meeting of setup.meetings)
      created.push(
        (await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(meeting.uuid) })).body.vrUuid as string,
      );

    const removed = await call('POST', `/api/rdv/${setup.planningId}/broadcastlistVvUuidDelete`, {
      token: setup.token,
      body: { uuids: [setup.meetings[0].uuid] },
    });
    expect(removed.body.done).toBe(1);
    expect((await setup.read()).meetings.find((meeting) => meeting.uuid === setup.meetings[0].uuid)).not.toHaveProperty('vrUuid');

    const bulk = await call('POST', '/api/vv/delete-multiple', { token: setup.token, body: { uuids: created.slice(1) } });
    expect(bulk.body.done).toBe(2);
    expect((await call('GET', `/api/rdv/project/${setup.program._id}/visites-3d`, { token: setup.token })).body.visits).toEqual([]);
    expect((await setup.read()).meetings.every((meeting) => !('vrUuid' in meeting))).toBe(true);
  });

  it('part 3 §2: removing a buyer from the planning (remove-customer) removes their virtual visit, and only theirs', async () => {
    const setup = await freePlanning({ lots: 2 });
    const [leaving, staying] = setup.meetings;
    const gone = (await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(leaving.uuid) })).body.vrUuid as string;
    const kept = (await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(staying.uuid) })).body.vrUuid as string;

    const removed = await call('PATCH', `/api/rdv/${setup.planningId}/remove-customer`, { token: setup.token, body: { rdvId: leaving.uuid } });
    expect(removed.status).toBe(200);
    expect((await call('GET', `/api/vv/${gone}`)).status).toBe(404);
    expect((await call('GET', `/api/vv/${kept}`)).status).toBe(200);
    const table = await call('GET', `/api/rdv/project/${setup.program._id}/visites-3d`, { token: setup.token });
    expect(table.body.visits.map((visit: { uuid: string }) => visit.uuid)).toEqual([kept]);
  });

  it("part 2 §4, §7 POST /promoter-dbn: deleting a planning removes its virtual-visit promoter entry and its buyers' visits", async () => {
    const setup = await freePlanning({ lots: 2, overrides: { vrText } });
    const visits: string[] = [];
    for (const meeting of setup.meetings)
      visits.push(
        (await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(meeting.uuid) })).body.vrUuid as string,
      );
    const admin = await createUserAndLogin('administrator');
    const before = (await call('GET', '/api/promoters-open', { token: admin.token })).body.promoters.filter(
      (promoter: { firstParagraph: string }) => promoter.firstParagraph === vrText.firstParagraph,
    );
    const { planning } = await setup.read();
    expect(before.map((promoter: { _id: string }) => promoter._id)).toContain(planning.vrPromoterId);

    expect((await call('DELETE', `/api/rdv/${setup.planningId}?force=true`, { token: admin.token })).status).toBe(202);
    const after = (await call('GET', '/api/promoters-open', { token: admin.token })).body.promoters.map((promoter: { _id: string }) => promoter._id);
    expect(after).not.toContain(planning.vrPromoterId);
    for (const uuid of visits) expect((await call('GET', `/api/vv/${uuid}`)).status).toBe(404);
    expect((await call('GET', `/api/rdv/project/${setup.program._id}/visites-3d`, { token: setup.token })).body.visits).toEqual([]);
  });

  it("isolation: another program's promoter can neither list, create, send, nor delete these visits", async () => {
    const setup = await freePlanning({ lots: 1 });
    const created = await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: setup.token, body: buyerVisit(setup.meetings[0].uuid) });
    const stranger = await createUserAndLogin('promoter');
    expect((await call('GET', `/api/rdv/project/${setup.program._id}/visites-3d`, { token: stranger.token })).status).toBe(403);
    expect((await call('POST', `/api/rdv/${setup.planningId}/visites-3d`, { token: stranger.token, body: buyerVisit(setup.meetings[0].uuid) })).status).toBe(
      403,
    );
    expect((await call('POST', `/api/rdv/${setup.planningId}/envoi-vv`, { token: stranger.token, body: { uuids: [setup.meetings[0].uuid] } })).status).toBe(
      403,
    );
    expect((await call('DELETE', `/api/vv/${created.body.vrUuid}`, { token: stranger.token })).status).toBe(403);
    expect((await call('PATCH', `/api/vv/${created.body.vrUuid}`, { token: setup.token, body: { endDate: inDays(30) } })).status).toBe(200);
  });
});
