/**
 * Bounds of a client file, checked before and while it is read so that no file can stall the
 * server (part 2 §5: a 312 KB zip bomb took 13.9 s and 822 MB; 200,000 rows took 49 s
 * and 3.2 GB). The specification states no row limit (part 2 §3, §5): 10,000 lots is far above
 * any real program and keeps a file's preview within one Lambda response.
 */
export const clientFileLimits = {
  /**
   * The file as sent. The specification states none for client files; files go to the store by a
   * presigned PUT and come back by a signed link, never through a Lambda payload, so the bound is
   * set by the reader's memory (a Lambda reads the whole file), with room for files carrying images.
   */
  maxBytes: 20 * 1024 * 1024,
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
