import { messages } from '../../../shared/messages/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiDispatcher } from '../../../infra/local/api-dispatcher';
import { createLocalHttpServer } from '../../../infra/local/http-server';
import { ensureTestTable } from '../../support/test-api';

/** The local front door (infra/local/http-server.ts) on a real socket: what `npm start` answers (part 1 §8). */
let server: Server;
let port: number;
const spaPage = '<!doctype html><title>Livrea</title><div id="root"></div>';
const bookingPage = '<!doctype html><title>Votre rendez-vous · Livrea</title><div id="root"></div>';

beforeAll(async () => {
  await ensureTestTable();
  const webDir = mkdtempSync(join(tmpdir(), 'livrea-web-'));
  writeFileSync(join(webDir, 'index.html'), spaPage);
  writeFileSync(join(webDir, 'entrevue.html'), bookingPage);
  server = createLocalHttpServer({ webDir, dispatch: createApiDispatcher({ includeLocalRoutes: false }) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string, body?: Buffer): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method, path, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the local server on malformed addresses and oversized bodies (part 1 §8)', () => {
  it("GET /api/rdv/usr/%E0%A4%A answers 404 'Rendez-vous non trouvé', never 500", async () => {
    const response = await send('GET', '/api/rdv/usr/%E0%A4%A');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text).message).toBe('Rendez-vous non trouvé');
  });

  it("a malformed API address that names no route answers 400 'Adresse invalide : caractères mal encodés.'", async () => {
    const response = await send('GET', '/api/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).message).toBe('Adresse invalide : caractères mal encodés.');
  });

  it('GET /%E0%A4%A serves the SPA (its own 404 page) with status 404, never 500', async () => {
    const response = await send('GET', '/%E0%A4%A');
    expect(response.status).toBe(404);
    expect(response.type).toContain('text/html');
    expect(response.text).toBe(spaPage);
  });

  it("a booking link, even damaged, serves the buyer's page entry (entrevue.html), which says 'Rendez-vous non trouvé' for an unknown id", async () => {
    for (const path of ['/entrevue/AAAAAAAAAAAAAAAAAAAAAAAA', '/entrevue/abc.def', '/entrevue']) {
      const response = await send('GET', path);
      expect({ path, status: response.status, text: response.text }).toEqual({ path, status: 200, text: bookingPage });
    }
    const damaged = await send('GET', '/entrevue/%E0%A4%A');
    expect(damaged.text).toBe(bookingPage);
    // Staff routes stay the SPA's; a missing file is a 404, as from CloudFront, not a page.
    expect((await send('GET', '/projets/65a1b2c3d4e5f60718293a4b/clients')).text).toBe(spaPage);
    expect(await send('GET', '/favicon.ico')).toEqual({ status: 404, type: 'text/plain; charset=utf-8', text: 'Fichier introuvable.' });
    expect((await send('GET', '/assets/main-disparu.js')).status).toBe(404);
  });

  it("a 13 MB body answers API Gateway's 413 (« Requête trop volumineuse… ») instead of resetting the connection", async () => {
    const response = await send('POST', '/api/user/forgot', Buffer.alloc(13 * 1024 * 1024, 0x20));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual({ message: messages.requestTooLarge });
  });

  it("a 7 MB body (within what the server reads, above Lambda's 6 MB event) answers API Gateway's 413 too", async () => {
    const response = await send('POST', '/api/user/forgot', Buffer.alloc(7 * 1024 * 1024, 0x20));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual({ message: messages.requestTooLarge });
  });
});
