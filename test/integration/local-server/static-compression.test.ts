import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { createApiDispatcher } from '../../../infra/local/api-dispatcher';
import { createLocalHttpServer } from '../../../infra/local/http-server';

/** The local server's static files travel compressed, as through CloudFront. */
let server: Server;
let port: number;
const script = `export const days = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `jour ${index}`))};\n`;
const font = Buffer.alloc(4000, 7);
const bestBrotli = brotliCompressSync(Buffer.from(script), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'livrea-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), `<!doctype html><title>Livrea</title>${'<!-- - -->'.repeat(200)}`);
  writeFileSync(join(webDir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(webDir, 'assets', 'font-1-Ef56Gh78.woff2'), font);
  // The build's best-quality brotli copies: one current, one older than its file (a stale build).
  writeFileSync(join(webDir, 'assets', 'fresh-Ij90Kl12.js'), script);
  writeFileSync(join(webDir, 'assets', 'fresh-Ij90Kl12.js.br'), bestBrotli);
  writeFileSync(join(webDir, 'assets', 'stale-Mn34Op56.js'), script);
  writeFileSync(join(webDir, 'assets', 'stale-Mn34Op56.js.br'), Buffer.from('not brotli'));
  utimesSync(join(webDir, 'assets', 'stale-Mn34Op56.js.br'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  server = createLocalHttpServer({ webDir, dispatch: createApiDispatcher({ includeLocalRoutes: false }) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding?: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('static files of the local server (compress responses, cache hashed assets for a year)', () => {
  it('a browser that accepts brotli receives the script brotli-compressed, smaller, decoding to the same bytes', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.body.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(script);
  });

  it('a client that accepts only gzip receives gzip; one that accepts nothing receives the file as is', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(script);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
    const refused = await get('/assets/index-Ab12Cd34.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('the SPA page (history fallback) is compressed too and always revalidated; hashed assets are cached a year', async () => {
    const page = await get('/projets/abc/plannings', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString('utf8')).toContain('<title>Livrea</title>');
    const asset = await get('/assets/index-Ab12Cd34.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('fonts, already compressed (woff2), are sent as they are', async () => {
    const response = await get('/assets/font-1-Ef56Gh78.woff2', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('font/woff2');
    expect(response.body.equals(font)).toBe(true);
  });

  it("the build's brotli copy (<file>.br) is sent as is when it is as new as the file, and ignored when older", async () => {
    const fresh = await get('/assets/fresh-Ij90Kl12.js', 'br');
    expect(fresh.body.equals(bestBrotli)).toBe(true);
    const stale = await get('/assets/stale-Mn34Op56.js', 'br');
    expect(brotliDecompressSync(stale.body).toString('utf8')).toBe(script);
  });
});
