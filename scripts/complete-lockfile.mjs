// The npm registry reachable from our machines serves only the Linux builds of platform-specific
// optional packages (@swc/core-*, @rollup/rollup-*, @esbuild/*...), so `npm install` leaves the
// others out of package-lock.json and `npm ci` then refuses the lockfile as out of sync. This adds
// the missing entries, marked optional with their os/cpu, so `npm ci` skips them on Linux as it
// would anyway. Run after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const oses = ['darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'android', 'sunos', 'aix', 'openharmony'];
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32', 'universal'];
let added = 0;
for (const [location, info] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(info.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[base] || packages[`node_modules/${name}`]) continue;
    const parts = name.split(/[-/]/);
    const os = oses.find((candidate) => parts.includes(candidate) || (candidate === 'win32' && parts.includes('windows')));
    const cpu = cpus.find((candidate) => parts.includes(candidate)) ?? (parts.includes('arm') ? 'arm' : undefined);
    if (!os) continue;
    packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~]/, ''),
      ...(info.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      ...(cpu && cpu !== 'universal' && cpu !== 'wasm32' ? { cpu: [cpu === 'ia32' ? 'ia32' : cpu] } : {}),
    };
    added += 1;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform-specific optional entries added`);
