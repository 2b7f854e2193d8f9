import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { ZipEntry } from './zip-directory';

/** An entry inflated to more (or fewer) bytes than its directory declared: a lying archive. */
export class ZipContentMismatchError extends Error {
  constructor(readonly entry: string) {
    super(`zip entry ${entry} does not match its declared size`);
    this.name = 'ZipContentMismatchError';
  }
}

function storedHeader(entry: ZipEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // names in UTF-8, sizes known: no data descriptor to scan for
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(entry.uncompressedSize, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** An empty end-of-directory record: readers that parse sequentially stop there. */
function endOfDirectory(): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  return record;
}

async function* inflated(content: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const compressed = content.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) {
    if (compressed.length !== entry.uncompressedSize) throw new ZipContentMismatchError(entry.name);
    yield compressed;
    return;
  }
  const inflater = createInflateRaw();
  inflater.end(compressed);
  let produced = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      // Stop at the first byte past the declaration: a bomb is never inflated further.
      if (produced > entry.uncompressedSize) throw new ZipContentMismatchError(entry.name);
      yield chunk;
    }
  } finally {
    inflater.destroy();
  }
  if (produced !== entry.uncompressedSize) throw new ZipContentMismatchError(entry.name);
}

/**
 * The chosen entries of a zip, re-emitted in the given order as a new archive of stored entries
 * with exact sizes, inflated on the fly and never beyond what the directory declared. A parser
 * reading it sequentially sees only the entries the directory lists (no hidden local entries, no
 * data-descriptor scanning) and at most the declared bytes. On a mismatch the stream ends early and
 * `failure()` tells why, since a piped stream's error does not reach the reader it is piped into.
 */
export function boundedZipStream(content: Buffer, entries: ZipEntry[]): { stream: Readable; failure: () => ZipContentMismatchError | null } {
  let failure: ZipContentMismatchError | null = null;
  async function* archive(): AsyncGenerator<Buffer> {
    try {
      for (const entry of entries) {
        yield storedHeader(entry);
        yield* inflated(content, entry);
      }
      yield endOfDirectory();
    } catch (error) {
      if (!(error instanceof ZipContentMismatchError)) throw error;
      failure = error;
    }
  }
  return { stream: Readable.from(archive(), { objectMode: false }), failure: () => failure };
}
