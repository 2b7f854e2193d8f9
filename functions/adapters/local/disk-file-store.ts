import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore, StoredFile, UploadTarget } from '../../ports/file-store';

/** The local server's counterpart of S3 presigned PUTs (infra/local/http-server.ts routes it here). */
export const localUploadPath = '/local-uploads/';

/** What the local server answers to a signed PUT, with S3's statuses (403 for a bad or expired signature). */
export interface LocalUploadAnswer {
  status: 200 | 400 | 403 | 413;
  message: string;
}

/** Local stand-in for the files bucket: one file per key under a folder, with its content type beside it. */
export class DiskFileStore implements FileStore {
  private readonly root: string;

  /**
   * `uploadKey` signs upload URLs. The server that receives the PUTs is the process that signed
   * them (infra/local), so a key drawn at start is enough: a restart only voids pending URLs.
   */
  constructor(root: string, private readonly uploadKey: Buffer = randomBytes(32), private readonly now: () => Date = () => new Date()) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error('file key escapes the store');
    return path;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
    await writeFile(`${path}.type`, contentType);
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  private signature(key: string, expires: number, size: number): Buffer {
    return createHmac('sha256', this.uploadKey).update(`${key}\n${expires}\n${size}`).digest();
  }

  async createUploadUrl(key: string, options: { size: number; expiresInSeconds: number }): Promise<UploadTarget> {
    this.pathOf(key);
    const expires = Math.floor(this.now().getTime() / 1000) + options.expiresInSeconds;
    const query = new URLSearchParams({ expires: String(expires), size: String(options.size), signature: this.signature(key, expires, options.size).toString('base64url') });
    return { url: `${localUploadPath}${encodeURIComponent(key)}?${query}`, method: 'PUT', headers: {} };
  }

  /**
   * Receives a PUT on a URL from createUploadUrl: the signature and expiry are checked first, then
   * the body is streamed to disk and kept only if it has exactly the signed size.
   */
  async receiveUpload(url: string, headers: { contentType?: string; contentLength?: string }, body: Readable): Promise<LocalUploadAnswer> {
    const refused = (status: LocalUploadAnswer['status'], message: string) => {
      body.resume();
      return { status, message };
    };
    const parsed = new URL(url, 'http://local');
    let key: string;
    try {
      key = decodeURIComponent(parsed.pathname.slice(localUploadPath.length));
      this.pathOf(key);
    } catch {
      return refused(403, "Lien d'envoi invalide.");
    }
    const expires = Number(parsed.searchParams.get('expires'));
    const size = Number(parsed.searchParams.get('size'));
    const given = Buffer.from(parsed.searchParams.get('signature') ?? '', 'base64url');
    const expected = this.signature(key, expires, size);
    if (!Number.isSafeInteger(expires) || !Number.isSafeInteger(size) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refused(403, "Lien d'envoi invalide.");
    }
    if (this.now().getTime() / 1000 > expires) return refused(403, "Lien d'envoi expiré : recommencez l'envoi.");
    // Like S3 with a signed Content-Length: another announced size is refused before any byte is read.
    if (headers.contentLength !== undefined && Number(headers.contentLength) !== size) return refused(403, 'Taille du fichier différente de celle annoncée.');

    const path = this.pathOf(key);
    const partial = `${path}.part`;
    await mkdir(dirname(path), { recursive: true });
    const out = createWriteStream(partial);
    let received = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        received += chunk.length;
        // A body longer than signed (chunked, no length announced): stop reading it at once.
        if (received > size) break;
        if (!out.write(chunk)) await new Promise<void>((drained) => out.once('drain', () => drained()));
      }
    } finally {
      await new Promise<void>((closed) => out.end(() => closed()));
    }
    if (received !== size) {
      await rm(partial, { force: true });
      return received > size ? refused(413, 'Fichier plus grand que annoncé.') : { status: 400, message: 'Fichier incomplet.' };
    }
    await rename(partial, path);
    await writeFile(`${path}.type`, headers.contentType || 'application/octet-stream');
    return { status: 200, message: 'Fichier reçu.' };
  }
}
