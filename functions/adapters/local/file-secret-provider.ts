import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretProvider } from '../../ports/secrets';

/** Local signing key: read from a file, created with 256 random bits on first use. */
export class FileSecretProvider implements SecretProvider {
  private key?: Promise<Uint8Array>;

  constructor(private readonly path: string) {}

  signingKey(): Promise<Uint8Array> {
    this.key ??= this.load();
    return this.key;
  }

  /** Locally the hash comes from the environment (`LIVREA_CREDITS_PASSWORD_HASH`, see README). */
  async creditsPasswordHash(): Promise<string | null> {
    return process.env.LIVREA_CREDITS_PASSWORD_HASH?.trim() || null;
  }

  private async load(): Promise<Uint8Array> {
    try {
      return Buffer.from((await readFile(this.path, 'utf8')).trim(), 'base64');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const key = randomBytes(32);
      await mkdir(dirname(this.path), { recursive: true });
      await writeFile(this.path, key.toString('base64'), { mode: 0o600 });
      return key;
    }
  }
}
