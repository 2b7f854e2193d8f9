/**
 * A test hook for the crash tests (test/integration/jobs/*-crash.test.ts): with
 * `LIVREA_CRASH_AT=<name>[,<name>…]` in its environment, the local product kills its own process
 * group (itself and any worker it runs) with SIGKILL when it reaches that point, as a power cut or
 * an out-of-memory kill would; the tests start it as a group of its own (`detached`). Unset
 * (always, outside those tests) it does nothing; never active in AWS (`LIVREA_RUNTIME=aws`).
 *
 * Points: `jobs-committed` — a request committed a change with its jobs and is about to hand them
 * to the dispatcher (`deliverCommittedJobs`).
 */
export function crashPoint(name: 'jobs-committed'): void {
  const points = process.env.LIVREA_CRASH_AT;
  if (!points || process.env.LIVREA_RUNTIME === 'aws') return;
  if (points.split(',').includes(name)) process.kill(0, 'SIGKILL');
}
