import { fileURLToPath } from 'node:url';
import { defineConfig, type Rollup } from 'vite';
import { fontsAsFiles } from './build/fonts-as-files';
import { precompress } from './build/precompress';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

/** The modules an entry reaches by static imports (what the browser needs before it runs). */
function staticallyReached(meta: Rollup.ManualChunkMeta, entryFile: string): Set<string> {
  const entry = [...meta.getModuleIds()].find((id) => id.endsWith(entryFile));
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  if (entry) visit(entry);
  return reached;
}

/**
 * The buyer's page needs its modules at once: they make one chunk ('booking'), and those the staff
 * SPA's entry also needs another ('common'), so that a phone fetches five files in one round trip
 * instead of ten small chunks shared with staff pages, and staff pages do not load the booking
 * page. Packages and Rollup's other helpers (\0…) stay where Rollup puts them.
 */
function chunkOfOwnModule(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  reached ??= { booking: staticallyReached(meta, '/src/booking-main.tsx'), main: staticallyReached(meta, '/src/main.tsx') };
  // Vite's lazy-import helper, used by both pages: Rollup would otherwise pull it into 'booking'.
  if (id.includes('vite/preload-helper')) return 'common';
  if (id.startsWith('\0') || id.includes('/node_modules/') || id.endsWith('/src/booking-main.tsx') || !reached.booking.has(id)) return undefined;
  return reached.main.has(id) ? 'common' : 'booking';
}
let reached: { booking: Set<string>; main: Set<string> } | undefined;

/**
 * Cloudscape and the packages it pulls in make two chunks instead of about three hundred small
 * files: a cold staff page fetched some 400 files, six at a time over HTTP/1.1 on the local runtime,
 * in three rounds (docs/performance.md « Big programs »). One chunk holds what the sign-in page
 * uses (its budget is checked by scripts/bundle-size.ts), the other the rest, shared by every
 * staff page and cached after the first. The buyer's page keeps its own few modules.
 */
function chunkOfCloudscape(id: string, meta: Rollup.ManualChunkMeta): string | undefined {
  cloudscape ??= {
    modules: cloudscapeClosure(meta),
    signIn: new Set(signInEntries.flatMap((entry) => [...staticallyReached(meta, entry)])),
    firstScreen: new Set(firstScreenEntries.flatMap((entry) => [...staticallyReached(meta, entry)])),
  };
  if (!cloudscape.modules.has(id) || reached?.booking.has(id)) return undefined;
  if (cloudscape.signIn.has(id)) return 'cloudscape-sign-in';
  return cloudscape.firstScreen.has(id) ? 'cloudscape' : 'cloudscape-more';
}
let cloudscape: { modules: Set<string>; signIn: Set<string>; firstScreen: Set<string> } | undefined;
/** What the sign-in page runs: the entry, its layout and the page (lazy routes, their own chunks). */
const signInEntries = ['/src/main.tsx', '/src/app/public-layout.tsx', '/src/pages/auth/login-page.tsx'];
/**
 * What a staff page's first screen runs: the staff layout and the planning detail page, the
 * heaviest (its dialogs and calendar are lazy). Cloudscape's and the app's modules only other
 * screens or dialogs import (charts, wizards, file uploads, date pickers, modals…) make the '-more'
 * chunks, fetched by the pages that import them: a cold detail page compiled and ran all of
 * Cloudscape (820 KB) before its first row (docs/performance.md « Big programs »).
 */
const firstScreenEntries = ['/src/main.tsx', '/src/app/staff-layout.tsx', '/src/pages/planning-detail/planning-detail-page.tsx'];

/**
 * The app's own shared modules (shared/, web/src/api, components, app) make three chunks: Rollup
 * cut them into about 150 files of a few hundred bytes, each one more request before a page runs.
 * Those the sign-in page loads make 'sign-in' (named, or Rollup would pull them into 'staff-shared'
 * with the modules that import them), those of a staff first screen 'staff-shared', the others
 * 'staff-more'.
 */
function chunkOfSharedModule(id: string): string | undefined {
  if (id.includes('/node_modules/') || id.startsWith('\0') || !/\/(shared|web\/src\/(api|components|app))\//.test(id)) return undefined;
  // Loaded after the first screen (lazy-planning-calendar.tsx): its own chunk, with FullCalendar.
  if (id.endsWith('/components/planning-detail/planning-calendar.tsx')) return undefined;
  if (signInEntries.some((entry) => id.endsWith(entry))) return undefined;
  if (cloudscape?.signIn.has(id)) return 'sign-in';
  return cloudscape?.firstScreen.has(id) ? 'staff-shared' : 'staff-more';
}

/** Cloudscape's modules and the packages they import (the app's own modules excluded). */
function cloudscapeClosure(meta: Rollup.ManualChunkMeta): Set<string> {
  const closure = new Set<string>();
  const visit = (id: string) => {
    if (closure.has(id) || !id.includes('/node_modules/') || /node_modules\/(react|react-dom|scheduler)\//.test(id)) return;
    closure.add(id);
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of meta.getModuleIds()) if (id.includes('/node_modules/@cloudscape-design/')) visit(id);
  return closure;
}

/** Forgets the module graph of the previous build (`vite build --watch` builds again in one process). */
const freshModuleGraph = {
  name: 'livrea:fresh-module-graph',
  buildStart: () => {
    reached = undefined;
    cloudscape = undefined;
  },
};

/**
 * The SPA. No @vitejs/plugin-react: esbuild compiles JSX with the automatic runtime.
 * Staff pages are lazy routes (see src/app/router.tsx) so that public pages stay light;
 * `manifest` lets scripts/bundle-size.ts compute what each public page downloads.
 */
export default defineConfig({
  root: webRoot,
  esbuild: { jsx: 'automatic' },
  plugins: [fontsAsFiles(), precompress(), freshModuleGraph],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // Every browser the product supports preloads modules itself: no polyfill chunk to fetch.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Cloudscape's "use client" directives and zod's placed comments are harmless in a SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
      // Two pages: the staff SPA and the buyer's booking page, which shares React and the query
      // client with it but not the router (src/booking-main.tsx).
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), entrevue: fileURLToPath(new URL('entrevue.html', import.meta.url)) },
      output: {
        manualChunks(id, meta) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router/')) return 'router';
          if (id.includes('node_modules/@tanstack/')) return 'query';
          // FullCalendar (and the Preact it renders with) load after a page's first screen: lazy-planning-calendar.tsx.
          if (/node_modules\/(@fullcalendar|preact)\//.test(id)) return 'fullcalendar';
          return chunkOfOwnModule(id, meta) ?? chunkOfCloudscape(id, meta) ?? chunkOfSharedModule(id);
        },
      },
    },
  },
  server: { port: 5173, proxy, fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  preview: { port: 4173, proxy },
});
