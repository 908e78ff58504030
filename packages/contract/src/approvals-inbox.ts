import { z } from 'zod';
import { APPROVAL_SERVICES, ZApprovalDecision, ZApprovalStatus, ZReason } from './approvals.ts';
import { ZId } from './common.ts';
import { ZExpenseClaim } from './expenses.ts';
import { ZChainStep } from './approval-chains.ts';
import { ZRequestBand } from './approval-bands.ts';
import { ZStockCount } from './stock-transfers.ts';
import { ZFleetRequisition, ZTruck } from './fleet.ts';
import { ZRequisition } from './inventory.ts';
import { ZLeaveRequest } from './leave.ts';
import { ZCorrectionRequest } from './attendance-trust.ts';
import { ZInvoice, ZOrderDetail, ZPayment } from './orders.ts';
import { ZRun } from './payroll.ts';

/** What the approvals inbox holds: every service of the engine (leave is one since issue 33). */
export const INBOX_KINDS = APPROVAL_SERVICES;
export const ZInboxKind = z.enum(INBOX_KINDS, { message: `must be one of: ${INBOX_KINDS.join(', ')}` });
export type TInboxKind = z.infer<typeof ZInboxKind>;

/** `GET /api/v1/approvals/inbox`: what waits for the signed-in person, newest first, with counts per kind. */
export const ZInboxQuery = z.object({
  kind: ZInboxKind.optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(25),
});
export type TInboxQuery = z.infer<typeof ZInboxQuery>;

export const ZInboxItem = z.object({
  /** The approval request's id (for leave: the leave request's id). */
  _id: z.string(),
  kind: ZInboxKind,
  subjectId: z.string(),
  title: z.string(),
  amount: z.number().int().nullable().describe('minor units'),
  currency: z.string().nullable(),
  requestedBy: z.object({ _id: z.string().nullable(), userName: z.string() }),
  createdAt: z.string(),
  approvals: z.number().int(),
  totalApprovalsRequired: z.number().int(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

export const ZInboxCounts = z.record(z.string(), z.number().int()).describe('pending items per kind; `total` sums them');
export const ZInbox = z.object({
  rows: z.array(ZInboxItem),
  counts: ZInboxCounts,
  page: z.number().int(),
  limit: z.number().int(),
  totalRecords: z.number().int(),
});
export type TInbox = z.infer<typeof ZInbox>;

export const ZInboxSubjectParams = z.object({ kind: ZInboxKind, subjectId: ZId });

export const ZComparedQuote = z.object({ _id: z.string(), contractorName: z.string(), totalMinor: z.number().int(), currency: z.string(), isChosen: z.boolean() });
export const ZComparedQuotes = z.object({ contractId: z.string(), projectTitle: z.string(), quotes: z.array(ZComparedQuote) });
export type TComparedQuotes = z.infer<typeof ZComparedQuotes>;

/** The subject as its own feature describes it; what an approver reads whatever their module roles. */
export const ZInboxSubject = z.union([
  z.object({ kind: z.enum(['purchase-order', 'standing-order']), order: ZOrderDetail, quotes: ZComparedQuotes.nullable() }),
  z.object({ kind: z.literal('payment'), payment: ZPayment, invoice: ZInvoice.nullable(), order: ZOrderDetail }),
  z.object({ kind: z.literal('payroll'), run: ZRun }),
  z.object({ kind: z.literal('material-requisition'), requisition: ZRequisition }),
  z.object({ kind: z.literal('fleet-requisition'), requisition: ZFleetRequisition, freeTrucks: z.array(ZTruck) }),
  z.object({ kind: z.literal('leave'), leave: ZLeaveRequest }),
  z.object({ kind: z.literal('expense-claim'), claim: ZExpenseClaim }),
  z.object({ kind: z.literal('attendance-correction'), correction: ZCorrectionRequest }),
  z.object({ kind: z.literal('stock-count'), count: ZStockCount }),
]);
export type TInboxSubject = z.infer<typeof ZInboxSubject>;

export const ZInboxDetail = z.object({
  item: ZInboxItem,
  status: ZApprovalStatus,
  /** Whether the caller may decide it now. */
  canDecide: z.boolean(),
  history: z.array(ZApprovalDecision),
  subject: ZInboxSubject,
  /** People requests (issue 33): the approval chain's steps, who decides each and how far it got; null otherwise. */
  chain: z.array(ZChainStep).nullable().optional(),
  /** Issue 35: rule-decided requests by amount band: the band and the level now waiting; null otherwise. */
  band: ZRequestBand.nullable().optional(),
  /** Issue 35: the approver the caller would decide for as their delegate (null: in their own right). */
  onBehalfOf: z.object({ _id: z.string(), userName: z.string() }).nullable().optional(),
});
export type TInboxDetail = z.infer<typeof ZInboxDetail>;

/** `PUT /api/v1/approvals/inbox/{kind}/{subjectId}/decision`: a comment is kept in the history; a rejection needs one. */
export const ZInboxDecision = z.object({
  decision: z.enum(['approved', 'rejected'], { message: 'must be approved or rejected' }),
  comment: ZReason.optional(),
  /** Fleet requisitions: the truck the approval books. */
  truckId: ZId.optional(),
});
export type TInboxDecision = z.infer<typeof ZInboxDecision>;
