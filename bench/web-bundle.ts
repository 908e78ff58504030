/**
 * Initial JavaScript of the web app's login route, gzip-compressed: the entry chunk and the login page's chunk
 * with everything they import statically (what the browser must fetch before the login form can render).
 * Budget: 150 kB gzip. Run after `npm run build -w apps/web`:  npx tsx bench/web-bundle.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type TManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type TManifest = Record<string, TManifestChunk>;

const BUDGET_KB = 150;
const ROUTES: Record<string, string> = {
  login: 'src/features/auth/pages/LoginPage.tsx',
  register: 'src/features/auth/pages/RegisterPage.tsx',
  dashboard: 'src/features/dashboard/pages/DashboardPage.tsx',
};

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as TManifest;

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
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
};

const gzipKb = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) / 1024;

// The dashboard also needs the app shell and the main layout, loaded as lazy routes before the page.
const extra: Record<string, string[]> = { dashboard: ['src/app/AppShell.tsx', 'src/app/layout/MainLayout.tsx', 'src/shared/i18n/locales/en/app.ts'] };

let failed = false;
for (const [route, page] of Object.entries(ROUTES)) {
  // A page imported statically (login, in the entry chunk) has no chunk of its own: the entry's closure is its JS.
  const files = closure(['index.html', ...(manifest[page] ? [page] : []), ...(extra[route] ?? [])]);
  const kb = gzipKb(files);
  const over = route === 'login' && kb > BUDGET_KB;
  if (over) failed = true;
  console.log(`${route.padEnd(10)} initial JS ${kb.toFixed(1).padStart(6)} kB gzip in ${files.length} files${route === 'login' ? ` (budget ${BUDGET_KB} kB${over ? ', OVER' : ''})` : ''}`);
}
process.exit(failed ? 1 : 0);
