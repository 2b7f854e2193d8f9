import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { countUncountedDeliveries, getDeliveryCounts, recordDelivery, type Delivery } from '../../../functions/data/deliveries-repository';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { freePlanning } from '../planning-actions/support';
import { call } from '../../support/test-api';

/**
 * docs/architecture.md « Bounded answers »: the « Journal des envois » shows the whole log's
 * counts per status, kept with the lines (each line and the counts move in one transaction),
 * whatever pages of the log are loaded.
 */
jest.setTimeout(120_000);

const line = (planningId: string, id: string, status: Delivery['status']): Delivery => ({
  id,
  planningId,
  meetingUuid: `meeting-${id}`,
  kind: 'relance',
  channel: 'email',
  to: `${id}@exemple.fr`,
  status,
  at: '2026-11-20T10:00:00.000Z',
  queuedAt: '2026-11-20T10:00:00.000Z',
});

describe('delivery log counts: the whole log counted per status, whatever page is loaded', () => {
  it('a page of one line answers the counts of every line the sends recorded', async () => {
    const setup = await freePlanning({ lots: 4 });
    const lines: Delivery[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { body: { deliveries: Delivery[]; nextCursor: string | null } } = await call(
        'GET',
        `/api/rdv/${setup.planningId}/deliveries?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
        { token: setup.token },
      );
      lines.push(...page.body.deliveries);
      cursor = page.body.nextCursor;
    }
    expect(lines.length).toBeGreaterThan(1);
    const tally = (status: Delivery['status']) => lines.filter((one) => one.status === status).length;
    const onePage = await call('GET', `/api/rdv/${setup.planningId}/deliveries?limit=1`, { token: setup.token });
    expect(onePage.body.deliveries).toHaveLength(1);
    expect(onePage.body.counts).toEqual({ sent: tally('sent'), failed: tally('failed'), queued: tally('queued'), dead: tally('dead') });
  });

  it('a line going from queued to sent moves one count; the same record twice, or four at once, counts once', async () => {
    const planningId = `counts-${Date.now()}`;
    const db = getDeps().store;
    await recordDelivery(db, line(planningId, 'a', 'queued'));
    await recordDelivery(db, line(planningId, 'b', 'queued'));
    expect(await getDeliveryCounts(db, planningId)).toEqual({ queued: 2, sent: 0, failed: 0, dead: 0 });
    await recordDelivery(db, line(planningId, 'a', 'sent'));
    await recordDelivery(db, line(planningId, 'a', 'sent'));
    await Promise.all([1, 2, 3, 4].map(() => recordDelivery(db, line(planningId, 'b', 'failed'))));
    expect(await getDeliveryCounts(db, planningId)).toEqual({ queued: 0, sent: 1, failed: 1, dead: 0 });
  });

  it('lines recorded before the counts are counted once by the migration, and once when a send replaces one', async () => {
    const planningId = `legacy-${Date.now()}`;
    const db = getDeps().store;
    const legacy = [line(planningId, 'old1', 'sent'), line(planningId, 'old2', 'queued'), line(planningId, 'old3', 'failed')];
    // As recordDelivery wrote them before the counts: the line alone.
    const items = legacy.map((delivery) => ({ ...keys.delivery(planningId, delivery.queuedAt!, delivery.id), ...delivery }));
    for (const Item of items) await db.doc.send(new PutCommand({ TableName: db.table, Item }));
    // A send finishes one of them before the migration reaches it: counted then, not again.
    await recordDelivery(db, { ...legacy[1], status: 'sent' });
    expect(await countUncountedDeliveries(db, items)).toBe(2);
    expect(await countUncountedDeliveries(db, items)).toBe(0);
    expect(await getDeliveryCounts(db, planningId)).toEqual({ queued: 0, sent: 2, failed: 1, dead: 0 });
  });
});
