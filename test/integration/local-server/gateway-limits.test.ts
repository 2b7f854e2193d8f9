import { messages } from '../../../shared/messages/common';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createApiDispatcher } from '../../../infra/local/api-dispatcher';
import { call, callThrough } from '../../support/test-api';
import { startTestPool, type TestPool } from '../../support/test-pool';

/**
 * The local runtime enforces the deployed request path's limits with AWS's answers
 * (infra/local/gateway-limits.ts): a Lambda event or result above 6 MB, the 29 s integration timeout.
 */
const mb = 1024 * 1024;

describe('Lambda and API Gateway limits on the local runtime', () => {
  it("a request whose Lambda event exceeds 6 MB (a binary body counted in base64) answers API Gateway's 413 without reaching the handler", async () => {
    const binary = (bytes: number) =>
      call('POST', '/api/user/forgot', { rawBody: Buffer.alloc(bytes, 7), headers: { 'content-type': 'application/octet-stream' } });
    // 4.6 MB of bytes are 6.1 MB of base64.
    const over = await binary(4.6 * mb);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: messages.requestTooLarge });
    // 4.4 MB (5.9 MB of base64) reach the handler, which answers for itself.
    const under = await binary(4.4 * mb);
    expect(under.body).not.toEqual({ message: messages.requestTooLarge });
    // A text body counts as is.
    const text = await call('POST', '/api/user/forgot', { rawBody: Buffer.alloc(6 * mb + 1, 0x20), headers: { 'content-type': 'application/json' } });
    expect(text).toEqual(expect.objectContaining({ status: 413, body: { message: messages.requestTooLarge } }));
  });

  it("a handler answer above 6 MB gives API Gateway's 500 (« Une erreur est survenue… »), logged as Lambda's response size error; 5.9 MB go through", async () => {
    const answering = (bytes: number) =>
      createApiDispatcher({
        includeLocalRoutes: false,
        handlerOf: async () => async () => ({ statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(bytes) }),
      });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const over = await callThrough(answering(6 * mb + 1), async () => undefined)('GET', '/api/health');
      expect(over.status).toBe(500);
      expect(over.body).toEqual({ message: messages.serverError });
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^API Gateway 500: the answer of GET \/api\/health is \d+ bytes, above Lambda's 6 MB response payload/),
      );
      errors.mockClear();
      const under = await callThrough(answering(5.9 * mb), async () => undefined)('GET', '/api/health');
      expect(under.status).toBe(200);
      expect(under.raw.length).toBe(Math.floor(5.9 * mb));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  describe('through the worker pool', () => {
    let stalled: Server;
    const held: Socket[] = [];
    let workers: TestPool;

    beforeAll(async () => {
      // A database that accepts connections and never answers: every request that reads it hangs.
      stalled = createServer((socket) => held.push(socket));
      await new Promise<void>((listening) => stalled.listen(0, '127.0.0.1', listening));
      const endpoint = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
      workers = await startTestPool({ size: 1, env: { DYNAMODB_ENDPOINT: endpoint, LIVREA_API_TIMEOUT_MS: '4000' } });
    }, 60_000);

    afterAll(async () => {
      await workers.stop();
      for (const socket of held) socket.destroy();
      await new Promise<void>((closed) => stalled.close(() => closed()));
    });

    it("a request running past the integration timeout (29 s, here 4 s: a new worker's first answer under load stays below it) answers API Gateway's 503 (« Le service met trop de temps à répondre… »), and its worker is killed and replaced", async () => {
      const [before] = workers.pool.pids();
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const started = Date.now();
      const response = await workers.call('GET', '/api/rdv/usr/AAAAAAAAAAAAAAAAAAAAAAAA', { answerOnly: true });
      const waited = Date.now() - started;
      const logged = errors.mock.calls.map(([line]) => String(line));
      errors.mockRestore();

      expect(response.status).toBe(503);
      expect(response.body).toEqual({ message: messages.serviceUnavailable });
      expect(waited).toBeGreaterThanOrEqual(4000);
      // Far below 29 s: the timeout counts from the handler's start (its first load, up to Lambda's 10-second init, is not counted).
      expect(waited).toBeLessThan(20_000);
      expect(logged).toContainEqual(expect.stringMatching(/^API Gateway 503: GET \/api\/rdv\/usr\/A+ timed out after 4000 ms; its worker is replaced/));
      // The timed-out worker is gone (its process killed); a new one serves the next request.
      const health = await workers.call('GET', '/api/health');
      expect(health).toEqual(expect.objectContaining({ status: 200, body: { status: 'ok', runtime: 'local', node: process.version } }));
      expect(() => process.kill(before, 0)).toThrow();
      expect(workers.pool.pids()).toHaveLength(1);
      expect(workers.pool.pids()[0]).not.toBe(before);
    }, 60_000);

    it('a worker that dies is replaced: the pool keeps its size and serves the next request', async () => {
      const [before] = workers.pool.pids();
      process.kill(before, 'SIGKILL');
      const health = await workers.call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(workers.pool.pids()).toHaveLength(1);
      expect(workers.pool.pids()[0]).not.toBe(before);
    }, 60_000);
  });
});
