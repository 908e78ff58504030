import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { DEFAULT_LEAVE_TYPES, type TLeaveRequest, type TLeaveStatus } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { dayListOf, daysByYear, type THalf } from './leave-balance.ts';
import { departments, employees, holidays, leaveRequests, leaveTypes, timeSettings } from '../../db/schema/index.ts';

// types ------------------------------------------------------------------
// The defaults are made in one statement (one created_at): they keep the order of DEFAULT_LEAVE_TYPES.
const defaultOrder = sql`array_position(${sql.raw(`ARRAY[${DEFAULT_LEAVE_TYPES.map((t) => `'${t.name}'`).join(',')}]`)}, ${leaveTypes.name})`;
const selectTypes = (db: DbOrTx, businessId: string) =>
  db.select().from(leaveTypes).where(eq(leaveTypes.businessId, businessId)).orderBy(asc(leaveTypes.createdAt), defaultOrder, asc(leaveTypes.name));
export const findLeaveTypes = async (db: DbOrTx, businessId: string) => {
  const rows = await selectTypes(db, businessId);
  if (rows.length > 0) return rows;
  // Every business starts with the default types, made on first use.
  await db.insert(leaveTypes).values(DEFAULT_LEAVE_TYPES.map((t) => ({ businessId, ...t }))).onConflictDoNothing();
  return selectTypes(db, businessId);
};
export const createLeaveType = async (db: DbOrTx, v: typeof leaveTypes.$inferInsert) => (await db.insert(leaveTypes).values(v).onConflictDoNothing().returning())[0];
export const updateLeaveType = async (db: DbOrTx, businessId: string, id: string, patch: Partial<typeof leaveTypes.$inferInsert>) =>
  (await db.update(leaveTypes).set(patch).where(and(eq(leaveTypes.businessId, businessId), eq(leaveTypes.id, id))).returning())[0];
export const isLeaveTypeNameTaken = async (db: DbOrTx, businessId: string, name: string, exceptId: string) =>
  (await db.select({ id: leaveTypes.id }).from(leaveTypes).where(and(eq(leaveTypes.businessId, businessId), sql`lower(${leaveTypes.name}) = ${name.toLowerCase()}`, ne(leaveTypes.id, exceptId))).limit(1)).length > 0;

// holidays ---------------------------------------------------------------
export const findHolidays = async (db: DbOrTx, businessId: string, from: string, to: string) =>
  db.select().from(holidays).where(and(eq(holidays.businessId, businessId), gte(holidays.date, from), lte(holidays.date, to))).orderBy(asc(holidays.date));
export const createHoliday = async (db: DbOrTx, v: typeof holidays.$inferInsert) => (await db.insert(holidays).values(v).onConflictDoNothing().returning())[0];
export const createHolidays = async (db: DbOrTx, rows: Array<typeof holidays.$inferInsert>) => {
  if (rows.length) await db.insert(holidays).values(rows).onConflictDoNothing();
};
export const deleteHoliday = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.delete(holidays).where(and(eq(holidays.businessId, businessId), eq(holidays.id, id))).returning())[0];
/** Claims the seeding of a year's public holidays: true once per business and year. */
export const claimHolidaySeeding = async (db: DbOrTx, businessId: string, year: number) => {
  await db.insert(timeSettings).values({ businessId }).onConflictDoNothing();
  const res = await db.update(timeSettings).set({ holidaysSeededYears: sql`array_append(${timeSettings.holidaysSeededYears}, ${year}::int)` })
    .where(and(eq(timeSettings.businessId, businessId), sql`NOT (${year}::int = ANY(${timeSettings.holidaysSeededYears}))`)).returning({ b: timeSettings.businessId });
  return res.length > 0;
};

// requests ---------------------------------------------------------------
const requestColumns = {
  r: leaveRequests, type: leaveTypes.name, firstName: employees.firstName, lastName: employees.lastName, department: departments.name,
};
type TRequestRow = { r: typeof leaveRequests.$inferSelect; type: string; firstName: string; lastName: string; department: string | null };
export const toLeaveRequest = ({ r, type, firstName, lastName, department }: TRequestRow): TLeaveRequest => ({
  _id: r.id, employeeId: r.employeeId, employeeName: `${firstName} ${lastName}`.trim(), department, type, leaveTypeId: r.leaveTypeId,
  startDate: r.startDate, endDate: r.endDate, days: Number(r.days),
  daysByYear: Object.fromEntries([...daysByYear(dayListOf({ startDate: r.startDate, days: Number(r.days), dayList: r.dayList }))].map(([y, n]) => [String(y), n])),
  startHalf: (r.startHalf as THalf | null) ?? null, endHalf: (r.endHalf as THalf | null) ?? null, reason: r.reason, status: r.status as TLeaveStatus,
  decisionReason: r.decisionReason, decidedAt: r.decidedAt?.toISOString() ?? null, requestedBy: r.requestedBy, createdAt: r.createdAt.toISOString(),
});
const selectRequests = (db: DbOrTx) => db.select(requestColumns).from(leaveRequests)
  .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
  .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
  .leftJoin(departments, eq(departments.id, employees.departmentId));

export type TRequestFilter = { id?: string; status?: TLeaveStatus; employeeId?: string; unitId?: string; from?: string; to?: string; departmentId?: string };
const requestFilter = (businessId: string, f: TRequestFilter) => and(
  eq(leaveRequests.businessId, businessId), isNull(employees.deletedAt),
  f.id ? eq(leaveRequests.id, f.id) : undefined,
  f.status ? eq(leaveRequests.status, f.status) : undefined,
  f.employeeId ? eq(leaveRequests.employeeId, f.employeeId) : undefined,
  f.unitId ? eq(departments.unitId, f.unitId) : undefined,
  f.departmentId ? eq(employees.departmentId, f.departmentId) : undefined,
  f.from ? gte(leaveRequests.endDate, f.from) : undefined,
  f.to ? lte(leaveRequests.startDate, f.to) : undefined,
);
export const findRequests = async (db: DbOrTx, businessId: string, f: TRequestFilter & { limit: number; offset: number }) => {
  const [rows, [{ n }]] = await Promise.all([
    selectRequests(db).where(requestFilter(businessId, f)).orderBy(desc(leaveRequests.createdAt), desc(leaveRequests.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(leaveRequests).innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
      .leftJoin(departments, eq(departments.id, employees.departmentId)).where(requestFilter(businessId, f)),
  ]);
  return { rows, totalRecords: n };
};
export const findRequestsOf = async (db: DbOrTx, businessId: string, employeeIds: string[]) =>
  employeeIds.length === 0 ? [] : selectRequests(db).where(and(eq(leaveRequests.businessId, businessId), inArray(leaveRequests.employeeId, employeeIds)))
    .orderBy(desc(leaveRequests.startDate));
export const findRequest = async (db: DbOrTx, businessId: string, id: string, lock = false) => {
  const q = selectRequests(db).where(and(eq(leaveRequests.businessId, businessId), eq(leaveRequests.id, id), isNull(employees.deletedAt))).limit(1);
  return (await (lock ? q.for('update', { of: leaveRequests }) : q))[0];
};
/** A pending or approved request of the employee that shares a day with the range. */
export const findOverlap = async (db: DbOrTx, businessId: string, employeeId: string, startDate: string, endDate: string) =>
  (await db.select().from(leaveRequests).where(and(
    eq(leaveRequests.businessId, businessId), eq(leaveRequests.employeeId, employeeId), inArray(leaveRequests.status, ['pending', 'approved']),
    lte(leaveRequests.startDate, endDate), gte(leaveRequests.endDate, startDate),
  )).limit(1))[0];
export const createRequest = async (db: DbOrTx, v: typeof leaveRequests.$inferInsert) => (await db.insert(leaveRequests).values(v).returning())[0];
export const decideRequest = async (db: DbOrTx, businessId: string, id: string, status: TLeaveStatus, reason: string | null) =>
  (await db.update(leaveRequests).set({ status, decisionReason: reason, decidedAt: new Date() })
    .where(and(eq(leaveRequests.businessId, businessId), eq(leaveRequests.id, id), eq(leaveRequests.status, 'pending'))).returning())[0];

/** Days taken (approved) and asked for (pending) per employee, type and year. */
export const findUsage = async (db: DbOrTx, businessId: string, employeeIds: string[]) =>
  employeeIds.length === 0 ? [] : db.select({
    employeeId: leaveRequests.employeeId, leaveTypeId: leaveRequests.leaveTypeId, year: sql<number>`extract(year FROM ${leaveRequests.startDate})::int`,
    taken: sql<number>`coalesce(sum(${leaveRequests.days}) FILTER (WHERE ${leaveRequests.status} = 'approved'), 0)::float8`,
    pending: sql<number>`coalesce(sum(${leaveRequests.days}) FILTER (WHERE ${leaveRequests.status} = 'pending'), 0)::float8`,
  }).from(leaveRequests).where(and(eq(leaveRequests.businessId, businessId), inArray(leaveRequests.employeeId, employeeIds), inArray(leaveRequests.status, ['pending', 'approved'])))
    .groupBy(leaveRequests.employeeId, leaveRequests.leaveTypeId, sql`3`);

/** A page of live employees (for the balances table), optionally of one unit. */
export const findEmployeePage = async (db: DbOrTx, businessId: string, f: { unitId?: string; limit: number; offset: number }) => {
  const where = and(eq(employees.businessId, businessId), isNull(employees.deletedAt), f.unitId ? eq(departments.unitId, f.unitId) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db.select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, startDate: employees.startDate, department: departments.name })
      .from(employees).leftJoin(departments, eq(departments.id, employees.departmentId)).where(where)
      .orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`, employees.id).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(employees).leftJoin(departments, eq(departments.id, employees.departmentId)).where(where),
  ]);
  return { rows, totalRecords: n };
};

/** Approved leave of unpaid types overlapping a period (issue 32: the days reduce pay). */
export const findUnpaidLeave = async (db: DbOrTx, businessId: string, from: string, to: string) =>
  db.select({ employeeId: leaveRequests.employeeId, startDate: leaveRequests.startDate, endDate: leaveRequests.endDate })
    .from(leaveRequests).innerJoin(leaveTypes, and(eq(leaveTypes.id, leaveRequests.leaveTypeId), eq(leaveTypes.businessId, leaveRequests.businessId)))
    .where(and(eq(leaveRequests.businessId, businessId), eq(leaveRequests.status, 'approved'), eq(leaveTypes.isPaid, false), lte(leaveRequests.startDate, to), gte(leaveRequests.endDate, from)));
