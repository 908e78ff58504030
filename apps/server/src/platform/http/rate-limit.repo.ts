import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

type TCounterRow = { count: number | string; reset_at: number | string };

/** Counts one more hit on `key` in a fixed window that starts at its first hit; one statement, so concurrent hits all count. */
export const incrementCounter = async (db: DbOrTx, key: string, windowMs: number, now = Date.now()) => {
  const res = await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${now + windowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${now + windowMs} ELSE rate_limits.reset_at END
    RETURNING count, reset_at`);
  const row = (res as unknown as { rows: TCounterRow[] }).rows[0];
  return { current: Number(row.count), resetAt: Number(row.reset_at) };
};

export const deleteCounter = async (db: DbOrTx, key: string) => {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
};

/** Removes counters whose window has ended; returns how many went. */
export const deleteExpiredCounters = async (db: DbOrTx, now = Date.now()) => {
  const res = await db.execute(sql`DELETE FROM rate_limits WHERE reset_at <= ${now}`);
  return (res as unknown as { rowCount: number | null }).rowCount ?? 0;
};

/** The count on `key` in its live window (0 when none), without counting a hit. */
export const readCounter = async (db: DbOrTx, key: string, now = Date.now()) => {
  const res = await db.execute(sql`SELECT count FROM rate_limits WHERE key = ${key} AND reset_at > ${now}`);
  return Number((res as unknown as { rows: TCounterRow[] }).rows[0]?.count ?? 0);
};

/** The end of a live counter's window, or null when there is none (or it has ended). */
export const readCounterEnd = async (db: DbOrTx, key: string, now = Date.now()) => {
  const res = await db.execute(sql`SELECT reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${now}`);
  const row = (res as unknown as { rows: TCounterRow[] }).rows[0];
  return row ? Number(row.reset_at) : null;
};

/** Takes back one counted hit (an attempt that was refused before it was tried). */
export const decrementCounter = async (db: DbOrTx, key: string) => {
  await db.execute(sql`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
};

/**
 * A hold on `key` until `until`, taken only when no hold is live: one statement, so of parallel callers
 * exactly one gets it. Returns null when taken, else the end of the live hold.
 */
export const claimHold = async (db: DbOrTx, key: string, until: number, now = Date.now()) => {
  const res = await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${until})
    ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1, reset_at = EXCLUDED.reset_at
      WHERE rate_limits.reset_at <= ${now}
    RETURNING reset_at`);
  if ((res as unknown as { rows: TCounterRow[] }).rows.length > 0) return null;
  return (await readCounterEnd(db, key, now)) ?? now;
};

/** Sets (or moves later) a hold on `key` until `until`. */
export const extendHold = async (db: DbOrTx, key: string, until: number) => {
  await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${until})
    ON CONFLICT (key) DO UPDATE SET reset_at = GREATEST(rate_limits.reset_at, EXCLUDED.reset_at)`);
};
