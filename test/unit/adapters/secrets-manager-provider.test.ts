import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { SecretsManagerProvider } from '../../../functions/adapters/aws/secrets-manager-provider';

/** The signing key provider (architecture: sessions signed with a key from Secrets Manager in AWS). */
describe('Secrets Manager signing key provider', () => {
  const secrets = mockClient(SecretsManagerClient);
  const secretArn = 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:livrea-jwt';

  beforeEach(() => secrets.reset());

  it('reads the secret by its id once per cold start and gives its UTF-8 bytes', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'clé-secrète' });
    const provider = new SecretsManagerProvider(new SecretsManagerClient({ region: 'eu-west-3' }), secretArn);

    const [first, second] = await Promise.all([provider.signingKey(), provider.signingKey()]);
    const third = await provider.signingKey();

    expect(Buffer.from(first).toString('utf8')).toBe('clé-secrète');
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(secrets).toHaveReceivedCommandTimes(GetSecretValueCommand, 1);
    expect(secrets).toHaveReceivedCommandWith(GetSecretValueCommand, { SecretId: secretArn });
  });

  it('an empty secret is refused (never sign with an empty key)', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2]) });
    const provider = new SecretsManagerProvider(new SecretsManagerClient({ region: 'eu-west-3' }), secretArn);
    await expect(provider.signingKey()).rejects.toThrow('signing secret is empty');
  });

  it('a failed read is not kept: the next request reads the secret again', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }))
      .resolves({ SecretString: 'clé' });
    const provider = new SecretsManagerProvider(new SecretsManagerClient({ region: 'eu-west-3' }), secretArn);

    await expect(provider.signingKey()).rejects.toMatchObject({ name: 'ThrottlingException' });
    expect(Buffer.from(await provider.signingKey()).toString('utf8')).toBe('clé');
    expect(secrets).toHaveReceivedCommandTimes(GetSecretValueCommand, 2);
  });
});
