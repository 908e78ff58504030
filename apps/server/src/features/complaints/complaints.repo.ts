import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TComplaint, TComplaintStatus } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, complaints, employees } from '../../db/schema/index.ts';

type TRow = { c: typeof complaints.$inferSelect; firstName: string | null; lastName: string | null; today: string };
/** Overdue: not resolved and past its due date in the business's time zone. */
export const toComplaint = ({ c, firstName, lastName, today }: TRow): TComplaint => ({
  _id: c.id, employeeId: c.employeeId, employeeName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
  complainDetail: c.complainDetail, dueDate: c.dueDate, status: c.status as TComplaintStatus, resolutionNote: c.resolutionNote,
  isOverdue: c.status !== 'resolved' && c.dueDate < today, filedBy: c.filedBy, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(),
});

const select = (db: DbOrTx, today: string) => db.select({ c: complaints, firstName: employees.firstName, lastName: employees.lastName, today: sql<string>`${today}` })
  .from(complaints).leftJoin(employees, eq(employees.id, complaints.employeeId));

export type TComplaintFilter = { status?: TComplaintStatus; employeeId?: string; overdue?: boolean; today: string };
const filterOf = (businessId: string, f: TComplaintFilter) => and(
  eq(complaints.businessId, businessId),
  f.status ? eq(complaints.status, f.status) : undefined,
  f.employeeId ? eq(complaints.employeeId, f.employeeId) : undefined,
  f.overdue === true ? sql`${complaints.status} <> 'resolved' AND ${complaints.dueDate} < ${f.today}::date` : undefined,
  f.overdue === false ? sql`NOT (${complaints.status} <> 'resolved' AND ${complaints.dueDate} < ${f.today}::date)` : undefined,
);

export const findComplaints = async (db: DbOrTx, businessId: string, f: TComplaintFilter & { limit: number; offset: number }) => {
  const [rows, [{ n }]] = await Promise.all([
    select(db, f.today).where(filterOf(businessId, f)).orderBy(desc(complaints.createdAt), desc(complaints.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(complaints).where(filterOf(businessId, f)),
  ]);
  return { rows, totalRecords: n };
};

export const findComplaint = async (db: DbOrTx, businessId: string, id: string, today: string) =>
  (await select(db, today).where(and(eq(complaints.businessId, businessId), eq(complaints.id, id))).limit(1).for('update', { of: complaints }))[0];

export const createComplaint = async (db: DbOrTx, v: typeof complaints.$inferInsert) => (await db.insert(complaints).values(v).returning())[0];

export const updateComplaint = async (db: DbOrTx, businessId: string, id: string, patch: { status: TComplaintStatus; resolutionNote?: string | null }) =>
  (await db.update(complaints).set({ ...patch, updatedAt: new Date() }).where(and(eq(complaints.businessId, businessId), eq(complaints.id, id))).returning())[0];

/**
 * Claims every complaint that became overdue and was not yet announced, across businesses, in one
 * statement (past its due date in its business's time zone); each is claimed once, so its owner is told once.
 */
export const claimOverdue = async (db: DbOrTx) => {
  const res = await db.execute(sql`
    UPDATE ${complaints} c SET overdue_notified_at = now()
    FROM ${businesses} b
    WHERE b.id = c.business_id AND c.status <> 'resolved' AND c.overdue_notified_at IS NULL
      AND c.due_date < (now() AT TIME ZONE b.time_zone)::date
    RETURNING c.business_id, c.id, c.due_date::text AS due_date`);
  return (res as unknown as { rows: Array<{ business_id: string; id: string; due_date: string }> }).rows;
};
