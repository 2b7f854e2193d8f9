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
  const isFound = (value: T | undefined | null | false): value is T => value !== undefined && value !== null && value !== false;
  const found = await readUntil(async () => probe(), isFound, limitMs, everyMs);
  if (!isFound(found)) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
  return found;
}

/** `eventually` for a yes/no condition. */
export async function until(what: string, condition: () => Promise<boolean> | boolean, limitMs = 60_000, everyMs = 250): Promise<void> {
  await eventually(what, condition, limitMs, everyMs);
}

/**
 * Reads until `done` holds of what was read, or `limitMs` has passed: the last value either way, so
 * that the caller's expect shows what was there (a count of mails, a row's state) when it never came.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 30_000, everyMs = 250): Promise<T> {
  const startedAt = Date.now();
  let value = await read();
  for (let pauseMs = 10; !done(value) && Date.now() - startedAt < limitMs; pauseMs = Math.min(everyMs, pauseMs * 2)) {
    await pause(pauseMs);
    value = await read();
  }
  return value;
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
