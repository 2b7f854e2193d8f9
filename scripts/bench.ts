/** npm run bench: runs every benchmark (add yours below). */
import { stopBenchDynamo } from './bench/bench-dynamo';
import { runBookingBench } from './bench/booking';
import { runImportBench } from './bench/import';
import { runSchedulingBench } from './bench/scheduling';
// issue 17: administration
import { runAdminUsersBench } from './bench/admin-users';

async function main(): Promise<void> {
  await runSchedulingBench();
  await runImportBench();
  await runBookingBench();
  await runAdminUsersBench();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopBenchDynamo());
