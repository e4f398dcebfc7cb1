import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/compileHints.ts';
import { compressAssets } from './scripts/compressAssets.ts';
import { routePreload } from './scripts/routePreload.ts';
import { PAGE_ROUTES, routeModuleFile } from './src/app/routes/routeModules.ts';

// The dev server proxies the API (and its WebSocket), the local checkout and the Agent's Computer pages to the
// reference server on :8080.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The app's version, for support snapshots: package.json's unless the build sets VITE_APP_VERSION.
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(process.env.VITE_APP_VERSION ?? version) },
  plugins: [
    react(),
    // The entry chunk (React, MUI, the router, the store) and the pages' route modules run almost entirely at start.
    compileHints(
      (chunk) =>
        chunk.moduleIds.some((id) => /[\\/]src[\\/]main\.tsx$/.test(id)) ||
        /[\\/]src[\\/]app[\\/]routes[\\/][^\\/]+Route\.tsx$/.test(chunk.facadeModuleId ?? ''),
    ),
    compressAssets(),
    // The pages of src/app/routes/routeModules.ts whose code (and first data) is worth fetching beside the entry chunk.
    routePreload(
      PAGE_ROUTES.flatMap(({ path, module, preload, data }) =>
        preload ? [{ path, module: routeModuleFile(module), when: preload, data }] : [],
      ),
    ),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
      '/checkout': 'http://localhost:8080',
      '/computer': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry and everything it imports statically stay in one chunk (as Rollup does): the page needs all of
          // it before it starts, and one file compresses better than many small shared ones.
          groups: [{ name: 'index', test: (id: string) => /[\\/]src[\\/]main\.tsx$/.test(id) }],
        },
      },
    },
  },
});
