import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './accounts.ts';
import { places } from './places.ts';
import { vendors } from './vendors.ts';

/** VAT and levy rates of a business, in basis points (750 = 7.5%). */
export const procurementSettings = pgTable('procurement_settings', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  vatRateBp: integer('vat_rate_bp').notNull(),
  levyRateBp: integer('levy_rate_bp').notNull(),
  /** Three-way match tolerances (issue 35), basis points: invoiced quantity over received, invoiced price over the order's. */
  qtyToleranceBp: integer('qty_tolerance_bp').notNull().default(0),
  priceToleranceBp: integer('price_tolerance_bp').notNull().default(200),
  /** The last order number given (PO-000001 …), bumped under a row lock. */
  lastOrderNumber: integer('last_order_number').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Purchase orders, regular and standing. Totals are computed by the server from the lines (regular)
 * or are the ceiling (standing). `drawn_minor` of a standing order never exceeds its ceiling.
 */
export const purchaseOrders = pgTable('purchase_orders', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number').notNull(),
  poType: text('po_type').notNull(),
  vendorId: uuid('vendor_id').notNull().references(() => vendors.id),
  approvalStatus: text('approval_status').notNull().default('pending'),
  currency: text('currency').notNull(),
  vatRateBp: integer('vat_rate_bp').notNull(),
  levyRateBp: integer('levy_rate_bp').notNull(),
  subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
  vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
  leviesMinor: bigint('levies_minor', { mode: 'number' }).notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  description: text('description'),
  expectedDate: date('expected_date', { mode: 'string' }),
  /** Where the goods go (issue 34): a store or site; a GRN line defaults to it. */
  deliveryPlaceId: uuid('delivery_place_id').references(() => places.id, { onDelete: 'restrict' }),
  /** The project the order is bought for (issue 35; a place of kind project): its cost reaches the project ledger. */
  projectId: uuid('project_id').references(() => places.id, { onDelete: 'restrict' }),
  notes: text('notes'),
  ceilingMinor: bigint('ceiling_minor', { mode: 'number' }),
  drawnMinor: bigint('drawn_minor', { mode: 'number' }).notNull().default(0),
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
  quoteId: uuid('quote_id'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** 1 as created; each amendment (order_revisions) adds one. */
  revision: integer('revision').notNull().default(1),
}, (t) => [
  uniqueIndex('purchase_orders_number_uq').on(t.businessId, t.number),
  index('purchase_orders_business_created_idx').on(t.businessId, t.createdAt),
  // The top-bar search (issue 30): by number or description; the expression is the one orders.repo searches.
  index('purchase_orders_search_trgm_idx').using('gin', sql`lower(${t.number} || ' ' || coalesce(${t.description}, '')) gin_trgm_ops`).with({ fastupdate: false }),
  check('purchase_orders_drawn_ck', sql`${t.ceilingMinor} IS NULL OR ${t.drawnMinor} <= ${t.ceilingMinor}`),
]);

export const orderLines = pgTable('order_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  item: text('item').notNull(),
  unit: text('unit').notNull(),
  quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
  unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
  lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
  receivedMilli: bigint('received_milli', { mode: 'number' }).notNull().default(0),
}, (t) => [
  index('order_lines_order_idx').on(t.orderId, t.position),
  // The last guard against over-receipt, whatever the code above it does.
  check('order_lines_received_ck', sql`${t.receivedMilli} >= 0 AND ${t.receivedMilli} <= ${t.quantityMilli}`),
]);

/**
 * One amendment of a regular order: its lines and totals before and after, why, and who. The order row holds the
 * current revision; this keeps what each earlier one was.
 */
export const orderRevisions = pgTable('order_revisions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  reason: text('reason').notNull(),
  before: jsonb('before').notNull(),
  after: jsonb('after').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('order_revisions_order_revision_uq').on(t.orderId, t.revision),
  index('order_revisions_business_order_idx').on(t.businessId, t.orderId),
]);

export const standingCallOffs = pgTable('standing_call_offs', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('standing_call_offs_order_idx').on(t.orderId)]);

/** Goods-received notes. */
export const goodsReceived = pgTable('goods_received', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  receivedDate: date('received_date', { mode: 'string' }).notNull(),
  receiver: text('receiver').notNull(),
  note: text('note'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('goods_received_order_idx').on(t.orderId)]);

export const goodsReceivedLines = pgTable('goods_received_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  grnId: uuid('grn_id').notNull().references(() => goodsReceived.id, { onDelete: 'cascade' }),
  lineId: uuid('line_id').notNull().references(() => orderLines.id, { onDelete: 'cascade' }),
  quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
  /** The store or site the line was received into (issue 34). */
  locationId: uuid('location_id').references(() => places.id, { onDelete: 'restrict' }),
}, (t) => [primaryKey({ columns: [t.grnId, t.lineId] })]);

/** Vendor invoices entered against an order. */
export const vendorInvoices = pgTable('vendor_invoices', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  invoiceNumber: text('invoice_number').notNull(),
  invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  /** A held invoice released by a person (issue 35): who, when and why; audited. */
  overrideReason: text('override_reason'),
  overriddenBy: uuid('overridden_by').references(() => users.id, { onDelete: 'set null' }),
  overriddenByName: text('overridden_by_name'),
  overriddenAt: timestamp('overridden_at', { withTimezone: true }),
  /** The vendor's own invoice document (PDF or image), in the file storage under a generated key (issue 35). */
  documentKey: text('document_key'),
  documentName: text('document_name'),
  documentMime: text('document_mime'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('vendor_invoices_number_uq').on(t.businessId, t.orderId, sql`lower(${t.invoiceNumber})`),
  index('vendor_invoices_search_trgm_idx').using('gin', sql`lower(${t.invoiceNumber}) gin_trgm_ops`).with({ fastupdate: false }),
]);

export const vendorInvoiceLines = pgTable('vendor_invoice_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').notNull().references(() => vendorInvoices.id, { onDelete: 'cascade' }),
  lineId: uuid('line_id').notNull().references(() => orderLines.id, { onDelete: 'cascade' }),
  quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
  unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.invoiceId, t.lineId] })]);

/**
 * Credit notes from the vendor against one invoice (issue 35): they reduce what is payable on it, and may clear a hold.
 * `line_id` names the order line the credit is for; null is a whole-invoice credit.
 */
export const vendorCreditNotes = pgTable('vendor_credit_notes', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').notNull().references(() => vendorInvoices.id, { onDelete: 'cascade' }),
  lineId: uuid('line_id').references(() => orderLines.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('vendor_credit_notes_number_uq').on(t.businessId, t.invoiceId, sql`lower(${t.number})`),
  index('vendor_credit_notes_invoice_idx').on(t.invoiceId),
  check('vendor_credit_notes_amount_ck', sql`${t.amountMinor} > 0`),
]);

/** Payments: scheduled (after approval), then paid (`payment-track`). */
export const orderPayments = pgTable('order_payments', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  invoiceId: uuid('invoice_id').references(() => vendorInvoices.id, { onDelete: 'set null' }),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('pending-approval'),
  paidDate: date('paid_date', { mode: 'string' }),
  method: text('method'),
  reference: text('reference'),
  note: text('note'),
  // Withholding tax taken when the payment is made (issue 35): amount_minor is the gross, the vendor gets gross - wht.
  whtMinor: bigint('wht_minor', { mode: 'number' }).notNull().default(0),
  whtRateBp: integer('wht_rate_bp'),
  /** The WHT_RATES row that taxed it (dated data in @bizdesk/contract withholding.ts). */
  whtRateKey: text('wht_rate_key'),
  /** FIRS, State IRS or GRA. */
  whtAuthority: text('wht_authority'),
  /** What the rate was applied to: the payment's share before VAT and levies (null: nothing was withheld). */
  whtBaseMinor: bigint('wht_base_minor', { mode: 'number' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('order_payments_business_idx').on(t.businessId, t.dueDate),
  check('order_payments_wht_ck', sql`${t.whtMinor} >= 0 AND ${t.whtMinor} <= ${t.amountMinor}`),
  check('order_payments_amount_ck', sql`${t.amountMinor} > 0`),
]);

/** Goods sent back to the supplier against one goods-received note (issue 34); each line leaves the GRN line's location. */
export const goodsReturns = pgTable('goods_returns', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  grnId: uuid('grn_id').notNull().references(() => goodsReceived.id, { onDelete: 'cascade' }),
  returnedDate: date('returned_date', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('goods_returns_order_idx').on(t.orderId), index('goods_returns_grn_idx').on(t.grnId)]);

export const goodsReturnLines = pgTable('goods_return_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  returnId: uuid('return_id').notNull().references(() => goodsReturns.id, { onDelete: 'cascade' }),
  lineId: uuid('line_id').notNull().references(() => orderLines.id, { onDelete: 'cascade' }),
  locationId: uuid('location_id').references(() => places.id, { onDelete: 'restrict' }),
  quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.returnId, t.lineId] })]);
