import { listLots } from '../../../functions/data/lots-repository';
import { getOperation } from '../../../functions/data/operations-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePort } from '../../../infra/local/dynamodb-local';
import { clientFile, clientRows, xlsxType } from '../../support/client-file';
import { call, createUserAndLogin } from '../../support/test-api';
import { killAllRuntimes, killGroup, randomBetween, startRuntime, withRuntimeOutput } from '../../support/runtime-process';
import { until, randomMoment } from '../../support/eventually';

/**
 * The client import survives its process (docs/architecture.md « Client import »): the real local
 * runtime is killed with SIGKILL in the middle of a 3,000-row import, while it writes lots, then
 * restarted on the same data; the sweep resumes the operation from its last recorded step. Every
 * lot ends up written exactly once and the counts are those of one import.
 */
const deps = getDeps();
const rowsCount = 3_000;

afterEach(killAllRuntimes);

describe('client import under crashes', () => {
  it('SIGKILL while the lots are written, restarted: the import ends done with every lot exactly once and the counts of one import', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const admin = await createUserAndLogin('administrator');
    const programId = (
      await call('POST', '/api/program/create', { token: admin.token, body: { name: 'Import coupé', promotername: 'Coupé SA', colors: ['rgb(1, 2, 3)'] } })
    ).body._id as string;
    const first = startRuntime(port);
    await first.ready;

    // As the SPA does: an upload URL from the runtime, the file PUT there, the import by key.
    const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
    const file = await clientFile(clientRows(rowsCount, 'K'));
    const target = (await (
      await fetch(`${base}/api/uploads/client-file`, { method: 'POST', headers, body: JSON.stringify({ filename: 'clients.xlsx', size: file.length }) })
    ).json()) as { key: string; url: string };
    expect((await fetch(new URL(target.url, base), { method: 'PUT', headers: { 'content-type': xlsxType }, body: new Uint8Array(file) })).status).toBe(200);
    const start = () =>
      fetch(`${base}/api/programs/${programId}/lockup-clients`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'import-coupe-0001' },
        body: JSON.stringify({ key: target.key, filename: 'clients.xlsx' }),
      });
    const started = await start();
    expect(started.status).toBe(202);
    const operationId = ((await started.json()) as { operation: { id: string } }).operation.id;

    // Killed once some chunks are recorded and the next is being written.
    const threshold = randomBetween(1, 3) * 500;
    await until(`${threshold} lots recorded`, async () => ((await getOperation(deps.store, operationId))?.progress.done ?? 0) >= threshold, 180_000, 50);
    await randomMoment(50, 400);
    const lotsAtKill = (await listLots(deps.store, programId)).length;
    killGroup(first.child);
    expect((await getOperation(deps.store, operationId))?.status).toBe('running');
    await first.exited;
    const second = startRuntime(port);
    await second.ready;

    // The same request sent again after the restart (the SPA after a lost answer) finds the same operation.
    const again = await start();
    expect(again.status).toBe(202);
    expect(((await again.json()) as { operation: { id: string } }).operation.id).toBe(operationId);

    await withRuntimeOutput(
      second,
      until('the import to end', async () => (await getOperation(deps.store, operationId))?.status !== 'running', 240_000, 250),
    );
    killGroup(second.child);
    console.log(`client import crash: killed past ${threshold} recorded lots with ${lotsAtKill} lots written`);

    expect(await getOperation(deps.store, operationId)).toMatchObject({
      status: 'done',
      progress: { done: rowsCount, total: rowsCount },
      result: { created: rowsCount, updated: 0, warnings: [] },
    });
    const lots = await listLots(deps.store, programId);
    expect(lots).toHaveLength(rowsCount);
    expect(new Set(lots.map((lot) => lot.lotcomm)).size).toBe(rowsCount);
    expect(await deps.files.get(target.key)).toBeNull();
  }, 540_000);
});
