import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  goodsReceived, goodsReceivedLines, goodsReturnLines, goodsReturns, orderLines, places, purchaseOrders, vendorInvoiceLines, vendorInvoices, vendors,
} from '../../db/schema/index.ts';

/** What an order's ledger entries are computed from (issue 35): the order, its lines, receipts (less returns) and invoices. */
export const findOrderFacts = async (db: DbOrTx, businessId: string, orderId: string) => {
  const [order] = await db.select({
    id: purchaseOrders.id, number: purchaseOrders.number, poType: purchaseOrders.poType, approvalStatus: purchaseOrders.approvalStatus,
    projectId: purchaseOrders.projectId, deliveryPlaceId: purchaseOrders.deliveryPlaceId, createdAt: purchaseOrders.createdAt, vendorName: vendors.name,
    deliveryKind: places.kind, deliveryProjectId: places.projectId,
    vatRateBp: purchaseOrders.vatRateBp, levyRateBp: purchaseOrders.levyRateBp,
  }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).leftJoin(places, eq(places.id, purchaseOrders.deliveryPlaceId))
    .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, orderId))).limit(1);
  if (!order) return null;
  const [lines, receipts, invoiced] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
    db.select({
      grnId: goodsReceivedLines.grnId, lineId: goodsReceivedLines.lineId, locationId: goodsReceivedLines.locationId, quantityMilli: goodsReceivedLines.quantityMilli,
      receivedDate: goodsReceived.receivedDate,
      returnedMilli: sql<number>`(SELECT coalesce(sum(${goodsReturnLines.quantityMilli}), 0)::bigint FROM ${goodsReturnLines} JOIN ${goodsReturns} ON ${goodsReturns.id} = ${goodsReturnLines.returnId}
        WHERE ${goodsReturns.grnId} = ${goodsReceivedLines.grnId} AND ${goodsReturnLines.lineId} = ${goodsReceivedLines.lineId})`.mapWith(Number),
    }).from(goodsReceivedLines).innerJoin(goodsReceived, eq(goodsReceived.id, goodsReceivedLines.grnId)).where(eq(goodsReceived.orderId, orderId)),
    db.select({
      lineId: vendorInvoiceLines.lineId, quantityMilli: vendorInvoiceLines.quantityMilli, unitPriceMinor: vendorInvoiceLines.unitPriceMinor,
      invoiceDate: vendorInvoices.invoiceDate, invoiceNumber: vendorInvoices.invoiceNumber, invoiceId: vendorInvoices.id,
    }).from(vendorInvoiceLines).innerJoin(vendorInvoices, eq(vendorInvoices.id, vendorInvoiceLines.invoiceId)).where(eq(vendorInvoices.orderId, orderId)),
  ]);
  return { order, lines, receipts, invoiced };
};
export type TOrderFacts = NonNullable<Awaited<ReturnType<typeof findOrderFacts>>>;

/** A vendor invoice of the business whose vendor and number (or vendor and total) match an OCR'd receipt (issue 35). */
export const findMatchingInvoice = async (db: DbOrTx, businessId: string, m: { vendorName: string; invoiceNumber?: string | null; totalMinor?: number | null }) => {
  const vendor = sql`lower(btrim(${vendors.name})) = lower(btrim(${m.vendorName}))`;
  const byNumber = m.invoiceNumber?.trim() ? sql`lower(btrim(${vendorInvoices.invoiceNumber})) = lower(btrim(${m.invoiceNumber}))` : undefined;
  const byTotal = m.totalMinor ? eq(vendorInvoices.totalMinor, m.totalMinor) : undefined;
  if (!byNumber && !byTotal) return undefined;
  const [row] = await db.select({ invoiceId: vendorInvoices.id, invoiceNumber: vendorInvoices.invoiceNumber, orderNumber: purchaseOrders.number })
    .from(vendorInvoices).innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorInvoices.orderId)).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(vendorInvoices.businessId, businessId), vendor, byNumber ?? byTotal))
    .orderBy(sql`${vendorInvoices.createdAt} desc`).limit(1);
  return row;
};
