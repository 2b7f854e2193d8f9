import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The repository's root. */
export const root = resolve(__dirname, '../../..');

/** Every TypeScript source under `dir` (relative to the root), as root-relative paths. */
export function sourceFiles(dir: string): string[] {
  const walk = (path: string): string[] =>
    readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
      const child = join(path, entry.name);
      if (entry.isDirectory()) return walk(child);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(root, child)] : [];
    });
  return walk(join(root, dir));
}

/** The code of a file without its comments (a comment may name a layer or quote an expression). */
export function codeOf(file: string): string {
  return readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** What a file imports (static, dynamic, re-exports, type-only), relative specifiers resolved to root-relative paths. */
export function importsOf(file: string): string[] {
  const code = codeOf(file);
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]);
  return specifiers.map((specifier) => (specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier));
}
