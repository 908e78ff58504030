// Compiles the server once for production: each entry below becomes one ES module in dist/ with the
// workspace packages (@bizdesk/*, shipped as TypeScript) and a few plain-JS packages (BUNDLED_PACKAGES) bundled
// in and every other npm dependency left as an import, so native and WASM packages load from node_modules as
// usual. The SQL migrations are copied beside main.js, where db/client.ts looks for them (next to the running
// module). dist/pg-seed is the embedded database a fresh install starts from (db/seed-cluster.ts): kept across
// builds while its key holds.
// Run: npm run build -w apps/server (npm start does it).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { buildSeedCluster } from './src/db/seed-cluster.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');

/**
 * dist/<name>.js ← source. Code that starts a worker thread resolves it as
 * `new URL('./<name>.js', import.meta.url)` in the bundle (import.meta.url is then dist/main.js).
 */
const ENTRIES: Record<string, string> = {
  main: 'src/main.ts',
  // Spreadsheet uploads are parsed in worker threads (platform/spreadsheets/read-spreadsheet.ts).
  'sheet-worker': 'src/platform/spreadsheets/sheet-worker.ts',
  // Receipts and documents are read (pdf.js, tesseract.js) in worker threads (features/ocr/ocr-queue.ts).
  'ocr-worker': 'src/features/ocr/ocr-worker.ts',
};

/**
 * npm packages bundled in all the same: plain ES modules of many small files, which Node's ES module loader resolved,
 * read and linked one by one (~380 files: drizzle-orm 214, zod 99, jose 47) in every start, ~0.2 s of CPU and
 * more on a busy machine; bundled they are one file's code. No other package the server loads uses them (openai
 * takes zod only for helpers we do not call), so none meets a second copy; the zod type provider comes too, so
 * the schemas it checks and the zod it checks them with are one.
 */
const BUNDLED_PACKAGES = new Set(['drizzle-orm', 'zod', 'jose', 'fastify-type-provider-zod']);
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const workspaceBundledOthersExternal: Plugin = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bizdesk/') || args.path.startsWith('node:') || BUNDLED_PACKAGES.has(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const SEED = 'pg-seed';

const started = performance.now();
await fs.mkdir(outdir, { recursive: true });
for (const entry of await fs.readdir(outdir)) if (entry !== SEED) await fs.rm(path.join(outdir, entry), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.entries(ENTRIES).map(([out, src]) => ({ in: src, out })),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Mappings only: the sources are in the checkout. Node reads and parses every map as it loads a module (source
  // maps on, scripts/start.mjs); with the sources inside, the maps were 4 MB of JSON (~0.1 s) in every start.
  sourcesContent: false,
  // main.ts loads the app with import() while the database server starts; split, that code is its own file and
  // loads only then. Chunks sit beside main.js, so import.meta.url (workers, migrations, web/dist) is dist/ in each.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  plugins: [workspaceBundledOthersExternal],
  logLevel: 'warning',
});
await fs.cp(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
const seedStarted = performance.now();
try {
  const { made } = await buildSeedCluster(path.join(outdir, SEED));
  console.log(`database seed ${made ? `made in ${Math.round(performance.now() - seedStarted)} ms` : 'unchanged'}`);
} catch (err) {
  // Not fatal: a fresh install without a seed initialises its own cluster (a second or two longer).
  console.warn(`database seed not made (a fresh install will run initdb itself): ${err instanceof Error ? err.message : String(err)}`);
}
console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms`);
