import { greetingName } from '../../../shared/rules/greeting';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { listDeliveries } from '../../../functions/data/deliveries-repository';
import { getJob } from '../../../functions/data/jobs-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { sweepDueJobs } from '../../../functions/core/jobs/dispatch-job';
import { jobRunners } from '../../../functions/dispatch/job-runners';
import { getDeps } from '../../../functions/runtime/deps';
import { addDays } from '../../../shared/scheduling/time-grid';
import { programWithLots, futureMonday } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { assertInvariants, outboxTo, parisIso, slotGrainItems } from '../planning-actions/support';
import { imposedBody, imposedPlanning } from './support';

/** Part 2 §2.5, §4 'Imposed creation', §7 POST /rdv-impose, §8 creation messages; part 2 §5. */
describe('imposed creation: POST /rdv-impose', () => {
  it("part 2 §8: 'Nouveau planning imposé créé avec succès'; every lot placed where staff put it, with its slot grains; the convocations left with the planning (outbox) and show in the delivery log", async () => {
    const setup = await imposedPlanning({
      lots: 4,
      overrides: {
        contact: { contactNom: 'Martin', contactMail: 'anne.martin@lac.fr' },
        messages: { mailinvitationmessage: 'Bonjour <NOM>, convoqué le <DEBUT_VISITE>. Contact : <CONTACT_NOM>. <LIEN_RDV>' },
      },
    });
    expect(setup.created.body.message).toBe('Nouveau planning imposé créé avec succès');
    const { planning, meetings } = await setup.read();
    expect(planning).toEqual(
      expect.objectContaining({
        templateType: 'promoterImpose',
        pas: 900,
        nbInvited: 4,
        nbBooked: 4,
        nbConfirmed: 0,
        nbNotAvailable: 0,
        isInvitationSent: true,
      }),
    );
    expect(planning.events).toHaveLength(1);
    const first = setup.byLot(0);
    expect(first).toEqual(
      expect.objectContaining({ isBooked: true, isConfirmed: false, isInvitationSent: true, start: setup.body.placements[0].start, amoNb: 0 }),
    );
    expect(first.forced).toBe(setup.promoter.user._id);
    expect((await slotGrainItems(setup.planningId)).size).toBe(4 * 4);
    await assertInvariants(setup.planningId, setup.read);
    // The summons mail: tags replaced (the contact tag rule held: the contact name is set).
    const mails = (await outboxTo(first.guest.mailmonsieur)).filter((message) => message.channel === 'email');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('convocation');
    expect(mails[0].text).toContain(`Bonjour ${greetingName(first.guest)}, convoqué le`);
    expect(mails[0].text).toContain('Contact : Martin.');
    expect(mails[0].text).toContain(`/entrevue/${first.uuid}`);
    expect(mails[0].text).not.toMatch(/<[A-Z_]+>/);
    const log = await listDeliveries(getDeps().store, setup.planningId);
    expect(log.filter((delivery) => delivery.kind === 'convocation' && delivery.status === 'sent' && delivery.channel === 'email')).toHaveLength(4);
    expect(log.filter((delivery) => delivery.kind === 'convocation' && delivery.status === 'sent' && delivery.channel === 'sms')).toHaveLength(4);
    expect(meetings.every((meeting) => meeting.invitationMail.length === 1)).toBe(true);
  }, 90_000);

  it('part 1 §2, part 2 §9: a deadline to confirm on or after the first visit is refused with its reason (400, nothing created); one before it is accepted', async () => {
    const setup = await programWithLots(3);
    const monday = futureMonday();
    const placements: [number, string, number][] = [
      [0, '10:00', 1],
      [1, '09:00', 0],
    ];
    const first = formatParisDateTime(parisIso(monday, '09:00'));
    const reason = `La date limite de confirmation doit précéder la première visite (${first}).`;
    // The reported case: a default deadline (20:00, days later) for visits earlier.
    for (const bookingDeadline of [parisIso(addDays(monday, 10), '20:00'), parisIso(monday, '09:00')]) {
      const body = imposedBody(setup.program._id, setup.clients, monday, placements, { bookingDeadline });
      const refused = await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(reason);
      const { plannings } = (await call('GET', `/api/rdv/project/${setup.program._id}/plannings`, { token: setup.promoter.token })).body as {
        plannings: { name: string }[];
      };
      expect(plannings.some((planning) => planning.name === body.name)).toBe(false);
    }
    const accepted = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: imposedBody(setup.program._id, setup.clients, monday, placements, { bookingDeadline: parisIso(addDays(monday, -1), '20:00') }),
    });
    expect(accepted.status).toBe(201);
  }, 90_000);

  it('at the dispatch date: no convocation before; the wave job waits on the due index and, the clock at the dispatch date, sends the convocations by mail and SMS with their tags replaced', async () => {
    const launchDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const setup = await imposedPlanning({
      lots: 2,
      overrides: {
        launchDate,
        messages: { smsinvitationmessage: '<PROMOTEUR> : convocation lot <LOTCOMM> le <DEBUT_VISITE>, <ADRESSE>. Répondez : <LIEN_RDV>' },
      },
    });
    expect((await setup.read()).planning.nbInvited).toBe(0);
    expect(await outboxTo(setup.byLot(0).guest.mailmonsieur)).toHaveLength(0);
    const deps = getDeps();
    const { Items = [] } = await deps.store.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: deps.store.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :at)',
        ExpressionAttributeValues: { ':pk': 'JOBS#DUE', ':at': launchDate },
      }),
    );
    const wave = await getJob(deps.store, String(Items[0]?.id));
    expect(wave).toEqual(
      expect.objectContaining({ kind: 'send-invitations', runAt: launchDate, status: 'pending', payload: { planningId: setup.planningId } }),
    );
    // Not due yet: a sweep now leaves it waiting.
    await sweepDueJobs(deps, Date.now() + 20_000, jobRunners);
    expect((await getJob(deps.store, wave!.id))?.status).toBe('pending');

    // The clock reaches the dispatch date: the sweep (poller / EventBridge) runs the wave.
    jest.spyOn(deps, 'now').mockReturnValue(new Date(Date.parse(launchDate) + 1_000));
    try {
      await sweepDueJobs(deps, Date.now() + 20_000, jobRunners);
    } finally {
      jest.restoreAllMocks();
    }
    expect((await getJob(deps.store, wave!.id))?.status).toBe('done');
    const { planning, meetings } = await setup.read();
    expect(planning).toEqual(expect.objectContaining({ nbInvited: 2, isInvitationSent: true }));
    const outbox = await listOutboxMessages(deps.store, 2000);
    for (const meeting of meetings) {
      expect(
        outbox.filter((message) => message.channel === 'email' && message.to.includes(meeting.guest.mailmonsieur) && message.subject?.includes('convocation')),
      ).toHaveLength(1);
      const sms = outbox.filter((message) => message.channel === 'sms' && message.text.includes(`/entrevue/${meeting.uuid}`));
      expect(sms).toHaveLength(1);
      expect(sms[0].text).not.toMatch(/<[A-Z_]+>/);
      expect(sms[0].text).toContain(`convocation lot ${meeting.guest.lotcomm} le `);
      expect(sms[0].text).toContain('5 quai du Lac, 74000 Annecy');
    }
    const log = await listDeliveries(deps.store, setup.planningId);
    expect(log.filter((delivery) => delivery.kind === 'convocation' && delivery.status === 'sent')).toHaveLength(4);
  }, 90_000);

  it('refuses, with the reason: two visits of one AMO that overlap, a visit outside the day hours, a start off the 15-minute grid or in the past; two AMO at once is fine', async () => {
    const setup = await programWithLots(3);
    const monday = futureMonday();
    const post = (placements: [number, string, number?, number?, number?][]) =>
      call('POST', '/api/rdv-impose', { token: setup.promoter.token, body: imposedBody(setup.program._id, setup.clients, monday, placements) });
    const lot = (index: number) => setup.clients[index] as unknown as { lotcomm: string };
    const overlap = await post([
      [0, '09:00'],
      [1, '09:30'],
    ]);
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe(`Les visites des lots ${lot(0).lotcomm} et ${lot(1).lotcomm} se chevauchent pour le même AMO.`);
    expect(
      (
        await post([
          [0, '09:00'],
          [1, '09:30', 0, 1],
        ])
      ).status,
    ).toBe(201);
    const late = await post([[2, '16:30']]);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(`La visite du lot ${lot(2).lotcomm} doit tenir dans les horaires de la journée (08:30 – 17:00).`);
    const early = await post([[2, '08:00']]);
    expect(early.body.message).toContain('doit tenir dans les horaires de la journée');
    const offGrid = await post([[2, '09:10']]);
    expect(offGrid.body.message).toBe(`La visite du lot ${lot(2).lotcomm} doit commencer sur un pas de 15 minutes.`);
    const past = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: {
        ...imposedBody(setup.program._id, setup.clients, monday, [[2, '09:00']]),
        placements: [{ lotId: setup.clients[2]._id, start: new Date(Date.now() - 86_400_000).toISOString(), length: 3_600_000, amoNb: 0 }],
        bookingDeadline: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      },
    });
    expect(past.body.message).toBe(`La visite du lot ${lot(2).lotcomm} est dans le passé.`);
    const nothing = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: { ...imposedBody(setup.program._id, setup.clients, monday, []) },
    });
    expect(nothing.status).toBe(400);
  }, 90_000);

  it("part 2 §8: a name already used in the program gives 'Le nom existe déjà, veuillez en sélectionner un autre.'; the contact tags rule refuses a tag whose contact field is empty", async () => {
    const setup = await imposedPlanning({ lots: 2, placed: 1 });
    const again = await call('POST', '/api/rdv-impose', {
      token: setup.token,
      body: imposedBody(setup.program._id, setup.clients, setup.monday, [[1, '09:00', 1]], { name: setup.body.name }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Le nom existe déjà, veuillez en sélectionner un autre.');
    const tag = await call('POST', '/api/rdv-impose', {
      token: setup.token,
      body: imposedBody(setup.program._id, setup.clients, setup.monday, [[1, '09:00', 1]], {
        messages: { mailinvitationmessage: 'Appelez <CONTACT_TELEPHONE>' },
      }),
    });
    expect(tag.status).toBe(400);
    expect(tag.body.message).toContain('CONTACT_TELEPHONE');
  }, 90_000);

  it('creating from a draftImpose deletes the draft; an AMO of another program is refused', async () => {
    const setup = await programWithLots(2);
    const monday = futureMonday();
    const draft = await call('POST', '/api/rdv-draft', {
      token: setup.promoter.token,
      body: {
        projectId: setup.program._id,
        templateType: 'draftImpose',
        name: 'Brouillon imposé',
        data: { calendarEvents: JSON.stringify([{ lotId: setup.clients[0]._id, start: parisIso(addDays(monday, 0), '09:00') }]) },
      },
    });
    expect(draft.status).toBe(201);
    const draftId = draft.body.planningDraft._id;
    const created = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: imposedBody(setup.program._id, setup.clients, monday, [[0, '09:00']], { draftId }),
    });
    expect(created.status).toBe(201);
    expect((await call('GET', `/api/rdv-draft/${draftId}`, { token: setup.promoter.token })).status).toBe(404);
    const stranger = await programWithLots(1);
    const refused = await call('POST', '/api/rdv-impose', {
      token: stranger.promoter.token,
      body: imposedBody(setup.program._id, setup.clients, monday, [[1, '09:00']]),
    });
    expect([403, 404]).toContain(refused.status);
  }, 90_000);
});
