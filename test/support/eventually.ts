/**
 * The tests' one way to wait for what another process does (a mail reaching the outbox, an
 * operation ending, a product starting): the condition is asked again, at pauses growing from
 * 10 ms to `everyMs`, until it holds or `limitMs` has passed. No test sleeps a fixed time hoping
 * the thing is done by then: on a loaded machine it is not, on a quiet one the time is lost
 * (test/unit/toolchain/no-fixed-sleeps.test.ts keeps it so).
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  limitMs = 60_000,
  everyMs = 250,
): Promise<T> {
  const startedAt = Date.now();
  for (let pauseMs = 10; ; pauseMs = Math.min(everyMs, pauseMs * 2)) {
    const found = await probe();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() - startedAt > limitMs) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await pause(pauseMs);
  }
}

/** `eventually` for a yes/no condition. */
export async function until(what: string, condition: () => Promise<boolean> | boolean, limitMs = 60_000, everyMs = 250): Promise<void> {
  await eventually(what, condition, limitMs, everyMs);
}

/**
 * A random instant between `minMs` and `maxMs` from now: when a crash test kills a process, so
 * that the kill lands anywhere in the work in progress. Not a wait for anything.
 */
export function randomMoment(minMs: number, maxMs: number): Promise<void> {
  return pause(minMs + Math.random() * (maxMs - minMs));
}

function pause(ms: number): Promise<void> {
  return new Promise((resume) => setTimeout(resume, ms));
}
