import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Where the local runtime keeps its bundles: inside the project, so that the packages they leave
 * out (node_modules) resolve from them as from the sources; ignored by git with node_modules.
 */
const localBundleDir = (root: string) => join(root, 'node_modules/.cache/livrea-local');

/**
 * How each entry is built. On AWS each Lambda runs an esbuild bundle (infra/constructs/livrea-function.ts);
 * locally the packages stay outside it (node_modules loads them as is, so that an `npm install`
 * needs no new bundle), and the map beside it lets `--enable-source-maps` name the .ts lines.
 */
const esbuildOptions = [
  '--bundle',
  '--platform=node',
  '--format=cjs',
  '--target=node22',
  '--packages=external',
  '--sourcemap',
  '--sources-content=false',
  '--charset=utf8',
  '--log-level=error',
];

/** What a bundle was built from: each input's modification time and size, when it was read. */
interface BuiltFrom {
  options: string[];
  /** The build's folder, under localBundleDir. */
  folder: string;
  inputs: Record<string, [mtimeMs: number, size: number]>;
}

function signature(path: string): [number, number] | undefined {
  try {
    const info = statSync(path);
    return [info.mtimeMs, info.size];
  } catch {
    return undefined;
  }
}

/** The bundle recorded for `name` when none of its inputs changed since it was built (one stat per input). */
function freshBundle(root: string, name: string, manifest: string): string | undefined {
  let built: BuiltFrom;
  try {
    built = JSON.parse(readFileSync(manifest, 'utf8')) as BuiltFrom;
  } catch {
    return undefined;
  }
  const bundle = join(localBundleDir(root), built.folder, `${name}.js`);
  if (built.options?.join(' ') !== esbuildOptions.join(' ') || !existsSync(bundle)) return undefined;
  const unchanged = Object.entries(built.inputs).every(([input, recorded]) => {
    const now = signature(join(root, input));
    return now !== undefined && now[0] === recorded[0] && now[1] === recorded[1];
  });
  return unchanged ? bundle : undefined;
}

/** Removes the builds of `name` that the manifest no longer names, once they are an hour old (a process may still be starting from one). */
function removeOldBuilds(root: string, name: string, current: string): void {
  const dir = localBundleDir(root);
  for (const folder of readdirSync(dir)) {
    if (!folder.startsWith(`${name}-`) || folder === current) continue;
    const path = join(dir, folder);
    if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The bundle of `entry` (a path from `root`), built again whenever one of the files it was built
 * from changed (modification time or size), as web/dist is rebuilt when stale: a fresh start after
 * an edit runs the edited code. The check reads the recorded inputs, so it costs a stat per file.
 * Several processes may check at once: each build goes to a folder of its own, and the manifest
 * naming the current one is replaced whole, so a reader never meets half a bundle.
 * esbuild runs as its own process (its JS API is not usable inside jest's sandbox), and is waited
 * for, as the SPA's build is (build-spa.ts): about 2 s, once after an edit.
 */
export function bundleIfStale(root: string, entry: string, name: string): string {
  const dir = localBundleDir(root);
  const manifest = join(dir, `${name}.json`);
  const fresh = freshBundle(root, name, manifest);
  if (fresh) return fresh;

  const folder = `${name}-${randomUUID()}`;
  const outDir = join(dir, folder);
  mkdirSync(outDir, { recursive: true });
  const metafile = join(outDir, 'meta.json');
  const startedAt = Date.now();
  execFileSync(
    process.execPath,
    [require.resolve('esbuild/bin/esbuild'), entry, ...esbuildOptions, `--outfile=${join(outDir, `${name}.js`)}`, `--metafile=${metafile}`],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> };
  rmSync(metafile);
  const inputs: BuiltFrom['inputs'] = {};
  // tsconfig.json is read by esbuild too (its target, its paths), though the metafile does not list it.
  for (const input of [...Object.keys(meta.inputs), 'tsconfig.json']) {
    const path = resolve(root, input);
    const now = signature(path);
    if (now) inputs[relative(root, path)] = now;
  }
  // A file edited while esbuild read it may be in the bundle as it was before: no manifest then, the next start builds again.
  const editedMeanwhile = Object.values(inputs).some(([mtimeMs]) => mtimeMs >= startedAt);
  if (editedMeanwhile) return join(outDir, `${name}.js`);
  const written = join(dir, `${name}.${randomUUID()}.json`);
  writeFileSync(written, JSON.stringify({ options: esbuildOptions, folder, inputs } satisfies BuiltFrom));
  renameSync(written, manifest);
  removeOldBuilds(root, name, folder);
  return join(outDir, `${name}.js`);
}
