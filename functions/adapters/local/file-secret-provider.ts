import type { SecretProvider } from '../../ports/secrets';
import { readOrCreateKeyFile } from './key-file';

/**
 * Local signing key: read from a file, created with 256 random bits on first use, once for every
 * local process (a token signed by one is checked by another).
 */
export class FileSecretProvider implements SecretProvider {
  private key?: Promise<Uint8Array>;

  constructor(private readonly path: string) {}

  signingKey(): Promise<Uint8Array> {
    this.key ??= readOrCreateKeyFile(this.path).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  /** Locally the hash comes from the environment (`LIVREA_CREDITS_PASSWORD_HASH`, see README). */
  async creditsPasswordHash(): Promise<string | null> {
    return process.env.LIVREA_CREDITS_PASSWORD_HASH?.trim() || null;
  }
}
