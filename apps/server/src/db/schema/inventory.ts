import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, collectionPoints, departments } from './accounts.ts';
import { places, stockItems } from './places.ts';

/**
 * Stock of one master item (stock_items) at one location (places: a store, site or project; issue 34). tag_name is
 * the location's name, kept for the spec's paths. Quantities are numeric(14,3) (litres, tonnes);
 * money is integer minor units. The moving-average cost is stock_value / quantity: the value is kept
 * exact (receipts add quantity × unit cost, issues take their share), so the business's total value
 * is a plain sum and never drifts by rounding.
 */
export const inventoryItems = pgTable('inventory_items', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  tagName: text('tag_name').notNull(),
  stockItemId: uuid('stock_item_id').notNull().references(() => stockItems.id, { onDelete: 'restrict' }),
  locationId: uuid('location_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  sku: text('sku'),
  unit: text('unit').notNull(),
  category: text('category'),
  quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull().default('0'),
  reorderLevel: numeric('reorder_level', { precision: 14, scale: 3 }).notNull().default('0'),
  stockValue: bigint('stock_value', { mode: 'number' }).notNull().default(0),
  /** Cost of one unit at the last priced receipt: values a receipt without a price when the stock is empty. */
  lastUnitCost: bigint('last_unit_cost', { mode: 'number' }).notNull().default(0),
  /** Set when the reorder notice went out; cleared when stock rises above the level, so each crossing notifies once. */
  reorderAlerted: boolean('reorder_alerted').notNull().default(false),
  collectionPointId: uuid('collection_point_id').references(() => collectionPoints.id, { onDelete: 'set null' }),
  departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
  /** Deleted items keep their row, so the movement log and past requisitions still name them. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('inventory_items_business_tag_idx').on(t.businessId, t.tagName),
  // One stock row per item and location (the SKU is unique on the master, stock_items).
  uniqueIndex('inventory_items_item_location_uq').on(t.stockItemId, t.locationId).where(sql`${t.deletedAt} IS NULL`),
  index('inventory_items_location_idx').on(t.businessId, t.locationId),
  // The top-bar search (issue 30): by name or SKU; the expression is the one inventory.repo searches.
  index('inventory_items_search_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || coalesce(${t.sku}, '')) gin_trgm_ops`).with({ fastupdate: false }).where(sql`${t.deletedAt} IS NULL`),
  check('inventory_items_quantity_ck', sql`${t.quantity} >= 0`),
  check('inventory_items_value_ck', sql`${t.stockValue} >= 0`),
]);

/**
 * Every stock movement, never changed afterwards. `reference` (the spec's {order}) makes a retried
 * outstock/usedstock harmless: one movement per item, kind and reference.
 */
export const stockMovements = pgTable('stock_movements', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  itemId: uuid('item_id').notNull().references(() => inventoryItems.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  balanceAfter: numeric('balance_after', { precision: 14, scale: 3 }).notNull(),
  reference: text('reference'),
  purpose: text('purpose'),
  /** Who received or used the stock (the spec's {nums}): an employee number of the business, with the name it had. */
  employeeNumber: text('employee_number').notNull(),
  employeeName: text('employee_name'),
  /** Who recorded the movement (issue 34): the signed-in user's name, the collection point or the system. */
  actorName: text('actor_name'),
  /** What the reference means to a person (a GRN's order number and date instead of the idempotency key's ids). */
  referenceLabel: text('reference_label'),
  tagName: text('tag_name').notNull(),
  locationId: uuid('location_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  collectionPointId: uuid('collection_point_id').references(() => collectionPoints.id, { onDelete: 'set null' }),
  requisitionId: uuid('requisition_id'),
  actorKind: text('actor_kind').notNull(),
  actorId: uuid('actor_id'),
  /** When it happened by the recording phone's clock (a collection point's movement queued offline); created_at is when it reached the server. */
  deviceTime: timestamp('device_time', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('stock_movements_reference_uq').on(t.businessId, t.itemId, t.kind, t.reference).where(sql`${t.reference} IS NOT NULL`),
  index('stock_movements_business_time_idx').on(t.businessId, t.createdAt),
  index('stock_movements_business_tag_idx').on(t.businessId, t.tagName, t.createdAt),
  index('stock_movements_item_idx').on(t.itemId),
  index('stock_movements_location_idx').on(t.businessId, t.locationId, t.createdAt),
]);

/** Material requisitions from the office or a collection point; approved through the approval rules. */
export const materialRequisitions = pgTable('material_requisitions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number').notNull(),
  tagName: text('tag_name').notNull(),
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  collectionPointId: uuid('collection_point_id').references(() => collectionPoints.id, { onDelete: 'set null' }),
  source: text('source').notNull(),
  requestedBy: text('requested_by').notNull(),
  employeeNumber: text('employee_number'),
  purpose: text('purpose').notNull().default(''),
  neededBy: text('needed_by'),
  status: text('status').notNull().default('pending'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('material_requisitions_business_idx').on(t.businessId, t.tagName, t.createdAt),
  uniqueIndex('material_requisitions_number_uq').on(t.businessId, t.number),
]);

export const requisitionLines = pgTable('material_requisition_lines', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  requisitionId: uuid('requisition_id').notNull().references(() => materialRequisitions.id, { onDelete: 'cascade' }),
  /** The stock row asked for (older requisitions); new lines name the master item and may have no row yet. */
  itemId: uuid('item_id').references(() => inventoryItems.id, { onDelete: 'restrict' }),
  stockItemId: uuid('stock_item_id').references(() => stockItems.id, { onDelete: 'restrict' }),
  quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  issuedQuantity: numeric('issued_quantity', { precision: 14, scale: 3 }),
}, (t) => [
  index('material_requisition_lines_req_idx').on(t.requisitionId),
  index('material_requisition_lines_item_idx').on(t.itemId),
]);
