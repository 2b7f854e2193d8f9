import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DiskFileStore } from '../../../functions/adapters/local/disk-file-store';
import { filesS3Client, S3FileStore } from '../../../functions/adapters/aws/s3-file-store';

describe('S3 file store (issue 10 point 9, presigned uploads)', () => {
  const client = filesS3Client({ region: 'eu-west-3', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' } });
  const s3 = mockClient(client);
  const store = new S3FileStore(client, 'livrea-files');

  beforeEach(() => s3.reset());

  it('puts, reads and deletes objects of the files bucket', async () => {
    // The SDK's stream body, reduced to the one method the adapter reads.
    const streamBody = { transformToByteArray: async () => new Uint8Array(Buffer.from('contenu')) } as never;
    s3.on(GetObjectCommand, { Key: 'a/b' }).resolves({ Body: streamBody, ContentType: 'text/plain' });
    s3.on(GetObjectCommand, { Key: 'absent' }).rejects(Object.assign(new Error('absent'), { name: 'NoSuchKey' }));
    await store.put('a/b', Buffer.from('contenu'), 'text/plain');
    expect(s3).toHaveReceivedCommandWith(PutObjectCommand, { Bucket: 'livrea-files', Key: 'a/b', ContentType: 'text/plain' });
    expect(await store.get('a/b')).toEqual({ body: Buffer.from('contenu'), contentType: 'text/plain' });
    expect(await store.get('absent')).toBeNull();
    await store.delete('a/b');
    expect(s3).toHaveReceivedCommandWith(DeleteObjectCommand, { Bucket: 'livrea-files', Key: 'a/b' });
  });

  it('an upload URL is a presigned PUT that signs the exact length, carries no checksum of an empty body, and calls nothing', async () => {
    const target = await store.createUploadUrl('uploads/u1/abc', { size: 7_340_032, expiresInSeconds: 900 });
    const url = new URL(target.url);
    expect(target.method).toBe('PUT');
    expect(url.host).toBe('livrea-files.s3.eu-west-3.amazonaws.com');
    expect(url.pathname).toBe('/uploads/u1/abc');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect([...url.searchParams.keys()].filter((name) => name.startsWith('x-amz-checksum'))).toEqual([]);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('disk file store signed uploads (the local counterpart of presigned PUTs)', () => {
  let now = new Date('2026-11-24T10:00:00Z');
  const store = new DiskFileStore(mkdtempSync(join(tmpdir(), 'livrea-files-')), Buffer.alloc(32, 7), () => now);
  const body = (text: string) => Readable.from([Buffer.from(text)]);

  it('a signed URL takes a body of its exact size until it expires', async () => {
    const target = await store.createUploadUrl('uploads/u1/abc', { size: 7, expiresInSeconds: 900 });
    expect(await store.receiveUpload(target.url, { contentType: 'text/plain', contentLength: '7' }, body('contenu'))).toEqual({ status: 200, message: 'Fichier reçu.' });
    expect(await store.get('uploads/u1/abc')).toEqual({ body: Buffer.from('contenu'), contentType: 'text/plain' });
    now = new Date(now.getTime() + 901_000);
    expect((await store.receiveUpload(target.url, { contentLength: '7' }, body('contenu'))).status).toBe(403);
  });

  it('a body longer or shorter than signed is not kept', async () => {
    const target = await store.createUploadUrl('uploads/u1/def', { size: 7, expiresInSeconds: 900 });
    expect((await store.receiveUpload(target.url, {}, body('contenu trop long'))).status).toBe(413);
    expect((await store.receiveUpload(target.url, {}, body('court'))).status).toBe(400);
    expect(await store.get('uploads/u1/def')).toBeNull();
  });

  it('a URL signed by another key, or for a path outside the store, is refused', async () => {
    const other = new DiskFileStore(mkdtempSync(join(tmpdir(), 'livrea-files-')), Buffer.alloc(32, 8), () => now);
    const foreign = await other.createUploadUrl('uploads/u1/ghi', { size: 7, expiresInSeconds: 900 });
    expect((await store.receiveUpload(foreign.url, {}, body('contenu'))).status).toBe(403);
    const target = await store.createUploadUrl('uploads/u1/ghi', { size: 7, expiresInSeconds: 900 });
    const escaping = target.url.replace(encodeURIComponent('uploads/u1/ghi'), encodeURIComponent('../../etc/x'));
    expect((await store.receiveUpload(escaping, {}, body('contenu'))).status).toBe(403);
  });
});
