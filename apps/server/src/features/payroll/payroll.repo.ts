import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { copyRows } from '../../db/copy.ts';
import { STRUCTURE_COLUMNS, structureJoins, withRecurringItems, type TStructureColumns } from './structures/compute.ts';

// The only place with SQL for payroll. Employees are read (names, gross) by join, always scoped
// by business_id; the gross itself lives on employees.gross_income (see decisions: Payroll).

/** Raw statements return timestamps as text or Date depending on the driver's parsers; ISO text either way (null stays null). */
export function iso(v: Date | string): string;
export function iso(v: Date | string | null): string | null;
export function iso(v: Date | string | null) {
  return v === null ? null : new Date(v).toISOString();
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
export const query = async <T>(db: DbOrTx, q: SQL) => rowsOf<T>(await db.execute(q));
export const one = async <T>(db: DbOrTx, q: SQL) => (await query<T>(db, q))[0];

export const getBusinessCountry = async (db: DbOrTx, businessId: string) =>
  (await one<{ country: string }>(db, sql`SELECT country FROM businesses WHERE id = ${businessId}`))!.country;

// ---------- employees and settings ----------

export type TSettingsRow = {
  employee_id: string; employee_number: string; first_name: string; last_name: string; email: string; department: string | null;
  gross_income: string | null; split: { basic: number; housing: number; transport: number } | null;
  bank_name: string | null; bank_code: string | null; account_number: string | null; account_name: string | null; pay_day: number | null;
  pension_base: string | null; pension_rate_bp: number | null; pension_fund_administrator: string | null; state_of_residence: string | null;
  nhf: boolean | null; nhis_monthly: string | null; life_assurance_annual: string | null; rent_annual: string | null; mortgage_interest_annual: string | null;
  tin: string | null; rsa_pin: string | null; nhf_number: string | null; ghana_card_number: string | null; ssnit_number: string | null; region: string | null;
  tier3_employee_bp: number | null; tier3_employer_bp: number | null;
  /** The assigned pay structure (issue 32); null: the business default. */
  structure_id?: string | null;
};

const SETTINGS_SELECT = sql`
  SELECT e.id AS employee_id, e.employee_number, e.first_name, e.last_name, e.email, d.name AS department, e.gross_income::text AS gross_income,
         s.split, s.bank_name, s.bank_code, s.account_number, s.account_name, s.pay_day, s.pension_base, s.pension_rate_bp,
         s.pension_fund_administrator, s.state_of_residence, s.nhf, s.nhis_monthly::text AS nhis_monthly, s.life_assurance_annual::text AS life_assurance_annual,
         s.rent_annual::text AS rent_annual, s.mortgage_interest_annual::text AS mortgage_interest_annual,
         s.tin, s.rsa_pin, s.nhf_number, s.ghana_card_number, s.ssnit_number, s.region, s.tier3_employee_bp, s.tier3_employer_bp, s.structure_id
  FROM employees e
  LEFT JOIN departments d ON d.id = e.department_id AND d.business_id = e.business_id
  LEFT JOIN pay_settings s ON s.employee_id = e.id AND s.business_id = e.business_id`;

/** A live employee of this business, or undefined (→ 404). */
export const getEmployeeSettings = (db: DbOrTx, businessId: string, employeeId: string) =>
  one<TSettingsRow>(db, sql`${SETTINGS_SELECT} WHERE e.business_id = ${businessId} AND e.id = ${employeeId} AND e.deleted_at IS NULL`);

export const findSettings = async (db: DbOrTx, businessId: string, opts: { search?: string; limit: number; offset: number }) => {
  const search = opts.search ? `%${opts.search.toLowerCase()}%` : null;
  const where = sql`e.business_id = ${businessId} AND e.deleted_at IS NULL ${search ? sql`AND e.search_text LIKE ${search}` : sql``}`;
  const rows = await query<TSettingsRow>(db, sql`${SETTINGS_SELECT} WHERE ${where} ORDER BY lower(e.first_name), lower(e.last_name), e.id LIMIT ${opts.limit} OFFSET ${opts.offset}`);
  const [{ n }] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM employees e WHERE ${where}`);
  return { rows, totalRecords: n };
};

export type TSettingsPatch = Partial<{
  split: { basic: number; housing: number; transport: number } | null; bank_name: string | null; bank_code: string | null; account_number: string | null;
  account_name: string | null; pay_day: number | null; pension_base: string | null; pension_rate_bp: number | null; pension_fund_administrator: string | null;
  state_of_residence: string | null; nhf: boolean; nhis_monthly: number; life_assurance_annual: number; rent_annual: number; mortgage_interest_annual: number;
  tin: string | null; rsa_pin: string | null; nhf_number: string | null; ghana_card_number: string | null; ssnit_number: string | null; region: string | null;
  tier3_employee_bp: number; tier3_employer_bp: number;
}>;

/** Ids of the live employees matching the Wages list's search (its "select all"), k3. */
export const findSettingIds = async (db: DbOrTx, businessId: string, search?: string) => {
  const like = search ? `%${search.toLowerCase()}%` : null;
  return (await query<{ id: string }>(db, sql`SELECT e.id FROM employees e WHERE e.business_id = ${businessId} AND e.deleted_at IS NULL ${like ? sql`AND e.search_text LIKE ${like}` : sql``}`)).map((r) => r.id);
};

/** Every live employee's pay settings (the pay details import finds people by number or e-mail; the export lists them), k3. */
export const findAllSettings = (db: DbOrTx, businessId: string) =>
  query<TSettingsRow>(db, sql`${SETTINGS_SELECT} WHERE e.business_id = ${businessId} AND e.deleted_at IS NULL ORDER BY lower(e.first_name), lower(e.last_name), e.id`);

const settingsSets = (patch: TSettingsPatch) => Object.entries(patch).filter(([, v]) => v !== undefined)
  .map(([k, v]) => (k === 'split' ? sql`split = ${v === null ? null : JSON.stringify(v)}::jsonb` : sql`${sql.identifier(k)} = ${v}`));

export const upsertSettings = async (tx: DbOrTx, businessId: string, employeeId: string, patch: TSettingsPatch) => {
  await tx.execute(sql`INSERT INTO pay_settings (business_id, employee_id) VALUES (${businessId}, ${employeeId}) ON CONFLICT (employee_id) DO NOTHING`);
  const sets = settingsSets(patch);
  if (sets.length === 0) return;
  await tx.execute(sql`UPDATE pay_settings SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE business_id = ${businessId} AND employee_id = ${employeeId}`);
};

/** The same settings patch for many employees in two statements (the Wages bulk edit), k3. */
export const upsertSettingsMany = async (tx: DbOrTx, businessId: string, employeeIds: string[], patch: TSettingsPatch) => {
  const ids = JSON.stringify(employeeIds);
  await tx.execute(sql`INSERT INTO pay_settings (business_id, employee_id) SELECT ${businessId}::uuid, value::uuid FROM jsonb_array_elements_text(${ids}::jsonb) ON CONFLICT (employee_id) DO NOTHING`);
  const sets = settingsSets(patch);
  if (sets.length === 0) return;
  await tx.execute(sql`UPDATE pay_settings SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE business_id = ${businessId} AND employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${ids}::jsonb))`);
};

/** Draft runs holding any of the employees are stale after a bulk change, k3. */
export const bumpDraftRunsOfMany = async (tx: DbOrTx, businessId: string, employeeIds: string[]) => {
  await tx.execute(sql`UPDATE payroll_runs r SET version = version + 1 WHERE r.business_id = ${businessId} AND r.status = 'draft'
    AND EXISTS (SELECT 1 FROM payroll_run_members m WHERE m.run_id = r.id AND m.employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(employeeIds)}::jsonb)))`);
};

export const setGross = async (tx: DbOrTx, businessId: string, employeeId: string, gross: number | null) => {
  await tx.execute(sql`UPDATE employees SET gross_income = ${gross}, updated_at = now() WHERE business_id = ${businessId} AND id = ${employeeId}`);
};

export const insertGrossChange = async (tx: DbOrTx, v: { businessId: string; employeeId: string; previous: number | null; gross: number; effectiveDate: string; changedById: string }) => {
  await tx.execute(sql`INSERT INTO gross_changes (business_id, employee_id, previous, gross, effective_date, changed_by_id)
    VALUES (${v.businessId}, ${v.employeeId}, ${v.previous}, ${v.gross}, ${v.effectiveDate}, ${v.changedById})`);
};

export const findGrossChanges = (db: DbOrTx, businessId: string, employeeId: string) =>
  query<{ previous: string | null; gross: string; effective_date: string; created_at: Date }>(db, sql`
    SELECT previous::text, gross::text, effective_date::text, created_at FROM gross_changes
    WHERE business_id = ${businessId} AND employee_id = ${employeeId} ORDER BY created_at DESC LIMIT 100`);

/** Ids of this business's live employees among `ids`. */
/** Live employees (all, or the listed ones); with `employedOn`, not those who left before that day (issue 32: exits). */
export const findLiveEmployeeIds = async (db: DbOrTx, businessId: string, ids: string[] | 'all', employedOn?: string) => {
  const employed = employedOn ? sql`AND (exit_date IS NULL OR exit_date >= ${employedOn}::date)` : sql``;
  return (await query<{ id: string }>(db, ids === 'all'
    ? sql`SELECT id FROM employees WHERE business_id = ${businessId} AND deleted_at IS NULL ${employed}`
    : sql`SELECT id FROM employees WHERE business_id = ${businessId} AND deleted_at IS NULL ${employed} AND id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`)).map((r) => r.id);
};

// ---------- period items ----------

export const insertPeriodItem = (tx: DbOrTx, v: { businessId: string; employeeId: string; month: string; kind: string; amount: number; createdById: string }) =>
  one<{ id: string; created_at: Date }>(tx, sql`INSERT INTO pay_period_items (business_id, employee_id, month, kind, amount, created_by_id)
    VALUES (${v.businessId}, ${v.employeeId}, ${v.month}, ${v.kind}, ${v.amount}, ${v.createdById}) RETURNING id, created_at`);

export const findPeriodItems = (db: DbOrTx, businessId: string, employeeId: string) =>
  query<{ id: string; employee_id: string; month: string; kind: string; amount: string; created_at: Date }>(db, sql`
    SELECT id, employee_id, month, kind, amount::text, created_at FROM pay_period_items
    WHERE business_id = ${businessId} AND employee_id = ${employeeId} ORDER BY month DESC, created_at DESC LIMIT 200`);

export const deletePeriodItems = async (tx: DbOrTx, businessId: string, employeeId: string, month: string) =>
  (await query<{ id: string }>(tx, sql`DELETE FROM pay_period_items WHERE business_id = ${businessId} AND employee_id = ${employeeId} AND month = ${month} RETURNING id`)).length;

// ---------- loans ----------

export type TLoanRow = {
  id: string; employee_id: string; principal: string; monthly_repayment: string; start_month: string; note: string | null;
  balance: string; status: string; created_at: Date; overrides: Array<{ month: string; amount: number }>;
};
const LOAN_SELECT = sql`
  SELECT l.id, l.employee_id, l.principal::text, l.monthly_repayment::text, l.start_month, l.note, l.balance::text, l.status, l.created_at,
         coalesce((SELECT json_agg(json_build_object('month', o.month, 'amount', o.amount) ORDER BY o.month) FROM loan_repayment_overrides o WHERE o.loan_id = l.id), '[]'::json) AS overrides
  FROM loans l`;

export const insertLoan = (tx: DbOrTx, v: { businessId: string; employeeId: string; principal: number; monthlyRepayment: number; startMonth: string; note: string | null }) =>
  one<{ id: string }>(tx, sql`INSERT INTO loans (business_id, employee_id, principal, monthly_repayment, start_month, note, balance)
    VALUES (${v.businessId}, ${v.employeeId}, ${v.principal}, ${v.monthlyRepayment}, ${v.startMonth}, ${v.note}, ${v.principal}) RETURNING id`);

export const getLoan = (db: DbOrTx, businessId: string, loanId: string, opts: { lock?: boolean } = {}) =>
  one<TLoanRow>(db, sql`${LOAN_SELECT} WHERE l.business_id = ${businessId} AND l.id = ${loanId} ${opts.lock ? sql`FOR UPDATE OF l` : sql``}`);

export const findLoans = (db: DbOrTx, businessId: string, employeeId: string) =>
  query<TLoanRow>(db, sql`${LOAN_SELECT} WHERE l.business_id = ${businessId} AND l.employee_id = ${employeeId} ORDER BY l.created_at DESC`);

export const findActiveLoans = (db: DbOrTx, businessId: string, employeeId: string) =>
  query<TLoanRow>(db, sql`${LOAN_SELECT} WHERE l.business_id = ${businessId} AND l.employee_id = ${employeeId} AND l.status = 'active' ORDER BY l.created_at FOR UPDATE OF l`);

export const updateLoan = async (tx: DbOrTx, businessId: string, loanId: string, patch: Partial<{ principal: number; monthly_repayment: number; start_month: string; note: string | null; balance: number; status: string }>) => {
  const sets = Object.entries(patch).filter(([, v]) => v !== undefined).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  if (sets.length) await tx.execute(sql`UPDATE loans SET ${sql.join(sets, sql`, `)} WHERE business_id = ${businessId} AND id = ${loanId}`);
};

export const setRepaymentOverride = async (tx: DbOrTx, businessId: string, loanId: string, month: string, amount: number) => {
  await tx.execute(sql`INSERT INTO loan_repayment_overrides (business_id, loan_id, month, amount) VALUES (${businessId}, ${loanId}, ${month}, ${amount})
    ON CONFLICT (loan_id, month) DO UPDATE SET amount = EXCLUDED.amount`);
};

export const deleteRepaymentOverrides = async (tx: DbOrTx, businessId: string, employeeId: string, month: string) => {
  await tx.execute(sql`DELETE FROM loan_repayment_overrides o USING loans l
    WHERE o.loan_id = l.id AND l.business_id = ${businessId} AND l.employee_id = ${employeeId} AND o.month = ${month}`);
};

// ---------- runs ----------

export type TRunRow = {
  id: string; business_id: string; month: string; status: string; currency: string; version: number; computed_version: number | null; computed_at: Date | null;
  job_id: string | null; prepared_by_id: string | null; approved_by_id: string | null; approved_at: Date | null; paid_at: Date | null;
  prepared_by: string | null; approved_by: string | null; members: number;
  /** Issue 32: 'regular' or an off-cycle kind, its label, a 13th month's base. */
  kind: string; label: string | null; off_cycle_base: string | null;
};
export const RUN_SELECT = sql`
  SELECT r.id, r.business_id, r.month, r.status, r.currency, r.version, r.computed_version, r.computed_at, r.job_id, r.prepared_by_id, r.approved_by_id,
         r.approved_at, r.paid_at, r.kind, r.label, r.off_cycle_base, p.user_name AS prepared_by, a.user_name AS approved_by,
         (SELECT count(*)::int FROM payroll_run_members m WHERE m.run_id = r.id) AS members
  FROM payroll_runs r
  LEFT JOIN users p ON p.id = r.prepared_by_id
  LEFT JOIN users a ON a.id = r.approved_by_id`;

export const getRunById = (db: DbOrTx, businessId: string, runId: string, opts: { lock?: boolean } = {}) =>
  one<TRunRow>(db, sql`${RUN_SELECT} WHERE r.business_id = ${businessId} AND r.id = ${runId} ${opts.lock ? sql`FOR UPDATE OF r` : sql``}`);

/** The month's regular run (off-cycle runs of the month are found by id). */
export const getRunByMonth = (db: DbOrTx, businessId: string, month: string, opts: { lock?: boolean } = {}) =>
  one<TRunRow>(db, sql`${RUN_SELECT} WHERE r.business_id = ${businessId} AND r.month = ${month} AND r.kind = 'regular' ${opts.lock ? sql`FOR UPDATE OF r` : sql``}`);

/** Draft runs computed since their last change: waiting for approval (the dashboard), oldest month first. */
export const findRunsAwaitingApproval = (db: DbOrTx, businessId: string) =>
  query<{ month: string }>(db, sql`SELECT month FROM payroll_runs WHERE business_id = ${businessId} AND status = 'draft'
    AND computed_at IS NOT NULL AND computed_version = version ORDER BY month`);

/** The month's run, created as an empty draft on first use. */
export const ensureRun = async (tx: DbOrTx, businessId: string, month: string) => {
  await tx.execute(sql`INSERT INTO payroll_runs (business_id, month, currency) SELECT ${businessId}, ${month}, currency FROM businesses WHERE id = ${businessId}
    ON CONFLICT (business_id, month) WHERE kind = 'regular' DO NOTHING`);
  return (await getRunByMonth(tx, businessId, month, { lock: true }))!;
};

/** The latest run that holds the employee (the "current run" of publish / remove / reset). */
export const getLatestRunOf = (db: DbOrTx, businessId: string, employeeId: string) =>
  one<TRunRow>(db, sql`${RUN_SELECT} WHERE r.business_id = ${businessId}
    AND EXISTS (SELECT 1 FROM payroll_run_members m WHERE m.run_id = r.id AND m.employee_id = ${employeeId})
    ORDER BY r.month DESC, (r.kind = 'regular') DESC, r.created_at DESC LIMIT 1 FOR UPDATE OF r`);

/** Draft runs holding the employee go out of date when their pay inputs change. */
export const bumpDraftRunsOf = async (tx: DbOrTx, businessId: string, employeeId: string) => {
  await tx.execute(sql`UPDATE payroll_runs r SET version = version + 1 WHERE r.business_id = ${businessId} AND r.status = 'draft'
    AND EXISTS (SELECT 1 FROM payroll_run_members m WHERE m.run_id = r.id AND m.employee_id = ${employeeId})`);
};

export const bumpRunVersion = async (tx: DbOrTx, businessId: string, runId: string) => {
  await tx.execute(sql`UPDATE payroll_runs SET version = version + 1 WHERE business_id = ${businessId} AND id = ${runId}`);
};

export const addMembers = async (tx: DbOrTx, businessId: string, runId: string, employeeIds: string[]) =>
  (await query<{ employee_id: string }>(tx, sql`INSERT INTO payroll_run_members (business_id, run_id, employee_id)
    SELECT ${businessId}, ${runId}, value::uuid FROM jsonb_array_elements_text(${JSON.stringify(employeeIds)}::jsonb) ON CONFLICT DO NOTHING RETURNING employee_id`)).length;

export const isMember = async (db: DbOrTx, runId: string, employeeId: string) =>
  (await query(db, sql`SELECT 1 FROM payroll_run_members WHERE run_id = ${runId} AND employee_id = ${employeeId}`)).length === 1;

export const setRunJob = async (tx: DbOrTx, runId: string, jobId: string, preparedById: string) => {
  await tx.execute(sql`UPDATE payroll_runs SET job_id = ${jobId}, prepared_by_id = ${preparedById} WHERE id = ${runId}`);
};

export const markComputed = async (tx: DbOrTx, runId: string, version: number) => {
  await tx.execute(sql`UPDATE payroll_runs SET computed_version = ${version}, computed_at = now() WHERE id = ${runId}`);
};

export const setRunStatus = async (tx: DbOrTx, runId: string, patch: { status: string; approvedById?: string }) => {
  if (patch.status === 'approved') await tx.execute(sql`UPDATE payroll_runs SET status = 'approved', approved_by_id = ${patch.approvedById ?? null}, approved_at = now() WHERE id = ${runId}`);
  else if (patch.status === 'paid') await tx.execute(sql`UPDATE payroll_runs SET status = 'paid', paid_at = now() WHERE id = ${runId}`);
};

/** What a run's computation needs of each member, in one statement (10,000 members: one round trip). */
/** A run member's settings and this month's items, with the business's statutory answers (employer pension rate, ITF). */
export type TComputeRow = TSettingsRow & {
  deleted: boolean; allowance: string; overtime: string; iou: string; employer_pension_rate_bp: number; is_itf_liable: boolean | null;
  /** The member's start and exit (month-events.ts), read here rather than by a second read of the run's employees. */
  member_start_date: string; member_start_date_given: boolean; member_exit_date: string | null; member_exit_reason: string | null;
} & TStructureColumns;
export const findComputeRows = async (db: DbOrTx, businessId: string, runId: string, month: string) =>
  withRecurringItems(db, businessId, month, await query<TComputeRow>(db, sql`
    SELECT e.id AS employee_id, e.employee_number, e.first_name, e.last_name, e.email, d.name AS department, e.gross_income::text AS gross_income,
           e.deleted_at IS NOT NULL AS deleted, e.start_date::text AS member_start_date, e.start_date_given AS member_start_date_given,
           e.exit_date::text AS member_exit_date, e.exit_reason AS member_exit_reason,
           s.split, s.bank_name, s.bank_code, s.account_number, s.account_name, s.pay_day, s.pension_base, s.pension_rate_bp,
           s.pension_fund_administrator, s.state_of_residence, s.nhf, s.nhis_monthly::text AS nhis_monthly, s.life_assurance_annual::text AS life_assurance_annual,
           s.rent_annual::text AS rent_annual, s.mortgage_interest_annual::text AS mortgage_interest_annual,
           s.tin, s.rsa_pin, s.nhf_number, s.ghana_card_number, s.ssnit_number, s.region, s.tier3_employee_bp, s.tier3_employer_bp,
           coalesce(i.allowance, 0)::text AS allowance, coalesce(i.overtime, 0)::text AS overtime, coalesce(i.iou, 0)::text AS iou,
           b.employer_pension_rate_bp, b.is_itf_liable,
           ${STRUCTURE_COLUMNS}
    FROM payroll_run_members m
    JOIN businesses b ON b.id = m.business_id
    JOIN employees e ON e.id = m.employee_id AND e.business_id = m.business_id
    LEFT JOIN departments d ON d.id = e.department_id AND d.business_id = e.business_id
    LEFT JOIN pay_settings s ON s.employee_id = e.id AND s.business_id = e.business_id
    ${structureJoins()}
    LEFT JOIN (
      SELECT employee_id, sum(amount) FILTER (WHERE kind = 'allowance') AS allowance, sum(amount) FILTER (WHERE kind = 'overtime') AS overtime,
             sum(amount) FILTER (WHERE kind = 'iou') AS iou
      FROM pay_period_items WHERE business_id = ${businessId} AND month = ${month} GROUP BY employee_id
    ) i ON i.employee_id = e.id
    WHERE m.business_id = ${businessId} AND m.run_id = ${runId}
    ORDER BY lower(e.first_name), lower(e.last_name), e.id`));

/** Active loans of the run's members with what each repays this month (override or the monthly amount). */
export const findRunLoans = (db: DbOrTx, businessId: string, runId: string, month: string) =>
  query<{ id: string; employee_id: string; balance: string; repayment: string }>(db, sql`
    SELECT l.id, l.employee_id, l.balance::text, coalesce(o.amount, l.monthly_repayment)::text AS repayment
    FROM loans l
    JOIN payroll_run_members m ON m.employee_id = l.employee_id AND m.run_id = ${runId}
    LEFT JOIN loan_repayment_overrides o ON o.loan_id = l.id AND o.month = ${month}
    WHERE l.business_id = ${businessId} AND l.status = 'active' AND l.start_month <= ${month} AND l.balance > 0
    ORDER BY l.created_at`);

export type TLineInsert = {
  employee_id: string; employee_number: string; name: string; email: string; department: string | null; bank_name: string | null; bank_code: string | null;
  account_number: string | null; account_name: string | null; pension_fund_administrator: string | null; state_of_residence: string | null;
  gross: number; tax: number; pension: number; other_deductions: number; allowance: number; overtime: number; loan_repayment: number; iou: number;
  employer_cost: number; net: number; result: unknown;
  /** The month's employer contributions by kind (pay-input.ts employerColumns). */
  employer_pension: number; employer_nsitf: number; employer_itf: number; employer_tier3: number;
  /** Σ breakdown.periodEarnings and Σ breakdown.periodDeductions besides loans and IOUs (issue 32). */
  earnings: number; period_deductions: number;
};

export const deleteLines = async (tx: DbOrTx, businessId: string, runId: string) => {
  await tx.execute(sql`DELETE FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId}`);
};

const TEXT_COLUMNS = ['employee_id', 'employee_number', 'name', 'email', 'department', 'bank_name', 'bank_code', 'account_number', 'account_name', 'pension_fund_administrator', 'state_of_residence'] as const;
const MONEY_COLUMNS = ['gross', 'tax', 'pension', 'other_deductions', 'allowance', 'overtime', 'loan_repayment', 'iou', 'employer_cost', 'net', 'earnings', 'period_deductions',
  'employer_pension', 'employer_nsitf', 'employer_itf', 'employer_tier3'] as const;
const LINE_INSERT_COLUMNS = ['business_id', 'run_id', ...TEXT_COLUMNS, ...MONEY_COLUMNS, 'result'];

/**
 * One batch of lines by COPY (db/copy.ts): the unnest of one array parameter per column it replaces spent most of a
 * 10,000-line run escaping and parsing array literals (the json results above all).
 */
export const insertLines = async (tx: Tx, businessId: string, runId: string, lines: TLineInsert[]) => {
  await copyRows(tx, 'payroll_lines', LINE_INSERT_COLUMNS, lines.map((l) => [
    businessId, runId, ...TEXT_COLUMNS.map((c) => l[c]), ...MONEY_COLUMNS.map((c) => l[c]), l.result,
  ]));
};

/** The run's net pay (what the approvals inbox shows): the column alone, no line's JSON read. */
export const getNetTotal = async (db: DbOrTx, businessId: string, runId: string) =>
  Number((await one<{ net: string }>(db, sql`SELECT coalesce(sum(net), 0)::text AS net FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId}`))!.net);

// Employer contributions of a line, from its stored statutory figures (issue 31). A line stored before them has
// none: its employer_cost column is the whole (0 in Nigeria, SSNIT's employer 13% in Ghana) and counts as pension.
const statutoryOf = (key: string) => sql`(payroll_lines.result->'breakdown'->'statutory'->>${sql.raw(`'${key}'`)})::bigint`;
/** The line's employer contributions this month. */
export const EMPLOYER_OF_LINE = sql`coalesce(${statutoryOf('employerTotal')}, payroll_lines.employer_cost)`;
/** The line's gross pay this month: monthly salary + recurring earnings + allowance + overtime. */
export const GROSS_PAY_OF_LINE = sql`(payroll_lines.gross + payroll_lines.earnings + payroll_lines.allowance + payroll_lines.overtime)`;

export type TTotalsRow = {
  employees: number; gross: string; tax: string; pension: string; deductions: string; net: string; employer: string; gross_pay: string;
  employer_pension: string; employer_nsitf: string; employer_itf: string; employer_tier3: string;
};
/**
 * The run's totals, from columns alone: the employer's contributions by kind are stored on each line (employer_pension …
 * employer_tier3, filled from the statutory figures; migration 0035 for older lines), so no line's JSON is read (reading
 * each line's statutory block made the totals of 10,000 lines take a second). The employer total is employer_cost, which
 * holds the statutory employerTotal on every line that has one (pay-input.ts toLine, off-cycle-compute.ts).
 */
export const getTotals = (db: DbOrTx, businessId: string, runId: string) =>
  one<TTotalsRow>(db, sql`SELECT count(*)::int AS employees, coalesce(sum(l.gross), 0)::text AS gross, coalesce(sum(l.tax), 0)::text AS tax,
      coalesce(sum(l.pension), 0)::text AS pension, coalesce(sum(l.other_deductions + l.loan_repayment + l.iou + l.period_deductions), 0)::text AS deductions,
      coalesce(sum(l.net), 0)::text AS net, coalesce(sum(l.employer_cost), 0)::text AS employer,
      coalesce(sum(l.gross + l.earnings + l.allowance + l.overtime), 0)::text AS gross_pay,
      coalesce(sum(l.employer_pension), 0)::text AS employer_pension,
      coalesce(sum(l.employer_nsitf), 0)::text AS employer_nsitf,
      coalesce(sum(l.employer_itf), 0)::text AS employer_itf,
      coalesce(sum(l.employer_tier3), 0)::text AS employer_tier3
    FROM payroll_lines l
    WHERE l.business_id = ${businessId} AND l.run_id = ${runId}`);

export type TLineRow = {
  id: string; run_id: string; employee_id: string; employee_number: string; name: string; email: string; department: string | null;
  gross: string; tax: string; pension: string; other_deductions: string; allowance: string; overtime: string; loan_repayment: string; iou: string; net: string;
  published_at: Date | null; emailed_at: Date | null;
};
const LINE_COLUMNS = sql`id, run_id, employee_id, employee_number, name, email, department, gross::text, tax::text, pension::text, other_deductions::text,
  allowance::text, overtime::text, loan_repayment::text, iou::text, net::text, published_at, emailed_at`;

export const findLines = async (db: DbOrTx, businessId: string, runId: string, opts: { search?: string; limit: number; offset: number }) => {
  const search = opts.search ? `%${opts.search.toLowerCase()}%` : null;
  const where = sql`business_id = ${businessId} AND run_id = ${runId} ${search ? sql`AND (lower(name) LIKE ${search} OR lower(employee_number) LIKE ${search})` : sql``}`;
  const rows = await query<TLineRow>(db, sql`SELECT ${LINE_COLUMNS} FROM payroll_lines WHERE ${where} ORDER BY lower(name), id LIMIT ${opts.limit} OFFSET ${opts.offset}`);
  const [{ n }] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM payroll_lines WHERE ${where}`);
  return { rows, totalRecords: n };
};

export const findAllLines = (db: DbOrTx, businessId: string, runId: string) =>
  query<TLineRow & { bank_name: string | null; bank_code: string | null; account_number: string | null; account_name: string | null; pension_fund_administrator: string | null; state_of_residence: string | null }>(db, sql`
    SELECT ${LINE_COLUMNS}, bank_name, bank_code, account_number, account_name, pension_fund_administrator, state_of_residence
    FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} ORDER BY lower(name), id`);

export type TSlipRow = TLineRow & { result: { outputs: Record<string, number>; breakdown: unknown }; month: string; currency: string; status: string;
  bank_name: string | null; account_number: string | null; business_name: string; employer_cost: string; run_kind?: string; run_label?: string | null };
export const getSlip = (db: DbOrTx, businessId: string, lineId: string) =>
  one<TSlipRow>(db, sql`SELECT l.id, l.run_id, l.employee_id, l.employee_number, l.name, l.email, l.department, l.gross::text, l.tax::text, l.pension::text,
      l.other_deductions::text, l.allowance::text, l.overtime::text, l.loan_repayment::text, l.iou::text, l.net::text, l.published_at, l.emailed_at, l.employer_cost::text,
      l.result, l.bank_name, l.account_number, r.month, r.currency, r.status, r.kind AS run_kind, r.label AS run_label, b.name AS business_name
    FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id JOIN businesses b ON b.id = l.business_id
    WHERE l.business_id = ${businessId} AND l.id = ${lineId}`);

export const getLineOf = (db: DbOrTx, businessId: string, runId: string, employeeId: string) =>
  one<{ id: string; published_at: Date | null }>(db, sql`SELECT id, published_at FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} AND employee_id = ${employeeId}`);

export const setPublished = async (tx: DbOrTx, businessId: string, runId: string, employeeId: string | null, isPublished: boolean) =>
  (await query<{ id: string }>(tx, sql`UPDATE payroll_lines SET published_at = ${isPublished ? sql`coalesce(published_at, now())` : sql`NULL`}
    WHERE business_id = ${businessId} AND run_id = ${runId} ${employeeId ? sql`AND employee_id = ${employeeId}` : sql``} RETURNING id`)).length;

/** An employee's payslips of approved runs; only the published ones unless `withUnpublished` (pay roles). */
export const findEmployeeSlips = (db: DbOrTx, businessId: string, employeeId: string, withUnpublished: boolean) =>
  query<{ id: string; month: string; currency: string; net: string; published_at: Date | null; kind: string; label: string | null }>(db, sql`
    SELECT l.id, r.month, r.currency, l.net::text, l.published_at, r.kind, r.label FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id
    WHERE l.business_id = ${businessId} AND l.employee_id = ${employeeId} ${withUnpublished ? sql`` : sql`AND l.published_at IS NOT NULL`} AND r.status IN ('approved', 'paid')
    ORDER BY r.month DESC, (r.kind = 'regular') DESC, r.created_at DESC LIMIT 120`);

/** Lowers each repaid loan's balance by what the approved run took; a loan reaching zero is repaid. */
export const applyLoanRepayments = async (tx: DbOrTx, businessId: string, repayments: Array<{ loanId: string; amount: number }>) => {
  if (repayments.length === 0) return;
  await tx.execute(sql`
    UPDATE loans l SET balance = l.balance - r.amount, status = CASE WHEN l.balance - r.amount = 0 THEN 'repaid' ELSE l.status END
    FROM (SELECT "loanId"::uuid AS id, sum(amount)::bigint AS amount FROM jsonb_to_recordset(${JSON.stringify(repayments)}::jsonb) AS x("loanId" text, amount bigint) GROUP BY 1) r
    WHERE l.id = r.id AND l.business_id = ${businessId}`);
};

export const findRunRepayments = (db: DbOrTx, businessId: string, runId: string) =>
  query<{ loanId: string; amount: number }>(db, sql`
    SELECT x."loanId", x.amount FROM payroll_lines l CROSS JOIN LATERAL json_to_recordset(l.result->'loans') AS x("loanId" text, amount bigint)
    WHERE l.business_id = ${businessId} AND l.run_id = ${runId}`);

/** Claims one line's e-mail (at most once): returns it only if no earlier attempt claimed it. */
export const claimLineMail = (tx: DbOrTx, businessId: string, lineId: string) =>
  one<{ id: string }>(tx, sql`UPDATE payroll_lines SET emailed_at = now() WHERE business_id = ${businessId} AND id = ${lineId} AND emailed_at IS NULL RETURNING id`);

export const releaseLineMail = async (tx: DbOrTx, businessId: string, lineId: string) => {
  await tx.execute(sql`UPDATE payroll_lines SET emailed_at = NULL WHERE business_id = ${businessId} AND id = ${lineId}`);
};

export const findUnmailedLineIds = async (db: DbOrTx, businessId: string, runId: string) =>
  (await query<{ id: string }>(db, sql`SELECT id FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} AND emailed_at IS NULL ORDER BY id`)).map((r) => r.id);

// ---------- summaries ----------

export const findYearTotals = (db: DbOrTx, businessId: string, year: number) =>
  query<{ month: string; status: string; employees: number; gross: string; tax: string; pension: string; net: string; gross_pay: string; employer: string }>(db, sql`
    SELECT r.month, coalesce(min(r.status) FILTER (WHERE r.kind = 'regular'), min(r.status)) AS status, count(DISTINCT payroll_lines.employee_id)::int AS employees, coalesce(sum(payroll_lines.gross), 0)::text AS gross, coalesce(sum(payroll_lines.tax), 0)::text AS tax,
           coalesce(sum(payroll_lines.pension), 0)::text AS pension, coalesce(sum(payroll_lines.net), 0)::text AS net,
           coalesce(sum(${GROSS_PAY_OF_LINE}), 0)::text AS gross_pay, coalesce(sum(${EMPLOYER_OF_LINE}), 0)::text AS employer
    FROM payroll_runs r LEFT JOIN payroll_lines ON payroll_lines.run_id = r.id AND payroll_lines.business_id = r.business_id
    WHERE r.business_id = ${businessId} AND r.month LIKE ${`${year}-%`} GROUP BY r.month ORDER BY r.month`);

/** Cost to the employer by department: gross pay (with allowances and overtime) + employer contributions. */
export const findDepartmentCosts = (db: DbOrTx, businessId: string, runId: string) =>
  query<{ department: string | null; employees: number; cost: string }>(db, sql`
    SELECT department, count(*)::int AS employees, sum(${GROSS_PAY_OF_LINE} + ${EMPLOYER_OF_LINE})::text AS cost
    FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} GROUP BY 1 ORDER BY 3 DESC, 1`);

/** Each employee's cost to the employer in a run, a page at a time (by name). */
export const findEmployeeCosts = async (db: DbOrTx, businessId: string, runId: string, opts: { limit: number; offset: number }) => {
  const rows = await query<{ id: string; employee_id: string; employee_number: string; name: string; department: string | null; gross_pay: string; employer: string }>(db, sql`
    SELECT id, employee_id, employee_number, name, department, ${GROSS_PAY_OF_LINE}::text AS gross_pay, ${EMPLOYER_OF_LINE}::text AS employer
    FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId} ORDER BY lower(name), id LIMIT ${opts.limit} OFFSET ${opts.offset}`);
  const [{ n }] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId}`);
  return { rows, totalRecords: n };
};

/** Every employee's cost to the employer in a run (issue 35: labour reaches the projects by allocation). */
export const findRunEmployerCosts = (db: DbOrTx, businessId: string, runId: string) =>
  query<{ employee_id: string; name: string; cost: string }>(db, sql`
    SELECT employee_id, name, (${GROSS_PAY_OF_LINE} + ${EMPLOYER_OF_LINE})::text AS cost FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId}`);

export const findLatestRun = (db: DbOrTx, businessId: string, year: number) =>
  one<{ id: string; month: string }>(db, sql`SELECT id, month FROM payroll_runs WHERE business_id = ${businessId} AND month LIKE ${`${year}-%`} AND computed_at IS NOT NULL ORDER BY month DESC, (kind = 'regular') DESC LIMIT 1`);


/** The run's preparer as a signed-in user would be (no roles): the name an approval request is opened in. */
export const getPreparer = (db: DbOrTx, businessId: string, userId: string) =>
  one<{ businessId: string; businessName: string; ownerEmail: string; country: string; timeZone: string; userId: string; email: string; userName: string }>(db, sql`
    SELECT b.id AS "businessId", b.name AS "businessName", b.owner_email AS "ownerEmail", b.country, b.time_zone AS "timeZone",
           u.id AS "userId", u.email, u.user_name AS "userName"
      FROM users u JOIN businesses b ON b.id = u.business_id WHERE u.business_id = ${businessId} AND u.id = ${userId}`);
