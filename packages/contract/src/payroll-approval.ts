import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * Who approves payroll (issue 32, item 6), a setting of the business the owner changes:
 * - 'maker-checker' (default): someone other than the preparer approves — the owner or a user with Accounts-access and
 *   Approvals-access (or the approvers of a payroll approval rule, when one is set).
 * - 'owner-when-alone': the same, except that the owner may approve a run they prepared, giving a reason, while nobody
 *   else holds those roles (a sole owner can pay their staff).
 */
export const PAYROLL_APPROVAL_MODES = ['maker-checker', 'owner-when-alone'] as const;
export type TPayrollApprovalMode = (typeof PAYROLL_APPROVAL_MODES)[number];

export const ZPayrollApprovalSetting = z.object({
  payrollApproval: z.enum(PAYROLL_APPROVAL_MODES),
  /** Users other than the owner who hold Accounts-access and Approvals-access (who may approve a run the owner prepared). */
  otherApprovers: z.number().int(),
  /** Whether the caller may change it (the owner). */
  canEdit: z.boolean(),
});
export type TPayrollApprovalSetting = z.infer<typeof ZPayrollApprovalSetting>;

export const ZPayrollApprovalInput = z.object({
  payrollApproval: z.enum(PAYROLL_APPROVAL_MODES, { message: 'must be maker-checker or owner-when-alone' }),
}).strict();
export type TPayrollApprovalInput = z.infer<typeof ZPayrollApprovalInput>;

/** An employee on a run whose pay cannot be sent: no bank code or account number, or (Nigeria) an account failing the NUBAN check. */
export const UNPAYABLE_PROBLEMS = ['no-bank-code', 'no-account-number', 'invalid-nuban'] as const;
export const ZUnpayable = z.object({
  employeeId: ZId, employeeNumber: z.string(), name: z.string(), problem: z.enum(UNPAYABLE_PROBLEMS),
});
export type TUnpayable = z.infer<typeof ZUnpayable>;

/** Why the caller cannot approve the run (the approve button says so up front). */
export const APPROVAL_BLOCKS = ['not-draft', 'not-computed', 'no-role', 'preparer', 'preparer-rule', 'sole-owner-not-allowed', 'already-approved-by-you'] as const;
export type TApprovalBlock = (typeof APPROVAL_BLOCKS)[number];

/** The caller's position on a draft run: whether they may approve it now, why not, and whether a reason is required. */
export const ZRunApproval = z.object({
  canApprove: z.boolean(),
  /** Set when canApprove is false: a code the web words, and the server's own sentence. */
  block: z.enum(APPROVAL_BLOCKS).nullable(),
  reason: z.string().nullable(),
  /** The owner approving a run they prepared: the reason is required and recorded. */
  needsReason: z.boolean(),
  /** Employees on the run who cannot be paid (first 500); approval is refused while any is on the run, unless excluded. */
  unpayable: z.array(ZUnpayable),
  unpayableCount: z.number().int(),
});
export type TRunApproval = z.infer<typeof ZRunApproval>;

export const ZApproveRunInput = z.object({
  /** Required when the owner approves a run they prepared (approval.needsReason). */
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  /** Employees taken off the run before it is approved (those without a payable account); audited. */
  exclude: z.array(ZId).max(50_000, 'must list at most 50000 employees').optional(),
}).strict();
export type TApproveRunInput = z.infer<typeof ZApproveRunInput>;

export const PAYROLL_APPROVAL_MSG = {
  settingSaved: 'Payroll approval setting saved',
  noRole: 'Only the owner, or a user with Accounts-access and Approvals-access, can approve a payroll run',
  preparer: 'You prepared this run; another user with Accounts-access and Approvals-access (or the owner) approves it.',
  ownerPreparer: 'You prepared this run; another user with Accounts-access and Approvals-access approves it.',
  preparerRule: 'You prepared this run; the approvers named in the payroll approval rule approve it.',
  soleOwnerNotAllowed: 'Nobody else can approve this run: allow the owner to approve their own runs in the business settings (Profile), or give another user Accounts-access and Approvals-access.',
  reasonRequired: 'reason: say why you approve a run you prepared yourself (it is recorded on the run)',
  unpayable: (names: string) => `These employees have no payable bank account: ${names}. Add their bank details and compute again, or leave them out of this run.`,
  excludeNotOnRun: 'exclude: lists an employee who is not on this run',
} as const;
