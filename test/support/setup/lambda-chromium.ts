import { bundledChromiumPath } from '../../../functions/core/exports/chromium-path';

/**
 * The tests' browsers (the journeys' Chromium, and the product's PDF prints in the tests) are the
 * headless shell @sparticuz/chromium carries, the build Lambda prints with, rather than the
 * system's full Chromium run headless: all 223 journeys pass with either, and the browser project
 * costs 1,351 s of CPU with the shell against 1,561 s with Debian's Chromium 156 (docs/testing.md
 * « What was cut on 30 November, night »). Unpacked here, once, before jest starts its workers:
 * the package's unpacking is not safe from several processes at once (the first one's half-written
 * file is taken as done). CHROMIUM_PATH, when set, still wins; the workers inherit it.
 */
export async function useLambdaChromium(): Promise<void> {
  process.env.CHROMIUM_PATH ??= await bundledChromiumPath();
}
