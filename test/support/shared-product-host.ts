import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';
import { startLocalProduct } from '../../infra/local/local-product';

/**
 * The process that keeps one local product for the browser journeys a jest worker runs one after
 * the other (shared-product.ts). Its environment is the first file's (table, data folder, DynamoDB
 * Local); each later file moves it to its own table with `POST /use` on the control port. It stops
 * with the jest worker that started it (the IPC channel closes).
 */
async function main(): Promise<void> {
  const port = Number(process.env.LIVREA_SHARED_PRODUCT_PORT);
  const product = await startLocalProduct({
    port,
    webDir: resolve(__dirname, '../../web/dist'),
    dataDir: process.env.LIVREA_DATA_DIR!,
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
    tableName: process.env.TABLE_NAME,
  });
  // One move at a time: a file waits for the previous one's.
  let moving = Promise.resolve();
  const control = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/use') return void response.writeHead(404).end();
      const place = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { tableName: string; dataDir: string };
      moving = moving.then(() =>
        product.useTable(place).then(
          () => void response.writeHead(204).end(),
          (error: unknown) => void response.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).stack ?? error)),
        ),
      );
    });
  });
  const controlPort = await freePort();
  await new Promise<void>((listening) => control.listen(controlPort, '127.0.0.1', () => listening()));
  const stop = () => {
    control.close();
    void product.stop().finally(() => process.exit(0));
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.send?.({ type: 'ready', url: product.url, control: `http://127.0.0.1:${controlPort}` });
}

main().catch((error: unknown) => {
  console.error('shared product:', error);
  process.exit(1);
});
