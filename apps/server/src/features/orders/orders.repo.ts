import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { milliToQuantity, type TOrder, type TOrderListQuery, type TPayment, type TPoType, type TOrderApprovalStatus } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { containsText, startsFirst } from '../../platform/search.ts';
import {
  goodsReceived, goodsReceivedLines, goodsReturnLines, goodsReturns, orderLines, orderRevisions, places, orderPayments, procurementSettings, purchaseOrders, standingCallOffs, vendorInvoiceLines,
  vendorInvoices, vendors,
} from '../../db/schema/index.ts';

export type TOrderRow = typeof purchaseOrders.$inferSelect & { vendorName: string; vendorEmail: string | null; deliveryPlaceName?: string | null; projectName?: string | null };
export type TLineRow = typeof orderLines.$inferSelect;
export type TPaymentRow = typeof orderPayments.$inferSelect;
export type TInvoiceRow = typeof vendorInvoices.$inferSelect;

/* settings and numbering */

export const getSettings = async (db: DbOrTx, businessId: string) =>
  (await db.select().from(procurementSettings).where(eq(procurementSettings.businessId, businessId)).limit(1))[0];

export const ensureSettings = async (db: DbOrTx, businessId: string, defaults: { vatRateBp: number; levyRateBp: number }) => {
  await db.insert(procurementSettings).values({ businessId, ...defaults }).onConflictDoNothing();
  return (await getSettings(db, businessId))!;
};

export const saveSettings = async (db: DbOrTx, businessId: string, rates: { vatRateBp: number; levyRateBp: number }) =>
  (await db.insert(procurementSettings).values({ businessId, ...rates })
    .onConflictDoUpdate({ target: procurementSettings.businessId, set: { ...rates, updatedAt: sql`now()` } }).returning())[0];

/** The next order number; the row lock of the update makes two orders at once get different numbers. */
export const nextOrderNumber = async (db: DbOrTx, businessId: string) => {
  const [row] = await db.update(procurementSettings).set({ lastOrderNumber: sql`${procurementSettings.lastOrderNumber} + 1` })
    .where(eq(procurementSettings.businessId, businessId)).returning({ n: procurementSettings.lastOrderNumber });
  return `PO-${String(row.n).padStart(6, '0')}`;
};

/* vendors (read-only here: orders name their vendor) */

export const getLiveVendor = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({ id: vendors.id, name: vendors.name, email: vendors.email }).from(vendors)
    .where(and(eq(vendors.businessId, businessId), eq(vendors.id, id), isNull(vendors.deletedAt))).limit(1))[0];

/* orders */

const orderColumns = {
  order: purchaseOrders, vendorName: vendors.name, vendorEmail: vendors.email,
  deliveryPlaceName: sql<string | null>`(SELECT ${places.name} FROM ${places} WHERE ${places.id} = ${purchaseOrders.deliveryPlaceId})`,
  projectName: sql<string | null>`(SELECT p.name FROM places p WHERE p.id = ${purchaseOrders.projectId})`,
};
const flatten = (r: { order: typeof purchaseOrders.$inferSelect; vendorName: string; vendorEmail: string | null; deliveryPlaceName: string | null; projectName: string | null }): TOrderRow =>
  ({ ...r.order, vendorName: r.vendorName, vendorEmail: r.vendorEmail, deliveryPlaceName: r.deliveryPlaceName, projectName: r.projectName });

export const createOrder = async (db: DbOrTx, values: typeof purchaseOrders.$inferInsert) =>
  (await db.insert(purchaseOrders).values(values).returning())[0];

export const createLines = async (db: DbOrTx, values: Array<typeof orderLines.$inferInsert>) =>
  values.length ? db.insert(orderLines).values(values).returning() : [];

export const getOrder = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select(orderColumns).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, id))).limit(1);
  const row = (await (opts.forUpdate ? q.for('update', { of: purchaseOrders }) : q))[0];
  return row ? flatten(row) : undefined;
};

/** These orders of the business (issue 35: the payables of an invoice list). */
export const findOrdersByIds = async (db: DbOrTx, businessId: string, ids: string[]) =>
  ids.length === 0 ? [] : (await db.select(orderColumns).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(purchaseOrders.businessId, businessId), inArray(purchaseOrders.id, ids)))).map(flatten);

export const getOrderByNumber = async (db: DbOrTx, businessId: string, number: string) => {
  const row = (await db.select(orderColumns).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(purchaseOrders.businessId, businessId), sql`upper(${purchaseOrders.number}) = ${number.trim().toUpperCase()}`)).limit(1))[0];
  return row ? flatten(row) : undefined;
};

/** Whether goods are still to come: computed from the lines, so it can never disagree with them. */
const receiptStatusSql = sql<string>`CASE
  WHEN ${purchaseOrders.approvalStatus} = 'cancelled' THEN 'cancelled'
  WHEN ${purchaseOrders.poType} = 'standing' THEN 'open'
  WHEN NOT EXISTS (SELECT 1 FROM ${orderLines} l WHERE l.order_id = purchase_orders.id AND l.received_milli > 0) THEN 'open'
  WHEN EXISTS (SELECT 1 FROM ${orderLines} l WHERE l.order_id = purchase_orders.id AND l.received_milli < l.quantity_milli) THEN 'partially-received'
  ELSE 'received' END`;

const listWhere = (businessId: string, q: TOrderListQuery): SQL => and(
  eq(purchaseOrders.businessId, businessId),
  q.POType ? eq(purchaseOrders.poType, q.POType) : undefined,
  q.status === 'pending' ? eq(purchaseOrders.approvalStatus, 'pending') : undefined,
  q.status === 'approved' ? eq(purchaseOrders.approvalStatus, 'approved') : undefined,
  q.status === 'cancelled' ? eq(purchaseOrders.approvalStatus, 'cancelled') : undefined,
  q.status === 'open' ? and(ne(purchaseOrders.approvalStatus, 'cancelled'), ne(purchaseOrders.approvalStatus, 'rejected'), sql`${receiptStatusSql} <> 'received'`) : undefined,
  q.status === 'received' ? sql`${receiptStatusSql} = 'received'` : undefined,
  q.search ? sql`(${purchaseOrders.number} ILIKE ${`%${q.search}%`} OR ${vendors.name} ILIKE ${`%${q.search}%`} OR ${purchaseOrders.description} ILIKE ${`%${q.search}%`})` : undefined,
)!;

export const findOrders = async (db: DbOrTx, businessId: string, q: TOrderListQuery) => {
  const where = listWhere(businessId, q);
  const [rows, [{ n }]] = await Promise.all([
    db.select({ ...orderColumns, receiptStatus: receiptStatusSql }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .where(where).orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.number)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...flatten(r), receiptStatus: r.receiptStatus })), total: Number(n) };
};

export const receiptStatusOf = (order: TOrderRow, lines: TLineRow[]): TOrder['receiptStatus'] => {
  if (order.approvalStatus === 'cancelled') return 'cancelled';
  if (order.poType === 'standing' || !lines.some((l) => l.receivedMilli > 0)) return 'open';
  return lines.some((l) => l.receivedMilli < l.quantityMilli) ? 'partially-received' : 'received';
};

export const toOrder = (r: TOrderRow, receiptStatus: TOrder['receiptStatus']): TOrder => ({
  _id: r.id,
  invoiceNumber: r.number,
  POType: r.poType as TPoType,
  approvalStatus: r.approvalStatus as TOrderApprovalStatus,
  receiptStatus,
  vendor: { _id: r.vendorId, name: r.vendorName, email: r.vendorEmail },
  deliveryPlace: r.deliveryPlaceId ? { _id: r.deliveryPlaceId, name: r.deliveryPlaceName ?? '' } : null,
  project: r.projectId ? { _id: r.projectId, name: r.projectName ?? '' } : null,
  currency: r.currency,
  subtotalMinor: r.subtotalMinor,
  vatMinor: r.vatMinor,
  leviesMinor: r.leviesMinor,
  totalMinor: r.totalMinor,
  vatRateBp: r.vatRateBp,
  levyRateBp: r.levyRateBp,
  description: r.description,
  expectedDate: r.expectedDate,
  notes: r.notes,
  ceilingMinor: r.ceilingMinor,
  drawnMinor: r.drawnMinor,
  validFrom: r.validFrom,
  validTo: r.validTo,
  quoteId: r.quoteId,
  createdBy: r.createdByName,
  createdAt: r.createdAt.toISOString(),
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  revision: r.revision,
});

export const updateOrder = async (db: DbOrTx, id: string, set: Partial<typeof purchaseOrders.$inferInsert>) =>
  db.update(purchaseOrders).set(set).where(eq(purchaseOrders.id, id));

/** Moves a pending order to its decided status; an order cancelled meanwhile stays cancelled. */
export const setApprovalStatusIfPending = async (db: DbOrTx, businessId: string, id: string, status: string) =>
  db.update(purchaseOrders).set({ approvalStatus: status })
    .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, id), eq(purchaseOrders.approvalStatus, 'pending')));

/* lines and receipts */

/** An ordered line's new quantity and price (an amendment); the line is the business's. */
export const updateLine = async (db: DbOrTx, businessId: string, id: string, set: { quantityMilli: number; unitPriceMinor: number; lineTotalMinor: number }) =>
  db.update(orderLines).set(set).where(and(eq(orderLines.businessId, businessId), eq(orderLines.id, id)));

/* revisions (amendments) */

export type TRevisionRow = typeof orderRevisions.$inferSelect;
export const createRevision = async (db: DbOrTx, values: typeof orderRevisions.$inferInsert) =>
  (await db.insert(orderRevisions).values(values).returning())[0];

/** An order's amendments, newest first. */
export const findRevisions = async (db: DbOrTx, businessId: string, orderId: string) =>
  db.select().from(orderRevisions).where(and(eq(orderRevisions.businessId, businessId), eq(orderRevisions.orderId, orderId))).orderBy(desc(orderRevisions.revision));

export const findLines = async (db: DbOrTx, orderIds: string[], opts: { forUpdate?: boolean } = {}) => {
  if (orderIds.length === 0) return [];
  const q = db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  return opts.forUpdate ? q.for('update') : q;
};

export const addReceived = async (db: DbOrTx, lineId: string, milli: number) =>
  db.update(orderLines).set({ receivedMilli: sql`${orderLines.receivedMilli} + ${milli}` }).where(eq(orderLines.id, lineId));

export const createGrn = async (db: DbOrTx, values: typeof goodsReceived.$inferInsert, lines: Array<{ lineId: string; quantityMilli: number; locationId: string | null }>) => {
  const [grn] = await db.insert(goodsReceived).values(values).returning();
  await db.insert(goodsReceivedLines).values(lines.map((l) => ({ businessId: values.businessId, grnId: grn.id, ...l })));
  return grn;
};

export const findGrns = async (db: DbOrTx, orderId: string) => {
  const grns = await db.select().from(goodsReceived).where(eq(goodsReceived.orderId, orderId)).orderBy(asc(goodsReceived.createdAt));
  const lines = grns.length ? await findGrnLines(db, grns.map((g) => g.id)) : [];
  return grns.map((g) => ({
    _id: g.id, receivedDate: g.receivedDate, receiver: g.receiver, note: g.note, createdAt: g.createdAt.toISOString(),
    lines: lines.filter((l) => l.grnId === g.id).map((l) => ({
      lineId: l.lineId, item: l.item, quantity: milliToQuantity(l.quantityMilli), locationId: l.locationId, locationName: l.locationName, returned: milliToQuantity(l.returnedMilli),
    })),
  }));
};

/** The lines of these GRNs with their location and what was returned from each so far (issue 34). */
export const findGrnLines = async (db: DbOrTx, grnIds: string[]) =>
  db.select({
    grnId: goodsReceivedLines.grnId, lineId: goodsReceivedLines.lineId, quantityMilli: goodsReceivedLines.quantityMilli, item: orderLines.item, unit: orderLines.unit,
    locationId: goodsReceivedLines.locationId, locationName: places.name,
    returnedMilli: sql<number>`(SELECT coalesce(sum(${goodsReturnLines.quantityMilli}), 0)::bigint FROM ${goodsReturnLines} JOIN ${goodsReturns} ON ${goodsReturns.id} = ${goodsReturnLines.returnId}
      WHERE ${goodsReturns.grnId} = ${goodsReceivedLines.grnId} AND ${goodsReturnLines.lineId} = ${goodsReceivedLines.lineId})`.mapWith(Number),
  }).from(goodsReceivedLines).innerJoin(orderLines, eq(orderLines.id, goodsReceivedLines.lineId)).leftJoin(places, eq(places.id, goodsReceivedLines.locationId))
    .where(inArray(goodsReceivedLines.grnId, grnIds)).orderBy(asc(orderLines.position));

export const getGrn = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(goodsReceived).where(and(eq(goodsReceived.businessId, businessId), eq(goodsReceived.id, id))).limit(1))[0];

export const createReturn = async (db: DbOrTx, values: typeof goodsReturns.$inferInsert, lines: Array<{ lineId: string; quantityMilli: number; locationId: string | null }>) => {
  const [row] = await db.insert(goodsReturns).values(values).returning();
  await db.insert(goodsReturnLines).values(lines.map((l) => ({ businessId: values.businessId, returnId: row.id, ...l })));
  return row;
};

export const hasGrn = async (db: DbOrTx, orderId: string) =>
  (await db.select({ id: goodsReceived.id }).from(goodsReceived).where(eq(goodsReceived.orderId, orderId)).limit(1)).length > 0;

/* standing call-offs */

export const createCallOff = async (db: DbOrTx, values: typeof standingCallOffs.$inferInsert) =>
  (await db.insert(standingCallOffs).values(values).returning())[0];

export const findCallOffs = async (db: DbOrTx, orderId: string) =>
  (await db.select().from(standingCallOffs).where(eq(standingCallOffs.orderId, orderId)).orderBy(asc(standingCallOffs.date), asc(standingCallOffs.createdAt)))
    .map((c) => ({ _id: c.id, amountMinor: c.amountMinor, description: c.description, date: c.date, createdBy: c.createdByName }));

/* invoices */

export const createInvoice = async (db: DbOrTx, values: typeof vendorInvoices.$inferInsert, lines: Array<{ lineId: string; quantityMilli: number; unitPriceMinor: number }>) => {
  const [inv] = await db.insert(vendorInvoices).values(values).returning();
  await db.insert(vendorInvoiceLines).values(lines.map((l) => ({ businessId: values.businessId, invoiceId: inv.id, ...l })));
  return inv;
};

export const isInvoiceNumberTaken = async (db: DbOrTx, businessId: string, orderId: string, invoiceNumber: string) =>
  (await db.select({ id: vendorInvoices.id }).from(vendorInvoices)
    .where(and(eq(vendorInvoices.businessId, businessId), eq(vendorInvoices.orderId, orderId), sql`lower(${vendorInvoices.invoiceNumber}) = ${invoiceNumber.toLowerCase()}`)).limit(1)).length > 0;

export const findInvoices = async (db: DbOrTx, businessId: string, opts: { orderId?: string } = {}) =>
  db.select({ invoice: vendorInvoices, orderNumber: purchaseOrders.number, vendorName: vendors.name, currency: purchaseOrders.currency })
    .from(vendorInvoices).innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorInvoices.orderId)).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(vendorInvoices.businessId, businessId), opts.orderId ? eq(vendorInvoices.orderId, opts.orderId) : undefined))
    .orderBy(desc(vendorInvoices.createdAt)).limit(500);

export const getInvoice = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(vendorInvoices).where(and(eq(vendorInvoices.businessId, businessId), eq(vendorInvoices.id, id))).limit(1))[0];

export const findInvoiceLines = async (db: DbOrTx, invoiceIds: string[]) =>
  invoiceIds.length === 0 ? [] : db.select().from(vendorInvoiceLines).where(inArray(vendorInvoiceLines.invoiceId, invoiceIds));

/** Everything invoiced per order line, over all invoices of the orders. */
export const invoicedByLine = async (db: DbOrTx, orderIds: string[]) => {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db.select({ lineId: vendorInvoiceLines.lineId, milli: sql<string>`sum(${vendorInvoiceLines.quantityMilli})` })
    .from(vendorInvoiceLines).innerJoin(orderLines, eq(orderLines.id, vendorInvoiceLines.lineId))
    .where(inArray(orderLines.orderId, orderIds)).groupBy(vendorInvoiceLines.lineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.milli)]));
};

/* payments */

export const createPayment = async (db: DbOrTx, values: typeof orderPayments.$inferInsert) =>
  (await db.insert(orderPayments).values(values).returning())[0];

export const getPayment = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(orderPayments).where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.id, id))).limit(1);
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

export const updatePayment = async (db: DbOrTx, id: string, set: Partial<typeof orderPayments.$inferInsert>) =>
  (await db.update(orderPayments).set(set).where(eq(orderPayments.id, id)).returning())[0];

/** Scheduled, awaiting approval or paid: what counts against the outstanding amount (a rejected payment does not). */
export const committedOf = async (db: DbOrTx, orderId: string, invoiceId?: string | null) =>
  Number((await db.select({ n: sql<string>`coalesce(sum(${orderPayments.amountMinor}), 0)` }).from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), notInArray(orderPayments.status, ['rejected', 'cancelled']), invoiceId ? eq(orderPayments.invoiceId, invoiceId) : undefined)))[0].n);

const paymentColumns = { payment: orderPayments, orderNumber: purchaseOrders.number, vendorName: vendors.name, currency: purchaseOrders.currency, invoiceNumber: vendorInvoices.invoiceNumber };
export const findPayments = async (db: DbOrTx, businessId: string, opts: { orderId?: string; ids?: string[] } = {}) =>
  (await db.select(paymentColumns).from(orderPayments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, orderPayments.orderId)).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(vendorInvoices, eq(vendorInvoices.id, orderPayments.invoiceId))
    .where(and(eq(orderPayments.businessId, businessId), opts.orderId ? eq(orderPayments.orderId, opts.orderId) : undefined, opts.ids ? inArray(orderPayments.id, opts.ids) : undefined))
    .orderBy(desc(orderPayments.dueDate), desc(orderPayments.createdAt)).limit(500))
    .map((r): TPayment => ({
      _id: r.payment.id, orderId: r.payment.orderId, orderNumber: r.orderNumber, invoiceId: r.payment.invoiceId, invoiceNumber: r.invoiceNumber,
      vendorName: r.vendorName, currency: r.currency, amountMinor: r.payment.amountMinor, dueDate: r.payment.dueDate,
      status: r.payment.status as TPayment['status'], paidDate: r.payment.paidDate, method: r.payment.method, reference: r.payment.reference,
      note: r.payment.note, createdAt: r.payment.createdAt.toISOString(),
      whtMinor: r.payment.whtMinor, whtRateBp: r.payment.whtRateBp, whtRateKey: r.payment.whtRateKey, whtAuthority: r.payment.whtAuthority,
    }));

export const findPaymentsOfOrder = async (db: DbOrTx, businessId: string, orderId: string, status: string) =>
  db.select({ id: orderPayments.id }).from(orderPayments)
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.orderId, orderId), eq(orderPayments.status, status)));

/** The order's payments not yet made (waiting for approval or scheduled) become cancelled; returns them as they were. */
export const cancelOpenPayments = async (db: DbOrTx, businessId: string, orderId: string) => {
  const open = await db.select({ id: orderPayments.id, status: orderPayments.status, amountMinor: orderPayments.amountMinor }).from(orderPayments)
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.orderId, orderId), inArray(orderPayments.status, ['pending-approval', 'scheduled'])))
    .for('update');
  if (open.length) await db.update(orderPayments).set({ status: 'cancelled' }).where(inArray(orderPayments.id, open.map((p) => p.id)));
  return open;
};

export const setPaymentStatusIfPending = async (db: DbOrTx, businessId: string, id: string, status: string) =>
  db.update(orderPayments).set({ status })
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.id, id), eq(orderPayments.status, 'pending-approval')));

/* summary */

export const spendByVendor = async (db: DbOrTx, businessId: string) =>
  db.select({ vendor: vendors.name, totalMinor: sql<string>`sum(${purchaseOrders.totalMinor})` }).from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.approvalStatus, 'approved'), eq(purchaseOrders.poType, 'regular')))
    .groupBy(vendors.name).orderBy(desc(sql`sum(${purchaseOrders.totalMinor})`)).limit(10);

/** Money paid per month (payment-track), the last 12 months that have any. */
export const spendByMonth = async (db: DbOrTx, businessId: string) =>
  db.select({ month: sql<string>`to_char(${orderPayments.paidDate}, 'YYYY-MM')`, totalMinor: sql<string>`sum(${orderPayments.amountMinor})` })
    .from(orderPayments).where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.status, 'paid')))
    .groupBy(sql`1`).orderBy(desc(sql`1`)).limit(12);

export const orderCounts = async (db: DbOrTx, businessId: string) =>
  db.select({ status: receiptStatusSql, approval: purchaseOrders.approvalStatus, n: sql<number>`count(*)::int` })
    .from(purchaseOrders).where(eq(purchaseOrders.businessId, businessId)).groupBy(sql`1`, purchaseOrders.approvalStatus);

/** The dashboard's procurement figures: orders waiting for approval, payments approved and not yet made. */
export const countOpenWork = async (db: DbOrTx, businessId: string) => {
  const [[orders], [payments]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(purchaseOrders).where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.approvalStatus, 'pending'))),
    db.select({ n: sql<number>`count(*)::int` }).from(orderPayments).where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.status, 'scheduled'))),
  ]);
  return { ordersAwaitingApproval: orders.n, paymentsDue: payments.n };
};
/** The top-bar search (issue 30): orders whose number or description contains the text (purchase_orders_search_trgm_idx). */
const orderSearchText = sql`lower(${purchaseOrders.number} || ' ' || coalesce(${purchaseOrders.description}, ''))`;
export const searchOrders = async (db: DbOrTx, businessId: string, text: string, limit: number) =>
  db.select({ id: purchaseOrders.id, number: purchaseOrders.number, poType: purchaseOrders.poType, approvalStatus: purchaseOrders.approvalStatus, vendorName: vendors.name })
    .from(purchaseOrders).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(purchaseOrders.businessId, businessId), containsText(orderSearchText, text)))
    .orderBy(startsFirst(orderSearchText, text)).limit(limit + 1);

/** Vendor invoices whose number contains the text (vendor_invoices_search_trgm_idx). */
const invoiceSearchText = sql`lower(${vendorInvoices.invoiceNumber})`;
export const searchInvoices = async (db: DbOrTx, businessId: string, text: string, limit: number) =>
  db.select({ id: vendorInvoices.id, invoiceNumber: vendorInvoices.invoiceNumber, orderId: vendorInvoices.orderId, orderNumber: purchaseOrders.number, vendorName: vendors.name })
    .from(vendorInvoices).innerJoin(purchaseOrders, eq(purchaseOrders.id, vendorInvoices.orderId)).innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(vendorInvoices.businessId, businessId), containsText(invoiceSearchText, text)))
    .orderBy(startsFirst(invoiceSearchText, text), vendorInvoices.id).limit(limit + 1);
