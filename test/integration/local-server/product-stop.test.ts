import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../infra/local/dynamodb-local';
import { startLocalProduct } from '../../../infra/local/local-product';

/**
 * Stopping the local product (Ctrl-C, the end of a browser journey) does not wait on a connection
 * no request ever came on, as Chromium opens ahead of need: the server's close() kept it open until
 * its 60-s headers timeout.
 */
describe('local product stop', () => {
  it('stops within seconds while a connection that never sent a request is open', async () => {
    const port = await freePort();
    const previousWorkers = process.env.LIVREA_WORKERS;
    process.env.LIVREA_WORKERS = '1';
    const product = await startLocalProduct({
      port,
      webDir: resolve(__dirname, '../../../web/dist'),
      dataDir: mkdtempSync(join(tmpdir(), 'livrea-stop-')),
      dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: process.env.TABLE_NAME,
      seed: false,
    }).finally(() => (previousWorkers === undefined ? delete process.env.LIVREA_WORKERS : (process.env.LIVREA_WORKERS = previousWorkers)));
    const preconnection = connect(port, '127.0.0.1');
    await new Promise<void>((connected) => preconnection.once('connect', () => connected()));
    const closedByServer = new Promise<void>((closed) => preconnection.once('close', () => closed()));
    expect((await fetch(`${product.url}/api/health`)).status).toBe(200);

    const stopStart = Date.now();
    await product.stop();
    expect(Date.now() - stopStart).toBeLessThan(10_000);
    await closedByServer;
  }, 60_000);
});
