import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const compressible = /\.(js|css|html|svg|json)$/;

/**
 * Writes a brotli copy (`<file>.br`, best quality) beside each text file of the build, once per
 * build, for the local server to send as is: compressing the 300 KB React chunk at the best
 * quality takes seconds, too long to do while a browser waits. The CDN in AWS compresses on its
 * own; the spa-site deployment leaves these copies out.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'livrea:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((file, index, all) => compressible.test(file) && all.indexOf(file) === index);
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(join(outDir, file)).catch(() => null);
          if (!content) return;
          const compressed = await brotli(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          });
          await writeFile(join(outDir, `${file}.br`), compressed);
        }),
      );
    },
  };
}
