import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSecretProvider } from '../../../functions/adapters/local/file-secret-provider';

describe('local signing key (the session tokens of every local process)', () => {
  it('providers that create the key at the same moment (the server and its workers) all get the one written to the file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'livrea-key-')), 'signing-key');
    const keys = await Promise.all(Array.from({ length: 6 }, () => new FileSecretProvider(path).signingKey()));
    const written = Buffer.from(readFileSync(path, 'utf8'), 'base64');
    expect(written).toHaveLength(32);
    for (const key of keys) expect(Buffer.from(key).equals(written)).toBe(true);
  });

  it('a key already in the file is kept across restarts', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'livrea-key-')), 'signing-key');
    const first = await new FileSecretProvider(path).signingKey();
    expect(Buffer.from(await new FileSecretProvider(path).signingKey()).equals(Buffer.from(first))).toBe(true);
  });
});
