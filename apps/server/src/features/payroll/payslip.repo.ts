import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { one, query } from './payroll.repo.ts';
import type { TPayslipSource } from './payslip-model.ts';

// The payslip's own reads (year to date, logo); the line itself comes from payroll.repo getSlip.

/**
 * One employee's lines of the year up to and including `month`: those of approved or paid runs, and the line being
 * shown whatever its run's state. One query; the model sums them line by line.
 */
export const findYearToDateLines = (db: DbOrTx, businessId: string, employeeId: string, month: string, lineId: string) =>
  query<TPayslipSource>(db, sql`
    SELECT l.id, r.month, l.gross::text, l.tax::text, l.pension::text, l.other_deductions::text, l.net::text, l.employer_cost::text, l.result
    FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id
    WHERE l.business_id = ${businessId} AND l.employee_id = ${employeeId}
      AND r.month >= ${`${month.slice(0, 4)}-01`} AND r.month <= ${month}
      AND (r.status IN ('approved', 'paid') OR l.id = ${lineId})
    ORDER BY r.month, l.id`);

export const getBusinessLogo = async (db: DbOrTx, businessId: string) =>
  (await one<{ image_path: string | null }>(db, sql`SELECT image_path FROM businesses WHERE id = ${businessId}`))?.image_path ?? null;
