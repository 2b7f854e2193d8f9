import { listDueJobs, getJob } from '../../../functions/data/jobs-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getMeeting, getPlanning } from '../../../functions/data/plannings-repository';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { getDeps } from '../../../functions/runtime/deps';
import { multipartFile } from '../../support/client-file';
import { planningBody, programWithLots, runDueJobs } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';

/**
 * What a job re-run after a crash leaves in the books: the delivery log says 'sent' for every
 * message that left (part 2 §7 « Journal des envois »), a reminder's date is recorded once on the
 * meeting (rappelsMail / rappelsSMS), and an invitation whose attachment vanished from storage is
 * sent without it, its log line saying so.
 */
const deps = getDeps();
afterEach(() => jest.restoreAllMocks());

type DeliveryRow = { id: string; kind: string; channel: string; status: string; reason?: string; meetingUuid: string };

async function deliveriesOf(planningId: string, token: string): Promise<DeliveryRow[]> {
  return (await call('GET', `/api/rdv/${planningId}/deliveries`, { token })).body.deliveries;
}

/** A planning with its buyers invited and the first one booked: its reminder job, not yet run. */
async function bookedReminder() {
  const setup = await programWithLots(1);
  const created = await call('POST', '/api/rdv', {
    token: setup.promoter.token,
    body: planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
    ),
  });
  expect(created.status).toBe(201);
  await runDueJobs();
  const planningId = created.body.planning._id as string;
  const meeting = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body.meetings[0] as {
    uuid: string;
    guest: { mailmonsieur: string; telephonemonsieur: string };
  };
  const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];
  expect(
    (
      await call('PATCH', `/api/rdv/book/${planningId}`, {
        body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
      })
    ).status,
  ).toBe(200);
  const jobId = (await getMeeting(deps.store, planningId, meeting.uuid))!.reminderJobId!;
  // This buyer's reminders: they carry the link of this meeting (phones repeat from one program to the next).
  const reminders = async () =>
    (await listOutboxMessages(deps.store, 5000)).filter((message) => message.text.includes('rappel') && message.text.includes(`/entrevue/${meeting.uuid}`));
  return { ...setup, planningId, meeting, jobId, reminders };
}

/** From now on the first write matching `matches` fails, as if the process died at that moment. */
function dieOnceAt(matches: (input: Record<string, unknown>) => boolean) {
  const send = deps.store.doc.send.bind(deps.store.doc);
  let died = false;
  return jest.spyOn(deps.store.doc, 'send').mockImplementation(((command: { input: Record<string, unknown> }) => {
    if (!died && matches(command.input)) {
      died = true;
      return Promise.reject(new Error('process killed'));
    }
    return send(command as never);
  }) as never);
}

describe('bookkeeping of a re-run job (a send already recorded)', () => {
  it("a re-run that finds the e-mail already sent writes its log line 'sent' (the run that sent it died before logging it)", async () => {
    const { jobId, planningId, promoter, reminders } = await bookedReminder();
    // The first run sends the reminder e-mail and dies writing its 'sent' line: the line says 'queued'.
    const died = dieOnceAt((input) => {
      // A log line is written with the log's counts, in one transaction: its Put is the first item.
      const put = (input.TransactItems as { Put?: { Item?: unknown } }[] | undefined)?.[0]?.Put;
      const item = (input.Item ?? put?.Item) as { pk?: string; status?: string; channel?: string; kind?: string } | undefined;
      return !!item?.pk?.startsWith('PLANNINGLOG#') && item.status === 'sent' && item.channel === 'email' && item.kind === 'reminder';
    });
    expect((await dispatch({ jobId })).outcome).toBe('retry');
    died.mockRestore();
    expect((await deliveriesOf(planningId, promoter.token)).filter((line) => line.kind === 'reminder').map((line) => [line.channel, line.status])).toEqual([
      ['email', 'queued'],
    ]);

    // The retry skips the e-mail (recorded as sent) and sends the SMS: every line says 'sent'.
    expect((await dispatch({ jobId })).outcome).toBe('done');
    const lines = (await deliveriesOf(planningId, promoter.token)).filter((line) => line.kind === 'reminder');
    expect(lines.map((line) => [line.channel, line.status]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
    expect((await reminders()).map((message) => message.channel).sort()).toEqual(['email', 'sms']);
  });

  it('a reminder records its date once per channel, even when its job runs again after the run that recorded it died', async () => {
    const { jobId, planningId, meeting, reminders } = await bookedReminder();
    // The first run sends, records the dates, and dies before the job is marked done.
    const died = dieOnceAt((input) => (input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':done'] === 'done');
    expect((await dispatch({ jobId })).outcome).toBe('retry');
    died.mockRestore();
    expect((await dispatch({ jobId })).outcome).toBe('done');

    const stored = (await getMeeting(deps.store, planningId, meeting.uuid))!;
    expect({ rappelsMail: stored.rappelsMail.length, rappelsSMS: stored.rappelsSMS.length }).toEqual({ rappelsMail: 1, rappelsSMS: 1 });
    expect(stored.rappelsMail).toEqual(stored.rappelsSMS);
    expect(await reminders()).toHaveLength(2);
    expect(await getJob(deps.store, jobId)).toEqual(expect.objectContaining({ status: 'done', attempts: 2 }));
  });
});

describe('an invitation whose planning attachment is missing from storage', () => {
  it("is sent without it, and its log line, 'sent', says which file was left out and what to do", async () => {
    const setup = await programWithLots(2);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
    const uploaded = await call('POST', '/api/files', {
      token: setup.promoter.token,
      ...multipartFile('file', 'notice-livraison.pdf', 'application/pdf', pdf),
    });
    expect(uploaded.status).toBe(201);
    // Invitations an hour from now, so that the file can go missing first.
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { attachmentId: uploaded.body.attachmentId, launchDate: new Date(Date.now() + 3_600_000).toISOString() },
      ),
    });
    expect(created.status).toBe(201);
    const planningId = created.body.planning._id as string;
    await deps.files.delete((await getPlanning(deps.store, planningId))!.attachment!.fileKey);

    const due = await Promise.all((await listDueJobs(deps.store, new Date(Date.now() + 7_200_000), 1000)).map((id) => getJob(deps.store, id)));
    const wave = due.find((job) => job?.kind === 'send-invitations' && job.payload.planningId === planningId)!;
    expect((await dispatch({ jobId: wave.id })).outcome).toBe('done');
    await runDueJobs();

    const { meetings } = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body as {
      meetings: { uuid: string; guest: { mailmonsieur: string } }[];
    };
    const outbox = await listOutboxMessages(deps.store, 5000);
    const log = await deliveriesOf(planningId, setup.promoter.token);
    for (const meeting of meetings) {
      const mails = outbox.filter((message) => message.channel === 'email' && message.to.includes(meeting.guest.mailmonsieur));
      expect(mails).toEqual([expect.objectContaining({ attachments: [] })]);
      const line = log.find((entry) => entry.meetingUuid === meeting.uuid && entry.kind === 'invitation' && entry.channel === 'email');
      expect(line).toEqual(
        expect.objectContaining({
          status: 'sent',
          reason:
            'Envoyé sans la pièce jointe « notice-livraison.pdf » : le fichier est introuvable. Joignez-le de nouveau au planning et transmettez-le aux acquéreurs.',
        }),
      );
      // The SMS never carried the attachment: its line has nothing to say.
      expect(log.find((entry) => entry.meetingUuid === meeting.uuid && entry.kind === 'invitation' && entry.channel === 'sms')).toEqual(
        expect.objectContaining({ status: 'sent' }),
      );
      expect(log.find((entry) => entry.meetingUuid === meeting.uuid && entry.channel === 'sms')?.reason).toBeUndefined();
    }
  });
});
