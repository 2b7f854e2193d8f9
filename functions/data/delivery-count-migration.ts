import { countUncountedDeliveries } from './deliveries-repository';
import type { Db } from './db';
import { runOneOffMigration } from './one-off-migration';

/**
 * Delivery log lines stored before the log's counts (docs/architecture.md « Bounded answers ») are
 * counted once, each marked in the transaction that counts it. Once per table: the local runtime
 * runs it at start, a deployment with `npx tsx scripts/migrate-bounded-pages.ts`. Answers how
 * many lines it counted.
 */
export function countDeliveriesOnce(db: Db): Promise<number> {
  return runOneOffMigration(
    db,
    'delivery-counts',
    {
      expression: 'begins_with(pk, :log) AND begins_with(sk, :line) AND attribute_not_exists(counted)',
      values: { ':log': 'PLANNINGLOG#', ':line': 'DELIVERY#' },
    },
    (items) => countUncountedDeliveries(db, items),
  );
}
