import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TCostRecord, TProjectPayment } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { containsText, startsFirst } from '../../platform/search.ts';
import { costImportBatches, costProjects, costRecords, projectCertificates, projectPayments } from '../../db/schema/index.ts';

export type TProjectRow = typeof costProjects.$inferSelect;
type TRecordRow = typeof costRecords.$inferSelect;
export type TNewRecord = Omit<typeof costRecords.$inferInsert, 'businessId' | 'projectId'>;

const sameTag = (tag: string) => sql`lower(${costProjects.tagName}) = ${tag.trim().toLowerCase()}`;

export const toCostRecord = (r: TRecordRow, tagName: string): TCostRecord => ({
  _id: r.id, tagName, description: r.description, category: r.category, amountMinor: r.amountMinor, date: r.date,
  employeeName: r.employeeName, source: r.source, createdAt: r.createdAt.toISOString(),
});
export const toPayment = (r: typeof projectPayments.$inferSelect, tagName: string, certificateNumber: string | null = null): TProjectPayment => ({
  _id: r.id, tagName, amountMinor: r.amountMinor, date: r.date, createdAt: r.createdAt.toISOString(), certificateId: r.certificateId, certificateNumber,
});

export const findProjectByTag = async (db: DbOrTx, businessId: string, tag: string) =>
  (await db.select().from(costProjects).where(and(eq(costProjects.businessId, businessId), sameTag(tag))).limit(1))[0];

export const findProjects = async (db: DbOrTx, businessId: string) =>
  db.select().from(costProjects).where(eq(costProjects.businessId, businessId)).orderBy(asc(costProjects.tagName));

export const findProjectByPlace = async (db: DbOrTx, businessId: string, placeId: string) =>
  (await db.select().from(costProjects).where(and(eq(costProjects.businessId, businessId), eq(costProjects.placeId, placeId))).limit(1))[0];

/**
 * The money side of a project record (issue 34): its linked row; else a row of its name not linked yet (the
 * migration linked one row per place), linked now; else a new row named as the place. Concurrent makers meet on the
 * unique indexes.
 */
export const projectOfPlace = async (db: DbOrTx, businessId: string, place: { id: string; name: string }, input: { description?: string; scope?: string; dept?: string } = {}) => {
  const linked = await findProjectByPlace(db, businessId, place.id);
  if (linked) return linked;
  const byName = await findProjectByTag(db, businessId, place.name);
  if (byName && byName.placeId === null) {
    return (await db.update(costProjects).set({ placeId: place.id }).where(eq(costProjects.id, byName.id)).returning())[0];
  }
  await db.insert(costProjects).values({ businessId, tagName: place.name, placeId: place.id, description: input.description ?? '', scope: input.scope ?? '', dept: input.dept ?? 'default' })
    .onConflictDoNothing();
  return (await findProjectByPlace(db, businessId, place.id)) ?? (await findProjectByTag(db, businessId, place.name))!;
};

export const updateProject = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Pick<TProjectRow, 'description' | 'scope' | 'dept' | 'budgetMinor'>>) =>
  (await db.update(costProjects).set(patch).where(and(eq(costProjects.businessId, businessId), eq(costProjects.id, id))).returning())[0];

export const insertRecords = async (db: DbOrTx, businessId: string, projectId: string, rows: TNewRecord[]) =>
  rows.length === 0 ? [] : db.insert(costRecords).values(rows.map((r) => ({ ...r, businessId, projectId }))).returning();

/** Inserts the rows whose hash the project has not seen; the others are skipped by the unique index. */
export const insertNewRecords = async (db: DbOrTx, businessId: string, projectId: string, rows: TNewRecord[]) =>
  rows.length === 0 ? [] : db.insert(costRecords).values(rows.map((r) => ({ ...r, businessId, projectId }))).onConflictDoNothing().returning();

const recordColumns = { record: costRecords, tagName: costProjects.tagName };
const sumMinor = (col: typeof costRecords.amountMinor | typeof projectPayments.amountMinor) => sql<number>`coalesce(sum(${col}), 0)::bigint`.mapWith(Number);

export const findProjectRecords = async (db: DbOrTx, businessId: string, projectId: string, page?: { limit: number; offset: number }) => {
  const q = db.select(recordColumns).from(costRecords).innerJoin(costProjects, eq(costProjects.id, costRecords.projectId))
    .where(and(eq(costRecords.businessId, businessId), eq(costRecords.projectId, projectId)))
    .orderBy(desc(costRecords.date), desc(costRecords.createdAt), desc(costRecords.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
};

/** The server-side search and filters of the records lists (issue 35); amounts already in minor units. */
export type TRecordFilter = {
  projectId?: string; q?: string; category?: string; source?: string; from?: string; to?: string; minMinor?: number; maxMinor?: number; batchId?: string;
};
const recordSearchText = sql`lower(${costRecords.description} || ' ' || ${costRecords.category} || ' ' || ${costRecords.employeeName})`;
const filterOf = (businessId: string, f: TRecordFilter): SQL | undefined => and(
  eq(costRecords.businessId, businessId),
  f.projectId ? eq(costRecords.projectId, f.projectId) : undefined,
  f.q ? containsText(recordSearchText, f.q.trim().toLowerCase().replace(/\s+/g, ' ')) : undefined,
  f.category ? sql`lower(${costRecords.category}) = ${f.category.trim().toLowerCase()}` : undefined,
  f.source ? eq(costRecords.source, f.source as TRecordRow['source']) : undefined,
  f.from ? gte(costRecords.date, f.from) : undefined,
  f.to ? lte(costRecords.date, f.to) : undefined,
  f.minMinor !== undefined ? gte(costRecords.amountMinor, f.minMinor) : undefined,
  f.maxMinor !== undefined ? lte(costRecords.amountMinor, f.maxMinor) : undefined,
  f.batchId ? eq(costRecords.batchId, f.batchId) : undefined,
);

/** One page of the matching records, newest first, with how many match and the total amount of all of them. */
export const findMatchingRecords = async (db: DbOrTx, businessId: string, f: TRecordFilter, page: { limit: number; offset: number }) => {
  const where = filterOf(businessId, f);
  const [rows, [totals]] = await Promise.all([
    db.select(recordColumns).from(costRecords).innerJoin(costProjects, eq(costProjects.id, costRecords.projectId)).where(where)
      .orderBy(desc(costRecords.date), desc(costRecords.createdAt), desc(costRecords.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count(), totalMinor: sumMinor(costRecords.amountMinor) }).from(costRecords).where(where),
  ]);
  return { rows, totalRecords: totals.n, totalAmountMinor: totals.totalMinor };
};

export const countRecords = async (db: DbOrTx, businessId: string, projectId?: string) =>
  (await db.select({ n: count() }).from(costRecords)
    .where(and(eq(costRecords.businessId, businessId), projectId ? eq(costRecords.projectId, projectId) : undefined)))[0].n;

export const findAllRecords = async (db: DbOrTx, businessId: string, page: { limit: number; offset: number }) =>
  db.select(recordColumns).from(costRecords).innerJoin(costProjects, eq(costProjects.id, costRecords.projectId))
    .where(eq(costRecords.businessId, businessId))
    .orderBy(desc(costRecords.date), desc(costRecords.createdAt), desc(costRecords.id)).limit(page.limit).offset(page.offset);

export const findRecord = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select(recordColumns).from(costRecords).innerJoin(costProjects, eq(costProjects.id, costRecords.projectId))
    .where(and(eq(costRecords.businessId, businessId), eq(costRecords.id, id))).limit(1))[0];

export const updateRecord = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Pick<TRecordRow, 'description' | 'category' | 'amountMinor' | 'date'>>) =>
  (await db.update(costRecords).set(patch).where(and(eq(costRecords.businessId, businessId), eq(costRecords.id, id))).returning())[0];

/** Deletes exactly these ids of the business; returns the rows deleted. */
export const deleteRecords = async (db: DbOrTx, businessId: string, ids: string[]) =>
  db.delete(costRecords).where(and(eq(costRecords.businessId, businessId), inArray(costRecords.id, ids))).returning();

export const insertPayment = async (db: DbOrTx, businessId: string, projectId: string, input: { amountMinor: number; date: string; certificateId?: string | null }) =>
  (await db.insert(projectPayments).values({ businessId, projectId, ...input }).returning())[0];

export const findPayments = async (db: DbOrTx, businessId: string, projectId?: string) =>
  db.select({ payment: projectPayments, tagName: costProjects.tagName, certificateNumber: projectCertificates.number }).from(projectPayments)
    .innerJoin(costProjects, eq(costProjects.id, projectPayments.projectId))
    .leftJoin(projectCertificates, and(eq(projectCertificates.id, projectPayments.certificateId), eq(projectCertificates.businessId, businessId)))
    .where(and(eq(projectPayments.businessId, businessId), projectId ? eq(projectPayments.projectId, projectId) : undefined))
    .orderBy(desc(projectPayments.date), desc(projectPayments.createdAt)).limit(5000);


/** Per project: overheads (sum, count, last date) and payments. */
export const findProjectTotals = async (db: DbOrTx, businessId: string) => {
  const [records, payments] = await Promise.all([
    db.select({ projectId: costRecords.projectId, totalMinor: sumMinor(costRecords.amountMinor), n: count(), last: sql<string | null>`max(${costRecords.date})::text` })
      .from(costRecords).where(eq(costRecords.businessId, businessId)).groupBy(costRecords.projectId),
    db.select({ projectId: projectPayments.projectId, totalMinor: sumMinor(projectPayments.amountMinor) })
      .from(projectPayments).where(eq(projectPayments.businessId, businessId)).groupBy(projectPayments.projectId),
  ]);
  return { records: new Map(records.map((r) => [r.projectId, r])), payments: new Map(payments.map((p) => [p.projectId, p.totalMinor])) };
};

export const findMonthTotals = async (db: DbOrTx, businessId: string, projectIds?: string[]) => {
  const month = (col: typeof costRecords.date | typeof projectPayments.date) => sql<string>`to_char(${col}::date, 'YYYY-MM')`;
  const [records, payments] = await Promise.all([
    db.select({ month: month(costRecords.date), totalMinor: sumMinor(costRecords.amountMinor) }).from(costRecords)
      .where(and(eq(costRecords.businessId, businessId), projectIds ? inArray(costRecords.projectId, projectIds) : undefined)).groupBy(sql`1`),
    db.select({ month: month(projectPayments.date), totalMinor: sumMinor(projectPayments.amountMinor) }).from(projectPayments)
      .where(and(eq(projectPayments.businessId, businessId), projectIds ? inArray(projectPayments.projectId, projectIds) : undefined)).groupBy(sql`1`),
  ]);
  return { records, payments };
};

export const findCategoryTotals = async (db: DbOrTx, businessId: string, projectIds?: string[]) =>
  db.select({ category: costRecords.category, totalMinor: sumMinor(costRecords.amountMinor) }).from(costRecords)
    .where(and(eq(costRecords.businessId, businessId), projectIds ? inArray(costRecords.projectId, projectIds) : undefined))
    .groupBy(costRecords.category).orderBy(desc(sql`2`));

/** The top-bar search (issue 30): projects whose tag or description contains the text (cost_projects_search_trgm_idx). */
const projectSearchText = sql`lower(${costProjects.tagName} || ' ' || ${costProjects.description})`;
export const searchProjects = async (db: DbOrTx, businessId: string, text: string, limit: number) =>
  db.select({ id: costProjects.id, tagName: costProjects.tagName, description: costProjects.description, dept: costProjects.dept }).from(costProjects)
    .where(and(eq(costProjects.businessId, businessId), containsText(projectSearchText, text)))
    .orderBy(startsFirst(projectSearchText, text)).limit(limit + 1);

/** The project record a money side is linked to (null for an unlinked old spelling). */
export const placeOfProject = async (db: DbOrTx, businessId: string, projectId: string) =>
  (await db.select({ placeId: costProjects.placeId }).from(costProjects).where(and(eq(costProjects.businessId, businessId), eq(costProjects.id, projectId))).limit(1))[0]?.placeId ?? null;

/* Import batches (issue 35). */
export type TBatchRow = typeof costImportBatches.$inferSelect;

export const insertBatch = async (db: DbOrTx, businessId: string, projectId: string, input: { fileName: string; createdBy: string }) =>
  (await db.insert(costImportBatches).values({ businessId, projectId, ...input }).returning())[0];

/** The batch of this business and project, locked for the rest of the transaction; undefined when there is none. */
export const lockBatch = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(costImportBatches).where(and(eq(costImportBatches.businessId, businessId), eq(costImportBatches.id, id))).for('update').limit(1))[0];

export const addToBatch = async (db: DbOrTx, id: string, counts: { received: number; imported: number; skipped: number }) =>
  (await db.update(costImportBatches).set({
    received: sql`${costImportBatches.received} + ${counts.received}`, imported: sql`${costImportBatches.imported} + ${counts.imported}`, skipped: sql`${costImportBatches.skipped} + ${counts.skipped}`,
  }).where(eq(costImportBatches.id, id)).returning())[0];

export const markBatchUndone = async (db: DbOrTx, id: string, undoneBy: string) =>
  (await db.update(costImportBatches).set({ status: 'undone', undoneBy, undoneAt: new Date() }).where(eq(costImportBatches.id, id)).returning())[0];

export const findBatchRecordIds = async (db: DbOrTx, businessId: string, batchId: string) =>
  (await db.select({ id: costRecords.id }).from(costRecords).where(and(eq(costRecords.businessId, businessId), eq(costRecords.batchId, batchId)))).map((r) => r.id);

/** Batches newest first (of one project when given), with their records still on the project and those records' sum. */
export const findBatches = async (db: DbOrTx, businessId: string, projectId?: string, batchId?: string) =>
  db.select({
    batch: costImportBatches, tagName: costProjects.tagName,
    remaining: sql<number>`(select count(*) from cost_records r where r.batch_id = ${costImportBatches.id})::int`.mapWith(Number),
    amountMinor: sql<number>`(select coalesce(sum(r.amount_minor), 0) from cost_records r where r.batch_id = ${costImportBatches.id})::bigint`.mapWith(Number),
  }).from(costImportBatches).innerJoin(costProjects, eq(costProjects.id, costImportBatches.projectId))
    .where(and(eq(costImportBatches.businessId, businessId), projectId ? eq(costImportBatches.projectId, projectId) : undefined, batchId ? eq(costImportBatches.id, batchId) : undefined))
    .orderBy(desc(costImportBatches.createdAt), desc(costImportBatches.id)).limit(200);

export const toBatch = (r: Awaited<ReturnType<typeof findBatches>>[number]) => ({
  _id: r.batch.id, tagName: r.tagName, fileName: r.batch.fileName, createdBy: r.batch.createdBy, createdAt: r.batch.createdAt.toISOString(),
  received: r.batch.received, imported: r.batch.imported, skipped: r.batch.skipped, remaining: r.remaining, amountMinor: r.amountMinor,
  status: r.batch.status, undoneBy: r.batch.undoneBy, undoneAt: r.batch.undoneAt?.toISOString() ?? null,
});

/** All of a business's records of these projects (the analyst's look for duplicates, outliers and odd dates). */
export const findRecordsForReview = async (db: DbOrTx, businessId: string, projectIds?: string[]) =>
  db.select(recordColumns).from(costRecords).innerJoin(costProjects, eq(costProjects.id, costRecords.projectId))
    .where(and(eq(costRecords.businessId, businessId), projectIds ? inArray(costRecords.projectId, projectIds) : undefined))
    .orderBy(asc(costRecords.date), asc(costRecords.createdAt)).limit(20000);
/** Project costing (issue 35): every receipt of one money side, with the certificate it pays (null: a plain payment). */
export const findReceipts = async (db: DbOrTx, businessId: string, projectId: string) =>
  db.select({ amountMinor: projectPayments.amountMinor, date: projectPayments.date, certificateId: projectPayments.certificateId }).from(projectPayments)
    .where(and(eq(projectPayments.businessId, businessId), eq(projectPayments.projectId, projectId)));

/** One receipt of the business, locked for its removal (undefined: unknown or another business's). */
export const lockPayment = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({ payment: projectPayments, tagName: costProjects.tagName, placeId: costProjects.placeId }).from(projectPayments)
    .innerJoin(costProjects, eq(costProjects.id, projectPayments.projectId))
    .where(and(eq(projectPayments.businessId, businessId), eq(projectPayments.id, id))).for('update', { of: projectPayments }).limit(1))[0];

export const deletePayment = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(projectPayments).where(and(eq(projectPayments.businessId, businessId), eq(projectPayments.id, id)));

/** The latest date of the receipts still naming a certificate (null: none left). */
export const latestReceiptDate = async (db: DbOrTx, businessId: string, certificateId: string) =>
  (await db.select({ date: sql<string | null>`max(${projectPayments.date})::text` }).from(projectPayments)
    .where(and(eq(projectPayments.businessId, businessId), eq(projectPayments.certificateId, certificateId))))[0]?.date ?? null;
