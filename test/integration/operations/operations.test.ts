import { operationMessages } from '../../../shared/messages/operations';
import { claimJob, getJob, newJob, putJob } from '../../../functions/data/jobs-repository';
import { recordOperationStep } from '../../../functions/data/operations-repository';
import { dispatchJob, sweepDueJobs } from '../../../functions/core/jobs/dispatch-job';
import { getOperation } from '../../../functions/data/operations-repository';
import { operationJob, operationRunner, type OperationStep } from '../../../functions/core/operations/operation-runner';
import { startOperation } from '../../../functions/core/operations/start-operation';
import { operationJobId } from '../../../functions/core/operations/operation-job';
import type { Caller } from '../../../functions/core/caller';
import type { JobRun } from '../../../functions/core/jobs/job-context';
import { getDeps } from '../../../functions/runtime/deps';
import { call, createUserAndLogin } from '../../support/test-api';
import { until } from '../../support/eventually';

async function promoterWithProgram() {
  const promoter = await createUserAndLogin('promoter');
  const program = await call('POST', '/api/program/create', {
    token: promoter.token,
    body: { name: 'Opérations', promotername: 'Op SA', colors: ['rgb(1, 2, 3)'] },
  });
  const caller: Caller = { userId: promoter.user._id, role: 'promoter' } as Caller;
  return { promoter, programId: program.body._id as string, caller };
}

function jobRun(finalAttempt = false): JobRun {
  return { job: newJob('test-run', 'operation-planning-export', {}, new Date(), new Date()), finalAttempt, runJobNow: async () => undefined };
}

/** A step that counts to `steps`, carrying in its state the cursors it ran at. */
const counting =
  (steps: number, onRun: () => Promise<void> = async () => undefined): OperationStep =>
  async (_deps, operation) => {
    await onRun();
    const seen = [...((operation.state.seen as number[] | undefined) ?? []), operation.cursor];
    if (seen.length === steps) return { kind: 'done', result: { seen } };
    return { kind: 'progress', done: seen.length, total: steps, step: `Étape ${seen.length}`, state: { seen } };
  };

async function started(caller: Caller, programId: string, idempotencyKey?: string) {
  return startOperation(getDeps(), caller, { kind: 'planning-export', idempotencyKey, programId, total: 0, step: 'Préparation', state: {} });
}

describe('operations (docs/architecture.md « Work that grows with a program »)', () => {
  it('the same idempotency key names the same operation: sent twice, then four times at once, one operation and one first job', async () => {
    const { caller, programId } = await promoterWithProgram();
    const first = await started(caller, programId, 'cle-de-test-0001');
    const again = await started(caller, programId, 'cle-de-test-0001');
    expect(first.created).toBe(true);
    expect(again).toEqual({ operation: first.operation, created: false });

    const crowd = await Promise.all([1, 2, 3, 4].map(() => started(caller, programId, 'cle-de-test-0002')));
    expect(new Set(crowd.map((answer) => answer.operation.id)).size).toBe(1);
    expect(crowd.filter((answer) => answer.created)).toHaveLength(1);
    expect(await getJob(getDeps().store, operationJobId(crowd[0].operation.id, 0))).not.toBeNull();
    // Another key, or no key, is another operation.
    expect((await started(caller, programId, 'cle-de-test-0003')).operation.id).not.toBe(first.operation.id);
    expect((await started(caller, programId)).operation.id).not.toBe((await started(caller, programId)).operation.id);
  });

  it('two runners of one operation at once record each step once, and the operation ends done with its result', async () => {
    const { caller, programId } = await promoterWithProgram();
    const { operation } = await started(caller, programId);
    // not a wait: each step's work takes 5 ms, so that the two runners overlap.
    const runner = operationRunner(counting(6, () => new Promise((resolve) => setTimeout(resolve, 5))));
    const payload = { operationId: operation.id, run: 0 };
    await Promise.all([runner(getDeps(), payload, jobRun()), runner(getDeps(), payload, jobRun())]);
    const ended = await getOperation(getDeps().store, operation.id);
    expect(ended).toMatchObject({ status: 'done', cursor: 6, progress: { done: 6, total: 6 }, result: { seen: [0, 1, 2, 3, 4, 5] } });
  });

  it('a run past its budget hands over to one next run, queued once however often the run is redone', async () => {
    const { caller, programId } = await promoterWithProgram();
    const { operation } = await started(caller, programId);
    process.env.LIVREA_OPERATION_RUN_MS = '1';
    try {
      // not a wait: each step's work takes 3 ms, so that 50 of them pass the run's 1 ms.
      const runner = operationRunner(counting(50, () => new Promise((resolve) => setTimeout(resolve, 3))));
      await runner(getDeps(), { operationId: operation.id, run: 0 }, jobRun());
      await runner(getDeps(), { operationId: operation.id, run: 0 }, jobRun());
    } finally {
      delete process.env.LIVREA_OPERATION_RUN_MS;
    }
    const next = await getJob(getDeps().store, operationJobId(operation.id, 1));
    expect(next).toMatchObject({ kind: 'operation-planning-export', payload: { operationId: operation.id, run: 1 } });
    const stored = await getOperation(getDeps().store, operation.id);
    expect(stored?.status).toBe('running');
    expect(stored?.cursor).toBeGreaterThan(0);
    expect(stored?.cursor).toBeLessThan(50);
  });

  it('a step that keeps failing is retried by its job, and fails the operation with a French message on the last attempt', async () => {
    const { caller, programId } = await promoterWithProgram();
    const { operation } = await started(caller, programId);
    const runner = operationRunner(async () => {
      throw new Error('disque plein');
    });
    await expect(runner(getDeps(), { operationId: operation.id, run: 0 }, jobRun(false))).rejects.toThrow('disque plein');
    expect((await getOperation(getDeps().store, operation.id))?.status).toBe('running');
    await runner(getDeps(), { operationId: operation.id, run: 0 }, jobRun(true));
    expect(await getOperation(getDeps().store, operation.id)).toMatchObject({ status: 'failed', error: { message: operationMessages.failedUnexpectedly } });
  });

  it('GET /api/operations/{id} and GET /api/programs/{id}/operations answer the view, never the internal state', async () => {
    const { promoter, programId, caller } = await promoterWithProgram();
    const { operation } = await started(caller, programId, 'cle-de-test-0004');
    const read = await call('GET', `/api/operations/${operation.id}`, { token: promoter.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(operation);
    expect(read.body).not.toHaveProperty('state');
    expect(read.body).not.toHaveProperty('ownerId');
    const listed = await call('GET', `/api/programs/${programId}/operations?kind=planning-export`, { token: promoter.token });
    expect(listed.body.operations.map((item: { id: string }) => item.id)).toContain(operation.id);
    const unknown = await call('GET', '/api/operations/op-AAAAAAAAAAAAAAAAAAAAAA', { token: promoter.token });
    expect([unknown.status, unknown.body.message]).toEqual([404, operationMessages.notFound]);
    const malformed = await call('GET', '/api/operations/pas-une-operation', { token: promoter.token });
    expect([malformed.status, malformed.body.message]).toEqual([404, operationMessages.notFound]);
  });

  describe("an operation's job holds its claim while it runs", () => {
    // A kind of this file's own: the job that startOperation queued (a planning export) is left aside.
    const kind = 'operation-test-steps';
    async function ownJob(operationId: string): Promise<string> {
      const job = newJob(`${operationId}.test`, kind, { operationId, run: 0 }, new Date(), new Date());
      await putJob(getDeps().store, job);
      return job.id;
    }
    // not a wait: a simulated step's duration.
    const stepTakes = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));

    afterEach(() => {
      delete process.env.LIVREA_JOB_LEASE_SECONDS;
    });

    it('a run longer than its lease renews it at each step: sweeps beside it take nothing over, and its job ends done at its first attempt', async () => {
      const { caller, programId } = await promoterWithProgram();
      const { operation } = await started(caller, programId);
      // A 2 s lease and 30 steps of 100 ms: the run outlasts its lease; a step never nears it.
      process.env.LIVREA_JOB_LEASE_SECONDS = '2';
      const runners = { [kind]: operationJob(operationRunner(counting(30, stepTakes(100)))) };
      const jobId = await ownJob(operation.id);
      const dispatched = dispatchJob(getDeps(), jobId, runners);
      await until('the job claimed', async () => (await getJob(getDeps().store, jobId))?.status === 'running', 10_000, 10);
      let sweeping = true;
      const sweeps = (async () => {
        while (sweeping) {
          await sweepDueJobs(getDeps(), Date.now() + 1_000, runners);
          // not a wait: the sweep's own period (every second in the product, faster here).
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      expect(await dispatched).toBe('done');
      sweeping = false;
      await sweeps;
      expect(await getJob(getDeps().store, jobId)).toMatchObject({ status: 'done', attempts: 1 });
      expect(await getOperation(getDeps().store, operation.id)).toMatchObject({
        status: 'done',
        result: { seen: Array.from({ length: 30 }, (_, index) => index) },
      });
    });

    it('a run that still holds its claim goes on after another runner recorded a step first and stopped: the operation ends, not left running', async () => {
      const { caller, programId } = await promoterWithProgram();
      const { operation } = await started(caller, programId);
      // At cursor 2, another runner (a request's inline run, a run that has just lost the claim) records the step first, then stops.
      const step = counting(5);
      const raced: OperationStep = async (deps, current, run) => {
        const outcome = await step(deps, current, run);
        if (current.cursor === 2) {
          const other = { status: 'running' as const, progress: { done: 3, total: 5 }, state: { seen: [0, 1, 2] } };
          expect(await recordOperationStep(deps.store, current.id, 2, other, deps.now())).toBe(true);
        }
        return outcome;
      };
      const jobId = await ownJob(operation.id);
      expect(await dispatchJob(getDeps(), jobId, { [kind]: operationJob(operationRunner(raced)) })).toBe('done');
      expect(await getOperation(getDeps().store, operation.id)).toMatchObject({ status: 'done', cursor: 5, result: { seen: [0, 1, 2, 3, 4] } });
    });

    it('a job dead-lettered without running (its runner died on the last attempt) ends its operation failed, with the French message', async () => {
      const { caller, programId } = await promoterWithProgram();
      const { operation } = await started(caller, programId);
      const jobId = await ownJob(operation.id);
      // Five claims whose runners died: each lease over at once.
      for (let attempt = 0; attempt < 5; attempt += 1) expect(await claimJob(getDeps().store, jobId, new Date(), -1_000)).not.toBeNull();
      const runners = { [kind]: operationJob(operationRunner(counting(3))) };
      expect(await dispatchJob(getDeps(), jobId, runners)).toBe('dead');
      expect(await getOperation(getDeps().store, operation.id)).toMatchObject({ status: 'failed', error: { message: operationMessages.failedUnexpectedly } });
    });
  });
});
