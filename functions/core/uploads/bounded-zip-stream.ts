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

/** The entry's bytes as stored, or inflated chunk by chunk. */
async function* entryBytes(content: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const compressed = content.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) {
    yield compressed;
    return;
  }
  const inflater = createInflateRaw();
  inflater.end(compressed);
  try {
    yield* inflater as AsyncIterable<Buffer>;
  } finally {
    inflater.destroy();
  }
}

/**
 * Exactly the declared number of bytes of an entry: inflating stops at the first byte past the
 * declaration (a bomb is never inflated further) and a short entry is padded, so the archive the
 * reader sees stays well formed and its parse ends; `onMismatch` records the lie.
 */
async function* declaredBytes(content: Buffer, entry: ZipEntry, onMismatch: () => void): AsyncGenerator<Buffer> {
  let remaining = entry.uncompressedSize;
  for await (const chunk of entryBytes(content, entry)) {
    if (chunk.length > remaining) {
      onMismatch();
      yield chunk.subarray(0, remaining);
      return;
    }
    remaining -= chunk.length;
    yield chunk;
  }
  if (remaining > 0) {
    onMismatch();
    for (; remaining > 0; remaining -= Math.min(remaining, 65536)) yield Buffer.alloc(Math.min(remaining, 65536), 0x20);
  }
}

/**
 * The chosen entries of a zip, re-emitted in the given order as a new archive of stored entries
 * with exact sizes, inflated on the fly and never beyond what the directory declared. A parser
 * reading it sequentially sees only the entries the directory lists (no hidden local entries, no
 * data-descriptor scanning) and at most the declared bytes. After a mismatch the archive ends with
 * that entry, and `failure()` tells which (the reader's own result must then be ignored).
 */
export function boundedZipStream(content: Buffer, entries: ZipEntry[]): { stream: Readable; failure: () => ZipContentMismatchError | null } {
  let failure: ZipContentMismatchError | null = null;
  async function* archive(): AsyncGenerator<Buffer> {
    for (const entry of entries) {
      yield storedHeader(entry);
      yield* declaredBytes(content, entry, () => {
        failure = new ZipContentMismatchError(entry.name);
      });
      if (failure) break;
    }
    yield endOfDirectory();
  }
  return { stream: Readable.from(archive(), { objectMode: false }), failure: () => failure };
}
