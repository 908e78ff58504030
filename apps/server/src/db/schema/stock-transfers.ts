import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { places, stockItems } from './places.ts';
import { inventoryItems, materialRequisitions, requisitionLines } from './inventory.ts';

/**
 * A transfer of goods between two locations (issue 34): draft → in_transit (transfer_out at the source) → received
 * (transfer_in at the destination, in parts), or cancelled (what is still in transit goes back to the source).
 */
export const stockTransfers = pgTable('stock_transfers', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number').notNull(),
  fromPlaceId: uuid('from_place_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  toPlaceId: uuid('to_place_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  status: text('status', { enum: ['draft', 'in_transit', 'received', 'cancelled'] }).notNull().default('draft'),
  note: text('note').notNull().default(''),
  requisitionId: uuid('requisition_id').references(() => materialRequisitions.id, { onDelete: 'set null' }),
  createdBy: text('created_by').notNull(),
  dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('stock_transfers_number_uq').on(t.businessId, t.number),
  index('stock_transfers_business_idx').on(t.businessId, t.createdAt),
]);

/** One item of a transfer; the value sent is the transfer_out's, what arrived (and came back) is valued at its unit cost. */
export const stockTransferLines = pgTable('stock_transfer_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  transferId: uuid('transfer_id').notNull().references(() => stockTransfers.id, { onDelete: 'cascade' }),
  stockItemId: uuid('stock_item_id').notNull().references(() => stockItems.id, { onDelete: 'restrict' }),
  quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
  sentValue: bigint('sent_value', { mode: 'number' }).notNull().default(0),
  receivedQuantity: numeric('received_quantity', { precision: 14, scale: 3 }).notNull().default('0'),
  receivedValue: bigint('received_value', { mode: 'number' }).notNull().default(0),
  returnedQuantity: numeric('returned_quantity', { precision: 14, scale: 3 }).notNull().default('0'),
  returnedValue: bigint('returned_value', { mode: 'number' }).notNull().default(0),
}, (t) => [
  index('stock_transfer_lines_transfer_idx').on(t.transferId),
  check('stock_transfer_lines_quantity_ck', sql`${t.quantity} > 0 AND ${t.receivedQuantity} + ${t.returnedQuantity} <= ${t.quantity}`),
]);

/** A count sheet of one location: the expected quantities when it was made, the counted ones, posted as adjustments. */
export const stockCounts = pgTable('stock_counts', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number').notNull(),
  placeId: uuid('place_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  status: text('status', { enum: ['draft', 'awaiting_approval', 'posted'] }).notNull().default('draft'),
  reason: text('reason').notNull().default(''),
  varianceValue: bigint('variance_value', { mode: 'number' }).notNull().default(0),
  createdBy: text('created_by').notNull(),
  postedAt: timestamp('posted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('stock_counts_number_uq').on(t.businessId, t.number),
  index('stock_counts_business_idx').on(t.businessId, t.createdAt),
]);

export const stockCountLines = pgTable('stock_count_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  countId: uuid('count_id').notNull().references(() => stockCounts.id, { onDelete: 'cascade' }),
  itemId: uuid('item_id').notNull().references(() => inventoryItems.id, { onDelete: 'restrict' }),
  expectedQuantity: numeric('expected_quantity', { precision: 14, scale: 3 }).notNull(),
  /** The moving average at the snapshot: values the variance. */
  unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
  countedQuantity: numeric('counted_quantity', { precision: 14, scale: 3 }),
  reason: text('reason'),
  snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('stock_count_lines_count_idx').on(t.countId),
]);

/** Per-business inventory settings: the variance value above which a count needs approval (minor units). */
export const inventorySettings = pgTable('inventory_settings', {
  businessId: uuid('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  countApprovalThreshold: bigint('count_approval_threshold', { mode: 'number' }).notNull().default(5_000_000),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a requisition could not get from the store: a buyer orders it (status open → ordered with the order's id). */
export const purchaseRequests = pgTable('purchase_requests', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number').notNull(),
  stockItemId: uuid('stock_item_id').notNull().references(() => stockItems.id, { onDelete: 'restrict' }),
  quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  requisitionId: uuid('requisition_id').references(() => materialRequisitions.id, { onDelete: 'set null' }),
  requisitionLineId: uuid('requisition_line_id').references(() => requisitionLines.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['open', 'ordered'] }).notNull().default('open'),
  orderId: uuid('order_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('purchase_requests_number_uq').on(t.businessId, t.number),
  index('purchase_requests_business_idx').on(t.businessId, t.status, t.createdAt),
]);
