import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../infra/local/dynamodb-local';
import { startLocalProduct } from '../../../infra/local/local-product';
import { createUserAndLogin } from '../../support/test-api';

/**
 * A running local product moved to another table (`useTable`, how the browser journeys share one
 * product per jest worker: test/support/shared-product.ts) serves that table from every worker,
 * keeping the handlers they loaded: an account of the new table signs in through each of them.
 */
describe('local product on another table', () => {
  const fileTable = process.env.TABLE_NAME!;
  const fileDataDir = process.env.LIVREA_DATA_DIR!;
  const previousWorkers = process.env.LIVREA_WORKERS;

  afterAll(() => {
    Object.assign(process.env, { TABLE_NAME: fileTable, LIVREA_DATA_DIR: fileDataDir });
    if (previousWorkers === undefined) delete process.env.LIVREA_WORKERS;
    else process.env.LIVREA_WORKERS = previousWorkers;
  });

  it("useTable: the product's two workers answer from the new table (an account only there signs in through both), not from the first", async () => {
    const { email, password } = await createUserAndLogin('promoter');
    process.env.LIVREA_WORKERS = '2';
    const product = await startLocalProduct({
      port: await freePort(),
      webDir: resolve(__dirname, '../../../web/dist'),
      dataDir: mkdtempSync(join(tmpdir(), 'livrea-use-table-')),
      dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: `${fileTable}-first`,
      seed: false,
    });
    try {
      const signIn = () =>
        fetch(`${product.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      // Both workers at once: each loads the sign-in's handler on the first table.
      expect((await Promise.all([signIn(), signIn()])).map((answer) => answer.status)).not.toContain(200);

      await product.useTable({ tableName: fileTable, dataDir: fileDataDir });
      expect((await Promise.all([signIn(), signIn()])).map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      await product.stop();
    }
  }, 120_000);
});
