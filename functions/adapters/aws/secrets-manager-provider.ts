import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretProvider } from '../../ports/secrets';

/** Reads the signing key once per cold start; a failed read is forgotten so the next request tries again. */
export class SecretsManagerProvider implements SecretProvider {
  private key?: Promise<Uint8Array>;

  private creditsHash?: Promise<string | null>;

  /** `creditsSecretId`: the secret holding the credits password's hash (absent: no password unlocks credits). */
  constructor(
    private readonly client: SecretsManagerClient,
    private readonly secretId: string,
    private readonly creditsSecretId?: string,
  ) {}

  creditsPasswordHash(): Promise<string | null> {
    if (!this.creditsSecretId) return Promise.resolve(null);
    if (this.creditsHash) return this.creditsHash;
    const read = this.client.send(new GetSecretValueCommand({ SecretId: this.creditsSecretId })).then((result) => result.SecretString?.trim() || null);
    this.creditsHash = read;
    read.catch(() => {
      if (this.creditsHash === read) this.creditsHash = undefined;
    });
    return read;
  }

  signingKey(): Promise<Uint8Array> {
    if (this.key) return this.key;
    const read = this.client.send(new GetSecretValueCommand({ SecretId: this.secretId })).then((result) => {
      if (!result.SecretString) throw new Error('signing secret is empty');
      return new TextEncoder().encode(result.SecretString);
    });
    this.key = read;
    // Keeping a rejected promise would fail every request of this instance after one throttled read.
    read.catch(() => {
      if (this.key === read) this.key = undefined;
    });
    return read;
  }
}
