import { listAppointmentLogs } from '../../../functions/data/appointment-logs-repository';
import { getOperation } from '../../../functions/data/operations-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getPlanningAsStored, listProgramPlannings, loadPlanningState } from '../../../functions/data/plannings-repository';
import { newJob } from '../../../functions/data/jobs-repository';
import { creationPageSize, runPlanningCreation, planningCreationRunner } from '../../../functions/core/plannings/planning-creation';
import type { JobRun } from '../../../functions/core/jobs/job-context';
import { getDeps } from '../../../functions/runtime/deps';
import { planningBody, programWithLots, workingDays, futureMonday } from '../../support/planning-fixtures';
import { call, holdSignalledJobs, signalledJobsIdle } from '../../support/test-api';

/**
 * docs/architecture.md « Planning creation »: the request checks and starts an operation; the
 * planning is « being created » (absent to every reader) until its steps have written every
 * meeting once and ended it once with its invitation wave and appointment log.
 */
const deps = getDeps();
let setup: Awaited<ReturnType<typeof programWithLots>>;
const lotIds = (from: number, count: number) => setup.clients.slice(from, from + count).map((client) => client._id);

/** A free planning of these buyers, 10 AMOs a day over enough days; invitations at once, or in 30 days when `later`. */
function creationBody(ids: string[], name: string, later = false) {
  const events = workingDays(futureMonday(8), Math.max(2, Math.ceil(ids.length / 70)), undefined, 10);
  return planningBody(setup.program._id, ids, {
    name,
    events,
    authorizeTrous: true,
    ...(later ? { launchDate: new Date(Date.now() + 30 * 86_400_000).toISOString() } : {}),
    bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
  });
}

const run = (): JobRun => ({
  job: newJob('test-run', 'operation-planning-creation', {}, new Date(), new Date()),
  finalAttempt: false,
  runJobNow: async () => undefined,
});

/** The invitations (e-mail and SMS) sent for these plannings, by the meeting their link opens. */
async function invitationsOf(planningIds: string[]) {
  const uuids = new Set<string>();
  for (const planningId of planningIds)
    for (const meeting of (await loadPlanningState(deps.store, planningId, { includeDeleted: true }))?.meetings ?? []) uuids.add(meeting.uuid);
  return (await listOutboxMessages(deps.store, 20_000)).filter((message) => uuids.has(/\/entrevue\/([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? ''));
}

async function plannings(name: string) {
  return (await listProgramPlannings(deps.store, setup.program._id, { includeDeleted: true })).filter((planning) => planning.name === name);
}

beforeAll(async () => {
  setup = await programWithLots(2000);
}, 600_000);

describe('planning creation as an operation (docs/architecture.md « Planning creation »)', () => {
  it('the same request sent again with its Idempotency-Key, in sequence then four at once, makes one planning, one appointment log, and invites each buyer once', async () => {
    const since = new Date().toISOString();
    const ids = lotIds(0, 6);
    const body = creationBody(ids, 'Rejouée');
    const headers = { 'idempotency-key': 'creation-cle-0001' };
    const first = await call('POST', '/api/rdv', { token: setup.promoter.token, body, headers });
    const again = await call('POST', '/api/rdv', { token: setup.promoter.token, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.planning._id).toBe(first.body.planning._id);
    expect(again.body.operation.id).toBe(first.body.operation.id);

    const crowdIds = lotIds(6, 6);
    const crowdBody = creationBody(crowdIds, 'Quatre fois');
    const crowd = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', '/api/rdv', { token: setup.promoter.token, body: crowdBody, headers: { 'idempotency-key': 'creation-cle-0002' } })),
    );
    expect(crowd.map((answer) => answer.status).every((status) => status === 201 || status === 202)).toBe(true);
    expect(new Set(crowd.map((answer) => answer.body.planning._id)).size).toBe(1);
    expect(new Set(crowd.map((answer) => answer.body.operation.id)).size).toBe(1);
    await signalledJobsIdle();

    expect(await plannings('Rejouée')).toHaveLength(1);
    expect(await plannings('Quatre fois')).toHaveLength(1);
    const logs = (await listAppointmentLogs(deps.store, since, new Date().toISOString())).filter((log) => log.programId === setup.program._id);
    expect(logs.filter((log) => log.nom === 'Rejouée')).toHaveLength(1);
    expect(logs.filter((log) => log.nom === 'Quatre fois')).toHaveLength(1);
    const meetings = (await loadPlanningState(deps.store, crowd[0].body.planning._id))?.meetings ?? [];
    expect(meetings.map((meeting) => meeting.guest._id).sort()).toEqual([...crowdIds].sort());
    const sent = await invitationsOf([first.body.planning._id, crowd[0].body.planning._id]);
    for (const channel of ['email', 'sms']) {
      const ofChannel = sent.filter((message) => message.channel === channel);
      expect(ofChannel).toHaveLength(12);
      expect(new Set(ofChannel.map((message) => message.to[0])).size).toBe(12);
    }
  }, 300_000);

  it('2,000 buyers: 202 before any meeting is written (the planning « being created », absent to lists and routes), then 2,000 meetings and the planning listed', async () => {
    const hold = holdSignalledJobs();
    const answer = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: creationBody(lotIds(0, 2000), 'Deux mille', true),
      headers: { 'idempotency-key': 'creation-cle-0003' },
      answerOnly: true,
    });
    expect(answer.status).toBe(202);
    const planningId = answer.body.planning._id as string;
    expect(answer.body.operation).toEqual(
      expect.objectContaining({ kind: 'planning-creation', status: 'running', progress: { done: 0, total: 2000 }, planningId }),
    );
    const atAnswer = await getPlanningAsStored(deps.store, planningId);
    expect(atAnswer?.planning.creationOperationId).toBe(answer.body.operation.id);
    expect((await loadPlanningState(deps.store, planningId, { includeDeleted: true }))?.meetings).toEqual([]);
    expect((await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token, answerOnly: true })).status).toBe(404);
    const listed = await call('GET', `/api/rdv/project/${setup.program._id}/plannings`, { token: setup.promoter.token, answerOnly: true });
    expect(JSON.stringify(listed.body)).not.toContain(planningId);

    hold.release();
    await signalledJobsIdle();
    const operation = await getOperation(deps.store, answer.body.operation.id);
    expect(operation).toEqual(
      expect.objectContaining({ status: 'done', progress: { done: 2000, total: 2000 }, result: expect.objectContaining({ planningId }) }),
    );
    const state = await loadPlanningState(deps.store, planningId);
    expect(state?.meetings).toHaveLength(2000);
    expect(new Set(state?.meetings.map((meeting) => meeting.guest._id)).size).toBe(2000);
    expect(state?.planning.creationOperationId).toBeUndefined();
    const followed = await call('GET', `/api/operations/${answer.body.operation.id}`, { token: setup.promoter.token });
    expect(followed.body.status).toBe('done');
  }, 600_000);

  it('a big free planning whose buyers do not fit answers 202 at once, then its operation fails with « Pas de solution » and the engine details; no planning, meeting or invitation is left', async () => {
    const since = new Date().toISOString();
    const buyers = 150;
    // One day of one AMO: about seven one-hour visits for 150 buyers.
    const events = workingDays(futureMonday(8), 1);
    const body = planningBody(setup.program._id, lotIds(300, buyers), {
      name: 'Trop de monde',
      events,
      bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
    });
    const answer = await call('POST', '/api/rdv', { token: setup.promoter.token, body, headers: { 'idempotency-key': 'creation-cle-0004' } });
    expect(answer.status).toBe(202);
    await signalledJobsIdle();
    const followed = await call('GET', `/api/operations/${answer.body.operation.id}`, { token: setup.promoter.token });
    expect(followed.body).toEqual(
      expect.objectContaining({
        status: 'failed',
        error: {
          message: 'Pas de solution',
          details: expect.objectContaining({ feasible: false, shortfall: expect.objectContaining({ hoursMissing: expect.any(Number) }) }),
        },
      }),
    );
    const planningId = answer.body.planning._id as string;
    expect((await loadPlanningState(deps.store, planningId, { includeDeleted: true }))?.meetings).toEqual([]);
    expect((await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token, answerOnly: true })).status).toBe(404);
    expect((await plannings('Trop de monde')).filter((planning) => planning.creationOperationId === undefined)).toEqual([]);
    expect(await invitationsOf([planningId])).toEqual([]);
    // Hidden until it expires with its plan (TTL), never completed.
    expect((await getPlanningAsStored(deps.store, planningId))?.planning.creationOperationId).toBe(answer.body.operation.id);
    const logs = (await listAppointmentLogs(deps.store, since, new Date().toISOString())).filter((log) => log.nom === 'Trop de monde');
    expect(logs).toEqual([]);
    // The same request sent again answers the same refusal.
    const again = await call('POST', '/api/rdv', { token: setup.promoter.token, body, headers: { 'idempotency-key': 'creation-cle-0004' } });
    expect(again.body.operation).toEqual(expect.objectContaining({ id: answer.body.operation.id, status: 'failed' }));
  }, 300_000);

  it('the steps run again from any cursor, and two runs at once, write no meeting twice', async () => {
    const buyers = 2 * creationPageSize + 50;
    const hold = holdSignalledJobs();
    const answer = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: creationBody(lotIds(100, buyers), 'Rejouée par étapes', true),
      answerOnly: true,
    });
    expect(answer.status).toBe(202);
    const operationId = answer.body.operation.id as string;
    const planningId = answer.body.planning._id as string;
    const at = async (cursor: number) => ({ ...(await getOperation(deps.store, operationId))!, cursor });
    // Steps redone as after crashes before their outcome was recorded (cursor 0 is the engine's
    // check of a creation above inlineCreationLimit, 1 to 3 its pages, 4 its end), and two at once.
    for (const cursor of [0, 1, 0, 1, 2, 1, 2]) expect((await runPlanningCreation(deps, await at(cursor), run())).kind).toBe('progress');
    await Promise.all([runPlanningCreation(deps, await at(3), run()), runPlanningCreation(deps, await at(3), run())]);
    await runPlanningCreation(deps, await at(2), run());
    // The operation's own runs (its cursor still 0), two at once, then the held job.
    await Promise.all([planningCreationRunner(deps, { operationId, run: 0 }, run()), planningCreationRunner(deps, { operationId, run: 0 }, run())]);
    hold.release();
    await signalledJobsIdle();
    const state = await loadPlanningState(deps.store, planningId);
    expect(state?.meetings).toHaveLength(buyers);
    expect(new Set(state?.meetings.map((meeting) => meeting.guest._id)).size).toBe(buyers);
    expect(state?.planning).toEqual(expect.objectContaining({ nbInactive: 0, nbBooked: 0 }));
    expect((await getOperation(deps.store, operationId))?.status).toBe('done');
  }, 600_000);
});
