import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretProvider } from '../../ports/secrets';

/** Reads the signing key once per cold start. */
export class SecretsManagerProvider implements SecretProvider {
  private key?: Promise<Uint8Array>;

  constructor(private readonly client: SecretsManagerClient, private readonly secretId: string) {}

  signingKey(): Promise<Uint8Array> {
    this.key ??= this.client.send(new GetSecretValueCommand({ SecretId: this.secretId })).then((result) => {
      if (!result.SecretString) throw new Error('signing secret is empty');
      return new TextEncoder().encode(result.SecretString);
    });
    return this.key;
  }
}
