import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Repos take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type TPoolOptions = {
  /** Connections in the pool (one more is kept for LISTEN and one for the health check). */
  size: number;
  /** A statement running longer is cancelled by the server. */
  statementTimeoutMs: number;
  /** A transaction left idle this long is ended by the server, so a stuck request cannot hold locks. */
  idleInTransactionTimeoutMs: number;
  /** Waiting longer than this for a free connection fails the request instead of queueing forever. */
  connectTimeoutMs: number;
};

export const DEFAULT_POOL: TPoolOptions = { size: 10, statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 15_000, connectTimeoutMs: 10_000 };

export type TDatabase = {
  db: Db;
  /** Where the server runs: started by this process from DATA_DIR, or reached through DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  url: string;
  pool: pg.Pool;
  /** Answers from a connection of its own, outside the pool's queue, within a second. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

// Beside this module: src/db/migrations, or dist/migrations in the compiled server (build.ts copies them).
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// bigint columns come back as strings by default; money fits in a JS safe integer.
pg.types.setTypeParser(20, (v) => Number(v));

/** One connection kept aside for the health check, so a saturated pool cannot make the process look dead. */
const createPinger = (url: string, timeoutMs = 1000) => {
  let client: pg.Client | null = null;
  let inFlight: Promise<boolean> | null = null;
  const reset = () => {
    const c = client;
    client = null;
    c?.end().catch(() => undefined);
  };
  const once = async () => {
    if (!client) {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'bizdesk-health' });
      c.on('error', reset);
      client = c;
      await c.connect();
    }
    await client.query('SELECT 1');
    return true;
  };
  return {
    ping: () => (inFlight ??= once().catch(() => (reset(), false)).finally(() => (inFlight = null))),
    close: async () => reset(),
  };
};

/**
 * `pool.end()` resolves before its connections have closed: `endPool` also waits (at most `waitMs`) for each to
 * close, so a server stopped right after it terminates nothing half-closed (whose error nothing is left to hear).
 * Call `closingOf(pool)` when the pool is made; it returns the function that ends it.
 */
export const closingOf = (pool: pg.Pool, waitMs = 2000) => {
  const closing = new Set<Promise<unknown>>();
  pool.on('connect', (client) => {
    const ended = new Promise((resolve) => client.once('end', resolve));
    closing.add(ended);
    void ended.then(() => closing.delete(ended));
  });
  return async () => {
    await pool.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(closing), new Promise((resolve) => { timer = setTimeout(resolve, waitMs); })]);
    clearTimeout(timer);
  };
};

export const openPostgres = async (url: string, opts: Partial<TPoolOptions> & { kind?: TDatabase['kind']; onClose?: () => Promise<void> } = {}): Promise<TDatabase> => {
  const o = { ...DEFAULT_POOL, ...opts };
  const pool = new pg.Pool({
    connectionString: url,
    max: o.size,
    connectionTimeoutMillis: o.connectTimeoutMs,
    statement_timeout: o.statementTimeoutMs,
    idle_in_transaction_session_timeout: o.idleInTransactionTimeoutMs,
    application_name: 'bizdesk',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const endPool = closingOf(pool);
  const db = drizzle(pool, { schema }) as unknown as Db;
  const pinger = createPinger(url);
  // Its connection made now, while the caller builds the app, not by the first health check (a connection and its
  // password exchange). Each check still asks the database; one that fails here is tried again by the next check.
  void pinger.ping();
  return {
    db, kind: opts.kind ?? 'postgres', url, pool, ping: pinger.ping,
    close: async () => {
      await pinger.close();
      await endPool();
      await opts.onClose?.();
    },
  };
};

/**
 * Applies the committed SQL migrations under an advisory lock, so instances starting together don't race. Kept in
 * drizzle's own table (drizzle.__drizzle_migrations: hash, created_at = the journal's `when`), as drizzle-kit's
 * migrator does, but each migration file goes to the server as one multi-statement query in one transaction for
 * all: a fresh install's ~340 statements cost 17 round trips instead of ~700.
 */
export const runMigrations = async (database: Pick<TDatabase, 'pool'>, opts: { upTo?: number } = {}) => {
  // upTo (a journal `when`): stop there; a restore loads a backup's rows at the level they were written at.
  const within = (when: number) => opts.upTo === undefined || when <= opts.upTo;
  const journal = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> }).entries;
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    const results = await client.query(`
      CREATE SCHEMA IF NOT EXISTS drizzle;
      CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);
      SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`) as unknown as pg.QueryResult[];
    const last = results[2].rows[0] ? Number(results[2].rows[0].created_at) : null;
    const isPending = (when: number) => within(when) && (last === null || last < when);
    // What is pending is the journal's to say (a migration's `when`): the SQL files are read and hashed only when
    // one is, not in every start of a database that is up to date (~0.1 s of CPU while the routes were built).
    if (!journal.some((e) => isPending(Number(e.when)))) return;
    const pending = readMigrationFiles({ migrationsFolder }).map((m, i) => ({ ...m, tag: journal[i]?.tag ?? `#${i}` })).filter((m) => isPending(m.folderMillis));
    await client.query('BEGIN');
    try {
      for (const m of pending) {
        // A statement may end in a comment: each is closed on a line of its own. The hash is hex, `when` a number.
        const text = `${m.sql.join('\n;\n')}\n;\nINSERT INTO drizzle.__drizzle_migrations ("hash", "created_at") VALUES ('${m.hash}', ${Number(m.folderMillis)})`;
        await client.query(text).catch((err: Error) => {
          throw Object.assign(new Error(`migration ${m.tag} failed: ${err.message}`), { cause: err });
        });
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
};
