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
