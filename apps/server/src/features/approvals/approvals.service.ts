import { APPROVAL_MSG, type TRole, type TKeyedNotification, type TServerCategory, type TApprovalListQuery, type TApprovalRequest, type TApprovalService, type TCreateApprovals, type TUpdateApprovalStatusV2 } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, hasRole, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import * as authRepo from '../auth/auth.repo.ts';
import * as repo from './approvals.repo.ts';

/**
 * The approvals engine. Other features use it through this service only:
 *
 * - `ruleFor(db, businessId, service)` — how many approvals a request of that service needs, and who may give them.
 * - `request(tx, auth, { service, subjectId, title, amount?, currency? })` — opens a pending request for a subject
 *   (an order, a payment, a requisition, a payroll run) inside the caller's transaction; 409 if one is already pending.
 * - `decide(tx, auth, { service, subjectId, decision, reason? })` — records one approver's decision. Approved once
 *   `totalApprovalsRequired` distinct approvers approved; rejected at the first rejection (a reason is required).
 *   The requester cannot decide their own request; the same decision twice by one approver changes nothing.
 * - `cancel(tx, auth, { service, subjectId, reason? })` — closes a pending request (the subject was withdrawn).
 * - `statusOf(db, businessId, service, subjectId)` — the newest request of a subject, or undefined.
 * - `beforeApproval(service, guard)` — the owning feature's check, run in the deciding transaction before an approval
 *   is recorded; it throws (e.g. 409) when the subject can no longer be approved (a payment whose order was cancelled).
 * - `onDecided(service, handler)` — the owning feature's hook, run in the same transaction when a request of its
 *   service becomes approved or rejected (so the order's approvalStatus can never disagree with its request).
 *
 * Transitions: pending → approved | rejected | cancelled; nothing leaves those three.
 */
export type TDecidedHandler = (tx: Tx, request: repo.TRequestRow, auth: TUserAuth) => Promise<void>;
export type TDecision = { service: TApprovalService; subjectId: string; decision: 'approved' | 'rejected'; reason?: string | null };
export type TRequestInput = { service: TApprovalService; subjectId: string; title: string; amount?: number | null; currency?: string | null };

export const APPROVAL_EVENT = 'approval';

/** The notification category of each service: the area whose people follow it (its subject follows from it). */
const CATEGORY: Record<TApprovalService, TServerCategory> = {
  'purchase-order': 'Procurement',
  'standing-order': 'Procurement',
  payment: 'Procurement',
  'material-requisition': 'Inventory',
  'fleet-requisition': 'Fleet',
  payroll: 'Payroll',
};

const DEFAULT_REQUIRED = 1;

/** Services that move money: only the owner, or a user with both roles below, decides who approves them. */
const MONEY_SERVICES: readonly TApprovalService[] = ['payroll', 'payment'];
const MONEY_RULE_ROLES: TRole[] = ['Accounts-access', 'Approvals-access'];
/**
 * The roles an approver needs to reach every route where a request of the service is decided: payroll is approved on
 * its own route (Accounts-access) and through update-approval-statusV2 (Approvals-access); the rest only through the latter.
 */
const APPROVER_ROLES: Partial<Record<TApprovalService, TRole[]>> = { payroll: ['Accounts-access', 'Approvals-access'] };
const approverRolesOf = (service: TApprovalService) => APPROVER_ROLES[service] ?? ['Approvals-access'];


export const createApprovalsService = ({ db, events }: TDeps, { notify }: { notify: TNotify }) => {
  const handlers = new Map<TApprovalService, TDecidedHandler[]>();
  const guards = new Map<TApprovalService, TDecidedHandler[]>();

  /** Without a rule, one approval from any user with Approvals-access (or the owner) is needed. */
  const ruleFor = async (tx: DbOrTx, businessId: string, service: TApprovalService) => {
    const rule = await repo.getRule(tx, businessId, service);
    if (!rule) return { isDefault: true, totalApprovalsRequired: DEFAULT_REQUIRED, approverIds: null as string[] | null };
    const approvers = await repo.findRuleApprovers(tx, businessId, [rule.id]);
    return { isDefault: false, totalApprovalsRequired: rule.totalApprovalsRequired, approverIds: approvers.map((a) => a._id) };
  };

  const mayDecide = (auth: TUserAuth, rule: Awaited<ReturnType<typeof ruleFor>>) =>
    rule.approverIds ? rule.approverIds.includes(auth.userId) : hasRole(auth, 'Approvals-access');

  const say = async (tx: DbOrTx, businessId: string, service: TApprovalService, actionType: string, message: string, text: TKeyedNotification, requestId: string) => {
    await notify(tx, businessId, { category: CATEGORY[service], actionType, message, ...text, link: { screen: 'approvals', id: requestId } });
  };

  const publish = (tx: DbOrTx, businessId: string, id: string) => events.publish(tx, { businessId, type: APPROVAL_EVENT, id });

  const request = async (tx: Tx, auth: TAuth, input: TRequestInput) => {
    const rule = await ruleFor(tx, auth.businessId, input.service);
    const requesterId = auth.kind === 'user' ? auth.userId : null;
    if (rule.approverIds) {
      const others = rule.approverIds.filter((id) => id !== requesterId).length;
      if (others < rule.totalApprovalsRequired) {
        throw conflict(`This ${input.service} needs ${rule.totalApprovalsRequired} approvals but only ${others} approver(s) other than the requester are listed. Update the approval rule first.`);
      }
    }
    const pending = await repo.getRequestOfSubject(tx, auth.businessId, input.service, input.subjectId);
    if (pending?.status === 'pending') throw conflict('This is already waiting for approval');
    const requestedByName = auth.kind === 'user' ? auth.userName : auth.kind === 'collector' ? `Collection point ${auth.employeeNumber}` : 'Employee portal';
    const row = await repo.createRequest(tx, {
      businessId: auth.businessId, service: input.service, subjectId: input.subjectId, title: input.title,
      amount: input.amount ?? null, currency: input.currency ?? null, requestedBy: requesterId, requestedByName,
      totalApprovalsRequired: rule.totalApprovalsRequired,
    });
    await audit(tx, auth, 'approval.requested', { entity: 'approval-request', entityId: row.id, after: row });
    await say(tx, auth.businessId, input.service, 'Approval requested',
      `${requestedByName} asks for approval of ${input.title} (${rule.totalApprovalsRequired} approval${rule.totalApprovalsRequired > 1 ? 's' : ''} needed)`,
      { messageKey: 'approvals.requested', params: { by: requestedByName, subject: input.title, count: rule.totalApprovalsRequired } }, row.id);
    await publish(tx, auth.businessId, row.id);
    return row;
  };

  const decide = async (tx: Tx, auth: TUserAuth, input: TDecision) => {
    // The row lock makes concurrent decisions on one request queue: the count and the final transition happen once.
    const req = await repo.getRequestOfSubject(tx, auth.businessId, input.service, input.subjectId, { forUpdate: true });
    if (!req) throw notFound('Approval request');
    const own = await repo.getDecision(tx, req.id, auth.userId);
    if (own) {
      if (own.decision === input.decision) return { request: req, isChanged: false };
      throw conflict(`You already ${own.decision} this request`);
    }
    if (req.status !== 'pending') throw conflict(`This request is already ${req.status}`);
    if (req.requestedBy === auth.userId) throw forbidden('You cannot approve or reject your own request');
    const rule = await ruleFor(tx, auth.businessId, input.service);
    if (!mayDecide(auth, rule)) throw forbidden(`You are not an approver for ${input.service}`);
    const reason = input.reason?.trim() || null;
    if (input.decision === 'rejected' && !reason) throw badRequest('reason: give a reason for the rejection').as('rejectionReason');
    if (input.decision === 'approved') for (const g of guards.get(input.service) ?? []) await g(tx, req, auth);

    await repo.createDecision(tx, { businessId: auth.businessId, requestId: req.id, userId: auth.userId, userName: auth.userName, decision: input.decision, reason });
    const approvals = await repo.countApprovals(tx, req.id);
    const isFinal = input.decision === 'rejected' || approvals >= req.totalApprovalsRequired;
    const status = input.decision === 'rejected' ? 'rejected' : isFinal ? 'approved' : 'pending';
    const updated = await repo.updateRequest(tx, req.id, {
      approvals, status, ...(isFinal ? { decidedAt: new Date() } : {}), ...(input.decision === 'rejected' ? { reason } : {}),
    });
    await audit(tx, auth, `approval.${input.decision}`, { entity: 'approval-request', entityId: req.id, before: { status: req.status, approvals: req.approvals }, after: { status, approvals, reason } });
    if (status === 'pending') {
      await say(tx, auth.businessId, input.service, 'Approval given', `${auth.userName} approved ${req.title} (${approvals} of ${req.totalApprovalsRequired})`,
        { messageKey: 'approvals.given', params: { by: auth.userName, subject: req.title, approvals, required: req.totalApprovalsRequired } }, req.id);
    } else if (status === 'approved') {
      await say(tx, auth.businessId, input.service, 'Request approved', `${req.title} is approved (${approvals} of ${req.totalApprovalsRequired} approvals)`,
        { messageKey: 'approvals.approved', params: { subject: req.title, approvals, required: req.totalApprovalsRequired } }, req.id);
    } else {
      await say(tx, auth.businessId, input.service, 'Request rejected', `${auth.userName} rejected ${req.title}: ${reason}`,
        { messageKey: 'approvals.rejected', params: { by: auth.userName, subject: req.title, reason: reason ?? '' } }, req.id);
    }
    if (isFinal) for (const h of handlers.get(input.service) ?? []) await h(tx, updated, auth);
    await publish(tx, auth.businessId, req.id);
    return { request: updated, isChanged: true };
  };

  const cancel = async (tx: Tx, auth: TAuth, input: { service: TApprovalService; subjectId: string; reason?: string | null }) => {
    const req = await repo.getRequestOfSubject(tx, auth.businessId, input.service, input.subjectId, { forUpdate: true });
    if (!req || req.status !== 'pending') return req;
    const updated = await repo.updateRequest(tx, req.id, { status: 'cancelled', decidedAt: new Date(), reason: input.reason ?? null });
    await audit(tx, auth, 'approval.cancelled', { entity: 'approval-request', entityId: req.id, before: { status: req.status }, after: { status: 'cancelled', reason: input.reason ?? null } });
    await publish(tx, auth.businessId, req.id);
    return updated;
  };

  const withDecisions = async (tx: DbOrTx, auth: TUserAuth, rows: Array<{ row: repo.TRequestRow; canDecide: boolean }>): Promise<TApprovalRequest[]> => {
    const decisions = await repo.findDecisions(tx, auth.businessId, rows.map((r) => r.row.id));
    return rows.map(({ row, canDecide }) => repo.toRequest(row, decisions.filter((d) => d.requestId === row.id), Boolean(canDecide)));
  };

  return {
    ruleFor,
    request,
    decide,
    cancel,
    statusOf: (tx: DbOrTx, businessId: string, service: TApprovalService, subjectId: string) => repo.getRequestOfSubject(tx, businessId, service, subjectId),
    beforeApproval: (service: TApprovalService, guard: TDecidedHandler) => {
      guards.set(service, [...(guards.get(service) ?? []), guard]);
    },
    onDecided: (service: TApprovalService, handler: TDecidedHandler) => {
      handlers.set(service, [...(handlers.get(service) ?? []), handler]);
    },
    /** A request as the screens show it, with its history and whether the caller may decide it now. */
    describe: async (auth: TUserAuth, row: repo.TRequestRow) => {
      const canDecide = row.status === 'pending' && row.requestedBy !== auth.userId && !(await repo.getDecision(db, row.id, auth.userId))
        && mayDecide(auth, await ruleFor(db, auth.businessId, row.service as TApprovalService));
      return (await withDecisions(db, auth, [{ row, canDecide }]))[0];
    },
    averageDecisionHours: (auth: TUserAuth) => repo.averageDecisionHours(db, auth.businessId),

    /** `create-approvals`: sets (or replaces) the rule of one service. */
    createRule: async (auth: TUserAuth, input: TCreateApprovals) => {
      assertBusinessEmail(auth, input.ownerEmail);
      if (MONEY_SERVICES.includes(input.serviceName)) {
        if (!MONEY_RULE_ROLES.every((r) => hasRole(auth, r))) throw forbidden(APPROVAL_MSG.moneyRuleNeedsRoles);
      } else if (!hasRole(auth, 'Settings-access')) throw forbidden('Changing who approves needs Settings-access');
      const ids = [...new Set(input.userId.map((id) => id.toLowerCase()))];
      if (input.totalApprovalsRequired > ids.length) {
        throw badRequest(`totalApprovalsRequired: cannot be more than the ${ids.length} approver(s) listed in userId`).as('approvalsOverApprovers', { count: ids.length });
      }
      const members = await authRepo.findUsersOfBusiness(db, auth.businessId);
      for (const id of ids) {
        const user = members.find((m) => m.id === id);
        if (!user) throw notFound(`User ${id}`);
        const needed = approverRolesOf(input.serviceName);
        const missing = user.roles.includes('owner') ? [] : needed.filter((r) => !user.roles.includes(r));
        if (missing.length) {
          const also = needed.length > 1 ? ` (approving ${input.serviceName} needs ${needed.join(' and ')})` : '';
          throw badRequest(`userId: ${user.userName} does not hold ${missing.join(' and ')}${also}; give them ${missing.length > 1 ? 'those roles' : 'that role'} first`);
        }
      }
      return db.transaction(async (tx) => {
        const before = await repo.getRule(tx, auth.businessId, input.serviceName);
        const rule = await repo.upsertRule(tx, auth.businessId, input.serviceName, input.totalApprovalsRequired, ids);
        const approvers = (await repo.findRuleApprovers(tx, auth.businessId, [rule.id])).map(({ ruleId: _r, ...a }) => a);
        await audit(tx, auth, before ? 'approval-rule.updated' : 'approval-rule.created', {
          entity: 'approval-rule', entityId: rule.id, before: before ?? null, after: { service: input.serviceName, totalApprovalsRequired: input.totalApprovalsRequired, approvers: ids },
        });
        return repo.toRule(rule, approvers);
      });
    },

    findRules: async (auth: TUserAuth) => {
      const rules = await repo.findRules(db, auth.businessId);
      const approvers = await repo.findRuleApprovers(db, auth.businessId, rules.map((r) => r.id));
      return rules.map((r) => repo.toRule(r, approvers.filter((a) => a.ruleId === r.id).map(({ ruleId: _r, ...a }) => a)));
    },

    /** `update-approval-statusV2`: the caller's decision on a request, in a transaction of its own. */
    decideV2: async (auth: TUserAuth, input: TUpdateApprovalStatusV2) => {
      assertBusinessEmail(auth, input.ownerEmail);
      if (input.userId.toLowerCase() !== auth.userId) throw forbidden('userId must be your own: a decision is made by the signed-in approver');
      const { request: row } = await db.transaction((tx) => decide(tx, auth, {
        service: input.service, subjectId: input.orderId, decision: input.approvalStatus ?? 'approved', reason: input.reason,
      }));
      const [one] = await withDecisions(db, auth, [{ row, canDecide: false }]);
      return one;
    },

    find: async (auth: TUserAuth, q: TApprovalListQuery) => {
      const { rows, total } = await repo.findRequests(db, auth.businessId,
        { view: q.view, service: q.service, status: q.status, userId: auth.userId, hasApproverRole: hasRole(auth, 'Approvals-access') },
        { offset: (q.page - 1) * q.limit, limit: q.limit });
      return { rows: await withDecisions(db, auth, rows), total };
    },
  };
};
export type TApprovalsService = ReturnType<typeof createApprovalsService>;

