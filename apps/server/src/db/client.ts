import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Repos take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type TDatabase = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres pool when on PostgreSQL (LISTEN/NOTIFY needs its own client). */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// bigint columns come back as strings by default; money fits in a JS safe integer.
pg.types.setTypeParser(20, (v) => Number(v));

export const openPglite = async (dataDir?: string): Promise<TDatabase> => {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
};

export const openPostgres = async (url: string): Promise<TDatabase> => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
};

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so instances starting together don't race. */
export const runMigrations = async (database: TDatabase) => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
};

export const openDatabase = async (opts: { url?: string; dataDir?: string }) =>
  opts.url ? openPostgres(opts.url) : openPglite(opts.dataDir);
