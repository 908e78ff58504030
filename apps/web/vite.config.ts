import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { startPaint } from './start-paint.ts';
import { lightIcons } from './light-icons.ts';

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

/**
 * V8's explicit compile hint on the files a start runs at once (the entry, and `shell` of a signed-in start): the browser compiles their functions while the file downloads, off the main thread, instead of each
 * function on its first call inside the start's tasks (issue 10). Written first in the file, after minification.
 */
const compileHints = (): Plugin => ({
  name: 'bizdesk-compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.isEntry || chunk.name === 'shell')) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  },
});

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
const MUI = nodeModule('@mui[\\\\/](material|system|utils|styled-engine|private-theming|types)|@emotion[\\\\/][^\\\\/]+|react-transition-group|@popperjs[\\\\/]core|stylis|hoist-non-react-statics|prop-types|react-is|clsx|@babel[\\\\/]runtime|@tanstack[\\\\/][^\\\\/]+');
const ICONS = nodeModule('@mui[\\\\/]icons-material');
const APP_CODE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/** What the account screens (login, register) load: kept out of the signed-in screens' shared chunk. */
const LOGIN_CODE = /[\\/]src[\\/](main\.tsx|features[\\/]auth[\\/]|shared[\\/](api[\\/](client|token|errors)|session|access|i18n[\\/]|ui[\\/](tokens|flash|FlashHost|Splash|base))|app[\\/](Root|guards|router|ScrollToTop|CrashScreen|RootErrorPage|tutorials))/;

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/** The route modules a signed-in cold start at `/` loads: the providers, the main layout and the dashboard. */
const SIGNED_IN_START = ['app/AppShell.tsx', 'app/layout/MainLayout.tsx', 'features/dashboard/pages/DashboardPage.tsx'].map(src);

/**
 * The modules a signed-in cold start needs beyond the entry chunk: what the start routes import statically
 * (dynamic imports are where a page chooses to wait). Worked out once per build from the module graph, so the
 * start chunks hold exactly what the dashboard renders and nothing another screen happens to share.
 */
const signedInStart = () => {
  let modules: Set<string> | null = null;
  const staticClosure = (ctx: ChunkingContext, roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    plugin: { name: 'bizdesk-signed-in-start', buildStart: () => void (modules = null) } satisfies Plugin,
    has(id: string, ctx: ChunkingContext) {
      if (!modules) {
        const entry = staticClosure(ctx, [src('main.tsx')]);
        modules = new Set([...staticClosure(ctx, SIGNED_IN_START)].filter((module) => !entry.has(module)));
      }
      return modules.has(id);
    },
  };
};
const start = signedInStart();
/**
 * The English texts the start shows (`app`, `costs` for the dashboard's module figures, and `words` that
 * server messages are read with) travel in `shell`:
 * English is every language's fallback, so i18next loads them whatever the language, and a separate file would
 * be two more requests on a page that already fills the browser's six connections per host.
 */
const START_TEXTS = /[\\/]src[\\/]shared[\\/]i18n[\\/]locales[\\/]en[\\/](app|costs|words)\.ts$/;

// The login route must stay at or under 150 kB gzip of initial JavaScript (see bench/web-bundle.ts): every page
// and the app shell are lazy routes, and the contract package is marked side-effect free so importing its message
// catalogue does not drag zod into the entry chunk. Libraries are grouped by use so a screen needs a handful of
// requests: MUI (with emotion) for every signed-in screen but the dashboard, charts, the data grid and the form
// libraries only for the pages that use them.
export default defineConfig({
  plugins: [
    react(),
    lightIcons(),
    start.plugin,
    startPaint(),
    compileHints(),
    // Installable app for field staff: a manifest, icons and a service worker that keeps the app's files, so the
    // portal opens with no connection and a check-in made offline waits on the phone (IndexedDB) until it syncs.
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app itself, seconds after the page's load at an idle moment (app/registerServiceWorker.ts):
      // the worker's install (every file of the app) otherwise runs during the page's start.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'favicon-48.png', 'apple-touch-icon.png'],
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
            // The entry's own code in one file beside index.js (React, the router, i18next, the API client, login):
            // without this the libraries the lazy screens share split off into four small files, and a page load
            // waits on more requests than the browser's six connections carry at once.
            { name: 'boot', tags: ['$initial'], priority: 70 },
            // Everything a signed-in cold start at `/` needs past the entry, in `shell`: the layout, the dashboard,
            // their app code, light icons and helpers, and the query cache. None of it is MUI (the start is plain
            // elements and static CSS; app/Themed.tsx). First, so a library the start uses joins this file instead
            // of bringing its whole group.
            {
              name: (id: string, ctx: ChunkingContext) => (START_TEXTS.test(id) || (start.has(id, ctx) && !LOGIN_CODE.test(id)) ? 'shell' : null),
              debugName: 'signed-in start',
              priority: 60,
            },
            { name: 'charts', priority: 50, test: nodeModule('recharts|d3-[^\\\\/]+|victory-vendor|@reduxjs|immer|react-redux|es-toolkit|decimal\\.js-light|eventemitter3|tiny-invariant|internmap') },
            { name: 'grid', priority: 40, test: /[\\/]node_modules[\\/](@mui[\\/]x-[^\\/]+|reselect)[\\/]|[\\/]src[\\/]shared[\\/]ui[\\/]DataTable/ },
            { name: 'forms', priority: 30, test: nodeModule('react-hook-form|@hookform[\\\\/][^\\\\/]+|zod') },
            // The rest of MUI: what most other screens use in one chunk, the components few screens use in a second.
            { name: 'mui-common', priority: 20, minShareCount: 4, test: MUI },
            { name: 'mui-more', priority: 19, test: MUI },
            { name: 'icons', priority: 15, minShareCount: 2, test: ICONS },
            // App code several other screens share, one chunk per feature (shared/ and app/ each one too): a
            // screen loads its own feature's shared code, not every feature's.
            {
              name: (id: string) => {
                if (!APP_CODE.test(id) || LOGIN_CODE.test(id)) return null;
                const area = /[\\/]src[\\/](?:features[\\/])?([^\\/]+)[\\/]/.exec(id)?.[1];
                return area ? `common-${area}` : null;
              },
              debugName: 'shared app code by feature',
              priority: 10,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
