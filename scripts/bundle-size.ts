/**
 * Prints each JS chunk of the SPA build (web/dist) with its gzipped size, then what an anonymous
 * visitor of each public page downloads: the entry chunk, its static imports, and the page's lazy
 * chunk with its own static imports. Exits 1 when a public page exceeds the budget.
 * Reads Vite's manifest (build.manifest in web/vite.config.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(__dirname, '..', 'web', 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const BUDGET_KB = 250;

/**
 * Public pages and the sources of their lazy route chunks: the page and its lazy layout, if any
 * (patterns: the booking page may not exist yet).
 */
const publicPages: { route: string; lazy: RegExp[] }[] = [
  { route: '/login', lazy: [/^src\/app\/public-layout\.tsx$/, /^src\/pages\/auth\/login-page\.tsx$/] },
  { route: '/entrevue/:id', lazy: [/^src\/pages\/(booking|entrevue)\/[^/]*-page\.tsx$/] },
];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function main(): number {
  if (!existsSync(MANIFEST)) {
    console.error(`bundle-size: ${MANIFEST} is missing; run vite build with build.manifest.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) {
    console.error(`bundle-size: expected one entry chunk, found ${entries.length}.`);
    return 1;
  }
  const [entryKey] = entries[0];

  const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))];
  const rows = jsFiles.map((file) => ({ file, raw: readFileSync(join(DIST, file)).length, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(...rows.map((row) => row.file.length));
  console.log('\nJS chunks (gzip):');
  for (const row of rows) console.log(`  ${row.file.padEnd(width)}  ${kb(row.gzip).padStart(9)}  (${kb(row.raw)} raw)`);
  console.log(`  ${'total'.padEnd(width)}  ${kb(rows.reduce((sum, row) => sum + row.gzip, 0)).padStart(9)}`);

  const entryClosure = staticClosure(manifest, entryKey);
  let failed = false;
  console.log(`\nPublic pages, JS downloaded by an anonymous visitor (budget ${BUDGET_KB} KB gzip):`);
  for (const { route, lazy } of publicPages) {
    const lazyKeys = lazy.map((pattern) => Object.keys(manifest).find((key) => pattern.test(key)));
    const pageKey = lazyKeys[lazyKeys.length - 1];
    const keys = new Set(entryClosure);
    for (const key of lazyKeys) if (key) staticClosure(manifest, key, keys);
    const files = [...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))];
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    const over = total > BUDGET_KB * 1024;
    failed ||= over;
    const note = pageKey ? '' : ' (page not built yet: entry only)';
    console.log(`  ${route.padEnd(14)} ${kb(total).padStart(9)} in ${files.length} file(s)${note}${over ? '  OVER BUDGET' : ''}`);
  }
  if (failed) {
    console.error(`\nbundle-size: a public page downloads more than ${BUDGET_KB} KB of gzipped JS.`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
