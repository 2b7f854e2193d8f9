import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { S3FileStore } from '../../../functions/adapters/aws/s3-file-store';

/** A GetObject body as the SDK gives it: the adapter only reads it with transformToByteArray. */
function body(bytes: Buffer): GetObjectCommandOutput['Body'] {
  return { transformToByteArray: async () => new Uint8Array(bytes) } as unknown as GetObjectCommandOutput['Body'];
}

/** The S3 file store (architecture: file port → private S3 bucket in AWS): put, get, delete by key. */
describe('S3 file store', () => {
  const s3 = mockClient(S3Client);
  const store = new S3FileStore(new S3Client({ region: 'eu-west-3' }), 'livrea-files');

  beforeEach(() => s3.reset());

  it('put writes the bytes under the key in the bucket with the content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    const content = Buffer.from('%PDF-1.4 pièce jointe');

    await store.put('attachments/abc', content, 'application/pdf');

    expect(s3).toHaveReceivedCommandTimes(PutObjectCommand, 1);
    expect(s3).toHaveReceivedCommandWith(PutObjectCommand, { Bucket: 'livrea-files', Key: 'attachments/abc', Body: content, ContentType: 'application/pdf' });
  });

  it('get reads the object back with its content type', async () => {
    s3.on(GetObjectCommand, { Bucket: 'livrea-files', Key: 'logos/p1' }).resolves({ Body: body(Buffer.from('png-bytes')), ContentType: 'image/png' });

    const file = await store.get('logos/p1');

    expect(file).toEqual({ body: Buffer.from('png-bytes'), contentType: 'image/png' });
    expect(Buffer.isBuffer(file?.body)).toBe(true);
    expect(s3).toHaveReceivedCommandWith(GetObjectCommand, { Bucket: 'livrea-files', Key: 'logos/p1' });
  });

  it('get of an object stored without a content type answers application/octet-stream', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body(Buffer.from('x')) });
    expect((await store.get('k'))?.contentType).toBe('application/octet-stream');
  });

  it('get of a missing key answers null (NoSuchKey), an answer without a body too', async () => {
    s3.on(GetObjectCommand, { Key: 'missing' }).rejects(Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' }));
    s3.on(GetObjectCommand, { Key: 'empty' }).resolves({});

    expect(await store.get('missing')).toBeNull();
    expect(await store.get('empty')).toBeNull();
  });

  it('get lets any other S3 error through (access denied is not "missing")', async () => {
    s3.on(GetObjectCommand).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    await expect(store.get('k')).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('delete removes the key from the bucket; a failure reaches the caller', async () => {
    s3.on(DeleteObjectCommand)
      .resolvesOnce({})
      .rejectsOnce(Object.assign(new Error('Slow Down'), { name: 'SlowDown' }));

    await store.delete('attachments/abc');
    expect(s3).toHaveReceivedCommandWith(DeleteObjectCommand, { Bucket: 'livrea-files', Key: 'attachments/abc' });
    await expect(store.delete('attachments/def')).rejects.toMatchObject({ name: 'SlowDown' });
  });

  it('put lets an S3 failure through (the upload must not look saved)', async () => {
    s3.on(PutObjectCommand).rejects(Object.assign(new Error('Internal Error'), { name: 'InternalError' }));
    await expect(store.put('k', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({ name: 'InternalError' });
  });
});
