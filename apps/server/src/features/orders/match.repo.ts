import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderLines, orderPayments, procurementSettings, vendorCreditNotes, vendorInvoiceLines, vendorInvoices } from '../../db/schema/index.ts';

/** SQL of the three-way match and the payables (issue 35): credit notes, overrides, tolerances, what is committed per invoice. */

export const getTolerances = async (db: DbOrTx, businessId: string) =>
  (await db.select({ qtyToleranceBp: procurementSettings.qtyToleranceBp, priceToleranceBp: procurementSettings.priceToleranceBp })
    .from(procurementSettings).where(eq(procurementSettings.businessId, businessId)).limit(1))[0];

export const saveTolerances = async (db: DbOrTx, businessId: string, set: { qtyToleranceBp?: number; priceToleranceBp?: number }) => {
  if (set.qtyToleranceBp === undefined && set.priceToleranceBp === undefined) return;
  await db.update(procurementSettings).set(set).where(eq(procurementSettings.businessId, businessId));
};

/** Every invoice of these orders with its lines, oldest first (earlier invoices claim received goods first). */
export const findOrderInvoices = async (db: DbOrTx, businessId: string, orderIds: string[]) => {
  if (orderIds.length === 0) return { invoices: [], lines: [] };
  const invoices = await db.select().from(vendorInvoices)
    .where(and(eq(vendorInvoices.businessId, businessId), inArray(vendorInvoices.orderId, orderIds))).orderBy(asc(vendorInvoices.createdAt), asc(vendorInvoices.id));
  const lines = invoices.length ? await db.select().from(vendorInvoiceLines).where(inArray(vendorInvoiceLines.invoiceId, invoices.map((i) => i.id))) : [];
  return { invoices, lines };
};

export const findCreditNotes = async (db: DbOrTx, businessId: string, orderIds: string[]) =>
  orderIds.length === 0 ? [] : db.select({ note: vendorCreditNotes, item: orderLines.item }).from(vendorCreditNotes)
    .leftJoin(orderLines, eq(orderLines.id, vendorCreditNotes.lineId))
    .where(and(eq(vendorCreditNotes.businessId, businessId), inArray(vendorCreditNotes.orderId, orderIds))).orderBy(asc(vendorCreditNotes.createdAt));

/**
 * Credit-note amounts per order and line (null: a whole-invoice credit), for the project cost ledger (lane `ledger`):
 * a credit note reduces the invoiced cost of its line, or of the invoice spread over its lines.
 */
export const creditsByOrderLine = async (db: DbOrTx, businessId: string, orderIds: string[]) =>
  orderIds.length === 0 ? [] : (await db.select({
    orderId: vendorCreditNotes.orderId, invoiceId: vendorCreditNotes.invoiceId, lineId: vendorCreditNotes.lineId,
    amountMinor: sql<string>`sum(${vendorCreditNotes.amountMinor})`,
  }).from(vendorCreditNotes).where(and(eq(vendorCreditNotes.businessId, businessId), inArray(vendorCreditNotes.orderId, orderIds)))
    .groupBy(vendorCreditNotes.orderId, vendorCreditNotes.invoiceId, vendorCreditNotes.lineId))
    .map((r) => ({ ...r, amountMinor: Number(r.amountMinor) }));

export const isCreditNoteNumberTaken = async (db: DbOrTx, businessId: string, invoiceId: string, number: string) =>
  (await db.select({ id: vendorCreditNotes.id }).from(vendorCreditNotes)
    .where(and(eq(vendorCreditNotes.businessId, businessId), eq(vendorCreditNotes.invoiceId, invoiceId), sql`lower(${vendorCreditNotes.number}) = ${number.toLowerCase()}`)).limit(1)).length > 0;

export const createCreditNote = async (db: DbOrTx, values: typeof vendorCreditNotes.$inferInsert) =>
  (await db.insert(vendorCreditNotes).values(values).returning())[0];

export const getInvoiceForUpdate = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(vendorInvoices).where(and(eq(vendorInvoices.businessId, businessId), eq(vendorInvoices.id, id))).limit(1).for('update'))[0];

export const setOverride = async (db: DbOrTx, id: string, set: { overrideReason: string; overriddenBy: string | null; overriddenByName: string }) =>
  (await db.update(vendorInvoices).set({ ...set, overriddenAt: new Date() }).where(eq(vendorInvoices.id, id)).returning())[0];

/** Payments that count against what is outstanding: paid, scheduled or awaiting approval (not rejected or cancelled). */
export const findLivePayments = async (db: DbOrTx, businessId: string, orderIds: string[]) =>
  orderIds.length === 0 ? [] : db.select({ orderId: orderPayments.orderId, invoiceId: orderPayments.invoiceId, status: orderPayments.status, amountMinor: orderPayments.amountMinor })
    .from(orderPayments).where(and(eq(orderPayments.businessId, businessId), inArray(orderPayments.orderId, orderIds), notInArray(orderPayments.status, ['rejected', 'cancelled'])));

export const setDocument = async (db: DbOrTx, id: string, set: { documentKey: string; documentName: string; documentMime: string }) =>
  (await db.update(vendorInvoices).set(set).where(eq(vendorInvoices.id, id)).returning())[0];
