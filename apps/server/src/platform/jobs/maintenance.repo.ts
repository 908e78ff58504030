import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, rateLimits } from '../../db/schema/index.ts';

/** Deletes every business's notifications created before `before`; returns how many. */
export const deleteNotificationsBefore = async (db: DbOrTx, before: Date) =>
  (await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id })).length;

/** Deletes rate-limit counters whose window has ended (`reset_at` is epoch milliseconds); returns how many. */
export const deleteEndedRateLimits = async (db: DbOrTx, nowMs: number) =>
  (await db.delete(rateLimits).where(lt(rateLimits.resetAt, nowMs)).returning({ key: rateLimits.key })).length;
