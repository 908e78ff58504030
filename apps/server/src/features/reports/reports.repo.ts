import { and, desc, eq } from 'drizzle-orm';
import type { TAiReportRecord, TAnnouncement } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { aiReports, announcements } from '../../db/schema/index.ts';

type TReportRow = typeof aiReports.$inferSelect;
export const toReport = (r: TReportRow): TAiReportRecord => ({
  _id: r.id, kind: r.kind, tagName: r.tagName, report: r.text, provider: r.provider, model: r.model, language: r.language, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(),
});

export const insertReport = async (db: DbOrTx, row: typeof aiReports.$inferInsert) => (await db.insert(aiReports).values(row).returning())[0];

export const findReports = async (db: DbOrTx, businessId: string, filter: { tagName?: string; kind?: TReportRow['kind'] }) =>
  db.select().from(aiReports)
    .where(and(eq(aiReports.businessId, businessId), filter.tagName ? eq(aiReports.tagName, filter.tagName) : undefined, filter.kind ? eq(aiReports.kind, filter.kind) : undefined))
    .orderBy(desc(aiReports.createdAt)).limit(50);

export const toAnnouncement = (r: typeof announcements.$inferSelect): TAnnouncement => ({ _id: r.id, title: r.title, body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() });

export const insertAnnouncement = async (db: DbOrTx, row: typeof announcements.$inferInsert) => (await db.insert(announcements).values(row).returning())[0];

export const findAnnouncements = async (db: DbOrTx, businessId: string, page: { limit: number; offset: number }) =>
  db.select().from(announcements).where(eq(announcements.businessId, businessId)).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(page.limit).offset(page.offset);

export const countAnnouncements = async (db: DbOrTx, businessId: string) => db.$count(announcements, eq(announcements.businessId, businessId));

export const deleteAnnouncement = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.delete(announcements).where(and(eq(announcements.businessId, businessId), eq(announcements.id, id))).returning())[0];
