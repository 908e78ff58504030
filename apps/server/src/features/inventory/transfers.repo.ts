import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, places, stockItems, stockMovements, stockTransferLines, stockTransfers } from '../../db/schema/index.ts';

export type TTransferRow = typeof stockTransfers.$inferSelect & { fromPlace: string; toPlace: string };
export type TTransferLineRow = typeof stockTransferLines.$inferSelect & { name: string; unit: string; available: string | null };

/**
 * The next document number of a business (TR-0001, SC-0001, PR-0001): the lock keeps two documents made at once
 * from taking the same number.
 */
export const nextNumber = async (tx: DbOrTx, businessId: string, table: string, prefix: string) => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${businessId}:${prefix}`}))`);
  const res = (await tx.execute(sql`SELECT coalesce(max(substring(number from ${sql.raw(String(prefix.length + 2))})::int), 0) + 1 AS n FROM ${sql.identifier(table)}
    WHERE business_id = ${businessId} AND number ~ ${`^${prefix}-[0-9]+$`}`)) as unknown as { rows: Array<{ n: number | string }> };
  return `${prefix}-${String(Number(res.rows[0].n)).padStart(4, '0')}`;
};

const fromP = sql<string>`(SELECT name FROM ${places} WHERE id = ${stockTransfers.fromPlaceId})`;
const toP = sql<string>`(SELECT name FROM ${places} WHERE id = ${stockTransfers.toPlaceId})`;

export const createTransfer = async (tx: DbOrTx, values: typeof stockTransfers.$inferInsert) =>
  (await tx.insert(stockTransfers).values(values).returning({ id: stockTransfers.id }))[0].id;

export const insertLines = async (tx: DbOrTx, rows: Array<typeof stockTransferLines.$inferInsert>) => {
  if (rows.length) await tx.insert(stockTransferLines).values(rows);
};

export const findTransfers = async (db: DbOrTx, businessId: string, f: { status?: string; ids?: string[]; forUpdate?: boolean } = {}): Promise<TTransferRow[]> => {
  const where: SQL[] = [eq(stockTransfers.businessId, businessId)];
  if (f.status) where.push(eq(stockTransfers.status, f.status as 'draft'));
  if (f.ids) where.push(inArray(stockTransfers.id, f.ids.length ? f.ids : ['00000000-0000-0000-0000-000000000000']));
  const q = db.select({ ...stockTransferCols, fromPlace: fromP, toPlace: toP }).from(stockTransfers).where(and(...where))
    .orderBy(desc(stockTransfers.createdAt), desc(stockTransfers.number)).limit(500);
  return f.forUpdate ? q.for('update') : q;
};
const stockTransferCols = {
  businessId: stockTransfers.businessId, id: stockTransfers.id, number: stockTransfers.number, fromPlaceId: stockTransfers.fromPlaceId, toPlaceId: stockTransfers.toPlaceId,
  status: stockTransfers.status, note: stockTransfers.note, requisitionId: stockTransfers.requisitionId, createdBy: stockTransfers.createdBy,
  dispatchedAt: stockTransfers.dispatchedAt, receivedAt: stockTransfers.receivedAt, cancelledAt: stockTransfers.cancelledAt,
  createdAt: stockTransfers.createdAt, updatedAt: stockTransfers.updatedAt,
};
export const updateTransfer = async (tx: DbOrTx, businessId: string, id: string, patch: Partial<typeof stockTransfers.$inferInsert>) =>
  tx.update(stockTransfers).set({ ...patch, updatedAt: new Date() }).where(and(eq(stockTransfers.businessId, businessId), eq(stockTransfers.id, id)));

/** The lines of some transfers with the item's name and unit and what the source holds now. */
export const findLines = async (db: DbOrTx, businessId: string, transfers: Array<{ id: string; fromPlaceId: string }>): Promise<TTransferLineRow[]> => {
  if (!transfers.length) return [];
  return db.select({
    businessId: stockTransferLines.businessId, id: stockTransferLines.id, transferId: stockTransferLines.transferId, stockItemId: stockTransferLines.stockItemId,
    quantity: stockTransferLines.quantity, unitCost: stockTransferLines.unitCost, sentValue: stockTransferLines.sentValue,
    receivedQuantity: stockTransferLines.receivedQuantity, receivedValue: stockTransferLines.receivedValue,
    returnedQuantity: stockTransferLines.returnedQuantity, returnedValue: stockTransferLines.returnedValue,
    name: stockItems.name, unit: stockItems.unit,
    available: sql<string | null>`(SELECT quantity FROM ${inventoryItems} WHERE stock_item_id = ${stockTransferLines.stockItemId} AND deleted_at IS NULL
      AND location_id = (SELECT from_place_id FROM ${stockTransfers} WHERE id = ${stockTransferLines.transferId}) LIMIT 1)`,
  }).from(stockTransferLines).innerJoin(stockItems, eq(stockItems.id, stockTransferLines.stockItemId))
    .where(and(eq(stockTransferLines.businessId, businessId), inArray(stockTransferLines.transferId, transfers.map((t) => t.id))))
    .orderBy(stockItems.name);
};

export const updateLine = async (tx: DbOrTx, id: string, patch: Partial<typeof stockTransferLines.$inferInsert>) =>
  tx.update(stockTransferLines).set(patch).where(eq(stockTransferLines.id, id));

export const replaceLines = async (tx: DbOrTx, businessId: string, transferId: string, rows: Array<typeof stockTransferLines.$inferInsert>) => {
  await tx.delete(stockTransferLines).where(and(eq(stockTransferLines.businessId, businessId), eq(stockTransferLines.transferId, transferId)));
  await insertLines(tx, rows);
};

/** Live master items of the business among these ids. */
export const findMasters = async (db: DbOrTx, businessId: string, ids: string[]) =>
  db.select({ id: stockItems.id, name: stockItems.name, unit: stockItems.unit }).from(stockItems)
    .where(and(eq(stockItems.businessId, businessId), inArray(stockItems.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']), sql`${stockItems.deletedAt} IS NULL`));

/** How many receipts a transfer has had (each receipt's movements carry `<number> receipt <n>`). */
export const countReceipts = async (db: DbOrTx, businessId: string, number: string) => {
  const rows = await db.selectDistinct({ reference: stockMovements.reference }).from(stockMovements)
    .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.kind, 'transfer_in'), sql`${stockMovements.reference} LIKE ${`${number} receipt %`}`));
  return rows.length;
};

export const hasMovementAfter = async (db: DbOrTx, itemId: string, after: Date) =>
  (await db.select({ id: stockMovements.id }).from(stockMovements).where(and(eq(stockMovements.itemId, itemId), gt(stockMovements.createdAt, after))).limit(1)).length > 0;
