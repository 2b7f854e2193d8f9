import { LambdaClient } from '@aws-sdk/client-lambda';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { join } from 'node:path';
import { EventBridgeJobScheduler } from '../adapters/aws/eventbridge-scheduler';
import { filesS3Client, S3FileStore } from '../adapters/aws/s3-file-store';
import { SecretsManagerProvider } from '../adapters/aws/secrets-manager-provider';
import { SesMailer } from '../adapters/aws/ses-mailer';
import { SnsSmsSender } from '../adapters/aws/sns-sms-sender';
import { DiskFileStore } from '../adapters/local/disk-file-store';
import { DueIndexScheduler } from '../adapters/local/due-index-scheduler';
import { FileSecretProvider } from '../adapters/local/file-secret-provider';
import { readOrCreateKeyFile } from '../adapters/local/key-file';
import { OutboxMailer } from '../adapters/local/outbox-mailer';
import { OutboxSmsSender } from '../adapters/local/outbox-sms-sender';
import { inProcessThroughput } from '../adapters/local/throughput/in-process-throughput';
import { createDb, type Db } from '../data/db';
import type { FileStore } from '../ports/file-store';
import type { JobScheduler } from '../ports/job-scheduler';
import type { Mailer } from '../ports/mailer';
import type { SecretProvider } from '../ports/secrets';
import type { SmsSender } from '../ports/sms-sender';
import { setWorkUnitsPerMs } from '../../shared/scheduling/time-budget';
import { localNow } from './clock';
import { requireEnv } from './env';

/** Everything a use case may touch, built once per cold start from the environment. */
export interface Deps {
  /** The table, opened only by the data layer (functions/data): core passes it to its named operations. */
  store: Db;
  mailer: Mailer;
  sms: SmsSender;
  files: FileStore;
  scheduler: JobScheduler;
  secrets: SecretProvider;
  now: () => Date;
  config: { runtime: 'local' | 'aws'; publicUrl: string };
}

function createLocalDeps(): Deps {
  // The local runtime's test hook (docs/scheduling.md 'Work budget'): a tiny rate makes the engine's
  // checks undecided, for the browser tests of their screens. AWS's dependencies never read it.
  if (process.env.LIVREA_WORK_UNITS_PER_MS) setWorkUnitsPerMs(Number(process.env.LIVREA_WORK_UNITS_PER_MS));
  // The integration tests' own process models DynamoDB's partition limits itself (adapters/local/throughput).
  const modelled = inProcessThroughput(process.env);
  const db = createDb(requireEnv('TABLE_NAME'), modelled?.endpoint ?? requireEnv('DYNAMODB_ENDPOINT'), modelled?.requestHandler);
  const dataDir = requireEnv('LIVREA_DATA_DIR');
  // The key of the signed file links, shared by every local process that signs or checks them; the
  // links expire by the dependencies' clock, as everything else does.
  const files = new DiskFileStore(
    join(dataDir, 'files'),
    () => readOrCreateKeyFile(join(dataDir, 'file-link-key')),
    () => local.now(),
  );
  const local: Deps = {
    store: db,
    files,
    mailer: new OutboxMailer(db, files),
    sms: new OutboxSmsSender(db),
    scheduler: new DueIndexScheduler(),
    secrets: new FileSecretProvider(join(dataDir, 'signing-key')),
    now: localNow,
    config: { runtime: 'local', publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  };
  return local;
}

function createAwsDeps(): Deps {
  const db = createDb(requireEnv('TABLE_NAME'));
  return {
    store: db,
    files: new S3FileStore(filesS3Client(), requireEnv('FILES_BUCKET')),
    mailer: new SesMailer(new SESv2Client({}), requireEnv('MAIL_FROM')),
    sms: new SnsSmsSender(new SNSClient({}), process.env.SMS_SENDER_ID ?? 'Livrea'),
    scheduler: new EventBridgeJobScheduler(new SchedulerClient({}), new LambdaClient({}), {
      groupName: requireEnv('SCHEDULE_GROUP'),
      roleArn: requireEnv('SCHEDULER_ROLE_ARN'),
      dispatchFunctionArn: requireEnv('DISPATCH_FUNCTION_ARN'),
      deadLetterQueueArn: process.env.SCHEDULER_DLQ_ARN || undefined,
    }),
    secrets: new SecretsManagerProvider(new SecretsManagerClient({}), requireEnv('JWT_SECRET_ARN'), process.env.CREDITS_PASSWORD_SECRET_ARN),
    now: () => new Date(),
    config: { runtime: 'aws', publicUrl: requireEnv('PUBLIC_URL') },
  };
}

let deps: Deps | undefined;

export function getDeps(): Deps {
  deps ??= process.env.LIVREA_RUNTIME === 'aws' ? createAwsDeps() : createLocalDeps();
  return deps;
}

/**
 * The local runtime only: the next getDeps() builds them again from the environment, once a
 * running product has been pointed at another table (infra/local/local-product.ts `useTable`; the
 * browser journeys share one product per jest worker). Lambda's dependencies never change.
 */
export function forgetLocalDeps(): void {
  if (process.env.LIVREA_RUNTIME === 'aws') throw new Error('the AWS runtime keeps its dependencies');
  deps = undefined;
}
