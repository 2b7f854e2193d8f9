import { messages } from '../../../shared/messages/common';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { listDeliveries } from '../../../functions/data/deliveries-repository';
import { getJob } from '../../../functions/data/jobs-repository';
import { getMeeting, listProgramPlannings } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { isGsm7 } from '../../../shared/rules/gsm7';
import { tagMessages } from '../../../shared/messages/templates';
import { multipartFile } from '../../support/client-file';
import { planningBody, programWithLots, runDueJobs } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { Readable } from 'node:stream';
import { DiskFileStore } from '../../../functions/adapters/local/disk-file-store';
import { getAttachment } from '../../../functions/data/attachments-repository';

type DeliveryRow = {
  id: string;
  meetingUuid: string;
  kind: string;
  channel: string;
  status: string;
  reason?: string;
  to: string;
  buyer?: { lotcomm: string; nom: string };
};
type MeetingRow = { uuid: string; guest: { mailmonsieur: string; telephonemonsieur: string }; rappelsMail: string[]; rappelsSMS: string[] };

async function outboxFor(to: string) {
  return (await listOutboxMessages(getDeps().store)).filter((message) => message.to.some((address) => address.includes(to)));
}

async function detailOf(planningId: string, token: string): Promise<{ planning: Record<string, unknown>; meetings: MeetingRow[] }> {
  return (await call('GET', `/api/rdv/${planningId}`, { token })).body;
}

async function deliveriesOf(planningId: string, token: string): Promise<DeliveryRow[]> {
  return (await call('GET', `/api/rdv/${planningId}/deliveries`, { token })).body.deliveries;
}

describe('drafts (part 2 §4 "Drafts", §7 /rdv-draft, §8 success and failure texts)', () => {
  it("a draft is saved ('Nouveau brouillon sauvegardé'), listed, reloaded by its id, updated; another program's staff cannot read it", async () => {
    const setup = await programWithLots(2);
    const saved = await call('POST', '/api/rdv-draft', {
      token: setup.promoter.token,
      body: { projectId: setup.program._id, name: 'Choix bât. A', data: { name: 'Choix bât. A', lunchStartTime: '12:30' } },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('Nouveau brouillon sauvegardé');
    const id = saved.body.planningDraft._id;

    const listed = (await call('GET', `/api/rdv/project/${setup.program._id}/planning-drafts`, { token: setup.promoter.token })).body.planningDrafts;
    expect(listed.map((draft: { _id: string }) => draft._id)).toEqual([id]);
    const reloaded = await call('GET', `/api/rdv-draft/${id}`, { token: setup.promoter.token });
    expect(reloaded.body.planningDraft).toEqual(
      expect.objectContaining({ _id: id, templateType: 'draft', data: { name: 'Choix bât. A', lunchStartTime: '12:30' } }),
    );

    const updated = await call('PATCH', `/api/rdv-draft/${id}`, {
      token: setup.promoter.token,
      body: { name: 'Choix bât. A et B', data: { name: 'Choix bât. A et B' } },
    });
    expect(updated.body.message).toBe('Nouveau brouillon sauvegardé');
    expect((await call('GET', `/api/rdv-draft/${id}`, { token: setup.promoter.token })).body.planningDraft).toEqual(
      expect.objectContaining({ name: 'Choix bât. A et B', data: { name: 'Choix bât. A et B' } }),
    );

    const stranger = await programWithLots(1);
    expect((await call('GET', `/api/rdv-draft/${id}`, { token: stranger.promoter.token })).status).toBe(403);
    const missing = await call('GET', `/api/rdv-draft/${'f'.repeat(24)}`, { token: setup.promoter.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Impossible de charger le brouillon.');
  });

  it('creating the planning from a draft deletes the draft; a draft of another program named in the request is kept', async () => {
    const setup = await programWithLots(2);
    const other = await programWithLots(1);
    const foreign = (await call('POST', '/api/rdv-draft', { token: other.promoter.token, body: { projectId: other.program._id, name: 'Autre', data: {} } }))
      .body.planningDraft._id;
    const own = (await call('POST', '/api/rdv-draft', { token: setup.promoter.token, body: { projectId: setup.program._id, name: 'Le mien', data: {} } })).body
      .planningDraft._id;
    const lotIds = setup.clients.map((client) => client._id);

    const first = await call('POST', '/api/rdv', { token: setup.promoter.token, body: planningBody(setup.program._id, lotIds, { draftId: foreign }) });
    expect(first.status).toBe(201);
    expect((await call('GET', `/api/rdv-draft/${foreign}`, { token: other.promoter.token })).status).toBe(200);

    const second = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(setup.program._id, lotIds, { draftId: own, name: 'Depuis le brouillon' }),
    });
    expect(second.status).toBe(201);
    expect((await call('GET', `/api/rdv-draft/${own}`, { token: setup.promoter.token })).status).toBe(404);
    expect((await call('GET', `/api/rdv/project/${setup.program._id}/planning-drafts`, { token: setup.promoter.token })).body.planningDrafts).toEqual([]);
  });
});

describe('invitation attachment (part 2 §5 "Attachment")', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);

  it("refuses another type ('Format de fichier non autorisé.'); a 10 MB file in the request body never reaches the handler (API Gateway's 413 above 6 MB: such files go by presigned PUT)", async () => {
    const setup = await programWithLots(1);
    const text = await call('POST', '/api/files', { token: setup.promoter.token, ...multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('bonjour')) });
    expect([400, 415]).toContain(text.status);
    expect(text.body.message).toBe('Format de fichier non autorisé.');
    const big = await call('POST', '/api/files', {
      token: setup.promoter.token,
      ...multipartFile('file', 'plans.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 32)),
    });
    expect([big.status, big.body.message]).toEqual([413, messages.requestTooLarge]);
  });

  it('a 9 MB attachment goes by a presigned PUT (above a Lambda request once base64-encoded), then its key; a wrong type or 10 MB+ is refused', async () => {
    const setup = await programWithLots(1);
    const files = getDeps().files as DiskFileStore;
    const putThere = async (url: string, content: Buffer, type: string) =>
      files.receiveUpload(url, { contentType: type, contentLength: String(content.length) }, Readable.from([content]));
    const plans = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(9 * 1024 * 1024, 32)]);
    const target = await call('POST', '/api/uploads/attachment', { token: setup.promoter.token, body: { filename: 'plans.pdf', size: plans.length } });
    expect(target.status).toBe(200);
    expect((await putThere(target.body.url, plans, 'application/pdf')).status).toBe(200);
    const saved = await call('POST', '/api/files', { token: setup.promoter.token, body: { key: target.body.key, filename: 'plans.pdf' } });
    expect(saved.status).toBe(201);
    expect(saved.body.filename).toBe('plans.pdf');
    expect(await files.get(target.body.key)).toBeNull();
    const stored = (await getAttachment(getDeps().store, saved.body.attachmentId))!;
    expect((await files.get(stored.fileKey))?.body.equals(plans)).toBe(true);

    const tooBig = await call('POST', '/api/uploads/attachment', { token: setup.promoter.token, body: { filename: 'plans.pdf', size: 10 * 1024 * 1024 + 1 } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Fichier trop volumineux (max 10 Mo).');
    const text = await call('POST', '/api/uploads/attachment', { token: setup.promoter.token, body: { filename: 'notes.txt', size: 7 } });
    expect((await putThere(text.body.url, Buffer.from('bonjour'), 'text/plain')).status).toBe(200);
    const refused = await call('POST', '/api/files', { token: setup.promoter.token, body: { key: text.body.key, filename: 'notes.txt' } });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe('Format de fichier non autorisé.');
  }, 60_000);

  it('the accepted file goes with every invitation e-mail, not with the SMS', async () => {
    const setup = await programWithLots(2);
    const uploaded = await call('POST', '/api/files', {
      token: setup.promoter.token,
      ...multipartFile('file', 'notice-livraison.pdf', 'application/pdf', pdf),
    });
    expect(uploaded.status).toBe(201);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { attachmentId: uploaded.body.attachmentId },
      ),
    });
    expect(created.status).toBe(201);
    await runDueJobs();
    const { meetings } = await detailOf(created.body.planning._id, setup.promoter.token);
    for (const meeting of meetings) {
      const [mail] = (await outboxFor(meeting.guest.mailmonsieur)).filter((message) => message.channel === 'email');
      expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'notice-livraison.pdf', contentType: 'application/pdf' })]);
      expect(await getDeps().files.get(mail.attachments[0].fileKey)).toEqual(expect.objectContaining({ body: pdf }));
    }
  });

  it('an attachment that cannot be found refuses the creation instead of leaving it out of the invitations', async () => {
    const setup = await programWithLots(1);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(setup.program._id, [setup.clients[0]._id], { attachmentId: 'introuvable123' }),
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe("La pièce jointe n'a pas été trouvée : joignez-la de nouveau.");
    expect((await call('GET', `/api/rdv/project/${setup.program._id}/plannings`, { token: setup.promoter.token })).body.plannings).toEqual([]);
  });
});

describe('invitation texts (part 1 §5 tags, GSM-7)', () => {
  it('a message using a contact tag whose contact field is empty is refused, naming the missing field', async () => {
    const setup = await programWithLots(1);
    const refused = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { messages: { mailinvitationmessage: 'Bonjour <NOM>, contactez <CONTACT_TITRE> <CONTACT_NOM>. <LIEN_RDV>' } },
      ),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/CONTACT_TITRE/);
    const unknown = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { messages: { smsinvitationmessage: 'Bonjour <PRENOM> <LIEN_RDV>' } },
      ),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(tagMessages.unknownTags);
  });

  it('the planning’s own texts are used with every tag replaced; the SMS keeps to GSM-7 (’ « » ê œ replaced, é kept)', async () => {
    const setup = await programWithLots(1);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        {
          contact: {
            contactNom: 'Côté',
            contactPrenom: 'Anne',
            contactTitre: 'Madame',
            contactMail: 'anne.cote@lac.fr',
            contactTelephone: '0611223344',
            signature: 'L’équipe',
          },
          messages: {
            mailinvitationmessage:
              'Bonjour <NOM>, lot <LOTCOMM> (<ETAGE>) de <NOM_PROGRAMME>, <VILLE_PROGRAMME> <CODEPOSTAL_PROGRAMME>. Réservez avant le <FIN_PRISE_RDV> : <LIEN_RDV>. Adresse : <ADRESSE>. <CONTACT_TITRE> <CONTACT_PRENOM> <CONTACT_NOM>, <CONTACT_MAIL>, <CONTACT_TELEPHONE>. <SIGNATURE> — <PROMOTEUR>, visite <TYPE_VISITE>.',
            smsinvitationmessage: '« <PROMOTEUR> » : êtes-vous prêt ? C’est l’œuvre de <CONTACT_NOM>. <LIEN_RDV>',
          },
        },
      ),
    });
    expect(created.body).toEqual(expect.objectContaining({ message: 'Nouveau planning créé avec succès' }));
    await runDueJobs();
    const { meetings } = await detailOf(created.body.planning._id, setup.promoter.token);
    const meeting = meetings[0];
    const mail = (await outboxFor(meeting.guest.mailmonsieur)).find((message) => message.channel === 'email')!;
    expect(mail.text).not.toMatch(/<[A-Z_]+>/);
    expect(mail.text).toContain(`/entrevue/${meeting.uuid}`);
    expect(mail.text).toContain('Madame Anne Côté, anne.cote@lac.fr, 0611223344. L’équipe — Lac Promotion, visite Cloisons.');
    expect(mail.text).toContain('5 quai du Lac, 74000 Annecy');
    const sms = (await listOutboxMessages(getDeps().store)).find((message) => message.channel === 'sms' && message.text.includes(meeting.uuid))!;
    expect(sms.text).toBe(
      `" Lac Promotion " : etes-vous pret ? C'est l'oeuvre de Coté. http://localhost:3000/entrevue/${meeting.uuid}`.replace(
        'http://localhost:3000',
        getDeps().config.publicUrl,
      ),
    );
    expect(isGsm7(sms.text)).toBe(true);
  });
});

describe('delivery log (queued, sent, failed with the reason; staff read it)', () => {
  it('a failed send is logged failed with its reason, the other channel sent; nothing stays queued; other programs cannot read the log', async () => {
    const setup = await programWithLots(2);
    const sms = getDeps().sms;
    const original = sms.send.bind(sms);
    let failures = 0;
    const spy = jest.spyOn(sms, 'send').mockImplementation(async (to: string, text: string) => {
      if (failures === 0) {
        failures += 1;
        throw new Error('Opérateur injoignable');
      }
      return original(to, text);
    });
    try {
      const created = await call('POST', '/api/rdv', {
        token: setup.promoter.token,
        body: planningBody(
          setup.program._id,
          setup.clients.map((client) => client._id),
        ),
      });
      await runDueJobs();
      const log = await deliveriesOf(created.body.planning._id, setup.promoter.token);
      expect(log.filter((delivery) => delivery.status === 'queued')).toEqual([]);
      const { meetings } = await detailOf(created.body.planning._id, setup.promoter.token);
      for (const delivery of log) {
        const meeting = meetings.find((candidate) => candidate.uuid === delivery.meetingUuid) as unknown as { guest: { lotcomm: string; nom: string } };
        expect(delivery.buyer).toEqual({ lotcomm: meeting.guest.lotcomm, nom: meeting.guest.nom });
      }
      expect(log).toHaveLength(4);
      expect(log.filter((delivery) => delivery.channel === 'email').map((delivery) => delivery.status)).toEqual(['sent', 'sent']);
      expect(
        log
          .filter((delivery) => delivery.channel === 'sms')
          .map((delivery) => [delivery.status, delivery.reason])
          .sort(),
      ).toEqual([
        ['failed', 'Opérateur injoignable'],
        ['sent', undefined],
      ]);
      // The invitation counts once the buyer is invited, whatever the channel did.
      expect((await detailOf(created.body.planning._id, setup.promoter.token)).planning.nbInvited).toBe(2);
      const stranger = await programWithLots(1);
      expect((await call('GET', `/api/rdv/${created.body.planning._id}/deliveries`, { token: stranger.promoter.token })).status).toBe(403);
    } finally {
      spy.mockRestore();
    }
  });

  it('a send in flight is logged queued, then replaced by its outcome', async () => {
    const setup = await programWithLots(1);
    const mailer = getDeps().mailer;
    const original = mailer.send.bind(mailer);
    let seenWhileSending: DeliveryRow[] = [];
    // The invitations leave from the job the creation hands over: watch the log while the mail is sent.
    const spy = jest.spyOn(mailer, 'send').mockImplementation(async (message, options) => {
      // Read from the table: a call would wait for the jobs under way, this one included.
      const [planning] = await listProgramPlannings(getDeps().store, setup.program._id);
      seenWhileSending = (await listDeliveries(getDeps().store, planning._id)) as DeliveryRow[];
      return original(message, options);
    });
    let created: Awaited<ReturnType<typeof call>>;
    try {
      created = await call('POST', '/api/rdv', {
        token: setup.promoter.token,
        body: planningBody(
          setup.program._id,
          setup.clients.map((client) => client._id),
          { notifications: { mail: true, sms: false } },
        ),
      });
      await runDueJobs();
    } finally {
      spy.mockRestore();
    }
    expect(seenWhileSending.map((delivery) => [delivery.channel, delivery.status])).toEqual([['email', 'queued']]);
    const after = await deliveriesOf(created.body.planning._id, setup.promoter.token);
    expect(after.map((delivery) => [delivery.id, delivery.status])).toEqual([[seenWhileSending[0].id, 'sent']]);
  });
});

describe('reminder before the visit (part 2 §5 rappel)', () => {
  async function bookedMeeting(reminderHours?: number) {
    const setup = await programWithLots(2);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        reminderHours ? { reminderHours } : {},
      ),
    });
    await runDueJobs();
    const planningId = created.body.planning._id as string;
    const meeting = (await detailOf(planningId, setup.promoter.token)).meetings[0];
    const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];
    const booked = await call('PATCH', `/api/rdv/book/${planningId}`, {
      body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);
    const jobId = (await getMeeting(getDeps().store, planningId, meeting.uuid))!.reminderJobId!;
    return { ...setup, planningId, meeting, option, jobId };
  }

  it('is scheduled at the delay set on the planning (here 24 h before the visit)', async () => {
    const { jobId, option } = await bookedMeeting(24);
    expect(await getJob(getDeps().store, jobId)).toEqual(
      expect.objectContaining({ kind: 'send-reminder', status: 'pending', runAt: new Date(Date.parse(option.startDate) - 24 * 3_600_000).toISOString() }),
    );
  });

  it('delivered twice, it sends one e-mail and one SMS (the rappel texts) and records them on the meeting', async () => {
    const { jobId, planningId, meeting, promoter } = await bookedMeeting();
    const outcomes = await Promise.all([dispatch({ jobId }), dispatch({ jobId })]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['done', 'skipped']);
    const reminders = (await outboxFor(meeting.guest.mailmonsieur)).filter((message) => message.subject?.includes('rappel de votre visite'));
    expect(reminders).toHaveLength(1);
    const phone = `+33${meeting.guest.telephonemonsieur.slice(1)}`;
    expect(
      (await listOutboxMessages(getDeps().store)).filter(
        (message) => message.channel === 'sms' && message.to[0] === phone && message.text.includes('rappel de votre visite'),
      ),
    ).toHaveLength(1);
    const stored = (await detailOf(planningId, promoter.token)).meetings.find((candidate) => candidate.uuid === meeting.uuid)!;
    expect(stored.rappelsMail).toHaveLength(1);
    expect(stored.rappelsSMS).toHaveLength(1);
    expect((await deliveriesOf(planningId, promoter.token)).filter((delivery) => delivery.kind === 'reminder' && delivery.status === 'sent')).toHaveLength(2);
  });

  it('a meeting cancelled after its reminder job was claimed gets no reminder (the job re-checks the booking)', async () => {
    const { jobId, planningId, meeting, promoter } = await bookedMeeting();
    // The reminder job fires late, after a cancel that could not cancel it any more.
    const cancelled = await call('PATCH', `/api/rdv/unbook/${meeting.uuid}`);
    expect(cancelled.status).toBe(200);
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../../functions/data/keys');
    await getDeps().store.doc.send(
      new UpdateCommand({
        TableName: getDeps().store.table,
        Key: keys.job(jobId),
        UpdateExpression: 'SET #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    );
    expect((await dispatch({ jobId })).outcome).toBe('done');
    expect((await outboxFor(meeting.guest.mailmonsieur)).filter((message) => message.subject?.includes('rappel de votre visite'))).toEqual([]);
    expect((await deliveriesOf(planningId, promoter.token)).filter((delivery) => delivery.kind === 'reminder')).toEqual([]);
  });
});
