import { and, arrayOverlaps, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, reminderDigests, reminderNotices, users } from '../../db/schema/index.ts';

/** Every business with its time zone (the daily and weekly tasks walk them). */
export const findBusinesses = async (db: DbOrTx) =>
  db.select({ id: businesses.id, name: businesses.name, timeZone: businesses.timeZone }).from(businesses);

/** The owner and HR-access users of a business: who reads the reminders and receives the digest. */
export const findHrRecipients = async (db: DbOrTx, businessId: string) =>
  db.select({ email: users.email, userName: users.userName }).from(users)
    .where(and(eq(users.businessId, businessId), arrayOverlaps(users.roles, ['owner', 'HR-access'])));

/** Claims one due item's notice; false when it was already announced (each item once per due date). */
export const claimNotice = async (db: DbOrTx, v: { businessId: string; source: string; itemKey: string; dueDate: string }) =>
  (await db.insert(reminderNotices).values(v).onConflictDoNothing().returning({ k: reminderNotices.itemKey })).length > 0;

/** Claims the week's digest of a business; false when it was already sent that week. */
export const claimDigest = async (db: DbOrTx, v: { businessId: string; week: string; items: number }) =>
  (await db.insert(reminderDigests).values(v).onConflictDoNothing().returning({ w: reminderDigests.week })).length > 0;

export const countDigests = async (db: DbOrTx, businessId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(reminderDigests).where(eq(reminderDigests.businessId, businessId)))[0].n;
