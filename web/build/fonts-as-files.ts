import type { Plugin } from 'vite';

/** A woff/woff2 font inlined in a stylesheet as a base64 data: URI. */
const inlinedFont = /url\(\s*(['"]?)data:font\/(woff2?);base64,([A-Za-z0-9+/=]+)\1\s*\)/g;

/**
 * Cloudscape's global styles inline eight Open Sans fonts as base64 (about 130 KB compressed) in
 * the one stylesheet every staff page waits on, whether or not a glyph needs them. This plugin
 * writes each inlined font out as a hashed asset file instead: the browser then downloads only the
 * faces a page uses, after the first paint, and caches them for a year like any hashed asset.
 * Runs before Vite's CSS plugin, which turns the placeholder into the final asset URL.
 */
export function fontsAsFiles(): Plugin {
  return {
    name: 'livrea:fonts-as-files',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('.css') || !code.includes('data:font/')) return null;
      let count = 0;
      const rewritten = code.replace(inlinedFont, (_match, _quote: string, format: string, base64: string) => {
        count += 1;
        const referenceId = this.emitFile({ type: 'asset', name: `font-${count}.${format}`, source: Buffer.from(base64, 'base64') });
        return `url(__VITE_ASSET__${referenceId}__)`;
      });
      return count > 0 ? { code: rewritten, map: null } : null;
    },
  };
}
