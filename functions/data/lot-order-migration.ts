import { lotSchema } from '../../shared/domain/lot';
import { batchWrite } from './batch-write';
import { type Db, withoutKeys } from './db';
import { lotItem } from './lots-repository';
import { runOneOffMigration } from './one-off-migration';

/**
 * Lots stored before the lot-number order index (docs/architecture.md « Bounded answers ») have
 * neither its keys nor their search text, so the paged lot list would not show them: each is
 * written again as lots are written now. Once per table: the local runtime runs it at start, a
 * deployment with `npx tsx scripts/migrate-lot-order.ts`. Answers how many lots it wrote.
 */
export function addMissingLotOrderKeys(db: Db): Promise<number> {
  return runOneOffMigration(
    db,
    'lot-order',
    { expression: 'begins_with(pk, :program) AND begins_with(sk, :lot) AND attribute_not_exists(gsi1pk)', values: { ':program': 'PROGRAM#', ':lot': 'LOT#' } },
    async (items) => {
      const lots = items.map((item) => lotSchema.parse(withoutKeys(item)));
      await batchWrite(
        db,
        lots.map((lot) => ({ PutRequest: { Item: lotItem(lot) } })),
      );
      return lots.length;
    },
  );
}
