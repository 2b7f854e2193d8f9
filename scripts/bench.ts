/** npm run bench: runs every benchmark (add yours below). */
import { runSchedulingBench } from './bench/scheduling';

async function main(): Promise<void> {
  await runSchedulingBench();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
