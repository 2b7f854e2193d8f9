import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's folder: the nearest one above this file that holds package.json. Found, not
 * counted ('../..'): this code also runs bundled (local-bundle.ts), from a folder under
 * node_modules/.cache, where __dirname is the bundle's.
 */
export function projectRoot(from = __dirname): string {
  let folder = from;
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${from}`);
    folder = parent;
  }
  return folder;
}
