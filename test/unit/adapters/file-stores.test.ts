import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { existsSync, mkdtempSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DiskFileStore } from '../../../functions/adapters/local/disk-file-store';
import { readOrCreateKeyFile } from '../../../functions/adapters/local/key-file';
import { filesS3Client, S3FileStore } from '../../../functions/adapters/aws/s3-file-store';

describe('S3 file store (part 2 §5, presigned uploads)', () => {
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

  it('a download URL is a presigned GET of the key that signs the name, type and expiry, and calls nothing', async () => {
    const link = await store.downloadUrl('client-files/p1/f1', {
      filename: 'Résidence Été.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      expiresInSeconds: 300,
    });
    const url = new URL(link);
    expect(url.host).toBe('livrea-files.s3.eu-west-3.amazonaws.com');
    expect(url.pathname).toBe('/client-files/p1/f1');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Residence Ete.xlsx"; filename*=UTF-8''R%C3%A9sidence%20%C3%89t%C3%A9.xlsx`,
    );
    expect(url.searchParams.get('response-content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('disk file store signed downloads (the local counterpart of presigned GETs)', () => {
  let now = new Date('2026-11-24T10:00:00Z');
  const root = mkdtempSync(join(tmpdir(), 'livrea-files-'));
  const store = new DiskFileStore(root, Buffer.alloc(32, 7), () => now);
  const options = { filename: 'Résidence Été.pdf', contentType: 'application/pdf', expiresInSeconds: 300 };
  const read = async (answer: Awaited<ReturnType<DiskFileStore['serveDownload']>>) =>
    typeof answer.body === 'string' ? answer.body : Buffer.concat(await answer.body.toArray()).toString();

  it('a signed link gives the bytes with the signed name and type until it expires, then 403', async () => {
    await store.put('exports/pdf/a.pdf', Buffer.from('%PDF-1.7 contenu'), 'application/pdf');
    const link = await store.downloadUrl('exports/pdf/a.pdf', options);
    expect(link.startsWith('/local-files/')).toBe(true);
    const answer = await store.serveDownload(link);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Residence Ete.pdf"; filename*=UTF-8''R%C3%A9sidence%20%C3%89t%C3%A9.pdf`);
    expect(await read(answer)).toBe('%PDF-1.7 contenu');
    now = new Date(now.getTime() + 299_000);
    expect((await store.serveDownload(link)).status).toBe(200);
    now = new Date(now.getTime() + 2_000);
    const expired = await store.serveDownload(link);
    expect(expired.status).toBe(403);
    expect(await read(expired)).toBe('Lien de téléchargement expiré.');
  });

  it('a link whose key, name, type, disposition or expiry was changed is refused with 403', async () => {
    await store.put('client-files/p1/f1', Buffer.from('mine'), 'application/pdf');
    await store.put('client-files/p2/f2', Buffer.from('theirs'), 'application/pdf');
    const link = await store.downloadUrl('client-files/p1/f1', options);
    const url = new URL(link, 'http://local');
    const altered = (change: (url: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const tampered = [
      altered((copy) => (copy.pathname = `/local-files/${encodeURIComponent('client-files/p2/f2')}`)),
      altered((copy) => copy.searchParams.set('filename', 'autre.pdf')),
      altered((copy) => copy.searchParams.set('type', 'text/html')),
      altered((copy) => copy.searchParams.set('disposition', 'inline')),
      altered((copy) => copy.searchParams.set('expires', String(Number(copy.searchParams.get('expires')) + 3600))),
      altered((copy) => copy.searchParams.set('signature', Buffer.alloc(32).toString('base64url'))),
      altered((copy) => copy.searchParams.delete('signature')),
    ];
    for (const candidate of tampered) expect((await store.serveDownload(candidate)).status).toBe(403);
    const other = new DiskFileStore(root, Buffer.alloc(32, 8), () => now);
    expect((await store.serveDownload(await other.downloadUrl('client-files/p1/f1', options))).status).toBe(403);
  });

  it('an upload URL does not serve as a download link, and a link to a deleted file answers 404', async () => {
    const upload = await store.createUploadUrl('uploads/u1/abc', { size: 4, expiresInSeconds: 300 });
    await store.put('uploads/u1/abc', Buffer.from('data'), 'application/pdf');
    expect((await store.serveDownload(upload.url.replace('/local-uploads/', '/local-files/'))).status).toBe(403);
    const link = await store.downloadUrl('uploads/u1/abc', options);
    await store.delete('uploads/u1/abc');
    expect((await store.serveDownload(link)).status).toBe(404);
  });

  it('processes that load the same key file sign and check the same links (the local workers and the server)', async () => {
    const keyPath = join(root, 'file-link-key');
    const [first, second] = await Promise.all([readOrCreateKeyFile(keyPath), readOrCreateKeyFile(keyPath)]);
    expect(first.equals(second)).toBe(true);
    const signer = new DiskFileStore(
      root,
      () => readOrCreateKeyFile(keyPath),
      () => now,
    );
    const checker = new DiskFileStore(
      root,
      () => readOrCreateKeyFile(keyPath),
      () => now,
    );
    await signer.put('exports/x.xlsx', Buffer.from('x'), 'application/octet-stream');
    expect((await checker.serveDownload(await signer.downloadUrl('exports/x.xlsx', options))).status).toBe(200);
  });
});

describe('disk file store signed uploads (the local counterpart of presigned PUTs)', () => {
  let now = new Date('2026-11-24T10:00:00Z');
  const store = new DiskFileStore(mkdtempSync(join(tmpdir(), 'livrea-files-')), Buffer.alloc(32, 7), () => now);
  const body = (text: string) => Readable.from([Buffer.from(text)]);

  it('a signed URL takes a body of its exact size until it expires', async () => {
    const target = await store.createUploadUrl('uploads/u1/abc', { size: 7, expiresInSeconds: 900 });
    expect(await store.receiveUpload(target.url, { contentType: 'text/plain', contentLength: '7' }, body('contenu'))).toEqual({
      status: 200,
      message: 'Fichier reçu.',
    });
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

describe("disk file store expiry (the bucket's one-day lifecycle rules on uploads/ and downloads/)", () => {
  it('the sweep deletes the unclaimed uploads and one-request exports written more than a day ago, and nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'livrea-expiry-'));
    const store = new DiskFileStore(root, Buffer.alloc(32, 7));
    const keys = {
      oldUpload: 'uploads/u1/ancien-envoi-000000000000',
      freshUpload: 'uploads/u1/envoi-recent-000000000000',
      oldDownload: 'downloads/ancien-export-0000000000',
      oldDocument: 'documents/p1/plan-ancien',
    };
    for (const key of Object.values(keys)) await store.put(key, Buffer.from('x'), 'application/pdf');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const key of [keys.oldUpload, keys.oldDownload, keys.oldDocument]) await utimes(join(root, key), twoDaysAgo, twoDaysAgo);
    // A PUT cut off half-way leaves its partial file: swept too.
    await writeFile(join(root, 'uploads/u1/envoi-coupe-000000000000.part'), 'x');
    await utimes(join(root, 'uploads/u1/envoi-coupe-000000000000.part'), twoDaysAgo, twoDaysAgo);

    expect(await store.sweepExpired()).toBe(3);
    expect(await store.get(keys.oldUpload)).toBeNull();
    expect(await store.get(keys.oldDownload)).toBeNull();
    expect(existsSync(join(root, `${keys.oldUpload}.type`))).toBe(false);
    expect(await store.get(keys.freshUpload)).not.toBeNull();
    // Documents, attachments and the rest are kept for good, as in the bucket.
    expect(await store.get(keys.oldDocument)).not.toBeNull();
    expect(await store.sweepExpired()).toBe(0);
  });

  it('a store without uploads yet sweeps nothing', async () => {
    expect(await new DiskFileStore(mkdtempSync(join(tmpdir(), 'livrea-expiry-')), Buffer.alloc(32, 7)).sweepExpired()).toBe(0);
  });
});
