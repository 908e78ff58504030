import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { openPostgres, runMigrations } from '../src/db/client.ts';
import { startScratchPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A maintenance connection URL on the server the API tests use. */
    pgAdminUrl: string;
    /** A migrated database each test file clones (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

const withUrlDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/**
 * One database server per test run: an embedded PostgreSQL started here, or the server at
 * TEST_DATABASE_URL when TEST_DB=postgres. Migrations run once, into a template database.
 */
export default async function setup(project: TestProject) {
  // The project's own env (vitest.config's apiSuite): a global setup runs in the main process, where the project's
  // `env` is not applied — reading only process.env ran the "server-postgres" files on a second embedded server.
  const onPostgres = (project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres';
  let stopServer = async () => undefined as void;
  let adminUrl: string;
  if (onPostgres) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required when TEST_DB=postgres');
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    const server = await startScratchPostgres();
    adminUrl = server.url();
    stopServer = server.stop;
  }
  const template = `bizdesk_tpl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openPostgres(withUrlDatabase(adminUrl, template), { size: 2 });
  await runMigrations(database);
  // pg-boss's schema too, so each test app's queue starts on an installed schema instead of building it.
  await database.pool.query(PgBoss.getConstructionPlans('pgboss'));
  await database.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stopServer();
  };
}
