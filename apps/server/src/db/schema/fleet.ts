import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { places } from './places.ts';

/** The business's trucks. Retired (deleted) trucks keep their row for past bookings and costs. */
export const trucks = pgTable('trucks', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  plateNumber: text('plate_number').notNull(),
  model: text('model').notNull(),
  capacity: text('capacity').notNull(),
  fuelType: text('fuel_type').notNull(),
  /** The project the truck is assigned to (add-truck); null when free. */
  assignedTagName: text('assigned_tag_name'),
  assignedPlaceId: uuid('assigned_place_id').references(() => places.id, { onDelete: 'restrict' }),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
  /** 'truck' or 'generator' (issue 34): a generator is an asset with running hours instead of an odometer. */
  kind: text('kind').notNull().default('truck'),
  /** The driver (an employee) and the licence expiry of that assignment: kept on the fleet side (fleet-decisions.md). */
  driverEmployeeId: uuid('driver_employee_id'),
  driverLicenceExpiry: date('driver_licence_expiry', { mode: 'string' }),
  insuranceExpiry: date('insurance_expiry', { mode: 'string' }),
  roadworthinessExpiry: date('roadworthiness_expiry', { mode: 'string' }),
  hackneyPermitExpiry: date('hackney_permit_expiry', { mode: 'string' }),
  /** Service schedule: every so many km and/or months from the last service (date and reading). */
  serviceIntervalKm: integer('service_interval_km'),
  serviceIntervalMonths: integer('service_interval_months'),
  lastServiceDate: date('last_service_date', { mode: 'string' }),
  lastServiceKm: bigint('last_service_km', { mode: 'number' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('trucks_business_plate_uq').on(t.businessId, sql`upper(${t.plateNumber})`).where(sql`${t.deletedAt} IS NULL`),
  // The top-bar search (issue 30): by plate or model; the expression is the one fleet.repo searches.
  index('trucks_search_trgm_idx').using('gin', sql`lower(${t.plateNumber} || ' ' || ${t.model}) gin_trgm_ops`).with({ fastupdate: false }).where(sql`${t.deletedAt} IS NULL`),
]);

/** Fuel bought and maintenance done per truck; a maintenance entry's period makes the truck "in maintenance". */
export const truckEntries = pgTable('truck_entries', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  truckId: uuid('truck_id').notNull().references(() => trucks.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  litres: numeric('litres', { precision: 12, scale: 3 }),
  cost: bigint('cost', { mode: 'number' }).notNull(),
  odometerKm: bigint('odometer_km', { mode: 'number' }),
  /** A maintenance entry that is the scheduled service (resets the service schedule). */
  isService: boolean('is_service').notNull().default(false),
  note: text('note').notNull().default(''),
  /** The project or site the cost is charged to (issue 35): given, else the truck's assigned place when entered. */
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  recordedBy: uuid('recorded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('truck_entries_truck_idx').on(t.businessId, t.truckId, t.date)]);

/** Requests for a truck for a period; approval books a free truck for it. */
export const fleetRequisitions = pgTable('fleet_requisitions', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  tagName: text('tag_name').notNull(),
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  purpose: text('purpose').notNull(),
  destination: text('destination').notNull().default(''),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  requestedBy: text('requested_by').notNull(),
  status: text('status').notNull().default('pending'),
  truckId: uuid('truck_id').references(() => trucks.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('fleet_requisitions_business_idx').on(t.businessId, t.createdAt),
  index('fleet_requisitions_truck_idx').on(t.truckId, t.startDate),
]);

/** Trips of a truck (issue 34): who drove, from where to where, odometer at start and end. */
export const truckTrips = pgTable('truck_trips', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  truckId: uuid('truck_id').notNull().references(() => trucks.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  driverEmployeeId: uuid('driver_employee_id'),
  fromText: text('from_text').notNull().default(''),
  toText: text('to_text').notNull().default(''),
  placeId: uuid('place_id').references(() => places.id, { onDelete: 'restrict' }),
  startKm: bigint('start_km', { mode: 'number' }).notNull(),
  endKm: bigint('end_km', { mode: 'number' }).notNull(),
  purpose: text('purpose').notNull().default(''),
  recordedBy: uuid('recorded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('truck_trips_truck_idx').on(t.businessId, t.truckId, t.date)]);
