import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, rateLimits } from '../../db/schema/index.ts';

/** Deletes every business's notifications created before `before`; returns how many. */
export const deleteNotificationsBefore = async (db: DbOrTx, before: Date) =>
  (await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id })).length;

/** Deletes rate-limit counters whose window has ended (`reset_at` is epoch milliseconds); returns how many. */
export const deleteEndedRateLimits = async (db: DbOrTx, nowMs: number) =>
  (await db.delete(rateLimits).where(lt(rateLimits.resetAt, nowMs)).returning({ key: rateLimits.key })).length;

/**
 * Deletes staged import rows whose job is no longer queued or running (given up after its attempts, or
 * gone); a finished import clears its own. Returns how many rows.
 */
export const deleteOrphanedImportRows = async (db: DbOrTx) =>
  ((await db.execute(sql`
    DELETE FROM import_rows r
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.business_id = r.business_id AND j.id = r.job_id AND j.status IN ('queued', 'running'))`)) as unknown as { rowCount: number | null }).rowCount ?? 0;
