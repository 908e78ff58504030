import fs from 'node:fs/promises';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { HANDED_OVER } from './db/embedded.ts';
import { poolOptions, startDatabase } from './db/open.ts';

// The rest of the app (the ORM, the HTTP framework, every feature) loads while the database server starts: on a
// fresh install initdb takes about a second in its own process, and so does loading the modules here; on a restart
// after kill -9 the left-over server's shutdown does. The build keeps these in their own files (esbuild splitting),
// so nothing of them loads before the server is on its way. Loading holds this thread until it is done, so it begins
// only once the database's start waits on another process (HANDED_OVER), not before the lock is even taken.
const loadApp = () => Promise.all([import('./db/client.ts'), import('./platform/deps-factory.ts'), import('./app.ts')]);

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
  // How long each part of the start took (ms), said with "Bizdesk is running"; database and app load at once.
  const took: Record<string, number | Record<string, number>> = { entry: Math.round(process.uptime() * 1000) };
  // When (ms since the process began) the database's start reached each of its points, and the app's code was loaded.
  const at: Record<string, number> = {};
  const since = (from: number) => Math.round(performance.now() - from);
  let mark = performance.now();
  const lap = (name: string) => {
    took[name] = since(mark);
    mark = performance.now();
  };
  await fs.mkdir(config.dataDir, { recursive: true });
  let handOver = () => undefined as void;
  const handedOver = new Promise<void>((resolve) => (handOver = resolve));
  const step = (name: string) => {
    at[name] = Math.round(performance.now());
    if (HANDED_OVER.has(name)) handOver();
  };
  const starting = startDatabase(config, (line) => log.debug({ postgres: line }, 'embedded database'), { step })
    .then((server) => ({ server, ms: since(mark) }));
  starting.catch(() => undefined); // awaited below; its error is thrown there
  // Until the database's start only waits (or is done, or failed: thrown below, after the code is loaded as before).
  await Promise.race([handedOver, starting.then(() => undefined, () => undefined)]);
  let modules;
  try {
    const loadFrom = performance.now();
    modules = await loadApp();
    took.modules = since(loadFrom);
    at.modulesLoaded = Math.round(performance.now());
  } catch (err) {
    await starting.then(({ server }) => server.stop?.(), () => undefined);
    throw err;
  }
  const [{ openPostgres, runMigrations }, { createDeps }, { buildApp }] = modules;
  const { server, ms } = await starting;
  took.database = ms;
  lap('databaseAndModules');
  let database;
  try {
    database = await openPostgres(server.url, { ...poolOptions(config), kind: server.kind, onClose: server.stop });
  } catch (err) {
    await server.stop?.().catch(() => undefined);
    throw err;
  }
  let deps;
  let app;
  // The migrations run in the database server while this process builds the services and routes (neither touches
  // a table before listen) and pg-boss sets up its own schema: on a fresh install each is a few hundred ms.
  const migrating = runMigrations(database);
  migrating.catch(() => undefined); // awaited below; its error is thrown there
  try {
    try {
      deps = await createDeps(config, database, log);
      lap('services');
      app = await buildApp(deps, { prepareJobs: true, startJobsLater: true });
      lap('routes');
    } finally {
      await migrating;
    }
    lap('migrationsAfterRoutes'); // what was left of them once the routes were built
    await app.listen({ port: config.PORT, host: config.HOST });
    lap('listen');
  } catch (err) {
    // Stop the embedded server we started rather than leave it running without us.
    await database.close().catch(() => undefined);
    throw err;
  }
  took.at = at;
  lifecycle.info({ url: config.publicUrl, database: database.kind, took }, 'Bizdesk is running');

  let stopping = false;
  const stop = async (signal: string, code = 0) => {
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
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // The job queue starts once requests are served (buildApp's startJobsLater): a job queued meanwhile waits in the
  // jobs table and is handed over by the start. A queue that cannot start stops the API, as it did before listen.
  const jobsFrom = performance.now();
  app.startJobs().then(
    () => log.debug({ took: since(jobsFrom) }, 'job queue started'),
    (err: unknown) => {
      log.error({ err }, 'the job queue could not start; stopping');
      console.error(`Bizdesk could not start its job queue: ${err instanceof Error ? err.message : String(err)}`);
      void stop('job queue failed', 1);
    },
  );
};

start().catch((err) => {
  console.error(err instanceof Error ? `Bizdesk could not start: ${err.message}` : err);
  process.exit(1);
});
