import fs from 'node:fs/promises';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { runMigrations } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { createDeps } from './platform/deps-factory.ts';
import { buildApp } from './app.ts';

const start = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });
  // Start and stop are said whatever LOG_LEVEL is (warn by default keeps request logs out), unless silenced.
  const lifecycle = config.LOG_LEVEL === 'silent' ? log : log.child({}, { level: 'info' });
  // How long each part of the start took (ms), said with "Bizdesk is running".
  const took: Record<string, number> = { modules: Math.round(process.uptime() * 1000) };
  let mark = performance.now();
  const lap = (name: string) => {
    took[name] = Math.round(performance.now() - mark);
    mark = performance.now();
  };
  await fs.mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase(config, (line) => log.debug({ postgres: line }, 'embedded database'));
  lap('database');
  let deps;
  let app;
  try {
    await runMigrations(database);
    lap('migrations');
    deps = await createDeps(config, database, log);
    lap('services');
    app = await buildApp(deps);
    lap('routes');
    await app.listen({ port: config.PORT, host: config.HOST });
    lap('listen');
  } catch (err) {
    // Stop the embedded server we started rather than leave it running without us.
    await database.close().catch(() => undefined);
    throw err;
  }
  lifecycle.info({ url: config.publicUrl, database: database.kind, took }, 'Bizdesk is running');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.info({ signal }, 'draining: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      log.error('requests did not finish within 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    await app.close();
    await deps.events.close();
    await database.close();
    clearTimeout(force);
    lifecycle.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};

start().catch((err) => {
  console.error(err instanceof Error ? `Bizdesk could not start: ${err.message}` : err);
  process.exit(1);
});
