import { and, arrayOverlaps, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COMPLAINT_CATEGORIES, DEFAULT_COMPLAINT_POLICY, type TComplaint, type TComplaintCategory, type TComplaintPolicy, type TComplaintStatus } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, complaintPolicies, complaints, employees, users } from '../../db/schema/index.ts';

const about = alias(employees, 'about_employee');

/** Who reads: HR (an anonymous complainant left out) or the complainant in their portal (sees everything of their own). */
export type TViewer = 'hr' | 'complainant';

type TRow = {
  c: typeof complaints.$inferSelect; firstName: string | null; lastName: string | null;
  aboutFirst: string | null; aboutLast: string | null; assigneeName: string | null; today: string;
};
const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** Overdue: not resolved and past its due date in the business's time zone. */
export const toComplaint = ({ c, firstName, lastName, aboutFirst, aboutLast, assigneeName, today }: TRow, viewer: TViewer = 'hr'): TComplaint => {
  const hidden = c.anonymous && viewer === 'hr';
  return {
    _id: c.id, employeeId: hidden ? null : c.employeeId, employeeName: hidden ? null : nameOf(firstName, lastName),
    category: c.category as TComplaintCategory, aboutEmployeeId: c.aboutEmployeeId, aboutEmployeeName: nameOf(aboutFirst, aboutLast),
    anonymous: c.anonymous, assigneeUserId: c.assigneeUserId, assigneeName,
    complainDetail: c.complainDetail, dueDate: c.dueDate, status: c.status as TComplaintStatus, resolutionNote: c.resolutionNote,
    isOverdue: c.status !== 'resolved' && c.dueDate < today, filedBy: hidden ? 'anonymous' : c.filedBy, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(),
  };
};

const select = (db: DbOrTx, today: string) => db.select({
  c: complaints, firstName: employees.firstName, lastName: employees.lastName, aboutFirst: about.firstName, aboutLast: about.lastName,
  assigneeName: users.userName, today: sql<string>`${today}`,
}).from(complaints)
  .leftJoin(employees, eq(employees.id, complaints.employeeId))
  .leftJoin(about, eq(about.id, complaints.aboutEmployeeId))
  .leftJoin(users, eq(users.id, complaints.assigneeUserId));

export type TComplaintFilter = {
  status?: TComplaintStatus; employeeId?: string; overdue?: boolean; today: string; category?: TComplaintCategory; assigneeUserId?: string;
  /** HR filtering by complainant never finds an anonymous complaint (that would name its complainant). */
  namedOnly?: boolean;
};
const filterOf = (businessId: string, f: TComplaintFilter) => and(
  eq(complaints.businessId, businessId),
  f.status ? eq(complaints.status, f.status) : undefined,
  f.employeeId ? eq(complaints.employeeId, f.employeeId) : undefined,
  f.employeeId && f.namedOnly ? eq(complaints.anonymous, false) : undefined,
  f.category ? eq(complaints.category, f.category) : undefined,
  f.assigneeUserId ? eq(complaints.assigneeUserId, f.assigneeUserId) : undefined,
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

export const updateComplaint = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Pick<typeof complaints.$inferInsert, 'status' | 'resolutionNote' | 'assigneeUserId' | 'reminderSentAt'>>) =>
  (await db.update(complaints).set({ ...patch, updatedAt: new Date() }).where(and(eq(complaints.businessId, businessId), eq(complaints.id, id))).returning())[0];

/** A live employee of the business, by id, whoever asks (the person a complaint is about). */
export const findLiveEmployee = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName }).from(employees)
    .where(and(eq(employees.businessId, businessId), eq(employees.id, id), isNull(employees.deletedAt))).limit(1))[0];

/** The users a complaint may be assigned to: the owner and HR-access holders of the business. */
export const findHrUsers = async (db: DbOrTx, businessId: string) =>
  db.select({ _id: users.id, userName: users.userName, email: users.email }).from(users)
    .where(and(eq(users.businessId, businessId), arrayOverlaps(users.roles, ['owner', 'HR-access']))).orderBy(asc(users.userName));

/** The business's policy for every category: its own rows, else the defaults. */
export const findPolicies = async (db: DbOrTx, businessId: string): Promise<TComplaintPolicy[]> => {
  const own = new Map((await db.select().from(complaintPolicies).where(eq(complaintPolicies.businessId, businessId))).map((r) => [r.category, r]));
  return COMPLAINT_CATEGORIES.map((category) => {
    const r = own.get(category);
    return { category, ...(r ? { dueDays: r.dueDays, remindDaysBefore: r.remindDaysBefore } : DEFAULT_COMPLAINT_POLICY[category]) };
  });
};

export const savePolicies = async (db: DbOrTx, businessId: string, policies: TComplaintPolicy[]) => {
  if (policies.length === 0) return;
  await db.insert(complaintPolicies).values(policies.map((p) => ({ businessId, ...p })))
    .onConflictDoUpdate({ target: [complaintPolicies.businessId, complaintPolicies.category], set: { dueDays: sql`excluded.due_days`, remindDaysBefore: sql`excluded.remind_days_before`, updatedAt: new Date() } });
};

/** The defaults as a VALUES list, for statements that read a business's policy with the defaults behind it. */
const defaultsSql = sql.join(COMPLAINT_CATEGORIES.map((c) => sql`(${c}, ${DEFAULT_COMPLAINT_POLICY[c].remindDaysBefore}::int)`), sql`, `);

/**
 * Claims every assigned, unresolved complaint whose reminder day has come (due date minus the category's
 * remind-days, in its business's time zone) and not yet past due, across businesses, in one statement: each
 * assignee is reminded once per assignment.
 */
export const claimDueSoon = async (db: DbOrTx) => {
  const res = await db.execute(sql`
    UPDATE ${complaints} c SET reminder_sent_at = now()
    FROM ${businesses} b, ${users} u, (VALUES ${defaultsSql}) AS d(category, remind_days)
    WHERE b.id = c.business_id AND u.id = c.assignee_user_id AND d.category = c.category
      AND c.status <> 'resolved' AND c.reminder_sent_at IS NULL
      AND c.due_date >= (now() AT TIME ZONE b.time_zone)::date
      AND c.due_date - coalesce((SELECT p.remind_days_before FROM ${complaintPolicies} p WHERE p.business_id = c.business_id AND p.category = c.category), d.remind_days)
          <= (now() AT TIME ZONE b.time_zone)::date
    RETURNING c.business_id, c.id, c.due_date::text AS due_date, c.category, u.user_name, u.email`);
  return (res as unknown as { rows: Array<{ business_id: string; id: string; due_date: string; category: string; user_name: string; email: string }> }).rows;
};

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
