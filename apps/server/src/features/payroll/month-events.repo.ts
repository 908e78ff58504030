import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { one, query } from './payroll.repo.ts';

// SQL for how the month's events reach pay (issue 32): each run member's start and exit, the business's rules.

/** `start_date_given`: false when the start date is the day the record was entered (defaulted), which makes no joiner. */
export type TMonthEventRow = { employee_id: string; start_date: string; start_date_given: boolean; exit_date: string | null; exit_reason: string | null };
export type TPayRulesRow = { proration_basis: 'calendar' | 'working'; pays_out_leave: boolean; unpaid_absences: boolean };

/** The run's members whose month is not a whole one: joined after the 1st, or left on or before the last day (one statement). */
export const findMemberDates = (db: DbOrTx, businessId: string, runId: string) =>
  query<TMonthEventRow>(db, sql`
    SELECT e.id AS employee_id, e.start_date::text AS start_date, e.start_date_given, e.exit_date::text AS exit_date, e.exit_reason
      FROM payroll_run_members m JOIN employees e ON e.id = m.employee_id AND e.business_id = m.business_id
     WHERE m.business_id = ${businessId} AND m.run_id = ${runId}`);

export const getPayRules = async (db: DbOrTx, businessId: string) =>
  (await one<TPayRulesRow>(db, sql`SELECT proration_basis, pays_out_leave, unpaid_absences FROM businesses WHERE id = ${businessId}`))!;

export const updatePayRules = async (tx: DbOrTx, businessId: string, patch: Partial<TPayRulesRow>) => {
  const sets = Object.entries(patch).filter(([, v]) => v !== undefined).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  if (sets.length) await tx.execute(sql`UPDATE businesses SET ${sql.join(sets, sql`, `)} WHERE id = ${businessId}`);
};

/** The draft runs an employee is on change when their exit does (the run must be computed again before approval). */
export const bumpDraftRunsOf = async (tx: DbOrTx, businessId: string, employeeId: string) => {
  await tx.execute(sql`UPDATE payroll_runs r SET version = version + 1 FROM payroll_run_members m
    WHERE r.business_id = ${businessId} AND r.status = 'draft' AND m.run_id = r.id AND m.business_id = r.business_id AND m.employee_id = ${employeeId}`);
};
