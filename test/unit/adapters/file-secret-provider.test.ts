import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

  it("processes creating the key file at the same moment (the local runtime's workers) all get the same whole 256-bit key, never a file still being written", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'livrea-key-race-'));
    const paths = Array.from({ length: 400 }, (_, index) => join(folder, `data-${index}`, 'signing-key'));
    // The processes start loading now and ask from the same instant, one key file after the other.
    const startAt = Date.now() + 4_000;
    const racer = resolve(__dirname, '../../support/key-file-racer.ts');
    const results = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string[]>((done, failed) => {
            const child = spawn(process.execPath, ['--import', 'tsx', racer, JSON.stringify({ paths, startAt })], { cwd: resolve(__dirname, '../../..') });
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.on('exit', (code) => (code === 0 ? done(JSON.parse(output) as string[]) : failed(new Error(output))));
          }),
      ),
    );
    const disagreeing = paths.filter((_, index) => {
      const keys = results.map((keysOfProcess) => keysOfProcess[index]);
      return new Set(keys).size !== 1 || keys.some((key) => Buffer.from(key, 'base64').length !== 32);
    });
    expect(disagreeing).toEqual([]);
  }, 60_000);
});
