import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { approvalPolicies, employees, users } from '../../db/schema/index.ts';

export type TPolicyRow = typeof approvalPolicies.$inferSelect;

export const findPolicies = async (db: DbOrTx, businessId: string) =>
  db.select().from(approvalPolicies).where(eq(approvalPolicies.businessId, businessId));

export const getPolicy = async (db: DbOrTx, businessId: string, service: string, scope: string) =>
  (await db.select().from(approvalPolicies)
    .where(and(eq(approvalPolicies.businessId, businessId), eq(approvalPolicies.service, service), eq(approvalPolicies.scope, scope))).limit(1))[0];

export const upsertPolicy = async (db: DbOrTx, values: typeof approvalPolicies.$inferInsert) =>
  (await db.insert(approvalPolicies).values(values)
    .onConflictDoUpdate({
      target: [approvalPolicies.businessId, approvalPolicies.service, approvalPolicies.scope],
      set: { steps: values.steps, autoApproveBelowDays: values.autoApproveBelowDays ?? null, updatedAt: sql`now()` },
    }).returning())[0];

export const deletePolicy = async (db: DbOrTx, businessId: string, service: string, scope: string) =>
  (await db.delete(approvalPolicies)
    .where(and(eq(approvalPolicies.businessId, businessId), eq(approvalPolicies.service, service), eq(approvalPolicies.scope, scope))).returning())[0];

/** An employee's reporting lines and e-mail (the link to their user account), for the chain; deleted employees count as missing. */
export const getReportingLines = async (db: DbOrTx, businessId: string, employeeId: string) =>
  (await db.select({ id: employees.id, email: employees.email, firstName: employees.firstName, lastName: employees.lastName, uplineId: employees.uplineId, superiorId: employees.superiorId })
    .from(employees).where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId), isNull(employees.deletedAt))).limit(1))[0];

/** The live employee whose e-mail is this user's (how a user account and an employee record are one person). */
export const findEmployeeByEmail = async (db: DbOrTx, businessId: string, email: string) =>
  (await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.businessId, businessId), isNull(employees.deletedAt), sql`lower(${employees.email}) = ${email.toLowerCase()}`)).limit(1))[0];

/** The business's user account with this e-mail (same person as the employee with that e-mail). */
export const findUserByEmail = async (db: DbOrTx, businessId: string, email: string) =>
  (await db.select({ id: users.id, userName: users.userName, email: users.email }).from(users)
    .where(and(eq(users.businessId, businessId), sql`lower(${users.email}) = ${email.toLowerCase()}`)).limit(1))[0];

/** The business's users, with roles (HR-access holders and the owner decide HR steps). */
export const findUsers = async (db: DbOrTx, businessId: string) =>
  db.select({ id: users.id, userName: users.userName, email: users.email, roles: users.roles }).from(users).where(eq(users.businessId, businessId));
