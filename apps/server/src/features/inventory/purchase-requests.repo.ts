import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { materialRequisitions, places, purchaseOrders, purchaseRequests, stockItems } from '../../db/schema/index.ts';

export const createRequest = async (tx: DbOrTx, values: typeof purchaseRequests.$inferInsert) =>
  (await tx.insert(purchaseRequests).values(values).returning({ id: purchaseRequests.id, number: purchaseRequests.number }))[0];

export const findRequests = async (db: DbOrTx, businessId: string, f: { status?: 'open' | 'ordered'; ids?: string[]; forUpdate?: boolean } = {}) => {
  const where: SQL[] = [eq(purchaseRequests.businessId, businessId)];
  if (f.status) where.push(eq(purchaseRequests.status, f.status));
  if (f.ids) where.push(inArray(purchaseRequests.id, f.ids.length ? f.ids : ['00000000-0000-0000-0000-000000000000']));
  const q = db.select({
    id: purchaseRequests.id, number: purchaseRequests.number, stockItemId: purchaseRequests.stockItemId, quantity: purchaseRequests.quantity,
    placeId: purchaseRequests.placeId, requisitionId: purchaseRequests.requisitionId, status: purchaseRequests.status, orderId: purchaseRequests.orderId,
    createdAt: purchaseRequests.createdAt, name: stockItems.name, unit: stockItems.unit,
    place: sql<string | null>`(SELECT name FROM ${places} WHERE id = ${purchaseRequests.placeId})`,
    requisitionNumber: sql<string | null>`(SELECT number FROM ${materialRequisitions} WHERE id = ${purchaseRequests.requisitionId})`,
    orderNumber: sql<string | null>`(SELECT number FROM ${purchaseOrders} WHERE id = ${purchaseRequests.orderId})`,
  }).from(purchaseRequests).innerJoin(stockItems, eq(stockItems.id, purchaseRequests.stockItemId)).where(and(...where))
    .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.number)).limit(500);
  return f.forUpdate ? q.for('update', { of: purchaseRequests }) : q;
};
export type TPurchaseRequestRow = Awaited<ReturnType<typeof findRequests>>[number];

export const updateRequest = async (tx: DbOrTx, businessId: string, id: string, patch: Partial<typeof purchaseRequests.$inferInsert>) =>
  tx.update(purchaseRequests).set({ ...patch, updatedAt: new Date() }).where(and(eq(purchaseRequests.businessId, businessId), eq(purchaseRequests.id, id)));
