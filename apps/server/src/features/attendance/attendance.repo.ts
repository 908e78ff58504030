import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { TAttendanceLabel, TCheckin, TRosterEmployee, TSite, TSuspension } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { attendanceCheckins, attendanceMarks, attendanceSites, attendanceSuspensions, departments, employees, timeSettings } from '../../db/schema/index.ts';

const rosterColumns = {
  id: employees.id, firstName: employees.firstName, lastName: employees.lastName, employeeNumber: employees.employeeNumber,
  email: employees.email, startDate: employees.startDate, departmentId: employees.departmentId, department: departments.name,
};
type TRosterRow = { id: string; firstName: string; lastName: string; employeeNumber: string; email: string; startDate: string; departmentId: string | null; department: string | null };
export const toRosterEmployee = (r: TRosterRow): TRosterEmployee => ({
  _id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), employeeNumber: r.employeeNumber, email: r.email,
  department: r.department, departmentId: r.departmentId, startDate: r.startDate,
});

const liveOf = (businessId: string) => and(eq(employees.businessId, businessId), isNull(employees.deletedAt));

/** A live employee of this business, with their department. */
export const findRosterEmployee = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select(rosterColumns).from(employees).leftJoin(departments, eq(departments.id, employees.departmentId))
    .where(and(liveOf(businessId), eq(employees.id, id))).limit(1))[0];

/** Employees on the staff by `until` (joined on or before it), optionally of one department, by name. */
export const findRoster = async (db: DbOrTx, businessId: string, until: string, departmentId?: string) =>
  db.select(rosterColumns).from(employees).leftJoin(departments, eq(departments.id, employees.departmentId))
    .where(and(liveOf(businessId), lte(employees.startDate, until), departmentId ? eq(employees.departmentId, departmentId) : undefined))
    .orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`, employees.id);

// settings ---------------------------------------------------------------
export const getSettings = async (db: DbOrTx, businessId: string) => {
  await db.insert(timeSettings).values({ businessId }).onConflictDoNothing();
  return (await db.select().from(timeSettings).where(eq(timeSettings.businessId, businessId)))[0];
};
export const updateSettings = async (db: DbOrTx, businessId: string, patch: { workStartTime?: string; requirePortalCoordinates?: boolean }) =>
  (await db.update(timeSettings).set({ ...patch, updatedAt: new Date() }).where(eq(timeSettings.businessId, businessId)).returning())[0];

// marks ------------------------------------------------------------------
export const findMark = async (db: DbOrTx, businessId: string, employeeId: string, date: string) =>
  (await db.select().from(attendanceMarks).where(and(eq(attendanceMarks.businessId, businessId), eq(attendanceMarks.employeeId, employeeId), eq(attendanceMarks.date, date))).limit(1))[0];

export const upsertMark = async (db: DbOrTx, v: { businessId: string; employeeId: string; date: string; label: TAttendanceLabel; source: string }) =>
  (await db.insert(attendanceMarks).values(v).onConflictDoUpdate({
    target: [attendanceMarks.businessId, attendanceMarks.date, attendanceMarks.employeeId],
    set: { label: v.label, source: v.source, updatedAt: new Date() },
  }).returning())[0];

/** Marks several days of one employee (approved leave); days already marked take the new label. */
export const upsertMarks = async (db: DbOrTx, businessId: string, employeeId: string, dates: string[], label: TAttendanceLabel, source: string) => {
  if (dates.length === 0) return;
  await db.insert(attendanceMarks).values(dates.map((date) => ({ businessId, employeeId, date, label, source }))).onConflictDoUpdate({
    target: [attendanceMarks.businessId, attendanceMarks.date, attendanceMarks.employeeId],
    set: { label, source, updatedAt: new Date() },
  });
};

/**
 * Every live employee who had joined by the date and has no mark that day gets the label, in one
 * statement; marks already there (sick, leave, a check-in, a label set by hand) are kept.
 */
export const markAll = async (db: DbOrTx, businessId: string, date: string, label: TAttendanceLabel) => {
  const res = await db.execute(sql`
    WITH eligible AS (
      SELECT id FROM ${employees} WHERE business_id = ${businessId} AND deleted_at IS NULL AND start_date <= ${date}::date
    ), ins AS (
      INSERT INTO ${attendanceMarks} (business_id, employee_id, date, label, source)
      SELECT ${businessId}::uuid, id, ${date}::date, ${label}, 'all' FROM eligible
      ON CONFLICT (business_id, date, employee_id) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS marked, (SELECT count(*) FROM eligible)::int AS eligible`);
  const row = (res as unknown as { rows: Array<{ marked: number; eligible: number }> }).rows[0];
  return { marked: row.marked, kept: row.eligible - row.marked };
};

export const findMarks = async (db: DbOrTx, businessId: string, from: string, to: string, employeeId?: string) =>
  db.select({ employeeId: attendanceMarks.employeeId, date: attendanceMarks.date, label: attendanceMarks.label, source: attendanceMarks.source })
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.businessId, businessId), gte(attendanceMarks.date, from), lte(attendanceMarks.date, to), employeeId ? eq(attendanceMarks.employeeId, employeeId) : undefined))
    .orderBy(asc(attendanceMarks.date));

/**
 * The month grid in one statement: each employee on the staff by the month's end (optionally of one
 * department) with the days and labels of their marks in that month, aggregated by PostgreSQL — one row per
 * employee instead of one per mark.
 */
export const findMonthGrid = async (db: DbOrTx, businessId: string, from: string, to: string, departmentId?: string) => {
  // One short index range per employee (business, employee, date): cheaper than aggregating the month's marks
  // of every employee and joining them back (measured: ~160 ms against ~270 ms for 1,000 employees, loaded machine).
  const res = await db.execute(sql`
    SELECT e.id, e.first_name, e.last_name, e.employee_number, e.email, e.start_date::text AS start_date, e.department_id, d.name AS department,
      coalesce(m.days, '{}') AS days, coalesce(m.labels, '{}') AS labels
    FROM ${employees} e
    LEFT JOIN ${departments} d ON d.id = e.department_id
    LEFT JOIN LATERAL (
      SELECT array_agg(extract(day FROM am.date)::int) AS days, array_agg(am.label) AS labels
      FROM ${attendanceMarks} am
      WHERE am.business_id = e.business_id AND am.employee_id = e.id AND am.date BETWEEN ${from}::date AND ${to}::date
    ) m ON true
    WHERE e.business_id = ${businessId} AND e.deleted_at IS NULL AND e.start_date <= ${to}::date
      ${departmentId ? sql`AND e.department_id = ${departmentId}` : sql``}
    ORDER BY lower(e.first_name), lower(e.last_name), e.id`);
  return (res as unknown as { rows: Array<{
    id: string; first_name: string; last_name: string; employee_number: string; email: string; start_date: string;
    department_id: string | null; department: string | null; days: number[]; labels: TAttendanceLabel[];
  }> }).rows;
};

// check-ins --------------------------------------------------------------
type TCheckinRow = typeof attendanceCheckins.$inferSelect;
const location = (lat: number | null, lon: number | null, accuracy: number | null) =>
  (lat === null || lon === null ? null : { latitude: lat, longitude: lon, accuracy });
export const toCheckin = (r: TCheckinRow): TCheckin => ({
  _id: r.id, employeeId: r.employeeId, employeeName: r.employeeName, email: r.email, date: r.date,
  checkInTime: r.checkInTime.toISOString(), checkInReceivedAt: r.checkInReceivedAt.toISOString(),
  checkInLocation: location(r.checkInLatitude, r.checkInLongitude, r.checkInAccuracy),
  checkInSite: r.checkInSiteId && r.checkInSiteName !== null ? { _id: r.checkInSiteId, name: r.checkInSiteName, distanceMeters: r.checkInDistance ?? 0 } : null,
  isLate: r.isLate, checkInSyncedLate: r.checkInSyncedLate, checkInReview: (r.checkInReview ?? null) as TCheckin['checkInReview'],
  checkOutTime: r.checkOutTime?.toISOString() ?? null, checkOutReceivedAt: r.checkOutReceivedAt?.toISOString() ?? null,
  checkOutLocation: location(r.checkOutLatitude, r.checkOutLongitude, r.checkOutAccuracy),
  checkOutSyncedLate: r.checkOutSyncedLate, recordedBy: r.recordedBy,
});

/** The day's check-in, unless one exists already (then nothing: the caller answers 409). */
export const createCheckin = async (db: DbOrTx, v: typeof attendanceCheckins.$inferInsert) =>
  (await db.insert(attendanceCheckins).values(v).onConflictDoNothing().returning())[0];

export const findCheckin = async (db: DbOrTx, businessId: string, employeeId: string, date: string) =>
  (await db.select().from(attendanceCheckins).where(and(eq(attendanceCheckins.businessId, businessId), eq(attendanceCheckins.employeeId, employeeId), eq(attendanceCheckins.date, date))).limit(1))[0];

/** Sets the check-out once: a second one finds checkOutTime set and changes nothing. */
export const checkOut = async (db: DbOrTx, businessId: string, id: string, v: Partial<typeof attendanceCheckins.$inferInsert>) =>
  (await db.update(attendanceCheckins).set(v).where(and(eq(attendanceCheckins.businessId, businessId), eq(attendanceCheckins.id, id), isNull(attendanceCheckins.checkOutTime))).returning())[0];

/** One check-in of the business by id, locked for a decision on it. */
export const lockCheckin = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(attendanceCheckins).where(and(eq(attendanceCheckins.businessId, businessId), eq(attendanceCheckins.id, id))).limit(1).for('update'))[0];

export const setCheckinReview = async (db: DbOrTx, businessId: string, id: string, review: 'accepted' | 'rejected') =>
  (await db.update(attendanceCheckins).set({ checkInReview: review }).where(and(eq(attendanceCheckins.businessId, businessId), eq(attendanceCheckins.id, id))).returning())[0];

/** The check-ins of the business waiting for HR's decision, the oldest made first. */
export const findPendingReviews = async (db: DbOrTx, businessId: string, limit = 500) =>
  db.select().from(attendanceCheckins).where(and(eq(attendanceCheckins.businessId, businessId), eq(attendanceCheckins.checkInReview, 'pending')))
    .orderBy(asc(attendanceCheckins.checkInTime), asc(attendanceCheckins.id)).limit(limit);

export const findCheckins = async (db: DbOrTx, businessId: string, f: { from?: string; to?: string; employeeId?: string; limit?: number }) =>
  db.select().from(attendanceCheckins).where(and(
    eq(attendanceCheckins.businessId, businessId),
    f.from ? gte(attendanceCheckins.date, f.from) : undefined,
    f.to ? lte(attendanceCheckins.date, f.to) : undefined,
    f.employeeId ? eq(attendanceCheckins.employeeId, f.employeeId) : undefined,
  )).orderBy(desc(attendanceCheckins.date), asc(attendanceCheckins.checkInTime)).limit(f.limit ?? 5000);

// suspensions ------------------------------------------------------------
type TSuspensionRow = typeof attendanceSuspensions.$inferSelect;
export const toSuspension = (r: TSuspensionRow): TSuspension => ({ _id: r.id, employeeId: r.employeeId, reason: r.reason, from: r.from, to: r.to, isPaid: r.isPaid, createdAt: r.createdAt.toISOString() });
export const createSuspension = async (db: DbOrTx, v: typeof attendanceSuspensions.$inferInsert) =>
  (await db.insert(attendanceSuspensions).values(v).returning())[0];
/** The suspension covering the day, or the next one to start (the latest-ending first). */
export const findSuspensionOn = async (db: DbOrTx, businessId: string, employeeId: string, day: string) =>
  (await db.select().from(attendanceSuspensions).where(and(eq(attendanceSuspensions.businessId, businessId), eq(attendanceSuspensions.employeeId, employeeId), lte(attendanceSuspensions.from, day), gte(attendanceSuspensions.to, day)))
    .orderBy(desc(attendanceSuspensions.to)).limit(1))[0];
export const findCurrentOrNextSuspension = async (db: DbOrTx, businessId: string, employeeId: string, day: string) =>
  (await db.select().from(attendanceSuspensions).where(and(eq(attendanceSuspensions.businessId, businessId), eq(attendanceSuspensions.employeeId, employeeId), gte(attendanceSuspensions.to, day)))
    .orderBy(asc(attendanceSuspensions.from)).limit(1))[0];

// sites ------------------------------------------------------------------
type TSiteRow = typeof attendanceSites.$inferSelect;
export const toSite = (r: TSiteRow): TSite => ({
  _id: r.id, userId: r.userId, name: r.name, type: r.type, coordinates: { latitude: r.latitude, longitude: r.longitude }, radiusMeters: r.radiusMeters, createdAt: r.createdAt.toISOString(),
});
export const findSites = async (db: DbOrTx, businessId: string) =>
  db.select().from(attendanceSites).where(eq(attendanceSites.businessId, businessId)).orderBy(sql`lower(${attendanceSites.name})`);
/** Saves a site; the same name again moves it (new coordinates, type, radius). */
export const saveSite = async (db: DbOrTx, v: typeof attendanceSites.$inferInsert) => {
  const existing = (await db.select().from(attendanceSites)
    .where(and(eq(attendanceSites.businessId, v.businessId), sql`lower(${attendanceSites.name}) = ${v.name.toLowerCase()}`)).limit(1).for('update'))[0];
  if (!existing) return { before: null, after: (await db.insert(attendanceSites).values(v).returning())[0] };
  const after = (await db.update(attendanceSites).set({ latitude: v.latitude, longitude: v.longitude, type: v.type, radiusMeters: v.radiusMeters, userId: v.userId })
    .where(eq(attendanceSites.id, existing.id)).returning())[0];
  return { before: existing, after };
};
export const deleteSite = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.delete(attendanceSites).where(and(eq(attendanceSites.businessId, businessId), eq(attendanceSites.id, id))).returning())[0];

// pay (issue 32) -----------------------------------------------------------
/**
 * Days of a period that pay does not cover, per employee: days of a suspension without pay (clipped to the period) and,
 * when `withAbsences`, days marked `absent` on the register. One statement for the whole business.
 */
export const findUnpaidDays = async (db: DbOrTx, businessId: string, from: string, to: string, withAbsences: boolean) =>
  ((await db.execute(sql`
    SELECT s.employee_id AS "employeeId", 'suspension' AS kind, array_agg(DISTINCT d::date::text) AS dates
      FROM attendance_suspensions s, generate_series(greatest(s.from_date, ${from}::date), least(s.to_date, ${to}::date), interval '1 day') d
     WHERE s.business_id = ${businessId} AND NOT s.is_paid AND s.from_date <= ${to}::date AND s.to_date >= ${from}::date
     GROUP BY s.employee_id
    ${withAbsences ? sql`UNION ALL
    SELECT m.employee_id, 'absence', array_agg(m.date::text)
      FROM attendance_marks m WHERE m.business_id = ${businessId} AND m.label = 'absent' AND m.date BETWEEN ${from}::date AND ${to}::date
     GROUP BY m.employee_id` : sql``}`)) as unknown as { rows: Array<{ employeeId: string; kind: 'suspension' | 'absence'; dates: string[] }> }).rows;
