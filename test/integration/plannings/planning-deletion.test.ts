import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { planningDeletionStep } from '../../../functions/core/plannings/delete-planning';
import { operationJobId } from '../../../functions/core/operations/operation-job';
import { getJob, newJob } from '../../../functions/data/jobs-repository';
import { getOperation } from '../../../functions/data/operations-repository';
import { getPlanning, loadPlanningState } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { planningDeletionMessages } from '../../../shared/messages/planning-deletion';
import { buyerBooks, freePlanning } from '../planning-actions/support';
import { call, holdSignalledJobs, signalledJobsIdle } from '../../support/test-api';

const deps = getDeps();
// Plannings of a few buyers created and booked through the API, on a shared machine.
jest.setTimeout(180_000);

/** Every item left in the planning's partition (meetings, slot grains, the planning item). */
async function partitionItems(planningId: string): Promise<number> {
  const { Items = [] } = await deps.store.doc.send(
    new QueryCommand({ TableName: deps.store.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}` } }),
  );
  return Items.length;
}

/** A planning of `lots` buyers, invited, `booked` of them booked (each with a reminder job). */
async function engagedPlanning(lots: number, booked: number) {
  const setup = await freePlanning({ lots, days: 3, nbAmo: 2 });
  for (const meeting of setup.meetings.slice(0, booked)) expect((await buyerBooks(setup.planningId, meeting.uuid)).status).toBe(200);
  const state = await loadPlanningState(deps.store, setup.planningId);
  const reminders = state!.meetings.map((meeting) => meeting.reminderJobId).filter((id): id is string => !!id);
  expect(reminders).toHaveLength(booked);
  return { ...setup, reminders };
}

const key = () => `cle-${Math.random().toString(36).slice(2, 12)}`;

describe('deleting a planning is an operation (docs/architecture.md « Deleting a planning »)', () => {
  it('the planning is hidden from every reader as soon as the request answers, before its job runs; the job then removes its partition and cancels its reminders', async () => {
    const setup = await engagedPlanning(6, 3);
    const refused = await call('DELETE', `/api/rdv/${setup.planningId}`, { token: setup.token });
    expect([refused.status, refused.body.message]).toEqual([409, planningDeletionMessages.cannotDelete]);

    const hold = holdSignalledJobs();
    let answer;
    try {
      answer = await call('DELETE', `/api/rdv/${setup.planningId}?force=true`, { token: setup.admin.token, answerOnly: true });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({
        message: planningDeletionMessages.started,
        operation: expect.objectContaining({ kind: 'planning-deletion', status: 'running', planningId: setup.planningId, progress: { done: 0, total: 6 } }),
      });
      // Hidden at once: the detail, the list, a buyer's link; a booking is refused.
      expect((await call('GET', `/api/rdv/${setup.planningId}`, { token: setup.token, answerOnly: true })).status).toBe(404);
      const listed = await call('GET', `/api/rdv/project/${setup.program._id}/plannings`, { token: setup.token, answerOnly: true });
      expect(listed.body.plannings.map((planning: { _id: string }) => planning._id)).not.toContain(setup.planningId);
      expect((await call('GET', `/api/rdv/usr/${setup.meetings[5].uuid}`, { answerOnly: true })).status).toBe(404);
      const booking = await call('PATCH', `/api/rdv/book/${setup.planningId}`, {
        body: { usr: setup.meetings[5].uuid, slot: { startDate: setup.events[2].start, amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
        answerOnly: true,
      });
      expect(booking.status).toBe(404);
      // Nothing removed yet: the job has not run.
      expect(await partitionItems(setup.planningId)).toBeGreaterThan(6);
      expect(await getJob(deps.store, operationJobId(answer.body.operation.id, 0))).toEqual(expect.objectContaining({ status: 'pending' }));
    } finally {
      hold.release();
    }
    await signalledJobsIdle();
    expect(await partitionItems(setup.planningId)).toBe(0);
    for (const reminder of setup.reminders) expect((await getJob(deps.store, reminder))?.status).toBe('cancelled');
    const followed = await call('GET', `/api/operations/${answer.body.operation.id}`, { token: setup.admin.token });
    expect(followed.body).toEqual(expect.objectContaining({ status: 'done', progress: { done: 6, total: 6 } }));
  });

  it('the same request sent twice with one Idempotency-Key is one operation: the retry answers it, not 404', async () => {
    const setup = await freePlanning({ lots: 3, overrides: { launchDate: new Date(Date.now() + 86_400_000).toISOString() } });
    const idempotencyKey = key();
    const first = await call('DELETE', `/api/rdv/${setup.planningId}`, { token: setup.token, headers: { 'idempotency-key': idempotencyKey } });
    const again = await call('DELETE', `/api/rdv/${setup.planningId}`, { token: setup.token, headers: { 'idempotency-key': idempotencyKey } });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.operation.id).toBe(first.body.operation.id);
    expect(await getPlanning(deps.store, setup.planningId)).toBeNull();
    // Without the key, the planning is gone: 404.
    expect((await call('DELETE', `/api/rdv/${setup.planningId}`, { token: setup.token })).status).toBe(404);
  });

  it('a run of the deletion job redone after a crash at each step completes the deletion', async () => {
    const setup = await engagedPlanning(5, 2);
    const hold = holdSignalledJobs();
    let operationId: string;
    try {
      const answer = await call('DELETE', `/api/rdv/${setup.planningId}?force=true`, { token: setup.admin.token, answerOnly: true });
      operationId = answer.body.operation.id;
      // A run killed after each step's work and before its record: the steps run, nothing recorded.
      const operation = (await getOperation(deps.store, operationId))!;
      const run = { job: newJob('crashed', 'operation-planning-deletion', {}, new Date(), new Date()), finalAttempt: false, runJobNow: async () => undefined };
      const buyers = await planningDeletionStep(deps, operation, run);
      expect(buyers.kind).toBe('progress');
      await planningDeletionStep(deps, { ...operation, state: (buyers as { state: Record<string, unknown> }).state }, run);
      expect(await partitionItems(setup.planningId)).toBe(0);
      expect((await getOperation(deps.store, operationId))?.cursor).toBe(0);
    } finally {
      hold.release();
    }
    await signalledJobsIdle();
    // The job's own run (from the cursor it finds) does the work again and ends the operation.
    await dispatch({ jobId: operationJobId(operationId, 0) });
    expect(await getOperation(deps.store, operationId)).toEqual(expect.objectContaining({ status: 'done' }));
    expect(await partitionItems(setup.planningId)).toBe(0);
    for (const reminder of setup.reminders) expect((await getJob(deps.store, reminder))?.status).toBe('cancelled');
  });
});
