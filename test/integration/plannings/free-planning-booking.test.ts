import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getJob } from '../../../functions/data/jobs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { planningBody, programWithLots, runDueJobs } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { programForFile } from '../planning-actions/support';

async function outboxFor(to: string) {
  return (await listOutboxMessages(getDeps().store)).filter((message) => message.to.some((address) => address.includes(to)));
}

/** One program for the file's plannings made by `createdPlanning` (36 buyers), imported once: each gets lots of its own. */
const program = programForFile(36);

async function createdPlanning(lots: number, overrides = {}) {
  const setup = await program.lots(lots);
  const created = await call('POST', '/api/rdv', {
    token: setup.promoter.token,
    body: planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
      overrides,
    ),
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await runDueJobs();
  const detail = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token })).body;
  return {
    ...setup,
    planning: detail.planning,
    meetings: detail.meetings as { uuid: string; guest: { mailmonsieur: string; telephonemonsieur: string }; isInvitationSent: boolean }[],
  };
}

describe('free planning creation and invitations (part 2 §2.4, part 1 §5)', () => {
  it("creates one meeting per buyer with ids of at least 128 bits and answers 'Nouveau planning créé avec succès'", async () => {
    const setup = await programWithLots(4);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
      ),
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Nouveau planning créé avec succès');
    expect(created.body.planning).toEqual(expect.objectContaining({ templateType: 'promoter', pas: 1800, nbInvited: 0, phase: 'partitions' }));
    const detail = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token })).body;
    expect(detail.meetings).toHaveLength(4);
    for (const meeting of detail.meetings) {
      expect(Buffer.from(meeting.uuid, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(meeting).toEqual(expect.objectContaining({ isActive: true, notifMail: true, notifSMS: true, isBooked: false }));
    }
  });

  it('invitations go out by e-mail and SMS with every tag replaced, each recorded in the delivery log', async () => {
    const { planning, meetings, promoter } = await createdPlanning(3);
    const meeting = meetings[0];
    const [mail] = (await outboxFor(meeting.guest.mailmonsieur)).filter((message) => message.channel === 'email');
    expect(mail.subject).toBe('Lac Promotion – prenez rendez-vous pour votre visite Cloisons');
    expect(mail.text).toContain(`/entrevue/${meeting.uuid}`);
    expect(mail.text).not.toMatch(/<[A-Z_]+>/);
    const sms = (await listOutboxMessages(getDeps().store)).find((message) => message.channel === 'sms' && message.text.includes(meeting.uuid));
    expect(sms?.to[0]).toBe(`+33${meeting.guest.telephonemonsieur.slice(1)}`);
    const counters = (await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body.planning;
    expect(counters).toEqual(expect.objectContaining({ nbInvited: 3, nbNotBooked: 3, isInvitationSent: true }));
    const deliveries = (await call('GET', `/api/rdv/${planning._id}/deliveries`, { token: promoter.token })).body.deliveries;
    expect(deliveries.filter((delivery: { kind: string; status: string }) => delivery.kind === 'invitation' && delivery.status === 'sent')).toHaveLength(6);
  });

  it("the buyers must fit: otherwise 422 'Pas de solution' with the engine's reason", async () => {
    const setup = await programWithLots(30);
    const body = planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
    );
    const response = await call('POST', '/api/rdv', { token: setup.promoter.token, body });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Pas de solution');
    expect(response.body.details.reason).toEqual(expect.any(String));
  });

  it('a scheduled invitation job delivered twice sends once', async () => {
    const setup = await programWithLots(2);
    const launchDate = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { launchDate },
      ),
    });
    expect(await runDueJobs()).toBe(0);
    const { Items = [] } = await getDeps().store.doc.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: getDeps().store.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'JOBS#DUE' },
      }),
    );
    const jobId = String(Items.find((item) => (item.payload as { planningId?: string }).planningId === created.body.planning._id)?.id);
    const outcomes = await Promise.all([dispatch({ jobId }), dispatch({ jobId })]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['done', 'skipped']);
    const detail = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token })).body;
    expect(detail.planning.nbInvited).toBe(2);
    const mails: Awaited<ReturnType<typeof outboxFor>>[] = await Promise.all(
      detail.meetings.map((meeting: { guest: { mailmonsieur: string } }) => outboxFor(meeting.guest.mailmonsieur)),
    );
    expect(mails.map((list) => list.filter((message) => message.channel === 'email').length)).toEqual([1, 1]);
  });
});

describe('the buyer books (part 1 §2 booking page, issue 5 integrity)', () => {
  it('GET shows the choice with only engine-offered options and never changes anything', async () => {
    const { meetings, planning, promoter } = await createdPlanning(2);
    const before = (await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body;
    const view = await call('GET', `/api/rdv/usr/${meetings[0].uuid}`);
    expect(view.status).toBe(200);
    expect(view.body.state).toBe('choice');
    expect(view.body.options.length).toBeGreaterThan(0);
    expect(view.body.options[0].label).toMatch(/^(lundi|mardi|mercredi|jeudi|vendredi) \d+ \S+ \d{4} à \d{2}:\d{2}$/);
    await call('GET', `/api/rdv/usr/${meetings[0].uuid}`);
    expect((await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body).toEqual(before);
  });

  it('part 1 §2: the virtual-visit question, asked by the planning, is required: a booking without the answer is refused with the French message and books nothing', async () => {
    const { meetings, planning } = await createdPlanning(1);
    expect(planning.questions).toContain('vrSurvey');
    const option = (await call('GET', `/api/rdv/usr/${meetings[0].uuid}`)).body.options[0];
    const refused = await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: meetings[0].uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { visitors: [] } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Veuillez indiquer si une visite virtuelle de votre logement vous intéresse.');
    expect((await call('GET', `/api/rdv/usr/${meetings[0].uuid}`)).body.state).toBe('choice');
    const booked = await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: meetings[0].uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);
  });

  it("a reload in the same minute after another buyer booked no longer offers that buyer's time (the offering memo follows every input, issue 12 point 12)", async () => {
    const { meetings, planning } = await createdPlanning(2);
    const [first, second] = meetings;
    const before = (await call('GET', `/api/rdv/usr/${second.uuid}`)).body.options as { startDate: string; amoNb: number }[];
    const taken = (await call('GET', `/api/rdv/usr/${first.uuid}`)).body.options[0];
    expect(before).toContainEqual(expect.objectContaining({ startDate: taken.startDate, amoNb: taken.amoNb }));
    const booked = await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: first.uuid, slot: { startDate: taken.startDate, amoNb: taken.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);
    const after = (await call('GET', `/api/rdv/usr/${second.uuid}`)).body.options as { startDate: string; amoNb: number }[];
    expect(after).not.toContainEqual(expect.objectContaining({ startDate: taken.startDate, amoNb: taken.amoNb }));
  });

  it('booking: meeting, slot and counters change together; a confirmation e-mail with ICS and an SMS', async () => {
    const { meetings, planning, promoter } = await createdPlanning(3);
    const meeting = meetings[1];
    const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];
    const booked = await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: {
        usr: meeting.uuid,
        slot: { startDate: option.startDate, amoNb: option.amoNb },
        label: option.label,
        extra: { isInterestedVr: false, shoeSize: '42', visitors: [] },
      },
    });
    expect(booked.status).toBe(200);
    const detail = (await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body;
    expect(detail.planning).toEqual(expect.objectContaining({ nbBooked: 1, nbNotBooked: 2 }));
    const stored = detail.meetings.find((candidate: { uuid: string }) => candidate.uuid === meeting.uuid);
    expect(stored).toEqual(expect.objectContaining({ isBooked: true, start: option.startDate, shoeSize: '42' }));
    const view = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body;
    expect(view.state).toBe('booked');
    const confirmation = (await outboxFor(meeting.guest.mailmonsieur)).find((message) => message.subject?.includes('rendez-vous confirmé'));
    expect(confirmation?.attachments[0]).toEqual(expect.objectContaining({ filename: 'rendez-vous.ics', contentType: 'text/calendar; charset=utf-8' }));
    const smsTo = `+33${meeting.guest.telephonemonsieur.slice(1)}`;
    expect(
      (await listOutboxMessages(getDeps().store)).some(
        (message) => message.channel === 'sms' && message.to[0] === smsTo && message.text.includes('est confirmée'),
      ),
    ).toBe(true);
  });

  it('50 simultaneous bookings of one slot: exactly one success and 49 refusals telling to pick another slot', async () => {
    const { meetings, planning } = await createdPlanning(8);
    const views = await Promise.all(meetings.map((meeting) => call('GET', `/api/rdv/usr/${meeting.uuid}`)));
    const option = views[0].body.options[0];
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call('PATCH', `/api/rdv/book/${planning._id}`, {
          body: {
            usr: meetings[index % meetings.length].uuid,
            slot: { startDate: option.startDate, amoNb: option.amoNb },
            extra: { isInterestedVr: false, visitors: [] },
          },
        }),
      ),
    );
    const successes = attempts.filter((attempt) => attempt.status === 200);
    expect(successes).toHaveLength(1);
    const refusals = attempts.filter((attempt) => attempt.status === 409);
    expect(refusals).toHaveLength(49);
    expect(new Set(refusals.map((refusal) => refusal.body.message))).toEqual(
      new Set(["Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.", 'Vous avez déjà réservé un rendez-vous.']),
    );
  });

  it('simultaneous bookings of different slots never strand a buyer and keep the counters exact', async () => {
    const { meetings, planning, promoter } = await createdPlanning(10);
    const results = await Promise.all(
      meetings.map(async (meeting) => {
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const view = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body;
          if (view.state === 'booked') return true;
          const option = view.options[Math.floor(Math.random() * view.options.length)];
          const response = await call('PATCH', `/api/rdv/book/${planning._id}`, {
            body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
          });
          if (response.status === 200) return true;
        }
        return false;
      }),
    );
    expect(results.every(Boolean)).toBe(true);
    const detail = (await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body;
    expect(detail.planning).toEqual(expect.objectContaining({ nbBooked: 10, nbNotBooked: 0 }));
    const ranges = detail.meetings.map((meeting: { start: string; end: string; amoNb: number }) => [
      meeting.amoNb,
      Date.parse(meeting.start),
      Date.parse(meeting.end),
    ]);
    for (const [amo, start, end] of ranges) {
      expect(ranges.filter(([otherAmo, otherStart, otherEnd]: number[]) => otherAmo === amo && otherStart < end && start < otherEnd)).toHaveLength(1);
    }
  });

  it('cancel frees the slot in the same transaction, the reminder is cancelled and never sent', async () => {
    const { meetings, planning, promoter } = await createdPlanning(2);
    const meeting = meetings[0];
    const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];
    await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    const { getMeeting } = await import('../../../functions/data/plannings-repository');
    const reminderJobId = (await getMeeting(getDeps().store, planning._id, meeting.uuid))?.reminderJobId;
    expect(reminderJobId).toEqual(expect.any(String));
    expect((await getJob(getDeps().store, reminderJobId!))?.runAt).toBe(new Date(Date.parse(option.startDate) - 48 * 3_600_000).toISOString());
    const cancelled = await call('PATCH', `/api/rdv/unbook/${meeting.uuid}`);
    expect(cancelled.body.message).toBe('Rendez-vous annulé');
    expect((await getJob(getDeps().store, reminderJobId!))?.status).toBe('cancelled');
    expect((await dispatch({ jobId: reminderJobId! })).outcome).toBe('skipped');
    const detail = (await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body;
    expect(detail.planning).toEqual(expect.objectContaining({ nbBooked: 0, nbNotBooked: 2 }));
    const again = await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: meetings[1].uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(again.status).toBe(200);
  });

  it("unavailable needs a note ('Veuillez indiquer les raisons de votre indisponibilité') and can be undone", async () => {
    const { meetings, planning, promoter } = await createdPlanning(2);
    const meeting = meetings[0];
    const refused = await call('PATCH', `/api/rdv/${planning._id}/broadcastlist`, { body: { uuid: meeting.uuid, isAvailable: false } });
    expect(refused.body.message).toBe('Veuillez indiquer les raisons de votre indisponibilité');
    await call('PATCH', `/api/rdv/${planning._id}/broadcastlist`, { body: { uuid: meeting.uuid, isAvailable: false, note: 'En voyage' } });
    expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.state).toBe('unavailable');
    expect((await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body.planning.nbNotAvailable).toBe(1);
    await call('PATCH', `/api/rdv/${planning._id}/broadcastlist`, { body: { uuid: meeting.uuid, isAvailable: true } });
    expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.state).toBe('choice');
    expect((await call('GET', `/api/rdv/${planning._id}`, { token: promoter.token })).body.planning.nbNotAvailable).toBe(0);
  });

  it('unknown links answer 404 Rendez-vous non trouvé; the data-protection request mails the buyer', async () => {
    const missing = await call('GET', '/api/rdv/usr/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Rendez-vous non trouvé');
    const { meetings } = await createdPlanning(1);
    const gdpr = await call('POST', '/api/gdpr/ask-info', { body: { uuid: meetings[0].uuid } });
    expect(gdpr.body.message).toBe(`Un mail vous a été envoyé à l'adresse suivante: ${meetings[0].guest.mailmonsieur}. Il contient vos données personnelles.`);
  });
});

describe('deleting a planning (part 2 §4)', () => {
  it('is allowed before any invitation is sent', async () => {
    const setup = await programWithLots(2);
    const launchDate = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { launchDate },
      ),
    });
    const deleted = await call('DELETE', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token });
    expect(deleted.status).toBe(202);
    expect((await call('GET', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token })).status).toBe(404);
  });

  it("is refused once invitations are sent ('Ce planning ne peut pas être supprimé.'); an administrator may force it, log included", async () => {
    const { planning, promoter, admin, meetings } = await createdPlanning(2);
    const refused = await call('DELETE', `/api/rdv/${planning._id}`, { token: promoter.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ce planning ne peut pas être supprimé.');
    expect((await call('DELETE', `/api/rdv/${planning._id}?force=true`, { token: promoter.token })).status).toBe(409);
    expect((await call('DELETE', `/api/rdv/${planning._id}?force=true`, { token: admin.token })).status).toBe(202);
    expect((await call('GET', `/api/rdv/${planning._id}`, { token: admin.token })).status).toBe(404);
    expect((await call('GET', `/api/rdv/usr/${meetings[0].uuid}`)).status).toBe(404);
    const { listDeliveries } = await import('../../../functions/data/deliveries-repository');
    expect(await listDeliveries(getDeps().store, planning._id)).toEqual([]);
  });
});

describe('creation with a promoter logo and virtual-visit texts (part 2 §4)', () => {
  const vrText = { firstParagraph: 'Bienvenue', secondParagraph: 'Visitez votre logement en 3D.', thirdParagraph: 'À bientôt.' };
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

  async function promoterRecords() {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { Items = [] } = await getDeps().store.doc.send(
      new QueryCommand({
        TableName: getDeps().store.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'VPROMOTERS' },
      }),
    );
    return Items;
  }

  it('creates the promoter record with the three paragraphs and the logo, linked to the planning', async () => {
    const setup = await programWithLots(2);
    const { multipartFile } = await import('../../support/client-file');
    const logo = await call('POST', '/api/files', { token: setup.promoter.token, ...multipartFile('file', 'logo.png', 'image/png', png) });
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { vrText, vrLogoId: logo.body.attachmentId },
      ),
    });
    expect(created.status).toBe(201);
    const record = (await promoterRecords()).find((item) => item._id === created.body.planning.vrPromoterId);
    expect(record).toEqual(expect.objectContaining({ ...vrText, name: 'Lac Promotion', logoKey: expect.any(String) }));
  });

  it('the created promoter record is removed if the planning creation then fails', async () => {
    const setup = await programWithLots(30);
    const before = (await promoterRecords()).length;
    const failed = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { vrText },
      ),
    });
    expect(failed.status).toBe(422);
    expect(await promoterRecords()).toHaveLength(before);
  });
});
