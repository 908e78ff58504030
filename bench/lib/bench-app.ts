// What the API benchmarks share: a hard stop, percentiles, and the real app on a scratch embedded PostgreSQL,
// driven by app.inject from addresses of its own (so the per-address limits never throttle a bench).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { InjectOptions } from 'fastify';
import { loadConfig } from '@bizdesk/server/src/config.ts';
import { openPostgres, runMigrations } from '@bizdesk/server/src/db/client.ts';
import { startScratchPostgres } from '@bizdesk/server/src/db/embedded.ts';
import { createDeps } from '@bizdesk/server/src/platform/deps-factory.ts';
import { buildApp } from '@bizdesk/server/src/app.ts';

/** Ends the process if the bench is still running after `ms`: a bench always stops by itself. */
export const stopAfter = (ms: number) => {
  setTimeout(() => {
    console.error(`benchmark stopped: still running after ${ms / 1000} s`);
    process.exit(1);
  }, ms).unref();
};

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;

/** The app on a fresh scratch database, migrated; `close` stops and removes everything. */
export const startBenchApp = async (prefix = 'bizdesk-bench-') => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
  const server = await startScratchPostgres();
  const database = await openPostgres(server.url(), { kind: 'embedded', onClose: server.stop });
  await runMigrations(database);
  const deps = await createDeps(config, database, pino({ level: 'silent' }));
  const app = await buildApp(deps);
  await app.ready();
  let ip = 0;
  const inject = (opts: InjectOptions) => app.inject({ remoteAddress: `10.9.${(++ip >> 8) & 255}.${ip & 255}`, ...opts });
  const expectOk = async (res: { statusCode: number; body: string }, status = 200) => {
    if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body);
  };
  const close = async () => {
    await app.close();
    await deps.events.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { app, deps, database, inject, expectOk, close };
};
