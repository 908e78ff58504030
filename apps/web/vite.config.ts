import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes `name.br` and `name.gz` beside every text file of the build (JS, CSS, HTML, JSON, SVG) over 1 KiB, at
 * the highest levels: the server sends them as they are (`@fastify/static` preCompressed), no work per request.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'bizdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    // Sequential and last: closeBundle hooks run in parallel otherwise, and the service worker is written in one.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : [full];
      });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|svg|txt|webmanifest)$/.test(file) || file.includes(`${join('.vite', '')}`)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
      },
    },
  };
};

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
const MUI = nodeModule('@mui[\\\\/](material|system|utils|styled-engine|private-theming|types)|@emotion[\\\\/][^\\\\/]+|react-transition-group|@popperjs[\\\\/]core|stylis|hoist-non-react-statics|prop-types|react-is|clsx|@babel[\\\\/]runtime|@tanstack[\\\\/][^\\\\/]+');

/** What the account screens (login, register) load: kept out of the signed-in screens' shared chunk. */
const LOGIN_CODE = /[\\/]src[\\/](main\.tsx|features[\\/]auth[\\/]|shared[\\/](api[\\/](client|token|errors)|session|access|i18n[\\/]|ui[\\/](tokens|flash|FlashHost|Splash|base|visuallyHidden))|app[\\/](Root|guards|router|ScrollToTop|CrashScreen|RootErrorPage|tutorials))/;

// The login route must stay at or under 150 kB gzip of initial JavaScript (see bench/web-bundle.ts): every page
// and the MUI shell are lazy routes, and the contract package is marked side-effect free so importing its message
// catalogue does not drag zod into the entry chunk. Libraries are grouped by use so a screen needs a handful of
// requests: MUI (with emotion and the query cache) once for every signed-in screen, charts, the data grid and the
// form libraries only for the pages that use them.
export default defineConfig({
  plugins: [
    react(),
    // Installable app for field staff: a manifest, icons and a service worker that keeps the app's files, so the
    // portal opens with no connection and a check-in made offline waits on the phone (IndexedDB) until it syncs.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Bizdesk',
        short_name: 'Bizdesk',
        description: 'People, pay and operations for small and mid-size businesses.',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/portal',
        scope: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API is never answered from the cache: offline check-ins are queued by the page itself.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Last, after the service worker is written: every text file of the build gets its .br and .gz.
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'charts', priority: 50, test: nodeModule('recharts|d3-[^\\\\/]+|victory-vendor|@reduxjs|immer|react-redux|es-toolkit|decimal\\.js-light|eventemitter3|tiny-invariant|internmap') },
            { name: 'grid', priority: 40, test: /[\\/]node_modules[\\/](@mui[\\/]x-[^\\/]+|reselect)[\\/]|[\\/]src[\\/]shared[\\/]ui[\\/]DataTable/ },
            { name: 'forms', priority: 30, test: nodeModule('react-hook-form|@hookform[\\\\/][^\\\\/]+|zod') },
            // MUI used by most screens in one chunk; the components few screens use in a second one.
            { name: 'mui', priority: 20, minShareCount: 4, test: MUI },
            { name: 'mui-more', priority: 19, test: MUI },
            { name: 'icons', priority: 15, minShareCount: 2, test: nodeModule('@mui[\\\\/]icons-material') },
            // The app's own code that several signed-in screens share (layout, shared/ui, feature api modules).
            { name: 'shell', priority: 10, minShareCount: 2, test: (id: string) => /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) && !LOGIN_CODE.test(id) },
          ],
        },
      },
    },
  },
});
