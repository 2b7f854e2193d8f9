import type { Db } from './db';
import { runOneOffMigration } from './one-off-migration';
import { addVisitOrderKeys } from './virtual-visits-repository';

/**
 * Buyer visits indexed before the lot-number order (docs/architecture.md « Bounded answers ») get
 * their sort key, so the program's « Visites 3D » pages list them in lot-number order. Once per
 * table: the local runtime runs it at start, a deployment with `npx tsx scripts/migrate-bounded-pages.ts`.
 * Answers how many visits it moved.
 */
export function addMissingVisitOrderKeys(db: Db): Promise<number> {
  return runOneOffMigration(
    db,
    'visit-lot-order',
    {
      expression: 'begins_with(pk, :visit) AND sk = :visitSk AND attribute_exists(gsi2pk) AND NOT contains(gsi2sk, :separator)',
      values: { ':visit': 'VVISIT#', ':visitSk': 'VVISIT', ':separator': '!' },
    },
    (items) => addVisitOrderKeys(db, items),
  );
}
