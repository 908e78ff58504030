import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { TAttendanceLabel, TCorrectionRequest, TGeofenceExemption, TMarkNote } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { attendanceCorrections, attendanceGeofenceExemptions, attendanceMarkNotes, attendanceSuspensions, designations, employees } from '../../db/schema/index.ts';

// notes ---------------------------------------------------------------------
type TNoteRow = typeof attendanceMarkNotes.$inferSelect;
export const toNote = (r: TNoteRow): TMarkNote => ({
  employeeId: r.employeeId, date: r.date, reason: r.reason, by: r.byName, at: r.at.toISOString(),
  before: (r.before ?? null) as TAttendanceLabel | null, kind: r.kind as TMarkNote['kind'],
});
/** The latest change of a day replaces the note before it (the audit trail keeps every one). */
export const saveNote = async (db: DbOrTx, v: typeof attendanceMarkNotes.$inferInsert) =>
  (await db.insert(attendanceMarkNotes).values(v).onConflictDoUpdate({
    target: [attendanceMarkNotes.businessId, attendanceMarkNotes.employeeId, attendanceMarkNotes.date],
    set: { reason: v.reason, byName: v.byName, byUserId: v.byUserId ?? null, before: v.before ?? null, kind: v.kind ?? 'correction', at: new Date() },
  }).returning())[0];
export const findNotes = async (db: DbOrTx, businessId: string, from: string, to: string) =>
  db.select().from(attendanceMarkNotes).where(and(eq(attendanceMarkNotes.businessId, businessId), gte(attendanceMarkNotes.date, from), lte(attendanceMarkNotes.date, to)))
    .orderBy(asc(attendanceMarkNotes.date));

/** Suspensions overlapping a period (the register and grid show their days). */
export const findSuspensionsIn = async (db: DbOrTx, businessId: string, from: string, to: string) =>
  db.select().from(attendanceSuspensions).where(and(eq(attendanceSuspensions.businessId, businessId), lte(attendanceSuspensions.from, to), gte(attendanceSuspensions.to, from)))
    .orderBy(asc(attendanceSuspensions.from));

// correction requests ---------------------------------------------------------
const correctionColumns = { c: attendanceCorrections, firstName: employees.firstName, lastName: employees.lastName };
type TCorrectionJoined = { c: typeof attendanceCorrections.$inferSelect; firstName: string; lastName: string };
export const toCorrection = ({ c, firstName, lastName }: TCorrectionJoined): TCorrectionRequest => ({
  _id: c.id, employeeId: c.employeeId, employeeName: `${firstName} ${lastName}`.trim(), date: c.date, label: c.label as TAttendanceLabel,
  checkInTime: c.checkInTime, reason: c.reason, status: c.status as TCorrectionRequest['status'], decidedBy: c.decidedBy,
  decisionReason: c.decisionReason, decidedAt: c.decidedAt?.toISOString() ?? null, createdAt: c.createdAt.toISOString(),
});
const selectCorrections = (db: DbOrTx) => db.select(correctionColumns).from(attendanceCorrections).innerJoin(employees, eq(employees.id, attendanceCorrections.employeeId));
/** A new pending request; none when one is already pending for that day. */
export const createCorrection = async (db: DbOrTx, v: typeof attendanceCorrections.$inferInsert) =>
  (await db.insert(attendanceCorrections).values(v).onConflictDoNothing().returning())[0];
export const findCorrection = async (db: DbOrTx, businessId: string, id: string, lock = false) => {
  const q = selectCorrections(db).where(and(eq(attendanceCorrections.businessId, businessId), eq(attendanceCorrections.id, id))).limit(1);
  return (await (lock ? q.for('update', { of: attendanceCorrections }) : q))[0];
};
export const findCorrectionsOf = async (db: DbOrTx, businessId: string, employeeId: string, limit = 50) =>
  selectCorrections(db).where(and(eq(attendanceCorrections.businessId, businessId), eq(attendanceCorrections.employeeId, employeeId)))
    .orderBy(desc(attendanceCorrections.createdAt)).limit(limit);
export const decideCorrection = async (db: DbOrTx, businessId: string, id: string, v: { status: string; decidedBy: string; decisionReason: string | null }) =>
  (await db.update(attendanceCorrections).set({ ...v, decidedAt: new Date() })
    .where(and(eq(attendanceCorrections.businessId, businessId), eq(attendanceCorrections.id, id), eq(attendanceCorrections.status, 'pending'))).returning())[0];

// geofence exemptions -----------------------------------------------------------
const exemptionColumns = {
  x: attendanceGeofenceExemptions, firstName: employees.firstName, lastName: employees.lastName, designationName: designations.name,
};
type TExemptionJoined = { x: typeof attendanceGeofenceExemptions.$inferSelect; firstName: string | null; lastName: string | null; designationName: string | null };
export const toExemption = ({ x, firstName, lastName, designationName }: TExemptionJoined): TGeofenceExemption => ({
  _id: x.id, employeeId: x.employeeId, employeeName: x.employeeId ? `${firstName ?? ''} ${lastName ?? ''}`.trim() : null,
  designationId: x.designationId, designationName: x.designationId ? designationName : null, reason: x.reason, createdBy: x.createdBy, createdAt: x.createdAt.toISOString(),
});
const selectExemptions = (db: DbOrTx) => db.select(exemptionColumns).from(attendanceGeofenceExemptions)
  .leftJoin(employees, eq(employees.id, attendanceGeofenceExemptions.employeeId))
  .leftJoin(designations, eq(designations.id, attendanceGeofenceExemptions.designationId));
export const findExemptions = async (db: DbOrTx, businessId: string) =>
  selectExemptions(db).where(and(eq(attendanceGeofenceExemptions.businessId, businessId), or(isNull(attendanceGeofenceExemptions.employeeId), isNull(employees.deletedAt))))
    .orderBy(asc(attendanceGeofenceExemptions.createdAt));
export const findExemption = async (db: DbOrTx, businessId: string, id: string) =>
  (await selectExemptions(db).where(and(eq(attendanceGeofenceExemptions.businessId, businessId), eq(attendanceGeofenceExemptions.id, id))).limit(1))[0];
export const createExemption = async (db: DbOrTx, v: typeof attendanceGeofenceExemptions.$inferInsert) =>
  (await db.insert(attendanceGeofenceExemptions).values(v).onConflictDoNothing().returning())[0];
export const deleteExemption = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.delete(attendanceGeofenceExemptions).where(and(eq(attendanceGeofenceExemptions.businessId, businessId), eq(attendanceGeofenceExemptions.id, id))).returning())[0];
/** Whether the employee, or their designation, is exempt from the geofence. */
export const isExempt = async (db: DbOrTx, businessId: string, employeeId: string) => {
  const res = await db.execute(sql`
    SELECT 1 FROM ${attendanceGeofenceExemptions} x
    WHERE x.business_id = ${businessId} AND (x.employee_id = ${employeeId}
      OR x.designation_id = (SELECT e.designation_id FROM ${employees} e WHERE e.id = ${employeeId} AND e.business_id = ${businessId}))
    LIMIT 1`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
};
export const findDesignation = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(designations).where(and(eq(designations.businessId, businessId), eq(designations.id, id))).limit(1))[0];
