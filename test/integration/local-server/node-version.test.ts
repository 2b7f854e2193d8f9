import { freePort } from '../../../infra/local/dynamodb-local';
import { killAllRuntimes, killGroup, startRuntime } from '../../support/runtime-process';

/**
 * `npm start` runs Livrea's workers (the Lambda instances' stand-ins, infra/local/worker-pool.ts)
 * on the Node that package.json's `engines` names, even from a shell whose own `node` is older
 * (README « Node »): GET /api/health, answered by a worker, says which Node runs it.
 */
afterEach(killAllRuntimes);

describe('npm start on Node 22', () => {
  it("a worker of the local runtime started by `npm start` from a user's shell runs Node 22 or later", async () => {
    const port = await freePort();
    const runtime = startRuntime(port, { LIVREA_WORKERS: '1' }, 'npm start');
    await runtime.ready;
    const health = (await (await fetch(`http://localhost:${port}/api/health`)).json()) as { status: string; runtime: string; node: string };
    expect(health).toEqual({ status: 'ok', runtime: 'local', node: expect.stringMatching(/^v\d+\./) });
    expect(Number(health.node.slice(1).split('.')[0])).toBeGreaterThanOrEqual(22);
    killGroup(runtime.child);
    await runtime.exited;
  }, 240_000);
});
