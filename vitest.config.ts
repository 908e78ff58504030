import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

// One run covers every workspace. The API suite runs on an embedded PostgreSQL started for the run and, when
// TEST_DATABASE_URL is set, on that server too (users' managed servers vary in version). To keep CI within its time,
// each API test file runs on one engine, chosen by a stable hash of its path, except the files about the engine
// itself (both) and the start-up files that only mean something on the embedded server. TEST_BOTH_ENGINES=1 runs
// every file on both (docs/decisions.md, "Tests": "One engine per API test file").
const SERVER_ROOT = join(import.meta.dirname, 'apps/server');

/** Files whose subject is the database engine's behaviour: locking, LISTEN across instances, queues, dump and restore, a business's export and import. */
const ON_BOTH = [
  'test/backup.test.ts', 'test/two-instances.test.ts', 'test/jobs.test.ts', 'test/concurrency.test.ts', 'test/test-engine.test.ts', 'test/business-export.test.ts',
];
/** Start-up, process and parsing files: they start their own embedded server or use none. */
const EMBEDDED_ONLY = [
  'test/startup.test.ts', 'test/start-script.test.ts', 'test/data-dir-lock.test.ts', 'test/embedded-exit.test.ts',
  'test/seed-cluster.test.ts', 'test/web-serving.test.ts', 'test/spreadsheet-reader.test.ts', 'test/ocr.test.ts',
];

const testFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const path = join(dir, e.name);
  if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
  return e.name.endsWith('.test.ts') ? [relative(SERVER_ROOT, path)] : [];
});
/** FNV-1a of the path: the same file lands on the same engine on every machine. */
const hash = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

const bothEngines = Boolean(process.env.TEST_DATABASE_URL);
const everyFileOnBoth = process.env.TEST_BOTH_ENGINES === '1';
const all = [...testFiles(join(SERVER_ROOT, 'src')), ...testFiles(join(SERVER_ROOT, 'test'))].sort();
const onPostgres = (f: string) => !f.startsWith('src/') && !EMBEDDED_ONLY.includes(f) && (ON_BOTH.includes(f) || hash(f) % 2 === 1);
const onEmbedded = (f: string) => !bothEngines || everyFileOnBoth || !onPostgres(f) || ON_BOTH.includes(f);

/**
 * `isolate: false`: a worker keeps the app's modules loaded from one API file to the next (each file still builds its
 * own app on its own database). Importing the whole server for every file cost ~430 s of the unit phase's CPU; the API
 * files use no module mocks and no shared module state (docs/decisions.md, "Tests": "API files share loaded modules").
 * The web files keep vitest's isolation (jsdom, i18n and react-query state per file).
 */
const apiSuite = (name: string, env: Record<string, string>, include: string[]) => ({
  extends: true as const,
  test: {
    name, root: 'apps/server', include, env,
    globalSetup: ['test/global-setup.ts'], testTimeout: 30000, hookTimeout: 60000, isolate: false,
  },
});

export default defineConfig({
  test: {
    // vitest's default on a 2-core machine is one worker (cores − 1): the API files wait on PostgreSQL and the web files
    // on jsdom's start-up one after another. Two workers overlap them; each API file has its own database
    // (docs/decisions.md, "Tests": "Two test workers").
    maxWorkers: 2,
    projects: [
      { test: { name: 'payroll', root: 'packages/payroll', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      apiSuite('server', { TEST_DB: 'embedded' }, all.filter(onEmbedded)),
      ...(bothEngines ? [apiSuite('server-postgres', { TEST_DB: 'postgres' }, all.filter((f) => everyFileOnBoth || onPostgres(f)))] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
