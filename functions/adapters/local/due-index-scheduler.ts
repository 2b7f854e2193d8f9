import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../data/db';
import { keys } from '../../data/keys';
import type { JobScheduler } from '../../ports/job-scheduler';

/**
 * Local stand-in for EventBridge Scheduler: puts the job on a due-time index that the local
 * poller (infra/local/job-poller.ts) reads every second to call the dispatch handler.
 */
export class DueIndexScheduler implements JobScheduler {
  constructor(private readonly db: Db) {}

  async schedule(jobId: string, runAt: Date): Promise<void> {
    await this.db.doc.send(
      new UpdateCommand({
        TableName: this.db.table,
        Key: keys.job(jobId),
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :due',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':pk': 'JOBS#DUE', ':due': `${runAt.toISOString()}#${jobId}` },
      }),
    );
  }

  async cancel(jobId: string): Promise<void> {
    await this.db.doc.send(new UpdateCommand({ TableName: this.db.table, Key: keys.job(jobId), UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }));
  }
}
