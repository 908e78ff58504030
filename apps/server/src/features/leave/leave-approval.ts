import type { TInboxDecision, TLeaveRequest } from '@bizdesk/contract';
import type { Tx } from '../../db/client.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';
import type { TApprovalsService } from '../approvals/approvals.service.ts';

/**
 * Who decides a leave (issue 33): the approvals engine, by the business's policy for the leave type (line manager, HR,
 * both in order, N of M, automatic below N days). This file is the seam between leave and the engine; days and
 * balances stay in leave.service.ts / leave-days.ts.
 */
export type TLeaveApprovals = Pick<TApprovalsService, 'request' | 'decide' | 'statusOf' | 'describeSubject' | 'decideWith' | 'policyScope'>;

const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;
export const leaveTitle = (l: Pick<TLeaveRequest, 'employeeName' | 'type' | 'startDate' | 'endDate' | 'days'>) =>
  `${l.employeeName}: ${l.type} leave ${l.startDate} to ${l.endDate} (${days(l.days)})`;

/** Opens the engine request of a leave (its chain resolved from the employee's reporting lines). */
export const openLeaveApproval = (approvals: TLeaveApprovals, tx: Tx, auth: TAuth, leave: TLeaveRequest) =>
  approvals.request(tx, auth, {
    service: 'leave', subjectId: leave._id, title: leaveTitle(leave), requesterEmployeeId: leave.employeeId, leaveTypeId: leave.leaveTypeId, days: leave.days,
  });

/**
 * Records one approver's decision on a leave in the engine (opening its request first for a leave asked for before
 * issue 33). Returns the engine's request: pending while later steps wait, approved or rejected when final.
 */
export const decideLeaveApproval = async (approvals: TLeaveApprovals, tx: Tx, auth: TUserAuth, leave: TLeaveRequest, input: { decision: 'approved' | 'declined'; reason: string | null }) => {
  const open = await approvals.statusOf(tx, auth.businessId, 'leave', leave._id);
  if (!open || open.status !== 'pending') {
    const opened = await openLeaveApproval(approvals, tx, auth, leave);
    if (opened.status !== 'pending') return opened;
  }
  const { request } = await approvals.decide(tx, auth, { service: 'leave', subjectId: leave._id, decision: input.decision === 'declined' ? 'rejected' : 'approved', reason: input.reason });
  return request;
};

export const toLeaveDecision = (input: TInboxDecision) => ({ decision: input.decision === 'rejected' ? 'declined' as const : 'approved' as const, reason: input.comment });
