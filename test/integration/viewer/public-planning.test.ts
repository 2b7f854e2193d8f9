import { call } from '../../support/test-api';
import { buyerBooks, freePlanning, parisIso, parisSeconds } from '../planning-actions/support';

/** Part 2 §2.9 'Public read-only viewer': GET /rdv/r/{groupId}, public, by the planning's link. */
describe('public read-only viewer: GET /rdv/r/{groupId}', () => {
  it('shows the booked and staff-placed visits titled by lot and typology, the free meetings, the response rate, with no personal data', async () => {
    const setup = await freePlanning({ lots: 4 });
    const [first, second] = setup.meetings;
    expect((await buyerBooks(setup.planningId, first.uuid)).status).toBe(200);
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: second.uuid, rdvDate: parisSeconds(setup.dayDates[1], '10:00') },
    });
    const freeMeeting = await call('POST', `/api/rdv/${setup.planningId}/free-meetings`, {
      token: setup.token,
      body: { name: 'Réunion chantier', start: parisIso(setup.dayDates[1], '15:00'), end: parisIso(setup.dayDates[1], '16:00') },
    });
    expect(freeMeeting.status).toBe(201);
    const { planning } = await setup.read();

    const response = await call('GET', `/api/rdv/r/${planning.uuid}`);

    expect(response.status).toBe(200);
    const [view] = response.body.plannings;
    expect(view).toEqual(
      expect.objectContaining({
        uuid: planning.uuid,
        name: planning.name,
        phaseLabel: 'Cloisons',
        lotCount: 4,
        nbInvited: 4,
        nbBooked: 2,
        progress: 50,
        programId: setup.program._id,
      }),
    );
    expect(view.visits.map((visit: { title: string }) => visit.title).sort()).toEqual(
      [first, second].map((meeting) => `${meeting.guest.lotcomm} ${meeting.guest.typologie}`).sort(),
    );
    expect(view.freeMeetings).toEqual([expect.objectContaining({ name: expect.stringContaining('Réunion chantier') })]);
    const text = JSON.stringify(response.body);
    for (const meeting of setup.meetings) {
      expect(text).not.toContain(meeting.uuid);
      expect(text).not.toContain(meeting.guest.mailmonsieur);
      expect(text).not.toContain(meeting.guest.nom);
    }
  });

  it("a group link ('&'-joined uuids) shows each planning; an unknown uuid, a draft or a malformed link answers 'Planning non trouvé'", async () => {
    const a = await freePlanning({ lots: 2 });
    const b = await freePlanning({ lots: 3 });
    const uuidA = (await a.read()).planning.uuid as string;
    const uuidB = (await b.read()).planning.uuid as string;

    const group = await call('GET', `/api/rdv/r/${uuidA}&${uuidB}`);
    expect(group.status).toBe(200);
    expect(group.body.plannings.map((view: { uuid: string }) => view.uuid)).toEqual([uuidA, uuidB]);

    const draft = await call('POST', '/api/rdv-draft', { token: a.token, body: { projectId: a.program._id, name: 'Brouillon' } });
    for (const path of [
      `/api/rdv/r/inconnu12345`,
      `/api/rdv/r/${uuidA}&inconnu12345`,
      '/api/rdv/r/%3Cscript%3E',
      `/api/rdv/r/${draft.body?.uuid ?? 'brouillon123'}`,
    ]) {
      const response = await call('GET', path);
      expect({ path, status: response.status, message: response.body?.message }).toEqual({ path, status: 404, message: 'Planning non trouvé' });
    }
  });
});
