import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Tx } from './client.ts';

// COPY … FROM STDIN inside an open drizzle transaction: the fastest way PostgreSQL takes many rows. A multi-row
// INSERT of array parameters (unnest) makes the driver escape every element into an array literal and the server
// parse it back; COPY's text format is one line per row, read as it comes (10,000 payroll lines: about half the time).

/** The pg client a drizzle (node-postgres) transaction runs on: COPY must go through the transaction's own connection. */
const clientOf = (tx: Tx) => {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client || typeof (client as { release?: unknown }).release !== 'function') throw new Error('copyRows needs an open transaction (a pool client)');
  return client;
};

/** One value in COPY's text format: \N is null; backslash, newline, carriage return and tab are escaped. */
const copyText = (v: unknown) => {
  if (v === null || v === undefined) return '\\N';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[\\\n\r\t]/.test(s) ? s.replace(/[\\\n\r\t]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\t')) : s;
};

/**
 * Writes `rows` (values in `columns` order; objects are written as JSON, null/undefined as NULL) into `table` with
 * COPY, in the transaction `tx`. Constraints and triggers apply as for INSERT; a failure aborts the transaction.
 * `table` and `columns` are identifiers from code, never user input.
 */
export const copyRows = async (tx: Tx, table: string, columns: readonly string[], rows: ReadonlyArray<readonly unknown[]>) => {
  if (rows.length === 0) return;
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += (i ? '\t' : '') + copyText(row[i]);
    text += '\n';
  }
  const client = clientOf(tx);
  await pipeline(Readable.from([text]), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
};
