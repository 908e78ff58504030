import { z } from 'zod';
import { PEOPLE_APPROVAL_SERVICES } from './approvals.ts';
import { ZId } from './common.ts';

/**
 * Approval chains (issue 33): a people request (leave, an expense claim, an attendance correction) passes ordered steps.
 * Each step names who may decide it and how many of them must approve (N of M):
 * - `line-manager`: the requester's upline, else their superior, else (no user account found) HR;
 * - `hr`: the users holding HR-access (and the owner);
 * - `users`: the users listed.
 * A person never decides their own request, and decides a request once (an approval counts at every step they belong to).
 */
export const APPROVER_KINDS = ['line-manager', 'hr', 'users'] as const;
export const ZApproverKind = z.enum(APPROVER_KINDS, { message: `must be one of: ${APPROVER_KINDS.join(', ')}` });
export type TApproverKind = z.infer<typeof ZApproverKind>;
export const MAX_CHAIN_STEPS = 5;

export const ZPolicyStep = z.object({
  approvers: ZApproverKind,
  /** `users` steps: who may decide. */
  userIds: z.array(ZId).max(20, 'must list at most 20 users').optional(),
  /** How many distinct approvals the step needs (N of M). */
  required: z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(20, 'must be at most 20').default(1),
});
export type TPolicyStep = z.infer<typeof ZPolicyStep>;

export const ZPeopleApprovalService = z.enum(PEOPLE_APPROVAL_SERVICES, { message: `must be one of: ${PEOPLE_APPROVAL_SERVICES.join(', ')}` });

/** `PUT /api/v1/approvals/policies`: the policy of a service, or of one leave type (`leaveTypeId`). */
export const ZApprovalPolicyInput = z.object({
  service: ZPeopleApprovalService,
  leaveTypeId: ZId.nullish(),
  steps: z.array(ZPolicyStep).min(1, 'name at least one step').max(MAX_CHAIN_STEPS, `must have at most ${MAX_CHAIN_STEPS} steps`),
  /** Leave only: requests of fewer working days than this are approved at once (null: never). */
  autoApproveBelowDays: z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(366, 'must be at most 366').nullish(),
});
export type TApprovalPolicyInput = z.infer<typeof ZApprovalPolicyInput>;

export const ZApprovalPolicy = z.object({
  service: ZPeopleApprovalService,
  leaveTypeId: z.string().nullable(),
  steps: z.array(z.object({ approvers: ZApproverKind, userIds: z.array(z.string()), required: z.number().int() })),
  autoApproveBelowDays: z.number().int().nullable(),
  /** True when nothing was saved: the built-in default (leave: HR; claims and corrections: line manager then HR). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;

export const ZApprovalPolicyDelete = z.object({ service: ZPeopleApprovalService, leaveTypeId: ZId.nullish() });

/** One step of a request as resolved when it was made: who may decide it, and where they came from. */
export const ZChainStep = z.object({
  approvers: ZApproverKind,
  /** How the line manager was found: upline, superior, or hr (neither has a user account). */
  resolvedFrom: z.enum(['upline', 'superior', 'hr', 'listed', 'role']),
  required: z.number().int(),
  approvals: z.number().int(),
  names: z.array(z.string()),
});
export type TChainStep = z.infer<typeof ZChainStep>;

export const APPROVAL_CHAIN_MSG = {
  policySaved: 'Approval policy saved',
  policyReset: 'Approval policy reset to the default',
} as const;
