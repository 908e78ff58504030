import { z } from 'zod';
import { ZEmail, ZId } from './common.ts';

/** The services whose requests go through the approvals engine (GLOSSARY "Approval rule"; payroll runs too). */
export const APPROVAL_SERVICES = ['purchase-order', 'standing-order', 'payment', 'material-requisition', 'fleet-requisition', 'payroll', 'leave', 'expense-claim', 'attendance-correction', 'stock-count'] as const;
/**
 * People requests (issue 33): decided through an approval chain (ordered steps: line manager, HR, listed users; N of M
 * per step) set by the business's approval policy, not by a `create-approvals` rule.
 */
export const PEOPLE_APPROVAL_SERVICES = ['leave', 'expense-claim', 'attendance-correction'] as const;
export type TPeopleApprovalService = (typeof PEOPLE_APPROVAL_SERVICES)[number];
/** The services a `create-approvals` rule sets. */
export const RULE_APPROVAL_SERVICES = ['purchase-order', 'standing-order', 'payment', 'material-requisition', 'fleet-requisition', 'payroll', 'stock-count'] as const;
export const ZRuleApprovalService = z.enum(RULE_APPROVAL_SERVICES, {
  message: `must be one of: ${RULE_APPROVAL_SERVICES.join(', ')} (leave, expense claims and attendance corrections follow the approval policy)`,
});
export const ZApprovalService = z.enum(APPROVAL_SERVICES, { message: `must be one of: ${APPROVAL_SERVICES.join(', ')}` });
export type TApprovalService = z.infer<typeof ZApprovalService>;

/** pending → approved (N distinct approvals) | rejected (first rejection) | cancelled (by the requesting feature). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const ZApprovalStatus = z.enum(APPROVAL_STATUSES, { message: `must be one of: ${APPROVAL_STATUSES.join(', ')}` });
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

export const MAX_APPROVERS = 20;

/**
 * `POST /api/v1/orders/create-approvals` (ownerEmail, userId, serviceName, totalApprovalsRequired).
 * `userId` names who may approve: one user id or a list. Sending the rule again replaces it.
 */
export const ZCreateApprovals = z.object({
  ownerEmail: ZEmail,
  userId: z.preprocess((v) => (typeof v === 'string' ? [v] : v),
    z.array(ZId).min(1, 'name at least one approver').max(MAX_APPROVERS, `must list at most ${MAX_APPROVERS} approvers`)),
  serviceName: ZRuleApprovalService,
  totalApprovalsRequired: z.number({ message: 'must be a number' }).int('must be a whole number')
    .min(1, 'must be at least 1').max(MAX_APPROVERS, `must be at most ${MAX_APPROVERS}`),
});
export type TCreateApprovals = z.infer<typeof ZCreateApprovals>;

export const ZApprovalDecisionValue = z.enum(['approved', 'rejected'], { message: 'must be approved or rejected' });
export const ZReason = z.string().trim().max(1000, 'must be at most 1000 characters');

/**
 * `PUT /api/v1/orders/update-approval-statusV2` (orderId, ownerEmail, service, userId). `orderId` is the
 * subject of the request (an order, a requisition, a payroll run); `userId` must be the caller. Without
 * `approvalStatus` the decision is an approval; a rejection needs a reason.
 */
export const ZUpdateApprovalStatusV2 = z.object({
  orderId: ZId,
  ownerEmail: ZEmail,
  service: ZApprovalService,
  userId: ZId,
  approvalStatus: ZApprovalDecisionValue.optional(),
  reason: ZReason.optional(),
});
export type TUpdateApprovalStatusV2 = z.infer<typeof ZUpdateApprovalStatusV2>;

export const ZApprover = z.object({ _id: z.string(), userName: z.string(), email: z.string() });
export type TApprover = z.infer<typeof ZApprover>;

export const ZApprovalRule = z.object({
  _id: z.string(),
  serviceName: ZRuleApprovalService,
  totalApprovalsRequired: z.number().int(),
  approvers: z.array(ZApprover),
  updatedAt: z.string(),
  /** Issue 35: amount bands with ordered levels (null: a flat rule, N of the approvers listed). */
  bands: z.array(z.object({ upToMinor: z.number().int().nullable(), levels: z.array(z.object({ required: z.number().int(), approvers: z.array(ZApprover) })) })).nullable().optional(),
  version: z.number().int().optional(),
  /** A retired rule no longer applies to new requests. */
  retiredAt: z.string().nullable().optional(),
});
export type TApprovalRule = z.infer<typeof ZApprovalRule>;

export const ZApprovalDecision = z.object({
  userId: z.string(),
  userName: z.string(),
  decision: ZApprovalDecisionValue,
  reason: z.string().nullable(),
  decidedAt: z.string(),
  /** Issue 35: a delegate's decision, taken on behalf of this approver. */
  onBehalfOf: z.object({ _id: z.string().nullable(), userName: z.string() }).nullable().optional(),
});
export type TApprovalDecision = z.infer<typeof ZApprovalDecision>;

export const ZApprovalRequest = z.object({
  _id: z.string(),
  service: ZApprovalService,
  subjectId: z.string(),
  /** What the request is about, in words ("PO-0004 — Dangote Cement, ₦1,200,000"). */
  title: z.string(),
  /** Amount at stake in minor units, when there is one. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: ZApprovalStatus,
  totalApprovalsRequired: z.number().int(),
  approvals: z.number().int(),
  requestedBy: z.object({ _id: z.string().nullable(), userName: z.string() }),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisions: z.array(ZApprovalDecision),
  /** Whether the caller may decide it now (an approver, not the requester, not yet decided by them). */
  canDecide: z.boolean(),
});
export type TApprovalRequest = z.infer<typeof ZApprovalRequest>;

export const ZApprovalListQuery = z.object({
  /** `mine`: pending requests the caller may decide; `all`: every request, newest first. */
  view: z.enum(['mine', 'all'], { message: 'must be mine or all' }).default('mine'),
  service: ZApprovalService.optional(),
  status: ZApprovalStatus.optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(25),
});
export type TApprovalListQuery = z.infer<typeof ZApprovalListQuery>;

/** Bizdesk's own texts for the approvals calls (the spec gives none for these). */
export const APPROVAL_MSG = {
  ruleSaved: 'Approval rule saved',
  moneyRuleNeedsRoles: 'Only the owner, or a user with Accounts-access and Approvals-access, can change who approves payroll or payments',
} as const;
