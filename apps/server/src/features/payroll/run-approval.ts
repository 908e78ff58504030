import { PAYROLL_APPROVAL_MSG, type TApproveRunInput, type TRunApproval, type TUnpayable } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { approvalPolicy, type TApprovalVerdict } from './approval-policy.ts';
import { checkBankAccount } from '@bizdesk/contract';
import * as repo from './payroll.repo.ts';
import * as approvalRepo from './run-approval.repo.ts';

// The approve step's own rules (issue 32), kept out of runs.service: who may approve (approval-policy.ts, with the
// business's facts read here), the payable-account check, and taking employees off the run before approval.

const UNPAYABLE_SHOWN = 500;
const NAMES_IN_MESSAGE = 20;

/** The approvals engine's rule for payroll, as far as the verdict needs it. */
export type TPayrollRule = { isDefault: boolean; approverIds?: string[] | null };

export const approvalVerdict = async (db: DbOrTx, auth: TUserAuth, run: repo.TRunRow, rule: TPayrollRule): Promise<TApprovalVerdict> => {
  const [mode, otherApprovers] = await Promise.all([
    approvalRepo.getApprovalMode(db, auth.businessId),
    approvalRepo.countOtherApprovers(db, auth.businessId, auth.userId),
  ]);
  return approvalPolicy.verdict(auth, { preparedById: run.prepared_by_id }, { mode, otherApprovers, ruleApproverIds: rule.isDefault ? null : rule.approverIds ?? [] });
};

/** Employees on the run who cannot be paid: no bank code, no account number, or (Nigeria) an account the bank list refuses (NUBAN). */
export const findUnpayable = async (db: DbOrTx, businessId: string, runId: string, country: string): Promise<TUnpayable[]> => {
  const rows = await approvalRepo.findLinesToCheck(db, businessId, runId, country === 'NG');
  const out: TUnpayable[] = [];
  for (const r of rows) {
    const code = r.bank_code?.trim() ?? '';
    const account = r.account_number?.trim() ?? '';
    // The same bank list rule as the pay settings and the bank file: NUBAN for banks with a CBN code, 10 digits for wallets.
    const problem = !code ? 'no-bank-code' : !account ? 'no-account-number' : country === 'NG' && !checkBankAccount('NG', code, account).ok ? 'invalid-nuban' : null;
    if (problem) out.push({ employeeId: r.employee_id, employeeNumber: r.employee_number, name: r.name, problem });
  }
  return out;
};

/** 409 naming every employee (the first 20, and how many more) who cannot be paid. */
export const assertPayable = async (tx: DbOrTx, businessId: string, runId: string, country: string) => {
  const unpayable = await findUnpayable(tx, businessId, runId, country);
  if (!unpayable.length) return;
  const shown = unpayable.slice(0, NAMES_IN_MESSAGE).map((u) => `${u.name} (${u.employeeNumber})`).join(', ');
  const names = unpayable.length > NAMES_IN_MESSAGE ? `${shown} and ${unpayable.length - NAMES_IN_MESSAGE} more` : shown;
  throw new AppError('CONFLICT', PAYROLL_APPROVAL_MSG.unpayable(names), 409, { unpayable: unpayable.slice(0, UNPAYABLE_SHOWN) }).as('runUnpayable', { names });
};

/**
 * The approver's own changes before approving: the reason a self-approving owner gives, and employees taken off the
 * run (audited). Returns the trimmed reason.
 */
export const prepareApproval = async (tx: Tx, auth: TUserAuth, run: repo.TRunRow, verdict: TApprovalVerdict, input: TApproveRunInput) => {
  const reason = input.reason?.trim() || null;
  if (verdict.needsReason && !reason) throw badRequest(PAYROLL_APPROVAL_MSG.reasonRequired).as('selfApprovalReason');
  const ids = [...new Set((input.exclude ?? []).map((id) => id.toLowerCase()))];
  if (ids.length) {
    const removed = await approvalRepo.removeFromRun(tx, auth.businessId, run.id, ids);
    if (removed.length !== ids.length) throw badRequest(PAYROLL_APPROVAL_MSG.excludeNotOnRun).as('excludeNotOnRun');
    await audit(tx, auth, 'payroll.members-excluded', { entity: 'payroll-run', entityId: run.id, after: { month: run.month, excluded: removed } });
  }
  return reason;
};

/** The caller's position on a run, for the approve button; null once the run is no longer a draft. */
export const describeApproval = async (db: DbOrTx, auth: TUserAuth, run: repo.TRunRow, rule: TPayrollRule, country: string): Promise<TRunApproval | null> => {
  if (run.status !== 'draft') return null;
  const isCurrent = Boolean(run.computed_at) && run.computed_version === run.version;
  const unpayable = isCurrent ? await findUnpayable(db, auth.businessId, run.id, country) : [];
  const base = { unpayable: unpayable.slice(0, UNPAYABLE_SHOWN), unpayableCount: unpayable.length };
  if (!isCurrent) return { canApprove: false, block: 'not-computed', reason: 'Compute the run (again) before approving it', needsReason: false, ...base };
  return { ...(await approvalVerdict(db, auth, run, rule)), ...base };
};

/**
 * After a computation is stored (the run is submitted for approval): the approvers are told by the approvals engine's
 * request (its notification links to their inbox). When nobody but the preparer may approve, that request helps no
 * one, so the preparer's side is told what to do instead: approve it themselves with a reason (the business allows
 * the owner to), or change the setting or give someone the roles. Links to the run.
 */
export const notifyIfOnlyPreparer = async (tx: Tx, notify: TNotify, run: repo.TRunRow, preparedById: string | null, rule: TPayrollRule) => {
  if (!preparedById || !rule.isDefault) return;
  if (await approvalRepo.countOtherApprovers(tx, run.business_id, preparedById) > 0) return;
  const mode = await approvalRepo.getApprovalMode(tx, run.business_id);
  const link = { screen: 'payroll' as const, id: run.month };
  if (mode === 'owner-when-alone') {
    await notify(tx, run.business_id, {
      category: 'Accounts', actionType: 'Payroll awaits your approval', link, messageKey: 'payroll.awaitsOwnApproval', params: { month: run.month },
      message: `The ${run.month} payroll run waits for your approval; as you prepared it, give a reason when you approve`,
    });
  } else {
    await notify(tx, run.business_id, {
      category: 'Accounts', actionType: 'Payroll cannot be approved', link, messageKey: 'payroll.approvalBlocked', params: { month: run.month },
      message: `Nobody else can approve the ${run.month} payroll run: allow the owner to approve their own runs (Profile), or give another user Accounts-access and Approvals-access`,
    });
  }
};
