/** One file of a zip archive, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused by the readers. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's compressed bytes start (after its local header). */
  dataOffset: number;
}

const endOfDirectorySignature = 0x06054b50;
const directoryEntrySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
const zip64Marker = 0xffffffff;

/**
 * Reads a zip's central directory without inflating anything, so that an archive can be judged by
 * its declared sizes before a single byte is decompressed. Returns null for anything that is not a
 * plain zip this product reads: no directory, encrypted entries, zip64, entries outside the file.
 */
export function readZipDirectory(content: Buffer): ZipEntry[] | null {
  // The end record is the last 22 bytes, followed by a comment of up to 65,535 bytes.
  let end = -1;
  for (let at = content.length - 22; at >= Math.max(0, content.length - 22 - 0xffff); at -= 1) {
    if (content.readUInt32LE(at) === endOfDirectorySignature) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = content.readUInt16LE(end + 10);
  const directorySize = content.readUInt32LE(end + 12);
  const directoryOffset = content.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === zip64Marker || directoryOffset + directorySize > end) return null;

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || content.readUInt32LE(at) !== directoryEntrySignature) return null;
    const flags = content.readUInt16LE(at + 8);
    const compressedSize = content.readUInt32LE(at + 20);
    const uncompressedSize = content.readUInt32LE(at + 24);
    const nameLength = content.readUInt16LE(at + 28);
    const entryLength = 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
    const localOffset = content.readUInt32LE(at + 42);
    if (flags & 0x1 || compressedSize === zip64Marker || uncompressedSize === zip64Marker || at + entryLength > end) return null;
    if (localOffset + 30 > directoryOffset || content.readUInt32LE(localOffset) !== localHeaderSignature) return null;
    const dataOffset = localOffset + 30 + content.readUInt16LE(localOffset + 26) + content.readUInt16LE(localOffset + 28);
    if (dataOffset + compressedSize > directoryOffset) return null;
    entries.push({
      name: content.toString('utf8', at + 46, at + 46 + nameLength),
      method: content.readUInt16LE(at + 10),
      crc32: content.readUInt32LE(at + 16),
      compressedSize,
      uncompressedSize,
      dataOffset,
    });
    at += entryLength;
  }
  return entries;
}
