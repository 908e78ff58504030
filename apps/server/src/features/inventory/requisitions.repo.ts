import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, materialRequisitions, requisitionLines, stockItems } from '../../db/schema/index.ts';

export type TRequisitionRow = typeof materialRequisitions.$inferSelect;
export type TLineRow = { id: string; requisitionId: string; itemId: string | null; stockItemId: string | null; itemName: string; unit: string; quantity: string; available: string | null; issuedQuantity: string | null };

export const OPEN_STATUSES = ['pending', 'approved'] as const;

export const createRequisition = async (db: DbOrTx, values: typeof materialRequisitions.$inferInsert) =>
  (await db.insert(materialRequisitions).values(values).returning())[0];

export const replaceLines = async (db: DbOrTx, businessId: string, requisitionId: string, lines: Array<{ itemId: string | null; stockItemId: string; quantity: number }>) => {
  await db.delete(requisitionLines).where(and(eq(requisitionLines.businessId, businessId), eq(requisitionLines.requisitionId, requisitionId)));
  await db.insert(requisitionLines).values(lines.map((l) => ({ businessId, requisitionId, itemId: l.itemId, stockItemId: l.stockItemId, quantity: String(l.quantity) })));
};

export const setIssued = async (db: DbOrTx, requisitionId: string, lineId: string, quantity: string) =>
  db.update(requisitionLines).set({ issuedQuantity: quantity }).where(and(eq(requisitionLines.requisitionId, requisitionId), eq(requisitionLines.id, lineId)));

export const getRequisition = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(materialRequisitions).where(and(eq(materialRequisitions.businessId, businessId), eq(materialRequisitions.id, id)));
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

export const updateRequisition = async (db: DbOrTx, businessId: string, id: string, patch: Partial<typeof materialRequisitions.$inferInsert>) =>
  (await db.update(materialRequisitions).set({ ...patch, updatedAt: new Date() })
    .where(and(eq(materialRequisitions.businessId, businessId), eq(materialRequisitions.id, id))).returning())[0];

export const deleteRequisition = async (db: DbOrTx, businessId: string, id: string) =>
  db.delete(materialRequisitions).where(and(eq(materialRequisitions.businessId, businessId), eq(materialRequisitions.id, id)));

export const findRequisitions = async (db: DbOrTx, businessId: string, f: { tagName?: string; collectionPointId?: string } = {}) => {
  const where: SQL[] = [eq(materialRequisitions.businessId, businessId)];
  if (f.tagName !== undefined) where.push(sql`lower(${materialRequisitions.tagName}) = lower(${f.tagName})`);
  if (f.collectionPointId) where.push(eq(materialRequisitions.collectionPointId, f.collectionPointId));
  return db.select().from(materialRequisitions).where(and(...where)).orderBy(desc(materialRequisitions.createdAt)).limit(500);
};

export const findLines = async (db: DbOrTx, businessId: string, requisitionIds: string[]): Promise<TLineRow[]> => {
  if (requisitionIds.length === 0) return [];
  return db.select({
    id: requisitionLines.id, requisitionId: requisitionLines.requisitionId, itemId: requisitionLines.itemId, stockItemId: requisitionLines.stockItemId,
    itemName: sql<string>`coalesce(${inventoryItems.name}, ${stockItems.name})`, unit: sql<string>`coalesce(${inventoryItems.unit}, ${stockItems.unit})`,
    quantity: requisitionLines.quantity, available: inventoryItems.quantity, issuedQuantity: requisitionLines.issuedQuantity,
  }).from(requisitionLines).leftJoin(inventoryItems, eq(inventoryItems.id, requisitionLines.itemId))
    .leftJoin(stockItems, eq(stockItems.id, requisitionLines.stockItemId))
    .where(and(eq(requisitionLines.businessId, businessId), inArray(requisitionLines.requisitionId, requisitionIds)))
    .orderBy(sql`coalesce(${inventoryItems.name}, ${stockItems.name})`, requisitionLines.id);
};

/** An item some pending or approved requisition still asks for cannot be deleted. */
export const hasOpenLines = async (db: DbOrTx, businessId: string, itemId: string) =>
  (await db.select({ id: requisitionLines.id }).from(requisitionLines)
    .innerJoin(materialRequisitions, eq(materialRequisitions.id, requisitionLines.requisitionId))
    .where(and(eq(requisitionLines.businessId, businessId), eq(requisitionLines.itemId, itemId), inArray(materialRequisitions.status, [...OPEN_STATUSES]))).limit(1)).length > 0;

export const countRequisitions = async (db: DbOrTx, businessId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(materialRequisitions).where(eq(materialRequisitions.businessId, businessId)))[0].n;
