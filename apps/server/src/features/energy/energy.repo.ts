import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { energyEntries, energyReports } from '../../db/schema/index.ts';

export type TEnergyRow = typeof energyEntries.$inferSelect;

export const createEntry = async (db: DbOrTx, values: typeof energyEntries.$inferInsert) => (await db.insert(energyEntries).values(values).returning())[0];

export const findEntries = async (db: DbOrTx, businessId: string, f: { tagName?: string; from?: string; to?: string; collectionPointId?: string } = {}) => {
  const where: SQL[] = [eq(energyEntries.businessId, businessId)];
  if (f.tagName) where.push(sql`lower(${energyEntries.tagName}) = lower(${f.tagName})`);
  if (f.collectionPointId) where.push(eq(energyEntries.collectionPointId, f.collectionPointId));
  if (f.from) where.push(gte(energyEntries.date, f.from));
  if (f.to) where.push(lte(energyEntries.date, f.to));
  return db.select().from(energyEntries).where(and(...where)).orderBy(desc(energyEntries.date), desc(energyEntries.createdAt)).limit(5000);
};

/** Per month and kind (never across units): entries, total quantity (thousandths) and total cost. */
export const monthTotals = async (db: DbOrTx, businessId: string, tagName?: string, kind?: string) =>
  db.select({
    month: sql<string>`to_char(${energyEntries.date}, 'YYYY-MM')`,
    kind: energyEntries.kind,
    entries: sql<number>`count(*)::int`,
    quantityMilli: sql<string>`(sum(${energyEntries.quantity}) * 1000)::bigint::text`,
    expenses: sql<string>`sum(${energyEntries.expenses})::text`,
  }).from(energyEntries)
    .where(and(eq(energyEntries.businessId, businessId), ...(tagName ? [sql`lower(${energyEntries.tagName}) = lower(${tagName})`] : []), ...(kind ? [eq(energyEntries.kind, kind)] : [])))
    .groupBy(sql`1`, energyEntries.kind).orderBy(asc(sql`1`), asc(energyEntries.kind));

export const projectTotals = async (db: DbOrTx, businessId: string, kind?: string) =>
  db.select({
    tagName: energyEntries.tagName,
    kind: energyEntries.kind,
    quantityMilli: sql<string>`(sum(${energyEntries.quantity}) * 1000)::bigint::text`,
    expenses: sql<string>`sum(${energyEntries.expenses})::text`,
  }).from(energyEntries).where(and(eq(energyEntries.businessId, businessId), ...(kind ? [eq(energyEntries.kind, kind)] : [])))
    .groupBy(energyEntries.tagName, energyEntries.kind).orderBy(asc(energyEntries.tagName), asc(energyEntries.kind));

/** A generator's fuel entries, by running hours (litres per hour between readings). */
export const findAssetEntries = async (db: DbOrTx, businessId: string, assetId: string) =>
  db.select().from(energyEntries).where(and(eq(energyEntries.businessId, businessId), eq(energyEntries.assetId, assetId)))
    .orderBy(asc(energyEntries.date), asc(energyEntries.createdAt)).limit(1000);

export const createReport = async (db: DbOrTx, values: typeof energyReports.$inferInsert) => (await db.insert(energyReports).values(values).returning())[0];
