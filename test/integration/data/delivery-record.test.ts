import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getDeliveryCounts, listDeliveries, recordDelivery, type Delivery } from '../../../functions/data/deliveries-repository';
import type { Db } from '../../../functions/data/db';
import { getDeps } from '../../../functions/runtime/deps';
import { ensureTestTable } from '../../support/test-api';

/**
 * A message's delivery log line (docs/architecture.md « Bounded answers »: the line and the log's
 * counts move in one transaction). A job run knows the line it records: absent before its first
 * record, queued once it wrote that; each record then costs one transaction, without reading the
 * line first. A line not as assumed (a job's new run finds its line from the run before) is read
 * and recorded as without the assumption, and the counts stay the log's.
 */
let planningCounter = 0;

/** The product's store, with the name of each command sent through it. */
function countingStore(): { db: Db; sent: string[] } {
  const store = getDeps().store;
  const sent: string[] = [];
  const doc = {
    send: (command: { constructor: { name: string } }) => {
      sent.push(command.constructor.name);
      return (store.doc.send as (command: unknown) => Promise<unknown>)(command);
    },
  } as unknown as DynamoDBDocumentClient;
  return { db: { doc, table: store.table }, sent };
}

function line(status: Delivery['status']): Delivery {
  planningCounter += 1;
  const queuedAt = '2026-12-01T08:00:00.000Z';
  return {
    id: `job-${planningCounter}-email`,
    planningId: `planning-record-${planningCounter}-${Date.now()}`,
    meetingUuid: 'meeting-1',
    kind: 'invitation',
    channel: 'email',
    to: 'acquereur@test.livrea.fr',
    status,
    at: queuedAt,
    queuedAt,
  };
}

beforeAll(() => ensureTestTable());

describe('delivery log line: recorded as its job run knows it', () => {
  it('queued then sent, each as assumed: one transaction each, no read, the counts say 1 sent', async () => {
    const { db, sent } = countingStore();
    const queued = line('queued');
    await recordDelivery(db, queued, 'absent');
    await recordDelivery(db, { ...queued, status: 'sent', messageId: 'm-1', at: '2026-12-01T08:00:01.000Z' }, 'queued');
    expect(sent).toEqual(['TransactWriteCommand', 'TransactWriteCommand']);
    expect(await getDeliveryCounts(db, queued.planningId)).toEqual({ queued: 0, sent: 1, failed: 0, dead: 0 });
    expect((await listDeliveries(db, queued.planningId)).map((delivery) => delivery.status)).toEqual(['sent']);
  });

  it('a line not as assumed (a new run of the job finds it queued) is read, then recorded once: the counts say 1 queued', async () => {
    const { db, sent } = countingStore();
    const queued = line('queued');
    await recordDelivery(db, queued, 'absent');
    sent.length = 0;
    await recordDelivery(db, queued, 'absent');
    expect(sent).toEqual(['TransactWriteCommand', 'GetCommand', 'TransactWriteCommand']);
    expect(await getDeliveryCounts(db, queued.planningId)).toEqual({ queued: 1, sent: 0, failed: 0, dead: 0 });
  });

  it('a failed line recorded queued again by the retry, then sent: the counts move with it (1 sent, none failed)', async () => {
    const { db } = countingStore();
    const queued = line('queued');
    await recordDelivery(db, queued, 'absent');
    await recordDelivery(db, { ...queued, status: 'failed', reason: 'refusé' }, 'queued');
    await recordDelivery(db, queued, 'absent');
    await recordDelivery(db, { ...queued, status: 'sent', messageId: 'm-2' }, 'queued');
    expect(await getDeliveryCounts(db, queued.planningId)).toEqual({ queued: 0, sent: 1, failed: 0, dead: 0 });
  });

  it('without an assumption the line is read first, as before', async () => {
    const { db, sent } = countingStore();
    await recordDelivery(db, line('queued'));
    expect(sent).toEqual(['GetCommand', 'TransactWriteCommand']);
  });
});
