import { sql } from 'drizzle-orm';
import { pfaName } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';

/** The employee columns an import fills, with their SQL types, as staged in import_rows.data. */
const STAGED_COLUMNS = [
  ['employee_number', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['email', 'text'], ['phone', 'text'],
  ['gender', 'text'], ['date_of_birth', 'date'], ['address', 'text'], ['next_of_kin_name', 'text'], ['next_of_kin_phone', 'text'],
  ['employment_type', 'text'], ['start_date', 'date'], ['department_id', 'uuid'], ['designation_id', 'uuid'], ['gross_income', 'bigint'],
  ['portal_code', 'text'], ['employee_unique_code', 'text'],
] as const;
/** The pay settings an import fills (issue 31: statutory identifiers), staged beside the employee's columns. */
const PAY_STAGED_COLUMNS = ['tin', 'rsa_pin', 'pension_fund_administrator', 'nhf_number', 'state_of_residence', 'ghana_card_number', 'ssnit_number', 'region'] as const;
export type TStagedPayColumn = (typeof PAY_STAGED_COLUMNS)[number];
export type TStagedEmployee = Partial<Record<(typeof STAGED_COLUMNS)[number][0] | TStagedPayColumn, string | number | null>> & {
  /** 1-based position among the rows whose number is generated: the index into the numbers given at apply time. */
  generated?: number;
};

const recordType = sql.raw([...STAGED_COLUMNS.map(([c, t]) => `${c} ${t}`), 'generated int'].join(', '));
// start_date_given: an imported start date is a given one; a row without one gets the day of import and is no joiner.
const targetColumns = sql.raw([...STAGED_COLUMNS.map(([c]) => c), 'start_date_given'].join(', '));
const sourceColumns = sql.raw(STAGED_COLUMNS.map(([c]) => {
  if (c === 'employee_number') return 'coalesce(r.employee_number, g.number)';
  if (c === 'start_date') return 'coalesce(r.start_date, CURRENT_DATE)';
  if (c === 'employment_type') return "coalesce(r.employment_type, 'full-time')";
  return `r.${c}`;
}).concat('r.start_date IS NOT NULL').join(', '));

/**
 * Moves a job's staged rows into employees in one statement; rows without a number take the next
 * of `numbers` in order. Returns the new ids.
 */
export const applyStagedEmployees = async (tx: DbOrTx, businessId: string, jobId: string, numbers: string[]) => {
  const res = await tx.execute(sql`
    INSERT INTO employees (business_id, ${targetColumns})
    SELECT s.business_id, ${sourceColumns}
    FROM import_rows s
    CROSS JOIN LATERAL jsonb_to_record(s.data) AS r(${recordType})
    LEFT JOIN jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) WITH ORDINALITY AS g(number, k) ON g.k = r.generated
    WHERE s.business_id = ${businessId} AND s.job_id = ${jobId}
    ORDER BY s.row
    RETURNING id`);
  return (res as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
};

/**
 * The staged rows' identifiers into pay_settings, for the employees the same job just created (matched by e-mail,
 * unique among the business's live employees, and checked free under the import's lock), in one statement; rows without any identifier get no settings row. Run before the staged
 * rows are cleared, in the apply's transaction.
 */
export const applyStagedPaySettings = async (tx: DbOrTx, businessId: string, jobId: string) => {
  const columns = sql.raw(PAY_STAGED_COLUMNS.join(', '));
  const record = sql.raw(['email text', ...PAY_STAGED_COLUMNS.map((c) => `${c} text`)].join(', '));
  const source = sql.raw(PAY_STAGED_COLUMNS.map((c) => `r.${c}`).join(', '));
  const any = sql.raw(PAY_STAGED_COLUMNS.map((c) => `r.${c} IS NOT NULL`).join(' OR '));
  await tx.execute(sql`
    INSERT INTO pay_settings (business_id, employee_id, ${columns})
    SELECT e.business_id, e.id, ${source}
    FROM import_rows s
    CROSS JOIN LATERAL jsonb_to_record(s.data) AS r(${record})
    JOIN employees e ON e.business_id = s.business_id AND lower(e.email) = lower(r.email) AND e.deleted_at IS NULL
    WHERE s.business_id = ${businessId} AND s.job_id = ${jobId} AND (${any})
    ON CONFLICT (employee_id) DO NOTHING`);
};

/** A department or designation the file named was deleted after the rows were checked. */
export const violatedForeignKey = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
};

/** The statutory identifiers of these employees (the export's identifier columns), by employee id; PFA as its list name. */
export const findIdentifiers = async (db: DbOrTx, businessId: string, employeeIds: string[]) => {
  const res = await db.execute(sql`
    SELECT employee_id, ${sql.raw(PAY_STAGED_COLUMNS.join(', '))} FROM pay_settings
    WHERE business_id = ${businessId} AND employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(employeeIds)}::jsonb))`);
  const rows = (res as unknown as { rows: Array<Record<string, string | null> & { employee_id: string }> }).rows;
  return new Map<string, Record<string, string | null>>(rows.map((r) => [r.employee_id, { ...r, pension_fund_administrator: pfaName(r.pension_fund_administrator) }]));
};
