import { sql } from 'drizzle-orm';
import type { TPayrollApprovalMode } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { one, query } from './payroll.repo.ts';

// SQL of payroll approval (issue 32): the business's approval setting, who else could approve, the run's unpayable lines.

export const getApprovalMode = async (db: DbOrTx, businessId: string) =>
  ((await one<{ payroll_approval: string }>(db, sql`SELECT payroll_approval FROM businesses WHERE id = ${businessId}`))?.payroll_approval ?? 'maker-checker') as TPayrollApprovalMode;

export const setApprovalMode = async (tx: DbOrTx, businessId: string, mode: TPayrollApprovalMode) => {
  await tx.execute(sql`UPDATE businesses SET payroll_approval = ${mode} WHERE id = ${businessId}`);
};

/** Users of the business other than `exceptUserId` who may approve payroll without a rule: the owner, or Accounts-access and Approvals-access. */
export const countOtherApprovers = async (db: DbOrTx, businessId: string, exceptUserId: string | null) =>
  (await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE business_id = ${businessId}
    AND id IS DISTINCT FROM ${exceptUserId}
    AND ('owner' = ANY(roles) OR roles @> ARRAY['Accounts-access', 'Approvals-access']::text[])`))!.n;

export type TPayLineRow = { employee_id: string; employee_number: string; name: string; bank_code: string | null; account_number: string | null };

/** The run's lines that may not be payable: blank bank code or account, or (checked by the caller) any Nigerian account. */
export const findLinesToCheck = (db: DbOrTx, businessId: string, runId: string, checkAll: boolean) =>
  query<TPayLineRow>(db, sql`SELECT employee_id, employee_number, name, bank_code, account_number FROM payroll_lines
    WHERE business_id = ${businessId} AND run_id = ${runId}
    ${checkAll ? sql`` : sql`AND (coalesce(trim(bank_code), '') = '' OR coalesce(trim(account_number), '') = '')`}
    ORDER BY lower(name), employee_id`);

/** Takes employees off a run: their line and membership go; the run's computed version stays (the rest is unchanged). */
export const removeFromRun = async (tx: DbOrTx, businessId: string, runId: string, employeeIds: string[]) => {
  const ids = JSON.stringify(employeeIds);
  await tx.execute(sql`DELETE FROM payroll_lines WHERE business_id = ${businessId} AND run_id = ${runId}
    AND employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${ids}::jsonb))`);
  return (await query<{ employee_id: string }>(tx, sql`DELETE FROM payroll_run_members WHERE business_id = ${businessId} AND run_id = ${runId}
    AND employee_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${ids}::jsonb)) RETURNING employee_id`)).map((r) => r.employee_id);
};

export const setSelfApprovalReason = async (tx: DbOrTx, runId: string, reason: string | null) => {
  await tx.execute(sql`UPDATE payroll_runs SET self_approval_reason = ${reason} WHERE id = ${runId}`);
};

export const getSelfApprovalReason = async (db: DbOrTx, runId: string) =>
  (await one<{ self_approval_reason: string | null }>(db, sql`SELECT self_approval_reason FROM payroll_runs WHERE id = ${runId}`))?.self_approval_reason ?? null;
