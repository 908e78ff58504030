import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsText, startsFirst } from '../../platform/search.ts';
import { fleetRequisitions, truckEntries, truckTrips, trucks } from '../../db/schema/index.ts';

export type TTruckRow = typeof trucks.$inferSelect;
export type TFleetRequisitionRow = typeof fleetRequisitions.$inferSelect;
export type TTruckEntryRow = typeof truckEntries.$inferSelect;

export const createTruck = async (db: DbOrTx, values: typeof trucks.$inferInsert) => (await db.insert(trucks).values(values).returning())[0];

export const findTrucks = async (db: DbOrTx, businessId: string) =>
  db.select().from(trucks).where(and(eq(trucks.businessId, businessId), isNull(trucks.deletedAt))).orderBy(asc(trucks.plateNumber));

/** Locked for the transaction: bookings of one truck are checked and made one at a time. */
export const lockTruck = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(trucks).where(and(eq(trucks.businessId, businessId), eq(trucks.id, id), isNull(trucks.deletedAt))).for('update'))[0];

export const updateTruck = async (db: DbOrTx, businessId: string, id: string, patch: Partial<typeof trucks.$inferInsert>) =>
  (await db.update(trucks).set(patch).where(and(eq(trucks.businessId, businessId), eq(trucks.id, id))).returning())[0];

export const createEntry = async (db: DbOrTx, values: typeof truckEntries.$inferInsert) => (await db.insert(truckEntries).values(values).returning())[0];

export const findEntries = async (db: DbOrTx, businessId: string, truckId?: string) =>
  db.select().from(truckEntries)
    .where(and(eq(truckEntries.businessId, businessId), ...(truckId ? [eq(truckEntries.truckId, truckId)] : [])))
    .orderBy(desc(truckEntries.date), desc(truckEntries.createdAt)).limit(1000);

/** Maintenance entries overlapping a period (the truck is off the road then). */
export const findMaintenanceOverlapping = async (db: DbOrTx, truckId: string, start: string, end: string) =>
  db.select().from(truckEntries).where(and(
    eq(truckEntries.truckId, truckId), eq(truckEntries.kind, 'maintenance'),
    lte(truckEntries.date, end), gte(sql`coalesce(${truckEntries.endDate}, ${truckEntries.date})`, start),
  )).limit(1);

export const createRequisition = async (db: DbOrTx, values: typeof fleetRequisitions.$inferInsert) =>
  (await db.insert(fleetRequisitions).values(values).returning())[0];

export const getRequisition = async (db: DbOrTx, businessId: string, id: string, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(fleetRequisitions).where(and(eq(fleetRequisitions.businessId, businessId), eq(fleetRequisitions.id, id)));
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

export const updateRequisition = async (db: DbOrTx, businessId: string, id: string, patch: Partial<typeof fleetRequisitions.$inferInsert>) =>
  (await db.update(fleetRequisitions).set(patch).where(and(eq(fleetRequisitions.businessId, businessId), eq(fleetRequisitions.id, id))).returning())[0];

export const findRequisitions = async (db: DbOrTx, businessId: string) =>
  db.select().from(fleetRequisitions).where(eq(fleetRequisitions.businessId, businessId)).orderBy(desc(fleetRequisitions.createdAt)).limit(500);

/** Approved bookings of a truck that overlap a period (dates inclusive), other than `exceptId`. */
export const findClashingBookings = async (db: DbOrTx, truckId: string, start: string, end: string, exceptId: string) =>
  db.select().from(fleetRequisitions).where(and(
    eq(fleetRequisitions.truckId, truckId), eq(fleetRequisitions.status, 'approved'), ne(fleetRequisitions.id, exceptId),
    lte(fleetRequisitions.startDate, end), gte(fleetRequisitions.endDate, start),
  )).orderBy(asc(fleetRequisitions.startDate)).limit(1);

export const findBookingsFrom = async (db: DbOrTx, businessId: string, fromDate: string) =>
  db.select().from(fleetRequisitions).where(and(
    eq(fleetRequisitions.businessId, businessId), eq(fleetRequisitions.status, 'approved'), gte(fleetRequisitions.endDate, fromDate),
  )).orderBy(asc(fleetRequisitions.startDate));

export const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' && c?.constraint === constraint;
};

/** The top-bar search (issue 30): trucks in service whose plate or model contains the text (trucks_search_trgm_idx). */
const truckSearchText = sql`lower(${trucks.plateNumber} || ' ' || ${trucks.model})`;
export const searchTrucks = async (db: DbOrTx, businessId: string, text: string, limit: number) =>
  db.select({ id: trucks.id, plateNumber: trucks.plateNumber, model: trucks.model, assignedTagName: trucks.assignedTagName }).from(trucks)
    .where(and(eq(trucks.businessId, businessId), isNull(trucks.deletedAt), containsText(truckSearchText, text)))
    .orderBy(startsFirst(truckSearchText, text)).limit(limit + 1);

export const createTrip = async (db: DbOrTx, values: typeof truckTrips.$inferInsert) => (await db.insert(truckTrips).values(values).returning())[0];

export const findTrips = async (db: DbOrTx, businessId: string, truckId: string) =>
  db.select().from(truckTrips).where(and(eq(truckTrips.businessId, businessId), eq(truckTrips.truckId, truckId)))
    .orderBy(desc(truckTrips.date), desc(truckTrips.createdAt)).limit(1000);

/** The highest odometer reading of a truck over its entries and trips, with the day it was read. */
export const lastReading = async (db: DbOrTx, truckId: string) => {
  const [entry] = await db.select({ km: truckEntries.odometerKm, date: truckEntries.date }).from(truckEntries)
    .where(and(eq(truckEntries.truckId, truckId), sql`${truckEntries.odometerKm} is not null`)).orderBy(desc(truckEntries.odometerKm)).limit(1);
  const [trip] = await db.select({ km: truckTrips.endKm, date: truckTrips.date }).from(truckTrips)
    .where(eq(truckTrips.truckId, truckId)).orderBy(desc(truckTrips.endKm)).limit(1);
  const best = [entry, trip].filter((r): r is { km: number; date: string } => Boolean(r && r.km !== null)).sort((a, b) => b.km - a.km)[0];
  return best ?? null;
};

/** Highest reading per truck of a business (entries and trips). */
export const readings = async (db: DbOrTx, businessId: string) => {
  const res = await db.execute(sql`
    select truck_id, max(km)::text as km from (
      select truck_id, odometer_km as km from truck_entries where business_id = ${businessId} and odometer_km is not null
      union all select truck_id, end_km from truck_trips where business_id = ${businessId}
    ) r group by truck_id`);
  const rows = (res as unknown as { rows: Array<{ truck_id: string; km: string }> }).rows;
  return new Map(rows.map((r) => [r.truck_id, Number(r.km)]));
};

export const findTruckBookings = async (db: DbOrTx, businessId: string, truckId: string) =>
  db.select().from(fleetRequisitions).where(and(eq(fleetRequisitions.businessId, businessId), eq(fleetRequisitions.truckId, truckId)))
    .orderBy(desc(fleetRequisitions.startDate)).limit(500);

/** The open booking of an assignment (until released). */
export const findOpenBooking = async (db: DbOrTx, truckId: string, openEnd: string) =>
  (await db.select().from(fleetRequisitions).where(and(eq(fleetRequisitions.truckId, truckId), eq(fleetRequisitions.status, 'approved'), eq(fleetRequisitions.endDate, openEnd))).limit(1))[0];

/** Every approved booking and maintenance period overlapping a period, per truck (the picker's states). */
export const findBookingsOverlapping = async (db: DbOrTx, businessId: string, start: string, end: string) =>
  db.select().from(fleetRequisitions).where(and(
    eq(fleetRequisitions.businessId, businessId), eq(fleetRequisitions.status, 'approved'), lte(fleetRequisitions.startDate, end), gte(fleetRequisitions.endDate, start),
  )).orderBy(asc(fleetRequisitions.startDate));

export const findMaintenanceOverlappingAll = async (db: DbOrTx, businessId: string, start: string, end: string) =>
  db.select().from(truckEntries).where(and(
    eq(truckEntries.businessId, businessId), eq(truckEntries.kind, 'maintenance'),
    lte(truckEntries.date, end), gte(sql`coalesce(${truckEntries.endDate}, ${truckEntries.date})`, start),
  ));
