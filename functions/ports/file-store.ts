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

export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** A URL through which exactly `size` bytes may be PUT at `key` until it expires; any other length is refused. */
  createUploadUrl(key: string, options: { size: number; expiresInSeconds: number }): Promise<UploadTarget>;
}
