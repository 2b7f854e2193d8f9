/**
 * The steps (jest tests) of a browser journey that may start from what the step before left (its
 * loaded page, signed in), and so skip loading the SPA and the page again, only when that step
 * passed: a step that failed or ran out of time, and so its second try (test/support/e2e-retry.ts),
 * starts afresh.
 */
export function stepsAfterPassed(): {
  step: (name: string, run: () => Promise<void>) => void;
  /** Whether the running step follows a passed one: answered once, then false. */
  afterPassed: () => boolean;
  /** The next step starts afresh (what this one leaves is not to be trusted, e.g. a failed check after it). */
  forget: () => void;
} {
  let passed = false;
  let found = false;
  return {
    step: (name, run) =>
      it(name, async () => {
        found = passed;
        passed = false;
        await run();
        passed = true;
      }),
    afterPassed: () => {
      const answer = found;
      found = false;
      return answer;
    },
    forget: () => {
      passed = false;
    },
  };
}
