/**
 * Initial JavaScript of the web app's first screens, gzip-compressed: the entry chunk and each screen's route
 * chunks with everything they import statically (what the browser must fetch before the screen can render).
 * Budgets (issue 10): login 150 kB gzip; the signed-in dashboard 230 kB gzip in at most 6 files (one request per
 * connection the browser opens to the server: a seventh waits for one of them to finish), and no MUI: the signed-in
 * start is plain elements and static CSS, and MUI with emotion loads with the first screen that draws with it.
 * Run after `npm run build -w apps/web`:  npm run bundle -w bench
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type TManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type TManifest = Record<string, TManifestChunk>;
type TRoute = { modules: string[]; mergedInto: string; budget?: { kb: number; files: number }; withoutMui?: boolean };

const ROUTES: Record<string, TRoute> = {
  login: { modules: ['src/features/auth/pages/LoginPage.tsx'], mergedInto: 'index', budget: { kb: 150, files: 6 } },
  register: { modules: ['src/features/auth/pages/RegisterPage.tsx'], mergedInto: 'index' },
  // The dashboard also needs the app shell, the main layout and their texts, loaded as lazy routes with the page.
  dashboard: {
    modules: [
      'src/features/dashboard/pages/DashboardPage.tsx',
      'src/app/AppShell.tsx',
      'src/app/layout/MainLayout.tsx',
      'src/shared/i18n/locales/en/app.ts',
      'src/shared/i18n/locales/en/costs.ts',
    ],
    mergedInto: 'shell',
    budget: { kb: 230, files: 6 },
    withoutMui: true,
  },
};

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as TManifest;

/**
 * The manifest key of the chunk that holds a module: its own chunk or, for a module the build merged into a
 * named chunk (the login page into the entry `index`, the dashboard and its layout into the signed-in start chunk
 * `shell`; see apps/web/vite.config.ts), that chunk.
 */
const chunkOf = (module: string, mergedInto: string) => {
  if (manifest[module]) return module;
  const key = Object.keys(manifest).find((k) => manifest[k]!.name === mergedInto);
  if (!key) throw new Error(`manifest has no chunk for ${module} nor a chunk named ${mergedInto}`);
  return key;
};

const closure = (keys: string[]) => {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) walk(next);
  };
  keys.forEach(walk);
  return [...new Set([...seen].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
};

const gzipKb = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) / 1024;

/** The files that carry MUI's styling engine: emotion's cache names its style elements `data-emotion`. */
const withMui = (files: string[]) => files.filter((file) => readFileSync(join(dist, file), 'utf8').includes('data-emotion'));

let failed = false;
for (const [route, { modules, mergedInto, budget, withoutMui }] of Object.entries(ROUTES)) {
  const files = closure(['index.html', ...modules.map((module) => chunkOf(module, mergedInto))]);
  const kb = gzipKb(files);
  const mui = withoutMui ? withMui(files) : [];
  const over = budget ? [kb > budget.kb ? `${kb.toFixed(1)} kB > ${budget.kb} kB` : '', files.length > budget.files ? `${files.length} files > ${budget.files}` : ''].filter(Boolean) : [];
  if (mui.length) over.push(`MUI in ${mui.join(', ')}`);
  if (over.length) failed = true;
  console.log(
    `${route.padEnd(10)} initial JS ${kb.toFixed(1).padStart(6)} kB gzip in ${files.length} files` +
      (budget ? ` (budget ${budget.kb} kB in ${budget.files} files${over.length ? `: OVER, ${over.join(', ')}` : ''})` : ''),
  );
}
console.log(failed ? 'bundle budgets: FAILED' : 'bundle budgets: all met');
process.exit(failed ? 1 : 0);
