import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';

/**
 * Places (issue 34, DESIGN §7): the business's projects, each project's sites and the business's stores, as records.
 * A table that names a place holds its id; the spec's `tagName` paths resolve a typed name through `name_key`
 * (lower case, trimmed, inner spaces collapsed), so "Lekki phase 2" and "Lekki  Phase 2" are one place, and a name
 * is one place across the three kinds. A site belongs to a project.
 */
export const places = pgTable('places', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['project', 'site', 'store'] }).notNull(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  /** A site's project; null for projects and stores. */
  projectId: uuid('project_id').references((): AnyPgColumn => places.id, { onDelete: 'restrict' }),
  address: text('address').notNull().default(''),
  description: text('description').notNull().default(''),
  /**
   * 'proposed': made by the migration from typed names (possibly several spellings, kept in place_aliases) and
   * waiting for the owner to confirm the merge; 'active' once confirmed or when made on a form.
   */
  status: text('status', { enum: ['proposed', 'active'] }).notNull().default('active'),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('places_business_key_uq').on(t.businessId, t.nameKey),
  index('places_business_kind_idx').on(t.businessId, t.kind, t.nameKey),
  index('places_project_idx').on(t.projectId),
  check('places_site_project_ck', sql`(${t.kind} = 'site') = (${t.projectId} IS NOT NULL)`),
]);

/**
 * The typed spellings a place was made from by the migration (one row per distinct spelling), with how many records
 * carried it: the owner's merge preview, and old names that still resolve in `tagName` paths.
 */
export const placeAliases = pgTable('place_aliases', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  placeId: uuid('place_id').notNull().references(() => places.id, { onDelete: 'cascade' }),
  alias: text('alias').notNull(),
  records: integer('records').notNull().default(0),
}, (t) => [uniqueIndex('place_aliases_uq').on(t.businessId, t.placeId, t.alias)]);

/** An item in the master list (issue 34): what it is, once; stock lives per location in inventory_items. */
export const stockItems = pgTable('stock_items', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  sku: text('sku'),
  unit: text('unit').notNull(),
  category: text('category'),
  /** Other units the item is counted in: [{ unit: 'tonne', factor: 20 }] reads 1 tonne = 20 of `unit` (issue 34). */
  conversions: jsonb('conversions').$type<Array<{ unit: string; factor: number }>>().notNull().default([]),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('stock_items_business_sku_uq').on(t.businessId, sql`lower(${t.sku})`).where(sql`${t.sku} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  index('stock_items_search_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || coalesce(${t.sku}, '')) gin_trgm_ops`).with({ fastupdate: false }).where(sql`${t.deletedAt} IS NULL`),
]);
