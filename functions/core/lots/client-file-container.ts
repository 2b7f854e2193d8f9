import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';
import { fileSignature } from '../uploads/file-signature';
import { readZipDirectory, type ZipEntry } from '../uploads/zip-directory';
import { clientFileLimits } from './client-file-limits';
import { clientFileMessages } from '../../../shared/messages/lots';

/** A readable archive, or the row-0 problem that makes it unreadable (listed like a cell error). */
export type ClientFileContainer = { entries: ZipEntry[] } | { unreadable: string };

/**
 * Judges a client file by its bytes and its zip directory, before anything is decompressed:
 * an .xls (OLE2) or any non-zip is refused (415), an archive declaring too much data or an absurd
 * compression ratio is refused (413).
 */
export function checkClientFileContainer(content: Buffer): ClientFileContainer {
  if (content.length > clientFileLimits.maxBytes) throw new PayloadTooLargeError(clientFileMessages.tooLarge);
  const signature = fileSignature(content);
  if (signature === 'ole') throw new UnsupportedMediaTypeError(clientFileMessages.xls);
  if (signature !== 'zip') throw new UnsupportedMediaTypeError(clientFileMessages.notExcel);
  const entries = readZipDirectory(content);
  if (!entries) return { unreadable: clientFileMessages.unreadable };
  if (entries.length > clientFileLimits.maxEntries) throw new PayloadTooLargeError(clientFileMessages.tooLargeUncompressed);
  const declared = entries.reduce((total, entry) => total + entry.uncompressedSize, 0);
  if (declared > clientFileLimits.maxUncompressedBytes) throw new PayloadTooLargeError(clientFileMessages.tooLargeUncompressed);
  const absurd = entries.some(
    (entry) => entry.uncompressedSize > clientFileLimits.ratioCheckedAbove && entry.uncompressedSize > entry.compressedSize * clientFileLimits.maxRatio,
  );
  if (absurd) throw new PayloadTooLargeError(clientFileMessages.abnormalCompression);
  if (entries.some((entry) => entry.method !== 0 && entry.method !== 8)) return { unreadable: clientFileMessages.unreadable };
  return { entries };
}
