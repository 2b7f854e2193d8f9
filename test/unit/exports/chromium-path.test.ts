import { existsSync } from 'node:fs';
import { localChromiumPath } from '../../../functions/core/exports/chromium-path';

describe('the PDF renderer finds a Chromium on a fresh machine (Debian chromium, else @sparticuz/chromium)', () => {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it("uses Debian's /usr/bin/chromium when it is installed", async () => {
    delete process.env.CHROMIUM_PATH;
    const bundled = jest.fn(async () => '/tmp/chromium');
    expect(await localChromiumPath((path) => path === '/usr/bin/chromium', bundled)).toBe('/usr/bin/chromium');
    expect(bundled).not.toHaveBeenCalled();
  });

  it('falls back to the binary of @sparticuz/chromium when no system chromium exists', async () => {
    delete process.env.CHROMIUM_PATH;
    const bundled = jest.fn(async () => '/tmp/chromium');
    expect(await localChromiumPath(() => false, bundled)).toBe('/tmp/chromium');
    expect(bundled).toHaveBeenCalledTimes(1);
  });

  it('CHROMIUM_PATH wins when it exists, and is skipped when it does not', async () => {
    process.env.CHROMIUM_PATH = '/opt/chrome/chrome';
    expect(
      await localChromiumPath(
        (path) => path === '/opt/chrome/chrome',
        async () => '/tmp/chromium',
      ),
    ).toBe('/opt/chrome/chrome');
    expect(
      await localChromiumPath(
        () => false,
        async () => '/tmp/chromium',
      ),
    ).toBe('/tmp/chromium');
  });

  it('without a system chromium, the real fallback is an executable file unpacked from the npm package', async () => {
    delete process.env.CHROMIUM_PATH;
    const path = await localChromiumPath(() => false);
    expect(path).toMatch(/chromium/);
    expect(existsSync(path)).toBe(true);
  }, 60_000);
});
