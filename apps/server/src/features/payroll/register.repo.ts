import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { one, query } from './payroll.repo.ts';
import type { TRegisterLine } from './register-model.ts';

// SQL of the register and the variance (issue 32 item 7): stored lines of runs, read-only, scoped by business_id.

/**
 * A run's lines for the register, by name: the stored columns and only the parts of `result.breakdown` the register
 * reads (statutory figures, bonus, period earnings and deductions), so 10,000 lines do not parse whole breakdowns.
 */
export const findRegisterLines = (db: DbOrTx, businessId: string, runId: string) =>
  query<TRegisterLine>(db, sql`
    SELECT l.employee_id, l.employee_number, l.name, l.department, l.gross::text, l.tax::text, l.pension::text, l.other_deductions::text,
           l.allowance::text, l.overtime::text, l.loan_repayment::text, l.iou::text, l.employer_cost::text, l.net::text,
           l.result->'breakdown'->'statutory' AS statutory, (l.result->'breakdown'->'oneOff'->>'bonus')::bigint AS bonus,
           l.result->'breakdown'->'periodEarnings' AS period_earnings, l.result->'breakdown'->'periodDeductions' AS period_deductions
    FROM payroll_lines l WHERE l.business_id = ${businessId} AND l.run_id = ${runId} ORDER BY lower(l.name), l.id`);

export type TRunRef = { id: string; month: string; status: string; currency: string; computed_at: Date | string | null; business_name: string; country: string };
const RUN_REF = sql`SELECT r.id, r.month, r.status, r.currency, r.computed_at, b.name AS business_name, b.country FROM payroll_runs r JOIN businesses b ON b.id = r.business_id`;

export const getRunRef = (db: DbOrTx, businessId: string, runId: string) =>
  one<TRunRef>(db, sql`${RUN_REF} WHERE r.business_id = ${businessId} AND r.id = ${runId}`);

export const hasLines = async (db: DbOrTx, businessId: string, runId: string) =>
  (await query(db, sql`SELECT 1 FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} LIMIT 1`)).length === 1;

/** The latest regular run before `month` that has lines (normally last month's), approved or not; off-cycle runs are not compared. */
export const findPreviousRun = (db: DbOrTx, businessId: string, month: string) =>
  one<TRunRef>(db, sql`${RUN_REF} WHERE r.business_id = ${businessId} AND r.month < ${month} AND r.kind = 'regular'
    AND EXISTS (SELECT 1 FROM payroll_lines l WHERE l.business_id = r.business_id AND l.run_id = r.id) ORDER BY r.month DESC LIMIT 1`);

/**
 * Employees among `employeeIds` whose gross was changed between the two runs: a change recorded between their
 * computations (the run reads the gross when it is computed), or one effective after the previous run's month and
 * by the end of this run's month.
 */
export const findRevisedEmployeeIds = async (db: DbOrTx, businessId: string, v: { employeeIds: string[]; from: Date | string | null; to: Date | string | null; afterMonth: string; month: string }) => {
  if (v.employeeIds.length === 0) return new Set<string>();
  const [y, m] = v.month.split('-').map(Number) as [number, number];
  const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const [py, pm] = v.afterMonth.split('-').map(Number) as [number, number];
  const previousEnd = new Date(Date.UTC(py, pm, 0)).toISOString().slice(0, 10);
  const times = v.from && v.to ? [new Date(v.from), new Date(v.to)].sort((a, b) => a.getTime() - b.getTime()) : null;
  const [from, to] = times ?? [null, null];
  const rows = await query<{ employee_id: string }>(db, sql`
    SELECT DISTINCT employee_id FROM gross_changes
    WHERE business_id = ${businessId} AND employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(v.employeeIds)}::jsonb))
      AND ((effective_date > ${previousEnd}::date AND effective_date <= ${monthEnd}::date)
        ${from && to ? sql`OR (created_at > ${from.toISOString()}::timestamptz AND created_at <= ${to.toISOString()}::timestamptz)` : sql``})`);
  return new Set(rows.map((r) => r.employee_id));
};
