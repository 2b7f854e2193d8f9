import { listDeliveries } from '../../../functions/data/deliveries-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { call } from '../../support/test-api';
import { startTestPool, type TestPool } from '../../support/test-pool';
import { freePlanning, outboxTo } from '../planning-actions/support';
import { imposedPlanning } from './support';

/** Part 1 §2 'Imposed layout', §4 imposed statuses and progress. */
describe('the buyer answers a convocation: PATCH /rdv/confirm/{planningId}', () => {
  // The answers given at once go through the local worker pool: separate processes, as Lambda instances.
  let workers: TestPool;
  beforeAll(async () => {
    workers = await startTestPool();
  }, 60_000);
  afterAll(() => workers.stop());

  it("part 1 §2: 'CONFIRMER MA PRESENCE' confirms (présent), mails the confirmation with the visit, counts it in the progress and the history", async () => {
    const setup = await imposedPlanning({ lots: 3, overrides: { contact: { contactMail: 'anne.martin@lac.fr' } } });
    const meeting = setup.byLot(0);
    expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.convocation).toBe('pending');
    const answer = await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } });
    expect(answer.status).toBe(200);
    const view = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body;
    expect(view.convocation).toBe('confirmed');
    expect(view.meeting.start).toBe(meeting.start);
    const { planning } = await setup.read();
    expect(planning).toEqual(expect.objectContaining({ nbConfirmed: 1, nbNotAvailable: 0, nbInvited: 3 }));
    expect(
      (await outboxTo(meeting.guest.mailmonsieur)).some(
        (message) => message.subject?.includes('présence confirmée') && message.attachments.some((file) => file.filename === 'rendez-vous.ics'),
      ),
    ).toBe(true);
    const history = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}/history`, { token: setup.token })).body.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['Présence confirmée par l’acquéreur']);
  }, 90_000);

  it("part 1 §2: 'Il m'est impossible d'être présent(e)' needs 'Veuillez indiquer les raisons de votre indisponibilité'; with a note the row says indisponible and staff are mailed (delivery log)", async () => {
    const setup = await imposedPlanning({ lots: 2, overrides: { contact: { contactMail: 'anne.martin@lac.fr' } } });
    const meeting = setup.byLot(1);
    const noNote = await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid, isAvailable: false, note: '  ' } });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe('Veuillez indiquer les raisons de votre indisponibilité');
    const declared = await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, {
      body: { usr: meeting.uuid, isAvailable: false, note: 'Hospitalisé ce jour-là' },
    });
    expect(declared.status).toBe(200);
    expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.convocation).toBe('unavailable');
    const { planning, meetings } = await setup.read();
    const row = meetings.find((candidate) => candidate.uuid === meeting.uuid)!;
    expect(row).toEqual(expect.objectContaining({ isConfirmed: true, isAvailable: false, note: 'Hospitalisé ce jour-là' }));
    // Progress (part 2 §4): (confirmed + not available) / invited, counted once.
    expect(planning).toEqual(expect.objectContaining({ nbConfirmed: 0, nbNotAvailable: 1, nbInvited: 2 }));
    const notices = await outboxTo('anne.martin@lac.fr');
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toContain(`Indisponibilité déclarée : lot ${meeting.guest.lotcomm}`);
    expect(notices[0].text).toContain('Hospitalisé ce jour-là');
    const log = await listDeliveries(getDeps().store, setup.planningId);
    expect(log.filter((delivery) => delivery.kind === 'force-majeure' && delivery.status === 'sent' && delivery.meetingUuid === meeting.uuid)).toHaveLength(1);
    // The answer is given: confirming afterwards is refused, the same answer again changes nothing.
    expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } })).body.message).toBe(
      'Vous avez déjà répondu à cette convocation.',
    );
    expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid, isAvailable: false, note: 'encore' } })).status).toBe(200);
    expect(await outboxTo('anne.martin@lac.fr')).toHaveLength(1);
  }, 90_000);

  it("part 1 §2: deadline passed gives 'Il n'est plus possible de valider votre présence au rendez-vous'; an inactive buyer's confirmation and force majeure are refused ('Votre rendez-vous a été désactivé.'); a free planning has no convocation", async () => {
    const setup = await imposedPlanning({ lots: 2, overrides: { bookingDeadline: new Date(Date.now() - 60_000).toISOString() } });
    const meeting = setup.byLot(0);
    expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.convocation).toBe('too-late');
    const late = await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Il n'est plus possible de valider votre présence au rendez-vous");
    const wrongPlanning = await call('PATCH', `/api/rdv/confirm/${'a'.repeat(24)}`, { body: { usr: meeting.uuid } });
    expect(wrongPlanning.status).toBe(404);

    // Inactive (staff turned 'Actif' off before any answer): the page says so, neither answer is taken.
    const inactive = setup.byLot(1);
    expect((await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${inactive.uuid}`, { token: setup.token, body: { isActive: false } })).status).toBe(200);
    expect((await call('GET', `/api/rdv/usr/${inactive.uuid}`)).body.convocation).toBe('disabled');
    for (const body of [{ usr: inactive.uuid }, { usr: inactive.uuid, isAvailable: false, note: 'Empêchement' }]) {
      const refused = await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Votre rendez-vous a été désactivé.');
    }
    const stored = (await setup.read()).meetings.find((candidate) => candidate.uuid === inactive.uuid)!;
    expect(stored).toEqual(expect.objectContaining({ isActive: false, isConfirmed: false }));
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbConfirmed: 0, nbNotAvailable: 0 }));

    // A free planning's buyer has no convocation to answer.
    const free = await freePlanning({ lots: 1 });
    const freeMeeting = free.meetings[0];
    const notImposed = await call('PATCH', `/api/rdv/confirm/${free.planningId}`, { body: { usr: freeMeeting.uuid } });
    expect(notImposed.status).toBe(409);
    expect(notImposed.body.message).toBe("Ce rendez-vous n'est pas une convocation.");
  }, 90_000);

  it('confirming twice at once, through 4 worker processes, confirms once: one confirmation mail, one history line, counters exact (against DynamoDB Local)', async () => {
    const setup = await imposedPlanning({ lots: 2 });
    const meeting = setup.byLot(0);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => workers.call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect((await setup.read()).planning.nbConfirmed).toBe(1);
    const confirmations = (await outboxTo(meeting.guest.mailmonsieur)).filter((message) => message.subject?.includes('présence confirmée'));
    expect(confirmations).toHaveLength(1);
    const history = (await call('GET', `/api/rdv/${setup.planningId}/meetings/${meeting.uuid}/history`, { token: setup.token })).body.history;
    expect(history).toHaveLength(1);
  }, 90_000);

  it('a confirmation racing a force majeure of the same buyer, in two worker processes: exactly one answer is kept, the other is refused', async () => {
    const setup = await imposedPlanning({ lots: 1 });
    const meeting = setup.byLot(0);
    const [confirm, decline] = await Promise.all([
      workers.call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid } }),
      workers.call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: meeting.uuid, isAvailable: false, note: 'Empêchement' } }),
    ]);
    expect([confirm.status, decline.status].sort()).toEqual([200, 409]);
    const { planning } = await setup.read();
    expect(planning.nbConfirmed + planning.nbNotAvailable).toBe(1);
  }, 90_000);
});
