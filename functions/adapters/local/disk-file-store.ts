import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { DownloadOptions, FileStore, StoredFile, UploadTarget } from '../../ports/file-store';
import { contentDisposition } from '../content-disposition';
import { localFileStoreMessages } from '../../../shared/messages/uploads';

/** The local server's counterpart of S3 presigned PUTs (infra/local/http-server.ts routes it here). */
export const localUploadPath = '/local-uploads/';
/** The local server's counterpart of S3 presigned GETs. */
export const localDownloadPath = '/local-files/';

/** What the local server answers to a signed PUT, with S3's statuses (403 for a bad or expired signature). */
export interface LocalUploadAnswer {
  status: 200 | 400 | 403 | 413;
  message: string;
}

/** What the local server answers to a signed GET: S3's statuses, the signed name and type. */
export interface LocalDownloadAnswer {
  status: 200 | 403 | 404;
  headers: Record<string, string>;
  /** The file's bytes (200), or S3's kind of refusal as text. */
  body: Readable | string;
}

/**
 * The prefixes whose files the bucket deletes a day after they were written (its lifecycle rules,
 * infra/stacks/livrea-stack.ts): direct uploads never claimed, exports made for one request.
 */
const expiringPrefixes = ['uploads/', 'downloads/'] as const;
const expiringAfterMs = 86_400_000;

/** Local stand-in for the files bucket: one file per key under a folder, with its content type beside it. */
export class DiskFileStore implements FileStore {
  private readonly root: string;
  private linkKey?: Promise<Buffer>;

  /**
   * `signingKey` signs upload and download URLs. The URLs are signed by the handlers and checked
   * by the local server, which may be other processes (a pool of workers, like Lambda instances):
   * the local runtime passes a loader of a key kept in the data folder, shared by all of them.
   */
  constructor(
    root: string,
    private readonly signingKey: Buffer | (() => Promise<Buffer>) = randomBytes(32),
    private readonly now: () => Date = () => new Date(),
  ) {
    this.root = resolve(root);
  }

  private key(): Promise<Buffer> {
    const signingKey = this.signingKey;
    this.linkKey ??= Buffer.isBuffer(signingKey)
      ? Promise.resolve(signingKey)
      : signingKey().catch((error: unknown) => {
          this.linkKey = undefined;
          throw error;
        });
    return this.linkKey;
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

  /**
   * Deletes the files under `expiringPrefixes` written more than a day ago, as the bucket's
   * lifecycle rules do (the local product runs it at start and every hour). Answers how many went.
   */
  async sweepExpired(): Promise<number> {
    const before = this.now().getTime() - expiringAfterMs;
    let deleted = 0;
    for (const prefix of expiringPrefixes) {
      const entries = await readdir(this.pathOf(prefix), { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        const path = join(entry.parentPath, entry.name);
        if (!entry.isFile() || path.endsWith('.type')) continue;
        const info = await stat(path).catch(() => null);
        if (!info || info.mtimeMs >= before) continue;
        await rm(path, { force: true });
        await rm(`${path}.type`, { force: true });
        deleted += 1;
      }
    }
    return deleted;
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  /** The HMAC of a URL's method and parameters: a PUT's signature cannot serve as a GET's, nor the reverse. */
  private async signature(method: 'PUT' | 'GET', ...fields: (string | number)[]): Promise<Buffer> {
    return createHmac('sha256', await this.key())
      .update(JSON.stringify([method, ...fields]))
      .digest();
  }

  private async signatureMatches(given: string | null, method: 'PUT' | 'GET', ...fields: (string | number)[]): Promise<boolean> {
    const actual = Buffer.from(given ?? '', 'base64url');
    const expected = await this.signature(method, ...fields);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private expiry(expiresInSeconds: number): number {
    return Math.floor(this.now().getTime() / 1000) + expiresInSeconds;
  }

  /** The key a signed local URL names, or null when it is malformed or leaves the store. */
  private keyOf(pathname: string, prefix: string): string | null {
    try {
      const key = decodeURIComponent(pathname.slice(prefix.length));
      this.pathOf(key);
      return key;
    } catch {
      return null;
    }
  }

  async createUploadUrl(key: string, options: { size: number; expiresInSeconds: number }): Promise<UploadTarget> {
    this.pathOf(key);
    const expires = this.expiry(options.expiresInSeconds);
    const signature = await this.signature('PUT', key, expires, options.size);
    const query = new URLSearchParams({ expires: String(expires), size: String(options.size), signature: signature.toString('base64url') });
    return { url: `${localUploadPath}${encodeURIComponent(key)}?${query}`, method: 'PUT', headers: {} };
  }

  /** Like a presigned GET: the name, type and disposition are signed with the key and the expiry. */
  async downloadUrl(key: string, options: DownloadOptions): Promise<string> {
    this.pathOf(key);
    const expires = this.expiry(options.expiresInSeconds);
    const disposition = options.disposition ?? 'attachment';
    const signature = await this.signature('GET', key, expires, options.filename, options.contentType, disposition);
    const query = new URLSearchParams({
      expires: String(expires),
      filename: options.filename,
      type: options.contentType,
      disposition,
      signature: signature.toString('base64url'),
    });
    return `${localDownloadPath}${encodeURIComponent(key)}?${query}`;
  }

  /**
   * Answers a GET on a URL from downloadUrl, as S3 answers a presigned GET: 403 for a bad or
   * expired signature (checked before the key is looked at), 404 for a missing file, else the
   * bytes streamed from disk with the signed name and type.
   */
  async serveDownload(url: string): Promise<LocalDownloadAnswer> {
    const refused = (status: 403 | 404, message: string): LocalDownloadAnswer => ({
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: message,
    });
    const parsed = new URL(url, 'http://local');
    const key = this.keyOf(parsed.pathname, localDownloadPath);
    const { searchParams: query } = parsed;
    const expires = Number(query.get('expires'));
    const [filename, type, disposition] = [query.get('filename') ?? '', query.get('type') ?? '', query.get('disposition')];
    if (key === null || !Number.isSafeInteger(expires) || (disposition !== 'attachment' && disposition !== 'inline'))
      return refused(403, localFileStoreMessages.downloadInvalid);
    if (!(await this.signatureMatches(query.get('signature'), 'GET', key, expires, filename, type, disposition)))
      return refused(403, localFileStoreMessages.downloadInvalid);
    if (this.now().getTime() / 1000 > expires) return refused(403, localFileStoreMessages.downloadExpired);
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return refused(404, localFileStoreMessages.fileMissing);
    return {
      status: 200,
      headers: {
        'content-type': type,
        'content-length': String(info.size),
        'content-disposition': contentDisposition(disposition, filename),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
      body: createReadStream(path),
    };
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
    const key = this.keyOf(parsed.pathname, localUploadPath);
    const expires = Number(parsed.searchParams.get('expires'));
    const size = Number(parsed.searchParams.get('size'));
    if (
      key === null ||
      !Number.isSafeInteger(expires) ||
      !Number.isSafeInteger(size) ||
      !(await this.signatureMatches(parsed.searchParams.get('signature'), 'PUT', key, expires, size))
    ) {
      return refused(403, localFileStoreMessages.uploadInvalid);
    }
    if (this.now().getTime() / 1000 > expires) return refused(403, localFileStoreMessages.uploadExpired);
    // Like S3 with a signed Content-Length: another announced size is refused before any byte is read.
    if (headers.contentLength !== undefined && Number(headers.contentLength) !== size) return refused(403, localFileStoreMessages.sizeDiffers);

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
      return received > size ? refused(413, localFileStoreMessages.tooLarge) : { status: 400, message: localFileStoreMessages.incomplete };
    }
    await rename(partial, path);
    await writeFile(`${path}.type`, headers.contentType || 'application/octet-stream');
    return { status: 200, message: localFileStoreMessages.received };
  }
}
