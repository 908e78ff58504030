import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { query } from '../payroll.repo.ts';

// SQL for the statutory pack (schedules, annual returns, what is due). Reads the stored lines of approved runs only.

/**
 * The approved (or paid) run of a month, or undefined: nothing is due before the run is approved. With off-cycle runs
 * (issue 32) the regular run stands for the month when it is approved; `ids` are every approved run of the month.
 */
export const getApprovedRun = async (db: DbOrTx, businessId: string, month: string) => {
  const runs = await query<{ id: string; month: string; status: string; paid_at: Date | null; approved_at: Date | null }>(db, sql`
    SELECT id, month, status, paid_at, approved_at FROM payroll_runs
    WHERE business_id = ${businessId} AND month = ${month} AND status IN ('approved', 'paid') ORDER BY (kind = 'regular') DESC, created_at`);
  return runs[0] ? { ...runs[0], ids: runs.map((r) => r.id) } : undefined;
};

/** The business's own identifiers, for the schedules' title rows. */
export type TBusinessIds = {
  name: string; country: string; currency: string; rc_number: string | null; employer_tin: string | null; state_or_region: string | null;
  pencom_employer_code: string | null; nsitf_number: string | null; itf_number: string | null; ssnit_employer_number: string | null;
  is_itf_liable: boolean | null;
};
export const getBusinessIds = async (db: DbOrTx, businessId: string) =>
  (await query<TBusinessIds>(db, sql`
    SELECT name, country, currency, rc_number, employer_tin, state_or_region, pencom_employer_code, nsitf_number, itf_number,
           ssnit_employer_number, is_itf_liable
    FROM businesses WHERE id = ${businessId}`))[0]!;

/**
 * A stored line of an approved run with what the schedules need: the line's figures and breakdown (what was paid),
 * and the employee's CURRENT identifiers (so fixing a missing TIN and downloading again works).
 */
export type TScheduleLine = {
  employee_id: string; employee_number: string; name: string; month: string;
  gross: string; tax: string; pension: string; other_deductions: string; allowance: string; overtime: string; employer_cost: string;
  line_state: string | null; line_pfa: string | null;
  state: string | null; pfa: string | null; region: string | null; tin: string | null; rsa_pin: string | null; nhf_number: string | null;
  ghana_card_number: string | null; ssnit_number: string | null; position: string | null;
  breakdown: unknown;
};

const scheduleLines = (db: DbOrTx, businessId: string, where: ReturnType<typeof sql>) =>
  query<TScheduleLine>(db, sql`
    SELECT l.employee_id, l.employee_number, l.name, r.month, l.gross::text, l.tax::text, l.pension::text, l.other_deductions::text,
           l.allowance::text, l.overtime::text, l.employer_cost::text,
           l.state_of_residence AS line_state, l.pension_fund_administrator AS line_pfa,
           s.state_of_residence AS state, s.pension_fund_administrator AS pfa, s.region, s.tin, s.rsa_pin, s.nhf_number,
           s.ghana_card_number, s.ssnit_number, dg.name AS position,
           -- Only the parts of the breakdown the schedules read (not the bands and relief texts of every line).
           CASE WHEN l.result->'breakdown' IS NULL THEN NULL ELSE json_build_object('basis', l.result->'breakdown'->'basis', 'split', l.result->'breakdown'->'split',
             'taxableIncome', l.result->'breakdown'->'taxableIncome', 'oneOff', l.result->'breakdown'->'oneOff',
             'deductions', l.result->'breakdown'->'deductions', 'statutory', l.result->'breakdown'->'statutory') END AS breakdown
    FROM payroll_lines l
    JOIN payroll_runs r ON r.id = l.run_id AND r.business_id = l.business_id
    LEFT JOIN pay_settings s ON s.employee_id = l.employee_id AND s.business_id = l.business_id
    LEFT JOIN employees e ON e.id = l.employee_id AND e.business_id = l.business_id
    LEFT JOIN designations dg ON dg.id = e.designation_id AND dg.business_id = e.business_id
    WHERE l.business_id = ${businessId} AND r.status IN ('approved', 'paid') AND ${where}
    ORDER BY lower(l.name), l.employee_id, r.month`);

/** The lines of approved (or paid) runs: a month's regular run and its off-cycle runs. */
export const findRunScheduleLines = (db: DbOrTx, businessId: string, runIds: string[]) =>
  scheduleLines(db, businessId, sql`r.id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(runIds)}::jsonb))`);

/** The lines of every approved (or paid) run of a year, month by month (ITF and the annual returns). */
export const findYearScheduleLines = (db: DbOrTx, businessId: string, year: number) =>
  scheduleLines(db, businessId, sql`r.month >= ${`${year}-01`} AND r.month <= ${`${year}-12`}`);

/** The latest month with an approved (or paid) run, or null. */
export const getLatestApprovedMonth = async (db: DbOrTx, businessId: string) =>
  (await query<{ month: string }>(db, sql`
    SELECT month FROM payroll_runs WHERE business_id = ${businessId} AND status IN ('approved', 'paid') ORDER BY month DESC LIMIT 1`))[0]?.month ?? null;

/** The run of a month in any state (draft included), to tell "approve first" from "no run". */
export const getRunStatus = async (db: DbOrTx, businessId: string, month: string) =>
  (await query<{ id: string; status: string; computed_at: Date | null }>(db, sql`
    SELECT id, status, computed_at FROM payroll_runs WHERE business_id = ${businessId} AND month = ${month} ORDER BY (kind = 'regular') DESC, created_at`))[0];
