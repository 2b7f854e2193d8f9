import { z } from 'zod';
import { type Db } from './db';
import { writeAmoNamings } from './amo-calendar-repository';
import { runOneOffMigration } from './one-off-migration';

/** The fields of a stored planning that say whom it names and since when. */
const namingPlanningSchema = z.object({ _id: z.string(), amoList: z.array(z.string()), areAmosAssigned: z.literal(true), createdAt: z.string() });

/**
 * Plannings stored before the AMO calendar's index (docs/scheduling.md « One person, one calendar »)
 * name AMOs that the index does not list: they claim nothing, and the plannings naming the same
 * AMOs later may offer the same time. Each gets the `AMOCAL#<userId>` / `PLANNING#<id>` entry of
 * each AMO it names, dated by its creation (the only date it kept: an AMO added to it later ranks
 * as of its creation too), written only when missing, so a run cut short and run again writes the
 * rest and nothing twice. A Scan paged by DynamoDB, once per table: the local runtime runs it at
 * start after the seed, a deployment with `npx tsx scripts/migrate-amo-calendar.ts`. Answers how
 * many entries it wrote.
 */
export function indexAmoNamingsOnce(db: Db): Promise<number> {
  return runOneOffMigration(
    db,
    'amo-calendar-namings',
    {
      expression: 'begins_with(pk, :planning) AND sk = :planningSk AND areAmosAssigned = :yes AND attribute_not_exists(deletedAt)',
      values: { ':planning': 'PLANNING#', ':planningSk': 'PLANNING', ':yes': true },
    },
    async (items) => {
      let written = 0;
      for (const item of items) {
        const planning = namingPlanningSchema.parse(item);
        written += await writeAmoNamings(db, planning.amoList, planning._id, planning.createdAt);
      }
      return written;
    },
  );
}
