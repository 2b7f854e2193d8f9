/** npm run bench: runs every benchmark (add yours below). */
import { stopBenchDynamo } from './bench/bench-dynamo';
import { runBookingBench } from './bench/booking';
// issue 14: exports
import { runExportsBench } from './bench/exports';
import { runImportBench } from './bench/import';
import { runSchedulingBench } from './bench/scheduling';
// issue 17: administration
import { runAdminUsersBench } from './bench/admin-users';

async function main(): Promise<void> {
  await runSchedulingBench();
  await runImportBench();
  await runBookingBench();
  // issue 14: exports
  await runExportsBench();
  await runAdminUsersBench();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopBenchDynamo());
