export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/** Where and how a client sends a file straight to the store, without passing through a Lambda payload. */
export interface UploadTarget {
  /** An S3 presigned URL in AWS; locally a path of the local server (same origin as the SPA). */
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry besides Content-Type (the browser sets Content-Length itself). */
  headers: Record<string, string>;
}

/** How a download link presents its file to the browser. */
export interface DownloadOptions {
  /** The name the browser saves it under (Content-Disposition), whatever the key. */
  filename: string;
  contentType: string;
  /** 'inline' shows an image or PDF in the page or tab; 'attachment' (the default) saves it. */
  disposition?: 'attachment' | 'inline';
  expiresInSeconds: number;
}

export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** A URL through which exactly `size` bytes may be PUT at `key` until it expires; any other length is refused. */
  createUploadUrl(key: string, options: { size: number; expiresInSeconds: number }): Promise<UploadTarget>;
  /**
   * A URL from which the browser reads the file at `key` itself until it expires (a Lambda answer
   * stops at 6 MB): an S3 presigned GET in AWS, locally a signed path of the local server. Whoever
   * holds it may read the file, so it is given only after the API has checked the caller.
   */
  downloadUrl(key: string, options: DownloadOptions): Promise<string>;
}
