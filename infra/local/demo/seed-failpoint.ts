/**
 * Test-only: with LIVREA_SEED_FAILPOINT=<point>, the demo seed prints that it reached the point
 * and stops there, so that a test kills the process at a known step (test/integration/demo-seed-crash.test.ts).
 * Never set by `npm start`.
 */
export async function seedPoint(point: string): Promise<void> {
  if (process.env.LIVREA_SEED_FAILPOINT !== point) return;
  console.log(`[seed] failpoint ${point}`);
  // Waits for the kill; the interval keeps the process alive even if nothing else would.
  await new Promise(() => setInterval(() => undefined, 60_000));
}
