import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { fontsAsFiles } from './build/fonts-as-files';
import { precompress } from './build/precompress';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

/**
 * The SPA. No @vitejs/plugin-react: esbuild compiles JSX with the automatic runtime.
 * Staff pages are lazy routes (see src/app/router.tsx) so that public pages stay light;
 * `manifest` lets scripts/bundle-size.ts compute what each public page downloads.
 */
export default defineConfig({
  root: webRoot,
  esbuild: { jsx: 'automatic' },
  plugins: [fontsAsFiles(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // Cloudscape's "use client" directives and zod's placed comments are harmless in a SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'query';
          return undefined;
        },
      },
    },
  },
  server: { port: 5173, proxy, fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  preview: { port: 4173, proxy },
});
