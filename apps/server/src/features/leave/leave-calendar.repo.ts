import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, holidays, leaveAdjustments, leaveAllowances, leaveRequests, leaveSettings, leaveTypes } from '../../db/schema/index.ts';
import type { TDayList } from './leave-balance.ts';

// Reads and writes of leave that fits the calendar (issue 33): its own tables and the day lists of requests.

export const findEmployeeFacts = async (db: DbOrTx, businessId: string, ids: string[]) =>
  ids.length === 0 ? [] : db.select({ id: employees.id, gender: employees.gender, startDate: employees.startDate, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees).where(and(eq(employees.businessId, businessId), inArray(employees.id, ids)));

/** Pending and approved requests of employees with their counted days. */
export const findUses = async (db: DbOrTx, businessId: string, employeeIds: string[]) =>
  employeeIds.length === 0 ? [] : db.select({
    id: leaveRequests.id, employeeId: leaveRequests.employeeId, leaveTypeId: leaveRequests.leaveTypeId, status: leaveRequests.status,
    startDate: leaveRequests.startDate, endDate: leaveRequests.endDate, days: leaveRequests.days, dayList: leaveRequests.dayList,
  }).from(leaveRequests).where(and(eq(leaveRequests.businessId, businessId), inArray(leaveRequests.employeeId, employeeIds), inArray(leaveRequests.status, ['pending', 'approved'])));

export const findAdjustments = async (db: DbOrTx, businessId: string, employeeIds: string[]) =>
  employeeIds.length === 0 ? [] : db.select({ a: leaveAdjustments, type: leaveTypes.name }).from(leaveAdjustments)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveAdjustments.leaveTypeId))
    .where(and(eq(leaveAdjustments.businessId, businessId), inArray(leaveAdjustments.employeeId, employeeIds)))
    .orderBy(asc(leaveAdjustments.createdAt), asc(leaveAdjustments.id));

export const insertAdjustment = async (db: DbOrTx, v: typeof leaveAdjustments.$inferInsert) => (await db.insert(leaveAdjustments).values(v).returning())[0];

export const setDays = async (db: DbOrTx, businessId: string, id: string, days: number, dayList: TDayList) =>
  db.update(leaveRequests).set({ days, dayList }).where(and(eq(leaveRequests.businessId, businessId), eq(leaveRequests.id, id)));

/** Pending and approved requests that cover any of the days (a holiday added, moved or removed). */
export const findRequestsCovering = async (db: DbOrTx, businessId: string, days: string[]) => {
  if (days.length === 0) return [];
  const lo = days.reduce((a, b) => (a < b ? a : b));
  const hi = days.reduce((a, b) => (a > b ? a : b));
  const rows = await db.select({ r: leaveRequests, type: leaveTypes.name, firstName: employees.firstName, lastName: employees.lastName, email: employees.email })
    .from(leaveRequests).innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId)).innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .where(and(eq(leaveRequests.businessId, businessId), inArray(leaveRequests.status, ['pending', 'approved']), lte(leaveRequests.startDate, hi), gte(leaveRequests.endDate, lo)))
    .for('update', { of: leaveRequests });
  return rows.filter(({ r }) => days.some((d) => r.startDate <= d && d <= r.endDate));
};

export const findHolidayDates = async (db: DbOrTx, businessId: string, from: string, to: string) =>
  new Set((await db.select({ date: holidays.date }).from(holidays).where(and(eq(holidays.businessId, businessId), gte(holidays.date, from), lte(holidays.date, to)))).map((h) => h.date));

export const findHoliday = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(holidays).where(and(eq(holidays.businessId, businessId), eq(holidays.id, id))).limit(1).for('update'))[0];
export const updateHoliday = async (db: DbOrTx, businessId: string, id: string, patch: { date?: string; name?: string; code?: string | null }) =>
  (await db.update(holidays).set(patch).where(and(eq(holidays.businessId, businessId), eq(holidays.id, id))).returning())[0];
export const isHolidayDateTaken = async (db: DbOrTx, businessId: string, date: string, exceptId: string) =>
  (await db.select({ id: holidays.id }).from(holidays).where(and(eq(holidays.businessId, businessId), eq(holidays.date, date), sql`${holidays.id} <> ${exceptId}`)).limit(1)).length > 0;

/** Claims the adding of a year's movable holidays: true once per business and year. */
export const claimMovableSeeding = async (db: DbOrTx, businessId: string, year: number) => {
  await db.insert(leaveSettings).values({ businessId }).onConflictDoNothing();
  const res = await db.update(leaveSettings).set({ movableSeededYears: sql`array_append(${leaveSettings.movableSeededYears}, ${year}::int)` })
    .where(and(eq(leaveSettings.businessId, businessId), sql`NOT (${year}::int = ANY(${leaveSettings.movableSeededYears}))`)).returning({ b: leaveSettings.businessId });
  return res.length > 0;
};

export const getSettings = async (db: DbOrTx, businessId: string) =>
  (await db.select().from(leaveSettings).where(eq(leaveSettings.businessId, businessId)).limit(1))[0]
  ?? { businessId, allowanceBp: 0, allowanceTiming: 'with-leave', allowanceMonth: null, movableSeededYears: [], updatedAt: new Date() };
export const saveSettings = async (db: DbOrTx, businessId: string, v: { allowanceBp: number; allowanceTiming: string; allowanceMonth: number | null }) =>
  (await db.insert(leaveSettings).values({ businessId, ...v }).onConflictDoUpdate({ target: leaveSettings.businessId, set: { ...v, updatedAt: new Date() } }).returning())[0];

/** Claims the year's leave allowance of an employee: the row when this call made it, undefined when it was already claimed. */
export const claimAllowance = async (db: DbOrTx, v: typeof leaveAllowances.$inferInsert) =>
  (await db.insert(leaveAllowances).values(v).onConflictDoNothing().returning())[0];
