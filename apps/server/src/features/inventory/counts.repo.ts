import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, inventorySettings, places, stockCountLines, stockCounts, stockMovements } from '../../db/schema/index.ts';

export type TCountRow = typeof stockCounts.$inferSelect & { place: string };
export type TCountLineRow = typeof stockCountLines.$inferSelect & { name: string; sku: string | null; unit: string; hasMovedSince: boolean };

const placeName = sql<string>`(SELECT name FROM ${places} WHERE id = ${stockCounts.placeId})`;

export const findCounts = async (db: DbOrTx, businessId: string, f: { ids?: string[]; placeId?: string; open?: boolean; forUpdate?: boolean } = {}): Promise<TCountRow[]> => {
  const where: SQL[] = [eq(stockCounts.businessId, businessId)];
  if (f.ids) where.push(inArray(stockCounts.id, f.ids.length ? f.ids : ['00000000-0000-0000-0000-000000000000']));
  if (f.placeId) where.push(eq(stockCounts.placeId, f.placeId));
  if (f.open) where.push(inArray(stockCounts.status, ['draft', 'awaiting_approval']));
  const q = db.select({
    businessId: stockCounts.businessId, id: stockCounts.id, number: stockCounts.number, placeId: stockCounts.placeId, status: stockCounts.status,
    reason: stockCounts.reason, varianceValue: stockCounts.varianceValue, createdBy: stockCounts.createdBy, postedAt: stockCounts.postedAt,
    createdAt: stockCounts.createdAt, updatedAt: stockCounts.updatedAt, place: placeName,
  }).from(stockCounts).where(and(...where)).orderBy(desc(stockCounts.createdAt), desc(stockCounts.number)).limit(500);
  return f.forUpdate ? q.for('update') : q;
};

export const createCount = async (tx: DbOrTx, values: typeof stockCounts.$inferInsert) =>
  (await tx.insert(stockCounts).values(values).returning({ id: stockCounts.id }))[0].id;

export const updateCount = async (tx: DbOrTx, businessId: string, id: string, patch: Partial<typeof stockCounts.$inferInsert>) =>
  tx.update(stockCounts).set({ ...patch, updatedAt: new Date() }).where(and(eq(stockCounts.businessId, businessId), eq(stockCounts.id, id)));

/** The live stock rows of a place: what a new count sheet expects. */
export const findRowsAt = async (db: DbOrTx, businessId: string, placeId: string) =>
  db.select({ id: inventoryItems.id, quantity: inventoryItems.quantity, stockValue: inventoryItems.stockValue, lastUnitCost: inventoryItems.lastUnitCost })
    .from(inventoryItems).where(and(eq(inventoryItems.businessId, businessId), eq(inventoryItems.locationId, placeId), isNull(inventoryItems.deletedAt)))
    .orderBy(asc(inventoryItems.name));

export const insertLines = async (tx: DbOrTx, rows: Array<typeof stockCountLines.$inferInsert>) => {
  if (rows.length) await tx.insert(stockCountLines).values(rows);
};

export const findLines = async (db: DbOrTx, businessId: string, countIds: string[]): Promise<TCountLineRow[]> => {
  if (!countIds.length) return [];
  return db.select({
    businessId: stockCountLines.businessId, id: stockCountLines.id, countId: stockCountLines.countId, itemId: stockCountLines.itemId,
    expectedQuantity: stockCountLines.expectedQuantity, unitCost: stockCountLines.unitCost, countedQuantity: stockCountLines.countedQuantity,
    reason: stockCountLines.reason, snapshotAt: stockCountLines.snapshotAt,
    name: inventoryItems.name, sku: inventoryItems.sku, unit: inventoryItems.unit,
    hasMovedSince: sql<boolean>`EXISTS (SELECT 1 FROM ${stockMovements} m WHERE m.item_id = ${stockCountLines.itemId} AND m.created_at > ${stockCountLines.snapshotAt}
      AND NOT (m.kind IN ('adjustment_in', 'adjustment_out') AND m.reference = (SELECT number FROM ${stockCounts} WHERE id = ${stockCountLines.countId})))`,
  }).from(stockCountLines).innerJoin(inventoryItems, eq(inventoryItems.id, stockCountLines.itemId))
    .where(and(eq(stockCountLines.businessId, businessId), inArray(stockCountLines.countId, countIds)))
    .orderBy(asc(inventoryItems.name), asc(stockCountLines.id));
};

export const updateLine = async (tx: DbOrTx, countId: string, id: string, patch: Partial<typeof stockCountLines.$inferInsert>) =>
  tx.update(stockCountLines).set(patch).where(and(eq(stockCountLines.countId, countId), eq(stockCountLines.id, id)));

export const getThreshold = async (db: DbOrTx, businessId: string) =>
  (await db.select({ t: inventorySettings.countApprovalThreshold }).from(inventorySettings).where(eq(inventorySettings.businessId, businessId)))[0]?.t ?? 5_000_000;

export const saveThreshold = async (tx: DbOrTx, businessId: string, threshold: number) =>
  tx.insert(inventorySettings).values({ businessId, countApprovalThreshold: threshold })
    .onConflictDoUpdate({ target: inventorySettings.businessId, set: { countApprovalThreshold: threshold, updatedAt: new Date() } });
