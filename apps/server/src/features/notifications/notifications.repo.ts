import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { TNotification, TNotifyInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

type TRow = typeof notifications.$inferSelect;
export const toNotification = (r: TRow): TNotification => ({
  _id: r.id, actionType: r.actionType, message: r.message, category: r.category, createdAt: r.createdAt.toISOString(), read: r.read,
  messageKey: r.messageKey ?? null, params: r.params ?? null,
});

export const createNotification = async (db: DbOrTx, businessId: string, input: TNotifyInput) =>
  (await db.insert(notifications).values({
    businessId, category: input.category, actionType: input.actionType, message: input.message,
    messageKey: input.messageKey ?? null, params: input.params ?? null,
  }).returning())[0];

export const getNotificationById = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(notifications).where(and(eq(notifications.businessId, businessId), eq(notifications.id, id))).limit(1))[0];

export const findNotifications = async (db: DbOrTx, businessId: string, limit: number) =>
  db.select().from(notifications).where(eq(notifications.businessId, businessId)).orderBy(desc(notifications.createdAt)).limit(limit);

export const deleteOlderThan = async (db: DbOrTx, businessId: string, before: Date) =>
  (await db.delete(notifications).where(and(eq(notifications.businessId, businessId), lt(notifications.createdAt, before))).returning({ id: notifications.id })).length;

/** Every business's notifications created before `before` (the retention schedule); returns how many. */
export const deleteAllOlderThan = async (db: DbOrTx, before: Date) =>
  (await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id })).length;

/** The current token version of each user still there; a deleted user is simply absent. */
export const findTokenVersions = async (db: DbOrTx, userIds: string[]) =>
  db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(inArray(users.id, userIds));
