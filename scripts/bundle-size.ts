/**
 * Prints each JS chunk of the SPA build (web/dist) with its gzipped size, then what an anonymous
 * visitor of each public page downloads: the entry chunk, its static imports, and the page's lazy
 * chunk with its own static imports. Exits 1 when a public page exceeds its budget.
 * Reads Vite's manifest (build.manifest in web/vite.config.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(__dirname, '..', 'web', 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');

/**
 * Public pages: their HTML entry and the sources of their lazy route chunks (the page and its lazy
 * layout, if any: a source, or the shared chunk Rollup made of it). The buyer's booking page is an
 * entry of its own, without lazy chunks.
 */
const publicPages: { route: string; entry: string; lazy: RegExp[]; budgetKb: number }[] = [
  // The sign-in page shares the staff SPA's entry and Cloudscape (desktop users, cached afterwards).
  {
    route: '/login',
    entry: 'index.html',
    budgetKb: 260,
    lazy: [/^(src\/app\/public-layout\.tsx|_public-layout-[\w-]+\.js|_sign-in-[\w-]+\.js)$/, /^src\/pages\/auth\/login-page\.tsx$/],
  },
  // A buyer on a phone, from an SMS: the whole page stays under 120 KB compressed so it opens fast on a mobile link.
  { route: '/entrevue/:id', entry: 'entrevue.html', budgetKb: 110, lazy: [] },
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
  const missing = publicPages.filter((page) => !manifest[page.entry]?.isEntry);
  if (missing.length > 0) {
    console.error(`bundle-size: no entry chunk for ${missing.map((page) => page.entry).join(', ')}.`);
    return 1;
  }

  const jsFiles = [
    ...new Set(
      Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js')),
    ),
  ];
  const rows = jsFiles.map((file) => ({ file, raw: readFileSync(join(DIST, file)).length, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(...rows.map((row) => row.file.length));
  console.log('\nJS chunks (gzip):');
  for (const row of rows) console.log(`  ${row.file.padEnd(width)}  ${kb(row.gzip).padStart(9)}  (${kb(row.raw)} raw)`);
  console.log(`  ${'total'.padEnd(width)}  ${kb(rows.reduce((sum, row) => sum + row.gzip, 0)).padStart(9)}`);

  let failed = false;
  console.log('\nPublic pages, JS downloaded by an anonymous visitor (gzip):');
  for (const { route, entry, lazy, budgetKb } of publicPages) {
    const lazyKeys = lazy.map((pattern) => Object.keys(manifest).find((key) => pattern.test(key)));
    const keys = staticClosure(manifest, entry);
    for (const key of lazyKeys) if (key) staticClosure(manifest, key, keys);
    const files = [...new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))];
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    const over = total > budgetKb * 1024;
    failed ||= over;
    const note = lazyKeys.every(Boolean) ? '' : ' (a lazy chunk is missing: entry only)';
    console.log(`  ${route.padEnd(14)} ${kb(total).padStart(9)} in ${files.length} file(s), budget ${budgetKb} KB${note}${over ? '  OVER BUDGET' : ''}`);
  }
  if (failed) {
    console.error('\nbundle-size: a public page downloads more gzipped JS than its budget.');
    return 1;
  }
  return 0;
}

process.exitCode = main();
