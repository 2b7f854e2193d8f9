import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inputBounds } from '../../shared/domain/input-bounds';
import { messages } from '../../shared/messages/common';
import type { LocalRequest, LocalResponse } from './api-dispatcher';
import { chooseEncoding, CompressedFiles } from './compressed-files';
import { gatewayAnswers } from './gateway-limits';
import { rewriteLikeCloudFront } from '../constructs/spa-fallback';

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

/** Beyond this, an oversized body is not even drained: the connection is cut (abuse, not a mistake). */
const maxDrainBytes = 64 * 1024 * 1024;

class BodyTooLargeError extends Error {}

/**
 * Reads a request body of at most inputBounds.requestBodyBytes. A larger body is read to its end
 * and dropped, so that the client, still sending, receives the 413 instead of a reset connection.
 */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= inputBounds.requestBodyBytes) chunks.push(chunk);
      else if (size > maxDrainBytes) request.destroy();
      else chunks.length = 0;
    });
    request.on('end', () => (size > inputBounds.requestBodyBytes ? reject(new BodyTooLargeError()) : resolveBody(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}

/** The path under the SPA's folder, or null when its percent-encoding is malformed. */
function decodedStaticPath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

async function serveStatic(webDir: string, urlPath: string, request: IncomingMessage, response: ServerResponse, compressed: CompressedFiles): Promise<void> {
  const root = resolve(webDir);
  const decoded = decodedStaticPath(urlPath);
  // A malformed address names no page: the SPA's own 404 page, with a 404 status.
  const status = decoded === null ? 404 : 200;
  const candidate = resolve(join(root, normalize(decoded ?? '/')));
  const inside = candidate === root || candidate.startsWith(root + sep);
  const found = decoded !== null && inside && (await stat(candidate).catch(() => null))?.isFile();
  // An address that names no file gets the HTML page CloudFront would give it; a missing file, none.
  const page = found ? null : rewriteLikeCloudFront(urlPath);
  if (page === urlPath) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    response.end('Fichier introuvable.');
    return;
  }
  const file = page === null ? candidate : join(root, page);
  const info = await stat(file).catch(() => null);
  if (!info) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end("L'interface n'est pas construite : lancez `npm run build`.");
    return;
  }
  const immutable = file.includes(`${sep}assets${sep}`);
  const headers = {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  // Compressed like CloudFront does (brotli, else gzip): the same bytes travel locally as in AWS.
  const encoding = chooseEncoding(request.headers['accept-encoding'], file, info.size);
  if (encoding) {
    const body = await compressed.get(file, info.mtimeMs, encoding);
    response.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(status, { ...headers, 'content-length': info.size });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}

/** Receives a PUT on a signed upload URL (the local counterpart of an S3 presigned PUT). */
export interface LocalUploads {
  path: string;
  receive(url: string, request: IncomingMessage): Promise<{ status: number; message: string }>;
}

/** Answers a GET on a signed download URL (the local counterpart of an S3 presigned GET). */
export interface LocalDownloads {
  path: string;
  serve(url: string): Promise<{ status: number; headers: Record<string, string>; body: Readable | string }>;
}

/** The local front door: /api/* to the Lambda handlers, signed uploads and downloads to the file store, everything else to the built SPA (history fallback). */
export function createLocalHttpServer(options: {
  webDir: string;
  dispatch: (request: LocalRequest) => Promise<LocalResponse>;
  uploads?: LocalUploads;
  downloads?: LocalDownloads;
}): Server {
  const compressed = new CompressedFiles();
  // Every failure is answered inside `handle`: the server only starts it.
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = request.url ?? '/';
    try {
      if (options.uploads && request.method === 'PUT' && url.startsWith(options.uploads.path)) {
        const answer = await options.uploads.receive(url, request);
        response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: answer.message }));
        return;
      }
      if (options.downloads && (request.method === 'GET' || request.method === 'HEAD') && url.startsWith(options.downloads.path)) {
        const answer = await options.downloads.serve(url);
        const { body } = answer;
        response.writeHead(answer.status, answer.headers);
        if (typeof body === 'string') response.end(body);
        else if (request.method === 'HEAD') {
          body.destroy();
          response.end();
        } else {
          // A browser that stops a download closes the connection: nothing to answer any more.
          await pipeline(body, response).catch(() => response.destroy());
        }
        return;
      }
      if (url === '/api' || url.startsWith('/api/')) {
        const body = await readBody(request);
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
        );
        const result = await options.dispatch({ method: request.method ?? 'GET', url, headers, body, sourceIp: request.socket.remoteAddress ?? '127.0.0.1' });
        response.writeHead(result.status, { ...result.headers, 'content-length': result.body.length });
        response.end(result.body);
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      await serveStatic(options.webDir, url.split('?')[0], request, response, compressed);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        const answer = gatewayAnswers.tooLarge();
        if (!response.headersSent) response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
        return;
      }
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: messages.serverError }));
      console.error(error);
    }
  };
  return createServer((request, response) => void handle(request, response));
}
