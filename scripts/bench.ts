/** npm run bench: runs every benchmark (add yours below). */
import { stopBenchDynamo } from './bench/bench-dynamo';
import { runBookingBench } from './bench/booking';
// part 2 §2.9: exports
import { runExportsBench } from './bench/exports';
// screens (the buyer page's weight, load time and API throughput)
import { runBuyerPageBench } from './bench/buyer-page';
import { runHttpImportBench, runImportBench } from './bench/import';
import { runSchedulingBench } from './bench/scheduling';
// part 3: administration
import { runAdminUsersBench } from './bench/admin-users';
// part 2 §2.5, §2.7: imposed planning creation ('Placer automatiquement')
import { runImposedAutoPlacementBench } from './bench/imposed-auto-placement';
// Staff bulk actions as waves of jobs (part 2 §5)
import { runBulkInvitationBench } from './bench/bulk-invitations';
// « Décaler »'s preview of 600 visits (docs/architecture.md « Work that grows with a program »)
import { runShiftPreviewBench } from './bench/shift-preview';
// part 2 §5: programs of 10,000 lots through the local product's worker pool
import { runBigBookingsBench, runBigDetailPageBench, runBigPlanningCreateBench, runBigProgramsBench } from './bench/big-programs';
// docs/scheduling.md « One person, one calendar »: what a named AMO adds to a booking
import { runAmoCalendarBench } from './bench/amo-calendar';
// What a planning costs on AWS (docs/deploy.md « What it costs »)
import { runCostBench } from './bench/cost';

/** Every bench by name, in the order `npm run bench` runs them; `npm run bench -- big-programs shift-preview` runs only those named. */
const benches: Record<string, () => Promise<void>> = {
  scheduling: runSchedulingBench,
  import: runImportBench,
  // the import as the SPA makes it, over HTTP (the file by key, no rows in JSON)
  'http-import': runHttpImportBench,
  booking: runBookingBench,
  'amo-calendar': () => runAmoCalendarBench(),
  // part 2 §2.9: exports
  exports: runExportsBench,
  'admin-users': runAdminUsersBench,
  // screens
  'buyer-page': runBuyerPageBench,
  // part 2 §2.5, §2.7: imposed planning creation
  'imposed-auto-placement': runImposedAutoPlacementBench,
  'bulk-invitations': runBulkInvitationBench,
  'shift-preview': runShiftPreviewBench,
  'big-programs': () => runBigProgramsBench(),
  cost: () => runCostBench(),
  // one figure of big-programs each, quicker to iterate on (not run by a bare `npm run bench`)
  'big-detail-page': runBigDetailPageBench,
  'big-bookings': runBigBookingsBench,
  'big-planning-create': runBigPlanningCreateBench,
};

/** Run only when named: each repeats a part of big-programs. */
const onlyWhenNamed = new Set(['big-detail-page', 'big-bookings', 'big-planning-create']);

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !(name in benches));
  if (unknown.length > 0) throw new Error(`Bench inconnu : ${unknown.join(', ')} (au choix : ${Object.keys(benches).join(', ')})`);
  for (const [name, run] of Object.entries(benches)) if (named.length === 0 ? !onlyWhenNamed.has(name) : named.includes(name)) await run();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopBenchDynamo());
