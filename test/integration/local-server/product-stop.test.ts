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
  it("stops at once while a connection that never sent a request is open: the connection is closed by the stop, not by the server's headers timeout", async () => {
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
    // What the server sends on it: its own headers timeout would answer « 408 Request Timeout » before closing.
    let received = '';
    preconnection.on('data', (chunk: Buffer) => (received += chunk.toString()));
    expect((await fetch(`${product.url}/api/health`)).status).toBe(200);

    // The stop closes the connection itself: no 408, and well within the test's 45 s (a stop that
    // waited for the server's 60-s headers timeout would end the test there).
    await product.stop();
    await closedByServer;
    expect(received).toBe('');
  }, 45_000);
});
