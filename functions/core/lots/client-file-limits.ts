import { uploadLimits } from '../../../shared/domain/upload-limits';

/**
 * Bounds of a client file, checked before and while it is read so that no file can stall the
 * server (part 2 §5: a 312 KB zip bomb took 13.9 s and 822 MB; 200,000 rows took 49 s
 * and 3.2 GB). The specification states no row limit (part 2 §3, §5): 10,000 lots is far above
 * any real program and keeps a file's preview within one Lambda response.
 */
export const clientFileLimits = {
  /** The file as sent: shared with the SPA, which refuses a larger file before sending it. */
  maxBytes: uploadLimits.clientFile.maxBytes,
  /** Everything the archive declares once decompressed. */
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxEntries: 1000,
  /** Deflate rarely passes 1:100 on spreadsheet XML; a bomb is at 1:1000. Only checked on large entries. */
  maxRatio: 200,
  ratioCheckedAbove: 1024 * 1024,
  maxRows: 10_000,
  /** A refused file lists its first 100 problems and says how many there are in all. */
  maxListedErrors: 100,
} as const;
