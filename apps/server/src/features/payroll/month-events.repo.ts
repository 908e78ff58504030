import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { one } from './payroll.repo.ts';

// SQL for how the month's events reach pay (issue 32): the business's rules (each member's start and exit come with the
// run's compute read, payroll.repo.ts findComputeRows).

/** `start_date_given`: false when the start date is the day the record was entered (defaulted), which makes no joiner. */
export type TMonthEventRow = { employee_id: string; start_date: string; start_date_given: boolean; exit_date: string | null; exit_reason: string | null };
export type TPayRulesRow = { proration_basis: 'calendar' | 'working'; pays_out_leave: boolean; unpaid_absences: boolean };

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
