import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { TNotification, TNotificationLink, TNotificationSubject } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

type TRow = typeof notifications.$inferSelect;
export const toNotification = (r: TRow): TNotification => ({
  _id: r.id, actionType: r.actionType, message: r.message, category: r.category, createdAt: r.createdAt.toISOString(), read: r.read,
  messageKey: r.messageKey ?? null, params: r.params ?? null,
  subject: r.subject, link: r.link ?? null, author: r.authorId ? { _id: r.authorId, name: r.authorName ?? '' } : null,
});

/** One notification as stored: the server's (no author) or a person's post (its author). */
export type TNewNotification = {
  category: string; actionType: string; message: string; messageKey: string | null; params: Record<string, string | number> | null;
  subject: TNotificationSubject; link: TNotificationLink | null; authorId: string | null; authorName: string | null;
};

export const createNotification = async (db: DbOrTx, businessId: string, row: TNewNotification) =>
  (await db.insert(notifications).values({ businessId, ...row }).returning())[0];

export const getNotificationById = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(notifications).where(and(eq(notifications.businessId, businessId), eq(notifications.id, id))).limit(1))[0];

/** The newest notifications of the business; `subjects` (null: all) limits them to those the reader's roles open. */
export const findNotifications = async (db: DbOrTx, businessId: string, limit: number, subjects: TNotificationSubject[] | null) =>
  db.select().from(notifications)
    .where(and(eq(notifications.businessId, businessId), subjects ? inArray(notifications.subject, subjects) : undefined))
    .orderBy(desc(notifications.createdAt)).limit(limit);

export const deleteOlderThan = async (db: DbOrTx, businessId: string, before: Date) =>
  (await db.delete(notifications).where(and(eq(notifications.businessId, businessId), lt(notifications.createdAt, before))).returning({ id: notifications.id })).length;

/** Every business's notifications created before `before` (the retention schedule); returns how many. */
export const deleteAllOlderThan = async (db: DbOrTx, before: Date) =>
  (await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id })).length;

/** The current token version of each user still there; a deleted user is simply absent. */
export const findTokenVersions = async (db: DbOrTx, userIds: string[]) =>
  db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(inArray(users.id, userIds));
