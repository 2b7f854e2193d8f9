import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { LocalRequest, LocalResponse } from './api-dispatcher';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const maxBodyBytes = 12 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(Object.assign(new Error('body too large'), { statusCode: 413 }));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolveBody(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function serveStatic(webDir: string, urlPath: string, response: ServerResponse): Promise<void> {
  const root = resolve(webDir);
  const candidate = resolve(join(root, normalize(decodeURIComponent(urlPath))));
  const inside = candidate === root || candidate.startsWith(root + sep);
  const file = inside && (await stat(candidate).catch(() => null))?.isFile() ? candidate : join(root, 'index.html');
  const info = await stat(file).catch(() => null);
  if (!info) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end("L'interface n'est pas construite : lancez `npm run build`.");
    return;
  }
  const immutable = file.includes(`${sep}assets${sep}`);
  response.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  createReadStream(file).pipe(response);
}

/** Receives a PUT on a signed upload URL (the local counterpart of an S3 presigned PUT). */
export interface LocalUploads {
  path: string;
  receive(url: string, request: IncomingMessage): Promise<{ status: number; message: string }>;
}

/** The local front door: /api/* to the Lambda handlers, signed uploads to the file store, everything else to the built SPA (history fallback). */
export function createLocalHttpServer(options: { webDir: string; dispatch: (request: LocalRequest) => Promise<LocalResponse>; uploads?: LocalUploads }): Server {
  return createServer(async (request, response) => {
    const url = request.url ?? '/';
    try {
      if (options.uploads && request.method === 'PUT' && url.startsWith(options.uploads.path)) {
        const answer = await options.uploads.receive(url, request);
        response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: answer.message }));
        return;
      }
      if (url === '/api' || url.startsWith('/api/')) {
        const body = await readBody(request);
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
        const result = await options.dispatch({ method: request.method ?? 'GET', url, headers, body, sourceIp: request.socket.remoteAddress ?? '127.0.0.1' });
        response.writeHead(result.status, { ...result.headers, 'content-length': result.body.length });
        response.end(result.body);
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      await serveStatic(options.webDir, url.split('?')[0], response);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode === 413 ? 413 : 500;
      if (!response.headersSent) response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: status === 413 ? 'Fichier trop volumineux.' : 'Une erreur est survenue. Veuillez réessayer.' }));
      if (status === 500) console.error(error);
    }
  });
}
