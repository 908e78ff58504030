import { and, asc, eq, gte, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  businesses, goodsReceived, orderPayments, places, purchaseOrders, vendorInvoices, vendors,
} from '../../db/schema/index.ts';

/** SQL of withholding tax, payables ageing and the printable documents (issue 35, lane wht). */

/** One payment with what WHT needs: the gross, the vendor's WHT settings and TIN, the order and invoice numbers. */
export const getPaymentForWht = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({
    id: orderPayments.id, orderId: orderPayments.orderId, invoiceId: orderPayments.invoiceId, amountMinor: orderPayments.amountMinor, status: orderPayments.status,
    dueDate: orderPayments.dueDate, paidDate: orderPayments.paidDate, method: orderPayments.method, reference: orderPayments.reference, note: orderPayments.note,
    whtMinor: orderPayments.whtMinor, whtRateBp: orderPayments.whtRateBp, whtRateKey: orderPayments.whtRateKey, whtAuthority: orderPayments.whtAuthority,
    currency: purchaseOrders.currency, orderNumber: purchaseOrders.number, invoiceNumber: vendorInvoices.invoiceNumber,
    orderSubtotalMinor: purchaseOrders.subtotalMinor, orderTotalMinor: purchaseOrders.totalMinor, whtBaseMinor: orderPayments.whtBaseMinor,
    vendorId: vendors.id, vendorName: vendors.name, vendorTin: vendors.taxId, vendorAddress: vendors.address, vendorEmail: vendors.email, vendorPhone: vendors.phone,
    bankName: vendors.bankName, bankAccountNumber: vendors.bankAccountNumber, bankAccountName: vendors.bankAccountName,
    whtCategory: vendors.whtCategory, whtPayeeType: vendors.whtPayeeType, isSmallSupplier: vendors.isSmallSupplier,
  }).from(orderPayments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, orderPayments.orderId))
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(vendorInvoices, eq(vendorInvoices.id, orderPayments.invoiceId))
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.id, id))).limit(1))[0];
export type TWhtPaymentRow = NonNullable<Awaited<ReturnType<typeof getPaymentForWht>>>;

/**
 * What was paid to a vendor (gross) in a period — a month `YYYY-MM` (Nigeria's small-supplier test) or a year `YYYY`
 * (Ghana's GH¢2,000 threshold) — leaving one payment out.
 */
export const paidToVendorIn = async (db: DbOrTx, businessId: string, vendorId: string, period: string, exceptId: string) =>
  Number((await db.select({ total: sql<string>`coalesce(sum(${orderPayments.amountMinor}), 0)` }).from(orderPayments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.businessId, businessId), eq(purchaseOrders.vendorId, vendorId), eq(orderPayments.status, 'paid'), ne(orderPayments.id, exceptId),
      sql`to_char(${orderPayments.paidDate}, ${period.length === 4 ? 'YYYY' : 'YYYY-MM'}) = ${period}`)))[0].total);

export const setWht = async (db: DbOrTx, id: string, set: { whtMinor: number; whtRateBp: number | null; whtRateKey: string | null; whtAuthority: string | null; whtBaseMinor: number | null }) =>
  db.update(orderPayments).set(set).where(eq(orderPayments.id, id));

/** The month's paid payments with tax withheld, oldest first. */
export const findWithheld = async (db: DbOrTx, businessId: string, month: string) =>
  db.select({
    paymentId: orderPayments.id, paidDate: orderPayments.paidDate, authority: orderPayments.whtAuthority, vendorName: vendors.name, vendorTin: vendors.taxId,
    orderNumber: purchaseOrders.number, invoiceNumber: vendorInvoices.invoiceNumber, grossMinor: orderPayments.amountMinor,
    baseMinor: sql<string>`coalesce(${orderPayments.whtBaseMinor}, ${orderPayments.amountMinor})`.mapWith(Number), rateBp: orderPayments.whtRateBp,
    whtMinor: orderPayments.whtMinor, rateKey: orderPayments.whtRateKey,
  }).from(orderPayments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, orderPayments.orderId))
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(vendorInvoices, eq(vendorInvoices.id, orderPayments.invoiceId))
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.status, 'paid'), sql`${orderPayments.whtMinor} > 0`,
      gte(orderPayments.paidDate, `${month}-01`), lte(orderPayments.paidDate, sql`(${`${month}-01`}::date + interval '1 month' - interval '1 day')::date`)))
    .orderBy(asc(orderPayments.paidDate), asc(vendors.name));

/**
 * Every invoice of a live regular order with what is paid and what is scheduled (waiting for approval or approved,
 * not yet paid) against it, and its credit notes: the parts of "outstanding" (features/orders/payables.ts).
 */
export const findInvoiceBalances = async (db: DbOrTx, businessId: string) =>
  (await db.select({
    invoiceId: vendorInvoices.id, invoiceNumber: vendorInvoices.invoiceNumber, invoiceDate: vendorInvoices.invoiceDate, dueDate: vendorInvoices.dueDate,
    totalMinor: vendorInvoices.totalMinor, orderId: purchaseOrders.id, orderNumber: purchaseOrders.number, vendorId: vendors.id, vendorName: vendors.name,
    paidMinor: sql<string>`coalesce((select sum(p.amount_minor) from order_payments p where p.invoice_id = ${vendorInvoices.id} and p.status = 'paid'), 0)`,
    scheduledMinor: sql<string>`coalesce((select sum(p.amount_minor) from order_payments p where p.invoice_id = ${vendorInvoices.id} and p.status in ('pending-approval', 'scheduled')), 0)`,
    creditsMinor: sql<string>`coalesce((select sum(c.amount_minor) from vendor_credit_notes c where c.invoice_id = ${vendorInvoices.id}), 0)`,
  }).from(vendorInvoices)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorInvoices.orderId))
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(vendorInvoices.businessId, businessId), notInArray(purchaseOrders.approvalStatus, ['cancelled', 'rejected'])))
    .orderBy(asc(vendors.name), asc(vendorInvoices.invoiceDate)))
    .map((r) => ({ ...r, paidMinor: Number(r.paidMinor), scheduledMinor: Number(r.scheduledMinor), creditsMinor: Number(r.creditsMinor) }));

/** The business's letterhead: name, identifiers, address (its state or region), logo path. */
export const getLetterhead = async (db: DbOrTx, businessId: string) =>
  (await db.select({
    name: businesses.name, rcNumber: businesses.rcNumber, tin: businesses.employerTin, stateOrRegion: businesses.stateOrRegion, country: businesses.country,
    imagePath: businesses.imagePath, ownerEmail: businesses.ownerEmail,
  }).from(businesses).where(eq(businesses.id, businessId)).limit(1))[0];

export const getVendorOfOrder = async (db: DbOrTx, businessId: string, orderId: string) =>
  (await db.select({
    name: vendors.name, address: vendors.address, tin: vendors.taxId, email: vendors.email, phone: vendors.phone, contactName: vendors.contactName,
    deliveryName: places.name, deliveryAddress: places.address,
  }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).leftJoin(places, eq(places.id, purchaseOrders.deliveryPlaceId))
    .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, orderId))).limit(1))[0];

export const getGrnOrder = async (db: DbOrTx, businessId: string, grnId: string) =>
  (await db.select({ orderId: goodsReceived.orderId }).from(goodsReceived).where(and(eq(goodsReceived.businessId, businessId), eq(goodsReceived.id, grnId))).limit(1))[0];

