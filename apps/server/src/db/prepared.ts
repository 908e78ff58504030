import pg from 'pg';
import { fillPlaceholders } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

type TBuilt = {
  toSQL: () => { sql: string; params: unknown[] };
  prepare: (name: string) => { execute: (values: Record<string, unknown>) => Promise<unknown> };
};
export type TPreparedRead<T> = (values: Record<string, unknown>) => Promise<T[]>;

// Dates stay YYYY-MM-DD text, as drizzle gives them for `date` columns in string mode.
const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 1082 ? (v: string) => v : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser };

/**
 * A hot read (built with drizzle from the schema, placeholders for the values) run as a named
 * prepared statement straight on node-postgres: PostgreSQL parses and plans it once per connection,
 * and each row is read as an array into the selection's keys — what drizzle would map, without its
 * per-field work on every row. Timestamps come back as Date, bigint as number (client.ts), dates as text.
 * Anywhere else (an open transaction, another driver) the drizzle prepared statement runs.
 */
export const preparedRead = <T>(db: DbOrTx, name: string, query: TBuilt, keys: string[]): TPreparedRead<T> => {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    const statement = query.prepare(name);
    return async (values) => (await statement.execute(values)) as T[];
  }
  const { sql: text, params } = query.toSQL();
  const run = preparedStatement<T>(db, name, text, keys);
  return (values) => run(fillPlaceholders(params, values));
};

export type TPreparedStatement<T> = (values: unknown[]) => Promise<T[]>;

/**
 * A statement written as SQL text ($1…$n), run on its own (not in a transaction) as a named prepared
 * statement straight on node-postgres: one round trip, parsed and planned once per connection. Each
 * row is read as an array into `keys`, in the order of the statement's output columns. Types as
 * preparedRead's. For a hot write that is a single statement (platform/records.ts).
 */
export const preparedStatement = <T>(db: DbOrTx, name: string, text: string, keys: string[]): TPreparedStatement<T> => {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error(`${name} runs as a statement of its own on the pool, not inside a transaction`);
  return async (values) => {
    const res = await client.query<unknown[]>({ name, text, values, rowMode: 'array', types });
    return res.rows.map((r) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]] = r[i];
      return row as T;
    });
  };
};
