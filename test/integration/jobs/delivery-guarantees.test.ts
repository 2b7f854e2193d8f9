import { attemptBookings, type PendingBooking } from '../../../functions/core/booking/book-slot';
import { withPlanningLock } from '../../../functions/core/booking/planning-lock';
import { dispatchJob } from '../../../functions/core/jobs/dispatch-job';
import { jobRunners } from '../../../functions/dispatch/job-runners';
import { scheduleJob } from '../../../functions/core/jobs/schedule-job';
import { claimJob, getJob, listDueJobs } from '../../../functions/data/jobs-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getMeeting } from '../../../functions/data/plannings-repository';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { logger } from '../../../functions/runtime/logger';
import { getDeps } from '../../../functions/runtime/deps';
import { planningBody, programWithLots, runDueJobs } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { freePlanning, parisIso, parisSeconds } from '../planning-actions/support';
import { until } from '../../support/eventually';

/** From now on every job claim fails, as if the process died right after committing its change. */
function claimsFail() {
  const send = deps.store.doc.send.bind(deps.store.doc);
  return jest
    .spyOn(deps.store.doc, 'send')
    .mockImplementation(((command: { input?: { ConditionExpression?: string } }) =>
      command.input?.ConditionExpression?.includes('leaseUntil < :now') ? Promise.reject(new Error('process killed')) : send(command as never)) as never);
}

const deps = getDeps();

async function outboxFor(fragment: string) {
  return (await listOutboxMessages(deps.store, 5000)).filter(
    (message) => message.to.some((address) => address.includes(fragment)) || message.text.includes(fragment),
  );
}

async function invitedPlanning(lots: number) {
  const setup = await programWithLots(lots);
  const created = await call('POST', '/api/rdv', {
    token: setup.promoter.token,
    body: planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
    ),
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await runDueJobs();
  const detail = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: setup.promoter.token })).body;
  return {
    ...setup,
    planning: detail.planning as { _id: string },
    meetings: detail.meetings as { uuid: string; guest: { mailmonsieur: string; telephonemonsieur: string } }[],
  };
}

/** The jobs on the due index up to `until` (this file has its own table). */
async function dueJobs(until: Date) {
  return Promise.all((await listDueJobs(deps.store, until, 100)).map(async (id) => (await getJob(deps.store, id))!));
}

afterEach(() => jest.restoreAllMocks());

describe('deferred jobs survive crashes and failures', () => {
  it('leases: a job claimed by a runner that died is run again once its lease expires, and sends once', async () => {
    const job = await scheduleJob(deps, 'send-email', { to: ['bail@test.livrea.fr'], subject: 'Rappel', text: 'Bonjour' }, new Date(Date.now() - 1000));
    // A runner claims the job and dies before finishing it.
    const dead = await claimJob(deps.store, job.id, new Date(), 60_000);
    expect(dead?.status).toBe('running');

    // While the lease holds, nobody runs it again; the due index still holds it, at the lease's end.
    expect((await dispatch({ jobId: job.id })).outcome).toBe('skipped');
    expect(await listDueJobs(deps.store, new Date(), 100)).not.toContain(job.id);
    expect(await listDueJobs(deps.store, new Date(Date.now() + 61_000), 100)).toContain(job.id);

    jest.spyOn(deps, 'now').mockReturnValue(new Date(Date.now() + 61_000));
    expect(await dispatchJob(deps, job.id, jobRunners)).toBe('done');
    expect(await getJob(deps.store, job.id)).toEqual(expect.objectContaining({ status: 'done', attempts: 2 }));
    expect(await outboxFor('bail@test.livrea.fr')).toHaveLength(1);
  });

  it('a job whose lease expired, found by two sweeps at once, runs once', async () => {
    const job = await scheduleJob(deps, 'send-sms', { to: '+33611110000', text: 'Deux balayages' }, new Date(Date.now() - 1000));
    await claimJob(deps.store, job.id, new Date(Date.now() - 120_000), 60_000);
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => dispatch({ jobId: job.id })));
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['done', 'skipped', 'skipped', 'skipped']);
    expect((await outboxFor('Deux balayages')).length).toBe(1);
  });

  it('a failing send retries with backoff (30 s, 2 min, 10 min, 30 min), then goes dead: staff see it in the delivery log, JobFailed and JobDeadLettered are counted, and the channel that worked is sent once', async () => {
    const { planning, meetings, promoter } = await invitedPlanning(2);
    const meeting = meetings[0];
    const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];
    const realSend = deps.mailer.send.bind(deps.mailer);
    jest
      .spyOn(deps.mailer, 'send')
      .mockImplementation((message, options) =>
        message.subject?.includes('confirmé') ? Promise.reject(new Error('SES indisponible')) : realSend(message, options),
      );
    const metrics = jest.spyOn(logger, 'warn');

    const booked = await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);

    let now = Date.now();
    const [confirmation] = (await dueJobs(new Date(now + 31_000))).filter((job) => job.kind === 'send-buyer-message');
    expect(confirmation).toEqual(expect.objectContaining({ status: 'pending', attempts: 1, lastError: expect.stringContaining('SES indisponible') }));
    // The first wait counts from the failed inline run, shortly after the job was created.
    const firstWait = Date.parse(confirmation.dueAt!) - Date.parse(confirmation.createdAt);
    expect(firstWait).toBeGreaterThanOrEqual(30_000);
    expect(firstWait).toBeLessThan(35_000);
    const waits: number[] = [];
    // Not before its backoff: a sweep now leaves it alone.
    expect(await listDueJobs(deps.store, new Date(), 100)).not.toContain(confirmation.id);

    for (let attempt = 2; attempt <= 5; attempt += 1) {
      const job = (await getJob(deps.store, confirmation.id))!;
      now = Date.parse(job.dueAt!) + 1000;
      jest.spyOn(deps, 'now').mockReturnValue(new Date(now));
      expect((await dispatch({ sweep: true })).dispatched).toBe(1);
      const after = (await getJob(deps.store, confirmation.id))!;
      if (attempt < 5) waits.push(Date.parse(after.dueAt!) - now);
    }
    expect(waits.map((wait) => Math.round(wait / 1000))).toEqual([120, 600, 1800]);
    expect(await getJob(deps.store, confirmation.id)).toEqual(
      expect.objectContaining({ status: 'dead', attempts: 5, lastError: expect.stringContaining('SES indisponible') }),
    );
    expect(await listDueJobs(deps.store, new Date(now + 86_400_000), 100)).not.toContain(confirmation.id);

    const log = (await call('GET', `/api/rdv/${planning._id}/deliveries`, { token: promoter.token })).body.deliveries as {
      kind: string;
      channel: string;
      status: string;
      reason?: string;
    }[];
    const lines = log.filter((line) => line.kind === 'confirmation');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', status: 'dead', reason: 'SES indisponible' }),
        expect.objectContaining({ channel: 'sms', status: 'sent' }),
      ]),
    );
    expect(lines).toHaveLength(2);
    const smsTo = `+33${meeting.guest.telephonemonsieur.slice(1)}`;
    expect(
      (await listOutboxMessages(deps.store, 5000)).filter(
        (message) => message.channel === 'sms' && message.to[0] === smsTo && message.text.includes('est confirmée'),
      ),
    ).toHaveLength(1);
    const counted = (name: string) => metrics.mock.calls.filter(([message]) => message === name).length;
    expect(counted('JobFailed')).toBe(5);
    expect(counted('JobDeadLettered')).toBe(1);
  });

  it('a large invitation wave runs in batches of 50 buyers per job run, each run queueing the next', async () => {
    const setup = await programWithLots(60);
    const body = planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
      { launchDate: new Date(Date.now() + 3_600_000).toISOString() },
    );
    body.events = body.events.map((event) => ({ ...event, nbAmo: 6 }));
    const created = await call('POST', '/api/rdv', { token: setup.promoter.token, body });
    expect(created.status).toBe(201);
    const planningId = created.body.planning._id as string;
    const [wave] = (await dueJobs(new Date(Date.now() + 3_700_000))).filter((job) => job.kind === 'send-invitations' && job.payload.planningId === planningId);
    const invited = async () => (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body.planning.nbInvited;

    expect((await dispatch({ jobId: wave.id })).outcome).toBe('done');
    expect(await invited()).toBe(50);
    const next = await getJob(deps.store, `${wave.id}.1`);
    expect(next).toEqual(expect.objectContaining({ kind: 'send-invitations', status: 'pending', payload: expect.objectContaining({ planningId, seq: 1 }) }));

    expect((await dispatch({ jobId: next!.id })).outcome).toBe('done');
    expect(await invited()).toBe(60);
    expect(await getJob(deps.store, `${wave.id}.2`)).toBeNull();
    const meetings = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body.meetings as { uuid: string }[];
    const messages = await listOutboxMessages(deps.store, 5000);
    expect(
      meetings.map((meeting) => messages.filter((message) => message.channel === 'email' && message.text.includes(`/entrevue/${meeting.uuid}`)).length),
    ).toEqual(meetings.map(() => 1));
  }, 180_000);

  it('transactional outbox: a booking whose process dies right after its transaction still gets its confirmation and its reminder', async () => {
    const { planning, meetings } = await invitedPlanning(2);
    const meeting = meetings[1];
    const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];

    // The transaction commits; the process "dies" before anything runs after it.
    const request = {
      usr: meeting.uuid,
      slot: { startDate: option.startDate, amoNb: option.amoNb },
      label: option.label,
      extra: { isInterestedVr: false, visitors: [] },
    };
    const pending: PendingBooking = { request, came: Date.now() };
    await withPlanningLock(deps, planning._id, (lock) => attemptBookings(deps, planning._id, [pending], lock));
    expect(pending.outcome?.kind).toBe('booked');
    const confirmations = async () => (await outboxFor(meeting.guest.mailmonsieur)).filter((message) => message.subject?.includes('rendez-vous confirmé'));
    expect(await confirmations()).toHaveLength(0);

    // The next sweep (the poller locally, the sweep rule in AWS) delivers it.
    await dispatch({ sweep: true });
    expect(await confirmations()).toHaveLength(1);
    const stored = await getMeeting(deps.store, planning._id, meeting.uuid);
    const reminder = await getJob(deps.store, stored!.reminderJobId!);
    expect(reminder).toEqual(
      expect.objectContaining({ kind: 'send-reminder', status: 'pending', runAt: new Date(Date.parse(option.startDate) - 48 * 3_600_000).toISOString() }),
    );
    expect(await listDueJobs(deps.store, new Date(Date.parse(reminder!.runAt) + 1000), 100)).toContain(reminder!.id);

    // Another sweep sends nothing more.
    await dispatch({ sweep: true });
    expect(await confirmations()).toHaveLength(1);
  });

  it('transactional outbox for staff: a move and a cancellation whose process dies after their transaction still send the confirmation (new date) and the cancellation mail, and the reminder follows the visit', async () => {
    const setup = await freePlanning({ lots: 2 });
    const [meeting] = setup.meetings;
    await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[0], '09:00') },
    });
    const mails = async (subject: string) => (await outboxFor(meeting.guest.mailmonsieur)).filter((message) => message.subject?.includes(subject));

    const dying = claimsFail();
    const moved = await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
      token: setup.token,
      body: { selected: meeting.uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00'), confirmMoveOption: 'validateAndSendConfirmation' },
    });
    expect(moved.status).toBe(200);
    expect(await mails('rendez-vous confirmé')).toHaveLength(0);
    dying.mockRestore();
    await dispatch({ sweep: true });
    const confirmations = await mails('rendez-vous confirmé');
    expect(confirmations).toHaveLength(1);
    expect(moved.body.meeting.start).toBe(parisIso(setup.dayDates[1], '15:00'));
    expect(confirmations[0].text).toContain('à 15:00');
    const reminder = await getJob(deps.store, (await getMeeting(deps.store, setup.planningId, meeting.uuid))!.reminderJobId!);
    expect(reminder?.payload).toEqual(expect.objectContaining({ start: parisIso(setup.dayDates[1], '15:00') }));

    const dyingAgain = claimsFail();
    const cancelled = await call('PATCH', `/api/rdv/${setup.planningId}/unbook-staff`, {
      token: setup.token,
      body: { uuid: meeting.uuid, isMailConfirmationDel: true },
    });
    expect(cancelled.status).toBe(200);
    expect(await mails('rendez-vous annulé')).toHaveLength(0);
    dyingAgain.mockRestore();
    await dispatch({ sweep: true });
    const cancellations = await mails('rendez-vous annulé');
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0].text).toContain('15:00');
    expect((await getMeeting(deps.store, setup.planningId, meeting.uuid))?.reminderJobId).toBeUndefined();
  });

  it('a reminder killed mid-send (e-mail out, SMS not) is re-run after its lease and sends only the SMS', async () => {
    const { planning, meetings } = await invitedPlanning(2);
    const meeting = meetings[0];
    const option = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options[0];
    await call('PATCH', `/api/rdv/book/${planning._id}`, {
      body: { usr: meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
    });
    const reminderId = (await getMeeting(deps.store, planning._id, meeting.uuid))!.reminderJobId!;
    const reminderAt = Date.parse((await getJob(deps.store, reminderId))!.runAt);
    jest.spyOn(deps, 'now').mockReturnValue(new Date(reminderAt + 1000));
    // The process dies while sending the SMS: the e-mail went out, the job stays running.
    jest.spyOn(deps.sms, 'send').mockImplementationOnce(() => new Promise(() => undefined));
    void dispatchJob(deps, reminderId, jobRunners);
    const reminders = async (channel: string) =>
      (await listOutboxMessages(deps.store, 5000)).filter(
        (message) => message.channel === channel && message.text.includes(`/entrevue/${meeting.uuid}`) && /rappel/.test(message.subject ?? message.text),
      );
    await until('the reminder mail', async () => (await reminders('email')).length > 0, 5_000).catch(() => undefined);
    expect(await reminders('email')).toHaveLength(1);
    expect((await getJob(deps.store, reminderId))?.status).toBe('running');

    jest.spyOn(deps, 'now').mockReturnValue(new Date(reminderAt + 1000 + 61_000));
    jest.spyOn(deps.sms, 'send').mockRestore();
    expect((await dispatch({ sweep: true })).dispatched).toBeGreaterThanOrEqual(1);
    expect((await getJob(deps.store, reminderId))?.status).toBe('done');
    expect(await reminders('email')).toHaveLength(1);
    expect(await reminders('sms')).toHaveLength(1);
  });
});
