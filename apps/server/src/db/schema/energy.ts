import { bigint, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, collectionPoints } from './accounts.ts';
import { places } from './places.ts';
import { trucks } from './fleet.ts';

/** Fuel or power bought or used for a project: quantity (litres, kWh) and what it cost (minor units). */
export const energyEntries = pgTable('energy_entries', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  date: date('date', { mode: 'string' }).notNull(),
  /** diesel, petrol (litres), grid (kWh), gas (kg): totals are per kind, never across units (issue 34). */
  kind: text('kind').notNull().default('diesel'),
  quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  expenses: bigint('expenses', { mode: 'number' }).notNull(),
  manager: text('manager').notNull(),
  tagName: text('tag_name').notNull(),
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  collectionPointId: uuid('collection_point_id').references(() => collectionPoints.id, { onDelete: 'set null' }),
  recordedBy: text('recorded_by').notNull(),
  /** The generator (a fleet asset of kind generator) the fuel went into, and its running hours then. */
  assetId: uuid('asset_id').references(() => trucks.id, { onDelete: 'set null' }),
  runningHours: numeric('running_hours', { precision: 10, scale: 1 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('energy_entries_business_date_idx').on(t.businessId, t.date)]);

/** Written notes on a business's energy use (improve-report), newest kept per project ('' = the whole business). */
export const energyReports = pgTable('energy_reports', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  tagName: text('tag_name').notNull().default(''),
  instructions: text('instructions').notNull().default(''),
  report: text('report').notNull(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('energy_reports_business_idx').on(t.businessId, t.tagName, t.createdAt)]);
