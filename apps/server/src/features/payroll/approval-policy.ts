import { PAY_MSG, PAYROLL_APPROVAL_MSG, type TApprovalBlock, type TPayrollApprovalMode } from '@bizdesk/contract';
import { hasRole, type TUserAuth } from '../../platform/auth/guard.ts';

/**
 * Who may approve a payroll run (issue 32: approval that fits a small company). Pure: the caller, the run and the
 * business's facts in, the verdict out, so the approve button (the run's `approval` field) and the approve step
 * cannot disagree.
 *
 * - Without an approval rule for 'payroll': the owner, or a user with Accounts-access and Approvals-access.
 *   With a rule: its listed approvers.
 * - Never the person who prepared (computed) the run — except the owner, when the business's setting is
 *   'owner-when-alone' and nobody else may approve (no other owner or Accounts+Approvals user, no rule):
 *   then the owner approves with a reason, which is recorded on the run and audited.
 */
export type TApprovalFacts = {
  mode: TPayrollApprovalMode;
  /** The rule's approver ids, or null without a rule (the default). */
  ruleApproverIds: string[] | null;
  /** Users other than the caller who may approve without a rule. */
  otherApprovers: number;
};
export type TApprovalVerdict = { canApprove: boolean; block: TApprovalBlock | null; reason: string | null; needsReason: boolean };

const refuse = (block: TApprovalBlock, reason: string): TApprovalVerdict => ({ canApprove: false, block, reason, needsReason: false });

export const approvalPolicy = {
  verdict: (auth: TUserAuth, run: { preparedById: string | null }, facts: TApprovalFacts): TApprovalVerdict => {
    const isOwner = auth.roles.includes('owner');
    const isApprover = facts.ruleApproverIds
      ? facts.ruleApproverIds.includes(auth.userId)
      : isOwner || (hasRole(auth, 'Accounts-access') && hasRole(auth, 'Approvals-access'));
    if (!isApprover) return refuse('no-role', facts.ruleApproverIds ? 'You are not an approver for payroll' : PAYROLL_APPROVAL_MSG.noRole);
    if (run.preparedById !== auth.userId) return { canApprove: true, block: null, reason: null, needsReason: false };
    if (!isOwner) return refuse('preparer', PAY_MSG.approverIsPreparer);
    if (facts.ruleApproverIds) return refuse('preparer-rule', PAYROLL_APPROVAL_MSG.preparerRule);
    if (facts.otherApprovers > 0) return refuse('preparer', PAYROLL_APPROVAL_MSG.ownerPreparer);
    if (facts.mode !== 'owner-when-alone') return refuse('sole-owner-not-allowed', PAYROLL_APPROVAL_MSG.soleOwnerNotAllowed);
    return { canApprove: true, block: null, reason: null, needsReason: true };
  },
};
