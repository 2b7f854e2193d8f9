import type { Lot } from '../../../shared/domain/lot';
import { importStep } from '../../../functions/core/lots/client-import';
import { importStepLabels } from '../../../shared/messages/lots';
import type { JobRun } from '../../../functions/core/jobs/job-context';
import { operationRunner, type OperationStep } from '../../../functions/core/operations/operation-runner';
import { listLots } from '../../../functions/data/lots-repository';
import { getOperation } from '../../../functions/data/operations-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { newJob } from '../../../functions/data/jobs-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { clientFile, clientRows, multipartFile, xlsxType } from '../../support/client-file';
import { importOperation } from '../../support/client-import';
import { call, createUserAndLogin, holdSignalledJobs, signInWithoutLoginRoute } from '../../support/test-api';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * The client import is an operation (docs/architecture.md « Client import »): the request answers
 * 202 at once, steps of bounded work write the lots, and a step redone after a crash or a request
 * sent again writes nothing twice.
 */
const deps = getDeps();

async function adminWithProgram(name = 'Import suivi') {
  const admin = await createUserAndLogin('administrator');
  const program = (await call('POST', '/api/program/create', { token: admin.token, body: { name, promotername: 'Suivi SA', colors: ['rgb(1, 2, 3)'] } })).body;
  return { admin, programId: program._id as string };
}

/** A client file stored as the SPA sends it (upload URL, then the bytes at its key): its key. */
async function uploaded(token: string, content: Buffer): Promise<string> {
  const asked = await call('POST', '/api/uploads/client-file', { token, body: { filename: 'clients.xlsx', size: content.length } });
  await deps.files.put(asked.body.key, content, xlsxType);
  return asked.body.key as string;
}

const lotsOf = (programId: string) => listLots(deps.store, programId);

function expectEachOnce(lots: Lot[], count: number) {
  expect(lots).toHaveLength(count);
  expect(new Set(lots.map((lot) => lot.lotcomm)).size).toBe(count);
  expect(new Set(lots.map((lot) => lot._id)).size).toBe(count);
}

function jobRun(): JobRun {
  return { job: newJob('test-run', 'operation-client-import', {}, new Date(), new Date()), finalAttempt: false, runJobNow: async () => undefined };
}

/** The import step, dying after its work and before its outcome is recorded when `crashAt` says so (a process killed there). */
function crashingStep(crashAt: (phase: string) => boolean): OperationStep {
  return async (stepDeps, operation, run) => {
    const outcome = await importStep(stepDeps, operation, run);
    if (crashAt(String(operation.state.phase))) throw new Error('processus tué');
    return outcome;
  };
}

describe('client import as an operation (docs/architecture.md « Client import »)', () => {
  it('a 10,000-row file imported as the SPA does answers 202 and ends done, every lot written once, the upload removed', async () => {
    const { admin, programId } = await adminWithProgram();
    const key = await uploaded(admin.token, await clientFile(clientRows(10_000, 'D')));
    const started = await call('POST', `/api/programs/${programId}/lockup-clients`, {
      token: admin.token,
      headers: { 'idempotency-key': 'import-dix-mille-1' },
      body: { key, filename: 'clients.xlsx' },
    });
    expect(started.status).toBe(202);
    expect(started.body.operation).toMatchObject({ kind: 'client-import', status: 'running', programId });
    const operation = await importOperation(started, admin.token);
    expect(operation).toMatchObject({ status: 'done', progress: { done: 10_000, total: 10_000 }, result: { created: 10_000, updated: 0, warnings: [] } });
    expectEachOnce(await lotsOf(programId), 10_000);
    expect(await deps.files.get(key)).toBeNull();
    expect(await deps.files.get(`operations/${operation.id}/plan.json`)).toBeNull();
    const listed = (await call('GET', '/api/admin/programs', { token: admin.token })).body.find((candidate: { _id: string }) => candidate._id === programId);
    expect(listed.lotCount).toBe(10_000);
  }, 300_000);

  it('the same request sent again with the same Idempotency-Key answers the same operation and writes nothing more', async () => {
    const { admin, programId } = await adminWithProgram();
    const key = await uploaded(admin.token, await clientFile(clientRows(30, 'R')));
    const send = () =>
      call('POST', `/api/programs/${programId}/lockup-clients`, {
        token: admin.token,
        headers: { 'idempotency-key': 'import-renvoye-1' },
        body: { key, filename: 'clients.xlsx' },
      });
    const first = await send();
    const before = await lotsOf(programId);
    expectEachOnce(before, 30);
    // The upload is gone once imported: the retry still finds its operation, ended.
    const again = await send();
    expect(again.status).toBe(202);
    expect(again.body.operation.id).toBe(first.body.operation.id);
    expect(again.body.operation).toMatchObject({ status: 'done', result: { created: 30, updated: 0, warnings: [] } });
    expect(await lotsOf(programId)).toEqual(before);
  });

  it('a refused file ends failed with its cell errors, writes nothing and keeps the upload for correction', async () => {
    const { admin, programId } = await adminWithProgram();
    const rows = clientRows(3);
    rows[1].typologie = '7p';
    const key = await uploaded(admin.token, await clientFile(rows));
    const started = await call('POST', `/api/programs/${programId}/lockup-clients`, { token: admin.token, body: { key, filename: 'clients.xlsx' } });
    expect(started.status).toBe(202);
    const operation = await importOperation(started, admin.token);
    expect(operation).toMatchObject({
      status: 'failed',
      error: {
        message: "Problème lors de l'envoi du fichier",
        details: { cells: [{ row: 3, column: 'typologie', field: 'typologie', message: 'Typologie invalide (1p à 5p)' }], total: 1 },
      },
    });
    expect(await lotsOf(programId)).toEqual([]);
    expect(await deps.files.get(key)).not.toBeNull();
  });

  it('a write step redone after a crash (its outcome not recorded) writes no lot twice and reports the same counts', async () => {
    const { admin, programId } = await adminWithProgram();
    // 20 lots already there: the import updates them and creates 1,180.
    await call('POST', `/api/programs/${programId}/lockup-clients`, {
      token: admin.token,
      ...multipartFile('clients', 'a.xlsx', xlsxType, await clientFile(clientRows(20, 'C'))),
    });
    const rows = [...clientRows(20, 'C'), ...clientRows(1_180, 'N')];
    const held = holdSignalledJobs();
    const started = await call('POST', `/api/programs/${programId}/lockup-clients`, {
      token: admin.token,
      answerOnly: true,
      body: { key: await uploaded(admin.token, await clientFile(rows)), filename: 'clients.xlsx' },
    });
    const payload = { operationId: started.body.operation.id, run: 0 };
    try {
      // Read, plan, then the first chunk of 500 written and the run killed before recording it.
      await expect(operationRunner(crashingStep((phase) => phase === 'write'))(deps, payload, jobRun())).rejects.toThrow('processus tué');
      const interrupted = await getOperation(deps.store, payload.operationId);
      expect(interrupted).toMatchObject({ status: 'running', step: importStepLabels.write, progress: { done: 0, total: 1_200 } });
      expect((await lotsOf(programId)).length).toBe(500);
      // The next run writes that chunk again, then the rest; its finish dies too and is redone.
      await expect(operationRunner(crashingStep((phase) => phase === 'finish'))(deps, payload, jobRun())).rejects.toThrow('processus tué');
      await operationRunner(importStep)(deps, payload, jobRun());
    } finally {
      held.release();
    }
    expect(await getOperation(deps.store, payload.operationId)).toMatchObject({ status: 'done', result: { created: 1_180, updated: 20, warnings: [] } });
    expectEachOnce(await lotsOf(programId), 1_200);
  }, 120_000);

  it('a received file integrated with a finish redone after a crash: marked integrated, its sender mailed once', async () => {
    const { admin, programId } = await adminWithProgram('Reçu');
    const sent = await call('POST', `/api/programs/${programId}/xlsx-send`, {
      token: admin.token,
      ...multipartFile('clients', 'recu.xlsx', xlsxType, await clientFile(clientRows(12, 'F'))),
    });
    expect(sent.status).toBe(200);
    const fileId = (await call('GET', `/api/programs/${programId}/client-files`, { token: admin.token })).body.files[0]._id;
    const held = holdSignalledJobs();
    const started = await call('POST', `/api/programs/${programId}/client-files/${fileId}/import`, { token: admin.token, answerOnly: true });
    expect(started.status).toBe(202);
    const payload = { operationId: started.body.operation.id, run: 0 };
    try {
      await expect(operationRunner(crashingStep((phase) => phase === 'finish'))(deps, payload, jobRun())).rejects.toThrow('processus tué');
      await operationRunner(importStep)(deps, payload, jobRun());
    } finally {
      held.release();
    }
    expect(await getOperation(deps.store, payload.operationId)).toMatchObject({ status: 'done', result: { created: 12, updated: 0, warnings: [] } });
    expect((await call('GET', `/api/programs/${programId}/client-files`, { token: admin.token })).body.files[0].status).toBe('integrated');
    const thanks = (await listOutboxMessages(deps.store)).filter((mail) => mail.to.includes(admin.email) && mail.subject?.includes('sont intégrés'));
    expect(thanks).toHaveLength(1);
  });
});
