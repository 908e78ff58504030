import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { query } from '../payroll.repo.ts';

// SQL for the statutory pack (schedules, annual returns, what is due). Reads the stored lines of approved runs only.

/** The approved (or paid) run of a month, or undefined: nothing is due before the run is approved. */
export const getApprovedRun = async (db: DbOrTx, businessId: string, month: string) =>
  (await query<{ id: string; month: string; status: string; paid_at: Date | null; approved_at: Date | null }>(db, sql`
    SELECT id, month, status, paid_at, approved_at FROM payroll_runs
    WHERE business_id = ${businessId} AND month = ${month} AND status IN ('approved', 'paid')`))[0];

/** Sums per group of an approved run's stored lines (first version: PAYE by state, employee pension by PFA). */
export const findDueGroups = (db: DbOrTx, businessId: string, runId: string, kind: 'paye' | 'pension') =>
  query<{ grp: string | null; employees: number; amount: string }>(db, kind === 'paye'
    ? sql`SELECT state_of_residence AS grp, count(*)::int AS employees, sum(tax)::text AS amount FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} GROUP BY 1 ORDER BY 1 NULLS LAST`
    : sql`SELECT pension_fund_administrator AS grp, count(*)::int AS employees, sum(pension)::text AS amount FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} GROUP BY 1 ORDER BY 1 NULLS LAST`);
