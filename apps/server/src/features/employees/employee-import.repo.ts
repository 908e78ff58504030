import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The employee columns an import fills, with their SQL types, as staged in import_rows.data. */
const STAGED_COLUMNS = [
  ['employee_number', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['email', 'text'], ['phone', 'text'],
  ['gender', 'text'], ['date_of_birth', 'date'], ['address', 'text'], ['next_of_kin_name', 'text'], ['next_of_kin_phone', 'text'],
  ['employment_type', 'text'], ['start_date', 'date'], ['department_id', 'uuid'], ['designation_id', 'uuid'], ['gross_income', 'bigint'],
  ['portal_code', 'text'], ['employee_unique_code', 'text'],
] as const;
export type TStagedEmployee = Partial<Record<(typeof STAGED_COLUMNS)[number][0], string | number | null>> & {
  /** 1-based position among the rows whose number is generated: the index into the numbers given at apply time. */
  generated?: number;
};

const recordType = sql.raw([...STAGED_COLUMNS.map(([c, t]) => `${c} ${t}`), 'generated int'].join(', '));
const targetColumns = sql.raw(STAGED_COLUMNS.map(([c]) => c).join(', '));
const sourceColumns = sql.raw(STAGED_COLUMNS.map(([c]) => {
  if (c === 'employee_number') return 'coalesce(r.employee_number, g.number)';
  if (c === 'start_date') return 'coalesce(r.start_date, CURRENT_DATE)';
  if (c === 'employment_type') return "coalesce(r.employment_type, 'full-time')";
  return `r.${c}`;
}).join(', '));

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

/** A department or designation the file named was deleted after the rows were checked. */
export const violatedForeignKey = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
};
