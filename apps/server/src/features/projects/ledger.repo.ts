import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { places, projectCostEntries } from '../../db/schema/index.ts';

export type TLedgerRow = typeof projectCostEntries.$inferSelect;
export type TNewLedgerRow = Omit<typeof projectCostEntries.$inferInsert, 'businessId' | 'id' | 'createdAt'>;

/** Removes every entry of one source (all its lines and stages). */
export const deleteSource = async (db: DbOrTx, businessId: string, sourceKind: string, sourceIds: string[]) =>
  sourceIds.length === 0 ? [] : db.delete(projectCostEntries)
    .where(and(eq(projectCostEntries.businessId, businessId), eq(projectCostEntries.sourceKind, sourceKind), inArray(projectCostEntries.sourceId, sourceIds)))
    .returning({ id: projectCostEntries.id });

export const insertEntries = async (db: DbOrTx, businessId: string, rows: TNewLedgerRow[]) =>
  rows.length === 0 ? [] : db.insert(projectCostEntries).values(rows.map((r) => ({ ...r, businessId }))).returning();

/** A place's project: itself when a project, its project when a site; null for a store or an unknown id. */
export const projectOfPlace = async (db: DbOrTx, businessId: string, placeId: string) => {
  const [row] = await db.select({ id: places.id, kind: places.kind, projectId: places.projectId }).from(places)
    .where(and(eq(places.businessId, businessId), eq(places.id, placeId))).limit(1);
  if (!row) return null;
  if (row.kind === 'project') return { projectId: row.id, siteId: null };
  if (row.kind === 'site' && row.projectId) return { projectId: row.projectId, siteId: row.id };
  return null;
};

const sumStage = (stage: 'committed' | 'actual') =>
  sql<number>`coalesce(sum(${projectCostEntries.amountMinor}) filter (where ${projectCostEntries.stage} = ${stage}), 0)::bigint`.mapWith(Number);

/** Totals per project, category and source (optionally one project, optionally up to a date). */
export const findTotals = async (db: DbOrTx, businessId: string, opts: { projectId?: string; to?: string; from?: string } = {}) => {
  const where = and(
    eq(projectCostEntries.businessId, businessId),
    opts.projectId ? eq(projectCostEntries.projectId, opts.projectId) : undefined,
    opts.from ? sql`${projectCostEntries.entryDate} >= ${opts.from}` : undefined,
    opts.to ? sql`${projectCostEntries.entryDate} <= ${opts.to}` : undefined,
  );
  return db.select({
    projectId: projectCostEntries.projectId, category: projectCostEntries.category, sourceKind: projectCostEntries.sourceKind,
    committedMinor: sumStage('committed'), actualMinor: sumStage('actual'), entries: sql<number>`count(*)::int`.mapWith(Number),
  }).from(projectCostEntries).where(where)
    .groupBy(projectCostEntries.projectId, projectCostEntries.category, projectCostEntries.sourceKind);
};

/** Actual cost per month (YYYY-MM) and project. */
export const findMonthTotals = async (db: DbOrTx, businessId: string, projectId?: string) =>
  db.select({
    projectId: projectCostEntries.projectId,
    month: sql<string>`to_char(${projectCostEntries.entryDate}, 'YYYY-MM')`,
    committedMinor: sumStage('committed'), actualMinor: sumStage('actual'),
  }).from(projectCostEntries)
    .where(and(eq(projectCostEntries.businessId, businessId), projectId ? eq(projectCostEntries.projectId, projectId) : undefined))
    .groupBy(projectCostEntries.projectId, sql`to_char(${projectCostEntries.entryDate}, 'YYYY-MM')`);

const site = sql`(select name from places s where s.id = ${projectCostEntries.siteId})`;

/** A project's entries, newest first, a page at a time, optionally of one category, source or stage. */
export const findEntries = async (db: DbOrTx, businessId: string, opts: {
  projectId?: string; category?: string; sourceKind?: string; stage?: 'committed' | 'actual'; limit: number; offset: number;
}) => {
  const where = and(
    eq(projectCostEntries.businessId, businessId),
    opts.projectId ? eq(projectCostEntries.projectId, opts.projectId) : undefined,
    opts.category ? eq(projectCostEntries.category, opts.category) : undefined,
    opts.sourceKind ? eq(projectCostEntries.sourceKind, opts.sourceKind) : undefined,
    opts.stage ? eq(projectCostEntries.stage, opts.stage) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select({ entry: projectCostEntries, projectName: places.name, siteName: sql<string | null>`${site}` })
      .from(projectCostEntries).innerJoin(places, eq(places.id, projectCostEntries.projectId))
      .where(where).orderBy(desc(projectCostEntries.entryDate), desc(projectCostEntries.createdAt), desc(projectCostEntries.id))
      .limit(opts.limit).offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(projectCostEntries).where(where),
  ]);
  return { rows, total: n };
};
