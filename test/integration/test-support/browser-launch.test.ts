import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localChromiumPath } from '../../../functions/core/exports/chromium-path';
import { launchBrowser } from '../../support/browser';

/**
 * The journeys' browser launch (test/support/browser.ts): a Chromium that dies at its start is
 * launched once more, so one crash does not fail a whole file's `beforeAll`. The browser here is a
 * wrapper that dies of SIGSEGV at its first start and runs the real Chromium after.
 */
describe('journey browser launch', () => {
  const before = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (before === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = before;
  });

  /** A Chromium of `script` (given its marker file's path), the journeys' browser from now on. */
  function fakeChromium(script: (crashed: string) => string): { crashed: string } {
    const folder = mkdtempSync(join(tmpdir(), 'livrea-crashing-chromium-'));
    const crashed = join(folder, 'crashed');
    const path = join(folder, 'chromium');
    writeFileSync(path, script(crashed));
    chmodSync(path, 0o755);
    process.env.CHROMIUM_PATH = path;
    return { crashed };
  }

  it('a Chromium that dies at its first start is launched again, and the journey gets a working browser', async () => {
    const real = await localChromiumPath();
    const { crashed } = fakeChromium((marker) => `#!/bin/sh\nif [ ! -e '${marker}' ]; then touch '${marker}'; kill -SEGV $$; fi\nexec '${real}' "$@"\n`);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = await launchBrowser();
    try {
      expect(existsSync(crashed)).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Chromium died while starting, launched again'));
      const page = await browser.newPage();
      await page.setContent('<p>Livrea</p>');
      expect(await page.textContent('p')).toBe('Livrea');
    } finally {
      warn.mockRestore();
      await browser.close();
    }
  }, 60_000);

  it('a Chromium that dies at every start is reported, after a second try', async () => {
    fakeChromium(() => '#!/bin/sh\nkill -SEGV $$\n');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(launchBrowser()).rejects.toThrow(/browser has been closed|process did exit/);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  }, 60_000);
});
