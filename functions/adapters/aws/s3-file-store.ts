import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DownloadOptions, FileStore, StoredFile, UploadTarget } from '../../ports/file-store';
import { contentDisposition } from '../content-disposition';

/**
 * The client the files store needs. Checksums only when S3 requires them: by default the SDK adds
 * the CRC32 of an empty body to a presigned PUT's query, and S3 would refuse the real file.
 */
export function filesS3Client(config: S3ClientConfig = {}): S3Client {
  return new S3Client({ requestChecksumCalculation: 'WHEN_REQUIRED', ...config });
}

export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await result.Body?.transformToByteArray();
      return bytes ? { body: Buffer.from(bytes), contentType: result.ContentType ?? 'application/octet-stream' } : null;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * A presigned PUT (SigV4, signed locally: no call to AWS). Content-Length is a signed header, so
   * S3 refuses a body of any other size than the one the API accepted.
   */
  async createUploadUrl(key: string, options: { size: number; expiresInSeconds: number }): Promise<UploadTarget> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: options.size });
    const url = await getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds, signableHeaders: new Set(['content-length']) });
    return { url, method: 'PUT', headers: {} };
  }

  /**
   * A presigned GET (signed locally, no call to AWS). The name and type the browser gets are part
   * of the signed query (response-content-*), so they cannot be changed without breaking it.
   */
  async downloadUrl(key: string, options: DownloadOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.disposition ?? 'attachment', options.filename),
      ResponseContentType: options.contentType,
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }
}
