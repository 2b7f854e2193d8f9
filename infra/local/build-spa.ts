import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LocalRuntimeError } from './dynamodb-local';

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds web/dist when it is missing or older than its sources (npm start, browser tests). */
export function buildSpaIfNeeded(root: string): void {
  const index = join(root, 'web/dist/index.html');
  const sources = [join(root, 'web/src'), join(root, 'web/index.html'), join(root, 'web/entrevue.html'), join(root, 'shared')].filter(existsSync);
  const stale = !existsSync(index) || Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs;
  if (!stale || process.env.LIVREA_SKIP_BUILD === '1') return;
  console.log("Construction de l'interface (vite build)…");
  // NODE_ENV=production: under jest NODE_ENV is 'test', and vite would then bundle React's
  // development build (several times slower: the creation form took more than 10 s to render).
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new LocalRuntimeError("La construction de l'interface a échoué (voir ci-dessus).");
}
