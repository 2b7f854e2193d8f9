import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.map']);

/** Below this, compression saves less than the headers it costs. */
const minimumBytes = 1024;

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli when the client takes
 * it (as CloudFront serves it), gzip otherwise, none when refused ("br;q=0") or not offered.
 */
export function chooseEncoding(acceptEncoding: string | undefined, path: string, size: number): ContentEncoding | null {
  if (!acceptEncoding || size < minimumBytes || !compressible.has(extname(path))) return null;
  const offered = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * The SPA's files compressed once and kept in memory, keyed by path, encoding and modification
 * time: a file rebuilt under the same name is compressed afresh. Brotli comes from the build's
 * best-quality copy when there is one; otherwise at quality 5, as a CDN compresses on the fly: the
 * best quality (11) takes 3 s for the 300 KB React chunk on a busy 2-core machine, which the first
 * visitor would wait for, for 9 % less.
 */
export class CompressedFiles {
  private readonly cache = new Map<string, Promise<Buffer>>();

  get(path: string, modifiedMs: number, encoding: ContentEncoding): Promise<Buffer> {
    const key = `${encoding}:${modifiedMs}:${path}`;
    let compressed = this.cache.get(key);
    if (!compressed) {
      compressed = (encoding === 'br' ? precompressed(path, modifiedMs) : Promise.resolve(null)).then(
        async (ready) => ready ?? compress(await readFile(path), encoding),
      );
      // A failed read is not remembered: the next request tries again.
      compressed.catch(() => this.cache.delete(key));
      this.cache.set(key, compressed);
    }
    return compressed;
  }
}

/** The build's brotli copy (web/build/precompress.ts, best quality) when it is as new as the file. */
async function precompressed(path: string, modifiedMs: number): Promise<Buffer | null> {
  const copy = await stat(`${path}.br`).catch(() => null);
  return copy && copy.mtimeMs >= modifiedMs ? readFile(`${path}.br`) : null;
}

function compress(content: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
    : gzipAsync(content, { level: 6 });
}
