import { APPROVAL_MSG, APPROVAL_SERVICES, type TDelegationInput, type TDelegations, type TRequestBand, type TRuleVersion, type TSaveApprovalRule, MSG, type TApprovalPolicy, type TApprovalPolicyInput, type TChainStep, type TPeopleApprovalService, PEOPLE_APPROVAL_SERVICES, type TInboxDecision, type TInboxDetail, type TInboxItem, type TInboxKind, type TInboxQuery, type TInboxSubject, type TRole, type TKeyedNotification, type TServerCategory, type TApprovalListQuery, type TApprovalRequest, type TApprovalService, type TCreateApprovals, type TUpdateApprovalStatusV2 } from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, hasRole, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import * as authRepo from '../auth/auth.repo.ts';
import * as repo from './approvals.repo.ts';
import * as chainRepo from './approval-chains.repo.ts';
import { approvalsAt, isPeopleService, normaliseSteps, policyFor, resolveChain, stepAfter, toPolicy } from './approval-chains.ts';
import * as bandRepo from './approval-bands.repo.ts';
import { approverIdsOf, normaliseBands, resolveBandChain } from './approval-bands.ts';
import { localDate } from '../../platform/local-time.ts';

/**
 * The approvals engine. Other features use it through this service only:
 *
 * - `ruleFor(db, businessId, service)` — how many approvals a request of that service needs, and who may give them.
 * - `request(tx, auth, { service, subjectId, title, amount?, currency?, requesterEmployeeId?, leaveTypeId?, days? })` — opens a
 *   pending request for a subject (an order, a payment, a requisition, a payroll run, a leave) inside the caller's
 *   transaction; 409 if one is already pending. People services (leave, expense-claim, attendance-correction) follow
 *   the business's approval policy (issue 33): ordered steps resolved now (line manager from the requester's reporting
 *   lines, HR, listed users; N of M each). A leave below the policy's `autoApproveBelowDays` comes back `approved` at
 *   once (no handler runs: the caller applies it).
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
 * - `describeSubject(service, fn)` — the owning feature's description of a subject (lines, quotes, match, run totals),
 *   which the inbox's detail shows to whoever may decide (or decided) the request, whatever their module roles.
 * - `decideWith(service, fn)` — the owning feature's own decision path for the inbox (the fleet books a truck).
 * - `outsideKind(kind, source)` — a kind decided outside the engine (leave) lends its pending items to the inbox.
 *
 * Transitions: pending → approved | rejected | cancelled; nothing leaves those three.
 */
export type TDecidedHandler = (tx: Tx, request: repo.TRequestRow, auth: TUserAuth) => Promise<void>;
export type TDecision = { service: TApprovalService; subjectId: string; decision: 'approved' | 'rejected'; reason?: string | null };
export type TRequestInput = {
  service: TApprovalService; subjectId: string; title: string; amount?: number | null; currency?: string | null;
  /** People services: whose request it is (the line manager is found from their reporting lines); default: the filing user's employee record. */
  requesterEmployeeId?: string | null;
  /** Leave: the type whose policy applies, and the working days asked for (auto-approval below a threshold). */
  leaveTypeId?: string | null;
  days?: number | null;
};

export const APPROVAL_EVENT = 'approval';

export type TSubjectDescriber = (auth: TUserAuth, subjectId: string) => Promise<TInboxSubject | null>;
export type TInboxDecider = (auth: TUserAuth, subjectId: string, input: TInboxDecision) => Promise<unknown>;
/** A kind whose decisions are taken outside the engine (leave), seen through its own service. */
export type TOutsideSource = {
  /** Whether the caller may decide items of this kind at all. */
  canDecide: (auth: TUserAuth) => boolean;
  /** The newest `take` pending items and how many are pending. */
  pending: (auth: TUserAuth, take: number) => Promise<{ rows: TInboxItem[]; total: number }>;
  /** One item (any status) with its subject; null when it is not this business's. */
  describe: (auth: TUserAuth, subjectId: string) => Promise<Omit<TInboxDetail, 'canDecide'> | null>;
  decide: (auth: TUserAuth, subjectId: string, input: TInboxDecision) => Promise<unknown>;
};

/** The notification category of each service: the area whose people follow it (its subject follows from it). */
const CATEGORY: Record<TApprovalService, TServerCategory> = {
  'purchase-order': 'Procurement',
  'standing-order': 'Procurement',
  payment: 'Procurement',
  'material-requisition': 'Inventory',
  'fleet-requisition': 'Fleet',
  'stock-count': 'Inventory',
  payroll: 'Payroll',
  leave: 'HR',
  'expense-claim': 'HR',
  'attendance-correction': 'HR',
};

const DEFAULT_REQUIRED = 1;

/** Services that move money: only the owner, or a user with both roles below, decides who approves them. */
const MONEY_SERVICES: readonly TApprovalService[] = ['payroll', 'payment'];
const MONEY_RULE_ROLES: TRole[] = ['Accounts-access', 'Approvals-access'];
/**
 * The roles an approver needs to reach every route where a request of the service is decided: payroll is approved on
 * its own route (Accounts-access) and through update-approval-statusV2 (Approvals-access); the rest only through the latter.
 */
const APPROVER_ROLES: Partial<Record<TApprovalService, TRole[]>> = { payroll: ['Accounts-access', 'Approvals-access'], 'attendance-correction': ['HR-access'] };
const approverRolesOf = (service: TApprovalService) => APPROVER_ROLES[service] ?? ['Approvals-access'];


export const createApprovalsService = ({ db, events, mailer, config }: TDeps, { notify }: { notify: TNotify }) => {
  const handlers = new Map<TApprovalService, TDecidedHandler[]>();
  const guards = new Map<TApprovalService, TDecidedHandler[]>();

  /** Without a rule, one approval from any user with Approvals-access (or the owner) is needed. */
  const ruleFor = async (tx: DbOrTx, businessId: string, service: TApprovalService) => {
    const rule = await repo.getRule(tx, businessId, service);
    // A retired rule (issue 35) no longer applies: the default does.
    if (!rule || rule.retiredAt) return { isDefault: true, totalApprovalsRequired: DEFAULT_REQUIRED, approverIds: null as string[] | null };
    const approvers = await repo.findRuleApprovers(tx, businessId, [rule.id]);
    return { isDefault: false, totalApprovalsRequired: rule.totalApprovalsRequired, approverIds: approvers.map((a) => a._id) };
  };

  const describers = new Map<TApprovalService, TSubjectDescriber>();
  const deciders = new Map<TApprovalService, TInboxDecider>();
  const outside = new Map<TInboxKind, TOutsideSource>();
  const scopes = new Map<TPeopleApprovalService, (auth: TUserAuth, scope: string) => Promise<boolean>>();

  /** Without a rule, whoever holds the service's approver roles (payroll: Accounts-access and Approvals-access). */
  const holdsApproverRoles = (auth: TUserAuth, service: TApprovalService) => approverRolesOf(service).every((r) => hasRole(auth, r));
  const defaultServicesOf = (auth: TUserAuth) => APPROVAL_SERVICES.filter((s) => holdsApproverRoles(auth, s));
  const mayDecide = (auth: TUserAuth, rule: Awaited<ReturnType<typeof ruleFor>>, service: TApprovalService) =>
    rule.approverIds ? rule.approverIds.includes(auth.userId) : holdsApproverRoles(auth, service);

  const say = async (tx: DbOrTx, businessId: string, service: TApprovalService, actionType: string, message: string, text: TKeyedNotification, requestId: string) => {
    await notify(tx, businessId, { category: CATEGORY[service], actionType, message, ...text, link: { screen: 'approvals', id: requestId } });
  };

  const publish = (tx: DbOrTx, businessId: string, id: string) => events.publish(tx, { businessId, type: APPROVAL_EVENT, id });

  const request = async (tx: Tx, auth: TAuth, input: TRequestInput) => {
    if (isPeopleService(input.service)) return requestChain(tx, auth, input.service, input);
    const live = await repo.getRule(tx, auth.businessId, input.service);
    if (live?.bands && !live.retiredAt) return requestBanded(tx, auth, input, live);
    const rule = await ruleFor(tx, auth.businessId, input.service);
    const requesterId = auth.kind === 'user' ? auth.userId : null;
    if (rule.approverIds) {
      const others = rule.approverIds.filter((id) => id !== requesterId).length;
      if (others < rule.totalApprovalsRequired) {
        throw conflict(`This ${input.service} needs ${rule.totalApprovalsRequired} approvals but only ${others} approver(s) other than the requester are listed. Update the approval rule first.`);
      }
    }
    const pending = await repo.getRequestOfSubject(tx, auth.businessId, input.service, input.subjectId);
    if (pending?.status === 'pending') throw conflict('This is already waiting for approval').as('alreadyAwaitingApproval');
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

  /** E-mails a person about a request (the outbox records it); the link opens the inbox item. */
  const mail = async (businessId: string, to: string | null | undefined, subject: string, text: string) => {
    if (to) await mailer.send({ businessId, to, subject, text });
  };
  /** The same link as the notification's (the web opens the request from the inbox). */
  const inboxLink = (requestId: string) => `${config.publicUrl}/approval?request=${requestId}`;
  const stepLabel = (s: { approvers: string; names?: string[] }) => (s.approvers === 'line-manager' ? 'the line manager' : s.approvers === 'hr' ? 'HR' : s.names?.length ? s.names.join(', ') : 'the listed approvers');

  /** Tells the approvers of the step now waiting (by e-mail, with the inbox link). */
  const mailApprovers = async (tx: DbOrTx, businessId: string, row: repo.TRequestRow) => {
    const step = row.chain?.steps[row.currentStep];
    if (!step) return;
    const members = await chainRepo.findUsers(tx, businessId);
    for (const id of step.approverIds.filter((x) => !row.chain!.requesterUserIds.includes(x))) {
      await mail(businessId, members.find((m) => m.id === id)?.email, `Approval needed: ${row.title}`,
        `${row.requestedByName} asks for approval of ${row.title}.\nYou decide step ${row.currentStep + 1} of ${row.chain!.steps.length} (${stepLabel(step)}).\n\nOpen it: ${inboxLink(row.id)}`);
    }
  };

  /** Issue 35: a request of a service whose rule has amount bands: the band's levels, resolved now, become its chain. */
  const requestBanded = async (tx: Tx, auth: TAuth, input: TRequestInput, rule: bandRepo.TRuleRow) => {
    const pending = await repo.getRequestOfSubject(tx, auth.businessId, input.service, input.subjectId);
    if (pending?.status === 'pending') throw conflict('This is already waiting for approval').as('alreadyAwaitingApproval');
    const requesterId = auth.kind === 'user' ? auth.userId : null;
    const requestedByName = auth.kind === 'user' ? auth.userName : auth.kind === 'collector' ? `Collection point ${auth.employeeNumber}` : 'Employee portal';
    const chain = resolveBandChain({
      service: input.service, bands: rule.bands!, amount: input.amount, requesterUserIds: requesterId ? [requesterId] : [],
      requesterEmail: auth.kind === 'user' ? auth.email : null, members: await chainRepo.findUsers(tx, auth.businessId), ruleId: rule.id, ruleVersion: rule.version,
    });
    const row = await repo.createRequest(tx, {
      businessId: auth.businessId, service: input.service, subjectId: input.subjectId, title: input.title,
      amount: input.amount ?? null, currency: input.currency ?? null, requestedBy: requesterId, requestedByName,
      totalApprovalsRequired: chain.steps[0].required, chain, currentStep: 0,
    });
    await audit(tx, auth, 'approval.requested', { entity: 'approval-request', entityId: row.id, after: row });
    const first = chain.steps[0];
    await say(tx, auth.businessId, input.service, 'Approval requested',
      `${requestedByName} asks for approval of ${input.title} (${first.required} approval${first.required > 1 ? 's' : ''} needed)`,
      { messageKey: 'approvals.requested', params: { by: requestedByName, subject: input.title, count: first.required } }, row.id);
    await mailApprovers(tx, auth.businessId, row);
    await publish(tx, auth.businessId, row.id);
    return row;
  };

  const requestChain = async (tx: Tx, auth: TAuth, service: TPeopleApprovalService, input: TRequestInput) => {
    const pending = await repo.getRequestOfSubject(tx, auth.businessId, service, input.subjectId);
    if (pending?.status === 'pending') throw conflict('This is already waiting for approval').as('alreadyAwaitingApproval');
    const policy = await policyFor(tx, auth.businessId, service, input.leaveTypeId);
    const requesterId = auth.kind === 'user' ? auth.userId : null;
    const requestedByName = auth.kind === 'user' ? auth.userName : auth.kind === 'collector' ? `Collection point ${auth.employeeNumber}` : 'Employee portal';
    const isAuto = policy.autoApproveBelowDays !== null && input.days != null && input.days < policy.autoApproveBelowDays;
    const resolved = await resolveChain(tx, {
      businessId: auth.businessId, service, steps: isAuto ? [] : policy.steps, requesterEmployeeId: input.requesterEmployeeId ?? null,
      filerUserId: requesterId, filerEmail: auth.kind === 'user' ? auth.email : null,
    });
    const { requesterEmployeeId, ...chain } = resolved;
    const row = await repo.createRequest(tx, {
      businessId: auth.businessId, service, subjectId: input.subjectId, title: input.title,
      amount: input.amount ?? null, currency: input.currency ?? null, requestedBy: requesterId, requestedByName,
      totalApprovalsRequired: isAuto ? 0 : chain.steps[0].required, chain, currentStep: 0, requesterEmployeeId,
      ...(isAuto ? { status: 'approved', decidedAt: new Date(), reason: `Approved automatically: below ${policy.autoApproveBelowDays} days` } : {}),
    });
    await audit(tx, auth, 'approval.requested', { entity: 'approval-request', entityId: row.id, after: row });
    if (isAuto) {
      await audit(tx, auth, 'approval.auto-approved', { entity: 'approval-request', entityId: row.id, after: { status: 'approved', days: input.days, autoApproveBelowDays: policy.autoApproveBelowDays } });
      await mail(auth.businessId, chain.requesterEmail, `Approved: ${row.title}`, `${row.title} was approved automatically (fewer than ${policy.autoApproveBelowDays} days).`);
    } else {
      const first = chain.steps[0];
      await say(tx, auth.businessId, service, 'Approval requested',
        `${requestedByName} asks for approval of ${input.title} (${first.required} approval${first.required > 1 ? 's' : ''} needed)`,
        { messageKey: 'approvals.requested', params: { by: requestedByName, subject: input.title, count: first.required } }, row.id);
      await mailApprovers(tx, auth.businessId, row);
    }
    await publish(tx, auth.businessId, row.id);
    return row;
  };

  /** A decision on a chained request: by an approver of the step now waiting, never by the requester. */
  const decideChain = async (tx: Tx, auth: TUserAuth, req: repo.TRequestRow, input: TDecision) => {
    const chain = req.chain!;
    if (chain.requesterUserIds.includes(auth.userId)) throw forbidden('You cannot approve or reject your own request').as('ownRequest');
    const step = chain.steps[req.currentStep];
    // Issue 35: a delegate in force decides for an approver of this step who has not decided (never for the requester).
    const done = await repo.findDecisions(tx, auth.businessId, [req.id]);
    const principal = step?.approverIds.includes(auth.userId) ? undefined
      : (await bandRepo.findPrincipals(tx, auth.businessId, auth.userId)).find((p) => step?.approverIds.includes(p.userId)
        && !chain.requesterUserIds.includes(p.userId) && !done.some((d) => d.userId === p.userId || d.onBehalfOf === p.userId));
    if (step?.approverIds.includes(auth.userId) && done.some((d) => d.onBehalfOf === auth.userId)) {
      throw conflict('Your delegate already decided this request on your behalf').as('decidedByDelegate');
    }
    if (!step?.approverIds.includes(auth.userId) && !principal) {
      throw forbidden(`This request waits for ${stepLabel(step ?? { approvers: 'users' })} (${(step?.names ?? []).join(', ')}); you are not an approver at this step`).as('notStepApprover', { names: (step?.names ?? []).join(', ') });
    }
    const reason = input.reason?.trim() || null;
    if (input.decision === 'rejected' && !reason) throw badRequest('reason: give a reason for the rejection').as('rejectionReason');
    if (input.decision === 'approved') for (const g of guards.get(input.service) ?? []) await g(tx, req, auth);
    await repo.createDecision(tx, {
      businessId: auth.businessId, requestId: req.id, userId: auth.userId, userName: auth.userName, decision: input.decision, reason, step: req.currentStep,
      onBehalfOf: principal?.userId ?? null, onBehalfOfName: principal?.userName ?? null,
    });
    const approvedBy = (await repo.findDecisions(tx, auth.businessId, [req.id])).filter((d) => d.decision === 'approved').map((d) => d.onBehalfOf ?? d.userId);
    const next = input.decision === 'rejected' ? req.currentStep : stepAfter(chain, req.currentStep, approvedBy);
    const status = input.decision === 'rejected' ? 'rejected' : next >= chain.steps.length ? 'approved' : 'pending';
    const isFinal = status !== 'pending';
    const approvals = status === 'pending' ? approvalsAt(chain, next, approvedBy) : approvedBy.length;
    const updated = await repo.updateRequest(tx, req.id, {
      approvals, status, currentStep: Math.min(next, chain.steps.length - 1),
      totalApprovalsRequired: chain.steps[Math.min(next, chain.steps.length - 1)].required,
      ...(isFinal ? { decidedAt: new Date() } : {}), ...(reason ? { reason } : {}),
    });
    await audit(tx, auth, `approval.${input.decision}`, {
      entity: 'approval-request', entityId: req.id,
      before: { status: req.status, step: req.currentStep + 1, approvals: req.approvals },
      after: { status, step: Math.min(next, chain.steps.length - 1) + 1, approvals, reason, decidedAtStep: req.currentStep + 1, stepApprovers: step.approvers, onBehalfOf: principal ?? null },
    });
    const stepText = `step ${req.currentStep + 1} of ${chain.steps.length}, ${stepLabel(step)}`;
    if (status === 'pending') {
      await say(tx, auth.businessId, input.service, 'Approval given', `${auth.userName} approved ${req.title} (${stepText}); it now waits for ${stepLabel(chain.steps[next])}`,
        { messageKey: 'approvals.given', params: { by: auth.userName, subject: req.title, approvals: req.currentStep + 1, required: chain.steps.length } }, req.id);
      await mail(auth.businessId, chain.requesterEmail, `Approved by ${auth.userName}: ${req.title}`,
        `${auth.userName} approved ${req.title} (${stepText}).${reason ? `\nComment: ${reason}` : ''}\nIt now waits for ${stepLabel(chain.steps[next])}.`);
      if (next !== req.currentStep) await mailApprovers(tx, auth.businessId, updated);
    } else if (status === 'approved') {
      await say(tx, auth.businessId, input.service, 'Request approved', `${req.title} is approved (${stepText}, by ${auth.userName})`,
        { messageKey: 'approvals.approved', params: { subject: req.title, approvals, required: approvals } }, req.id);
      await mail(auth.businessId, chain.requesterEmail, `Approved: ${req.title}`, `${req.title} is approved (last decision by ${auth.userName}).${reason ? `\nComment: ${reason}` : ''}`);
    } else {
      await say(tx, auth.businessId, input.service, 'Request rejected', `${auth.userName} rejected ${req.title}: ${reason}`,
        { messageKey: 'approvals.rejected', params: { by: auth.userName, subject: req.title, reason: reason ?? '' } }, req.id);
      await mail(auth.businessId, chain.requesterEmail, `Declined: ${req.title}`, `${auth.userName} declined ${req.title} (${stepText}).\nReason: ${reason}`);
    }
    if (isFinal) for (const h of handlers.get(input.service) ?? []) await h(tx, updated, auth);
    await publish(tx, auth.businessId, req.id);
    return { request: updated, isChanged: true };
  };

  /** Whether the user may see a chained request: an approver of any of its steps (or one who decided it). */
  const isChainApprover = (row: repo.TRequestRow, userId: string, principals: string[] = []) =>
    Boolean(row.chain && !row.chain.requesterUserIds.includes(userId) && row.chain.steps.some((s) => [userId, ...principals].some((id) => s.approverIds.includes(id))));
  /** The approver of the waiting step the user decides for: themselves, else (issue 35) a principal whose delegate they are today. */
  const decidesFor = (row: repo.TRequestRow, userId: string, principals: string[] = []) => {
    if (!row.chain || row.status !== 'pending' || row.chain.requesterUserIds.includes(userId)) return undefined;
    const ids = row.chain.steps[row.currentStep]?.approverIds ?? [];
    return ids.includes(userId) ? userId : principals.find((p) => ids.includes(p) && !row.chain!.requesterUserIds.includes(p));
  };
  const canDecideChain = (row: repo.TRequestRow, userId: string, principals: string[] = []) => decidesFor(row, userId, principals) !== undefined;
  const principalsOf = async (auth: TUserAuth) => (await bandRepo.findPrincipals(db, auth.businessId, auth.userId));

  /** The chain of a request as screens show it (steps, who, how many). */
  const chainOf = (row: repo.TRequestRow, decisions: repo.TDecisionRow[]): TChainStep[] | null => {
    if (!row.chain) return null;
    const approvedBy = decisions.filter((d) => d.decision === 'approved').map((d) => d.onBehalfOf ?? d.userId);
    return row.chain.steps.map((s, i) => ({ approvers: s.approvers, resolvedFrom: s.resolvedFrom, required: s.required, approvals: approvalsAt(row.chain!, i, approvedBy), names: s.names }));
  };

  const decide = async (tx: Tx, auth: TUserAuth, input: TDecision) => {
    // The row lock makes concurrent decisions on one request queue: the count and the final transition happen once.
    const req = await repo.getRequestOfSubject(tx, auth.businessId, input.service, input.subjectId, { forUpdate: true });
    if (!req) throw notFound('Approval request');
    const own = await repo.getDecision(tx, req.id, auth.userId);
    if (own) {
      if (own.decision === input.decision) return { request: req, isChanged: false };
      throw conflict(`You already ${own.decision} this request`).as(`alreadyDecided.${own.decision}`);
    }
    if (req.status !== 'pending') throw conflict(`This request is already ${req.status}`).as(`requestAlready.${req.status}`);
    if (req.chain) return decideChain(tx, auth, req, input);
    if (req.requestedBy === auth.userId) throw forbidden('You cannot approve or reject your own request').as('ownRequest');
    const rule = await ruleFor(tx, auth.businessId, input.service);
    if (!mayDecide(auth, rule, input.service)) throw forbidden(`You are not an approver for ${input.service}`);
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

  const toItem = (r: TApprovalRequest): TInboxItem => ({
    _id: r._id, kind: r.service, subjectId: r.subjectId, title: r.title, amount: r.amount, currency: r.currency, requestedBy: r.requestedBy,
    createdAt: r.createdAt, approvals: r.approvals, totalApprovalsRequired: r.totalApprovalsRequired,
  });
  const isEngineKind = (kind: TInboxKind): kind is TApprovalService => (APPROVAL_SERVICES as readonly string[]).includes(kind);

  /** The inbox's detail: the request and its subject, for whoever may decide it or decided it; 404 for anything else's. */
  const inboxDetail = async (auth: TUserAuth, kind: TInboxKind, subjectId: string): Promise<TInboxDetail> => {
    if (!isEngineKind(kind)) {
      const source = outside.get(kind);
      if (!source) throw notFound('Approval request');
      if (!source.canDecide(auth)) throw forbidden(`You are not an approver for ${kind}`);
      const found = await source.describe(auth, subjectId);
      if (!found) throw notFound('Approval request');
      return { ...found, canDecide: found.status === 'pending' };
    }
    const row = await repo.getRequestOfSubject(db, auth.businessId, kind, subjectId);
    if (!row) throw notFound('Approval request');
    const decided = await repo.hasDecided(db, row.id, auth.userId);
    const principals = row.chain ? await principalsOf(auth) : [];
    const principalIds = principals.map((p) => p.userId);
    const maySee = row.chain
      ? isChainApprover(row, auth.userId, principalIds) || (row.chain.band ? holdsApproverRoles(auth, kind) : hasRole(auth, 'HR-access'))
      : mayDecide(auth, await ruleFor(db, auth.businessId, kind), kind);
    if (!decided && !maySee) throw forbidden(`You are not an approver for ${kind}`);
    const describer = describers.get(kind);
    const subject = describer ? await describer(auth, subjectId) : null;
    if (!subject) throw notFound('Approval request');
    const request = await describeRow(auth, row);
    const chain = row.chain ? chainOf(row, await repo.findDecisions(db, auth.businessId, [row.id])) : null;
    const b = row.chain?.band;
    const band: TRequestBand | null = b ? {
      band: b.index + 1, bands: b.count, fromMinor: b.fromMinor, upToMinor: b.upToMinor, level: row.currentStep + 1, levels: row.chain!.steps.length, ruleVersion: b.ruleVersion,
    } : null;
    const forId = request.canDecide ? decidesFor(row, auth.userId, principalIds) : undefined;
    const onBehalfOf = forId && forId !== auth.userId ? { _id: forId, userName: principals.find((p) => p.userId === forId)?.userName ?? forId } : null;
    return { item: toItem(request), status: request.status, canDecide: request.canDecide, history: request.decisions, subject, chain, band, onBehalfOf };
  };

  const describeRow = async (auth: TUserAuth, row: repo.TRequestRow) => {
    const canDecide = row.chain
      ? canDecideChain(row, auth.userId, row.status === 'pending' ? (await principalsOf(auth)).map((p) => p.userId) : []) && !(await repo.getDecision(db, row.id, auth.userId))
        && !(await repo.findDecisions(db, auth.businessId, [row.id])).some((d) => d.onBehalfOf === auth.userId)
      : row.status === 'pending' && row.requestedBy !== auth.userId && !(await repo.getDecision(db, row.id, auth.userId))
        && mayDecide(auth, await ruleFor(db, auth.businessId, row.service as TApprovalService), row.service as TApprovalService);
    return (await withDecisions(db, auth, [{ row, canDecide }]))[0];
  };

  /** Payroll and payment rules: the owner or Accounts-access + Approvals-access; the rest: Settings-access. */
  const assertMayChangeRule = (auth: TUserAuth, service: TApprovalService) => {
    if (MONEY_SERVICES.includes(service)) {
      if (!MONEY_RULE_ROLES.every((r) => hasRole(auth, r))) throw forbidden(APPROVAL_MSG.moneyRuleNeedsRoles);
    } else if (!hasRole(auth, 'Settings-access')) throw forbidden('Changing who approves needs Settings-access').as('approversNeedSettings');
  };
  /** Every approver is the business's user and holds the roles that reach the service's approve route. */
  const assertApprovers = async (auth: TUserAuth, service: TApprovalService, ids: string[], field: string) => {
    const members = await authRepo.findUsersOfBusiness(db, auth.businessId);
    for (const [i, id] of ids.entries()) {
      const user = members.find((m) => m.id === id);
      // Named by position, not by the id sent: an id of another business's user is never echoed back.
      if (!user) throw notFound(`${field}: approver ${i + 1} (a user of this business)`);
      const needed = approverRolesOf(service);
      const missing = user.roles.includes('owner') ? [] : needed.filter((r) => !user.roles.includes(r));
      if (missing.length) {
        const also = needed.length > 1 ? ` (approving ${service} needs ${needed.join(' and ')})` : '';
        throw badRequest(`${field}: ${user.userName} does not hold ${missing.join(' and ')}${also}; give them ${missing.length > 1 ? 'those roles' : 'that role'} first`);
      }
    }
  };
  /** Issue 35: each save or retirement of a rule is kept as a version. */
  const keepVersion = async (tx: Tx, auth: TUserAuth, rule: bandRepo.TRuleRow, action: 'created' | 'updated' | 'retired', approverIds: string[]) =>
    bandRepo.createVersion(tx, {
      businessId: auth.businessId, ruleId: rule.id, version: rule.version, action, changedBy: auth.userId, changedByName: auth.userName,
      snapshot: { service: rule.service, totalApprovalsRequired: rule.totalApprovalsRequired, approverIds, bands: rule.bands ?? null },
    });

  return {
    ruleFor,
    request,
    decide,
    cancel,
    statusOf: (tx: DbOrTx, businessId: string, service: TApprovalService, subjectId: string) => repo.getRequestOfSubject(tx, businessId, service, subjectId),
    /** Who decided the requests of these subjects (a document's approval mark), read through this feature, not its tables. */
    decisionsOf: (tx: DbOrTx, businessId: string, service: TApprovalService, subjectIds: string[]) => repo.findDecisionsOfSubjects(tx, businessId, service, subjectIds),
    beforeApproval: (service: TApprovalService, guard: TDecidedHandler) => {
      guards.set(service, [...(guards.get(service) ?? []), guard]);
    },
    onDecided: (service: TApprovalService, handler: TDecidedHandler) => {
      handlers.set(service, [...(handlers.get(service) ?? []), handler]);
    },
    /** A request as the screens show it, with its history and whether the caller may decide it now. */
    describe: describeRow,
    describeSubject: (service: TApprovalService, fn: TSubjectDescriber) => void describers.set(service, fn),
    decideWith: (service: TApprovalService, fn: TInboxDecider) => void deciders.set(service, fn),
    outsideKind: (kind: TInboxKind, source: TOutsideSource) => void outside.set(kind, source),

    /** The inbox: pending items of every kind the caller may decide, newest first, with counts per kind. */
    inbox: async (auth: TUserAuth, q: TInboxQuery) => {
      // Open to every user (a line manager holds no approver role); those with nothing to decide, ever, are refused.
      if (!hasRole(auth, 'Approvals-access') && !hasRole(auth, 'HR-access') && !(await repo.isNamedApprover(db, auth.businessId, auth.userId))) throw forbidden(MSG.forbidden);
      const take = q.page * q.limit;
      const filter = { userId: auth.userId, defaultServices: defaultServicesOf(auth) };
      const sources = [...outside.entries()].filter(([, s]) => s.canDecide(auth));
      const [engine, engineCounts, others] = await Promise.all([
        !q.kind || isEngineKind(q.kind)
          ? repo.findRequests(db, auth.businessId, { ...filter, view: 'mine', service: q.kind as TApprovalService | undefined }, { offset: 0, limit: take })
          : Promise.resolve({ rows: [], total: 0 }),
        repo.countMine(db, auth.businessId, filter),
        Promise.all(sources.map(async ([kind, s]) => ({ kind, ...(await s.pending(auth, !q.kind || q.kind === kind ? take : 0)) }))),
      ]);
      const counts: Record<string, number> = {};
      for (const c of engineCounts) counts[c.service] = Number(c.n);
      for (const o of others) if (o.total) counts[o.kind] = o.total;
      counts.total = Object.values(counts).reduce((a, b) => a + b, 0);
      const engineItems = (await withDecisions(db, auth, engine.rows)).map(toItem);
      const rows = [...engineItems, ...others.flatMap((o) => o.rows)]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
        .slice((q.page - 1) * q.limit, take);
      const totalRecords = q.kind ? counts[q.kind] ?? 0 : counts.total;
      return { rows, counts, page: q.page, limit: q.limit, totalRecords };
    },
    inboxDetail,

    /** The inbox's decision: through the owning feature's path when it has one, else the engine's; a rejection needs a comment. */
    inboxDecide: async (auth: TUserAuth, kind: TInboxKind, subjectId: string, input: TInboxDecision) => {
      // The engine's own message for a chained request (own request, not this step's approver) before the detail's 403.
      const row = isEngineKind(kind) ? await repo.getRequestOfSubject(db, auth.businessId, kind, subjectId) : undefined;
      if (row?.chain && row.status === 'pending' && !canDecideChain(row, auth.userId, (await principalsOf(auth)).map((p) => p.userId))) {
        if (row.chain.requesterUserIds.includes(auth.userId)) throw forbidden('You cannot approve or reject your own request').as('ownRequest');
      }
      await inboxDetail(auth, kind, subjectId); // 403/404 before anything moves
      const comment = input.comment?.trim() || null;
      if (input.decision === 'rejected' && !comment) throw badRequest('comment: give a reason for the rejection').as('rejectionReason');
      const next = { ...input, comment: comment ?? undefined };
      if (!isEngineKind(kind)) await outside.get(kind)!.decide(auth, subjectId, next);
      else if (deciders.has(kind)) await deciders.get(kind)!(auth, subjectId, next);
      else await db.transaction((tx) => decide(tx, auth, { service: kind, subjectId, decision: input.decision, reason: comment }));
      return inboxDetail(auth, kind, subjectId);
    },
    averageDecisionHours: (auth: TUserAuth) => repo.averageDecisionHours(db, auth.businessId),

    /** `create-approvals`: sets (or replaces) the rule of one service. */
    createRule: async (auth: TUserAuth, input: TCreateApprovals) => {
      assertBusinessEmail(auth, input.ownerEmail);
      assertMayChangeRule(auth, input.serviceName);
      const ids = [...new Set(input.userId.map((id) => id.toLowerCase()))];
      if (input.totalApprovalsRequired > ids.length) {
        throw badRequest(`totalApprovalsRequired: cannot be more than the ${ids.length} approver(s) listed in userId`).as('approvalsOverApprovers', { count: ids.length });
      }
      await assertApprovers(auth, input.serviceName, ids, 'userId');
      return db.transaction(async (tx) => {
        const before = await repo.getRule(tx, auth.businessId, input.serviceName);
        const rule = await repo.upsertRule(tx, auth.businessId, input.serviceName, input.totalApprovalsRequired, ids);
        const approvers = (await repo.findRuleApprovers(tx, auth.businessId, [rule.id])).map(({ ruleId: _r, ...a }) => a);
        await keepVersion(tx, auth, rule, before ? 'updated' : 'created', ids);
        await audit(tx, auth, before ? 'approval-rule.updated' : 'approval-rule.created', {
          entity: 'approval-rule', entityId: rule.id, before: before ?? null, after: { service: input.serviceName, totalApprovalsRequired: input.totalApprovalsRequired, approvers: ids },
        });
        return repo.toRule(rule, approvers);
      });
    },

    findRules: async (auth: TUserAuth) => {
      const rules = await repo.findRules(db, auth.businessId);
      const approvers = await repo.findRuleApprovers(db, auth.businessId, rules.map((r) => r.id));
      const members = rules.some((r) => r.bands) ? await chainRepo.findUsers(db, auth.businessId) : [];
      return rules.map((r) => repo.toRule(r, approvers.filter((a) => a.ruleId === r.id).map(({ ruleId: _r, ...a }) => a), members));
    },

    /** Issue 35: creates or edits the banded rule of a service; every change is a new version; requests under way keep their chain. */
    saveRule: async (auth: TUserAuth, input: TSaveApprovalRule) => {
      assertMayChangeRule(auth, input.service);
      const bands = normaliseBands(input.bands);
      const ids = approverIdsOf(bands);
      await assertApprovers(auth, input.service, ids, 'bands');
      return db.transaction(async (tx) => {
        const before = await repo.getRule(tx, auth.businessId, input.service);
        const rule = await bandRepo.upsertBandedRule(tx, {
          businessId: auth.businessId, service: input.service, bands, approverIds: ids,
          totalApprovalsRequired: Math.max(...bands.map((b) => b.levels.reduce((n, l) => n + l.required, 0))),
        });
        await keepVersion(tx, auth, rule, before ? 'updated' : 'created', ids);
        await audit(tx, auth, before ? 'approval-rule.updated' : 'approval-rule.created', {
          entity: 'approval-rule', entityId: rule.id, before: before ?? null, after: { service: input.service, version: rule.version, bands },
        });
        const approvers = (await repo.findRuleApprovers(tx, auth.businessId, [rule.id])).map(({ ruleId: _r, ...a }) => a);
        return repo.toRule(rule, approvers, await chainRepo.findUsers(tx, auth.businessId));
      });
    },

    /** Issue 35: retires a rule: new requests of its service fall back to the default; requests under way keep their chain. */
    retireRule: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const before = await bandRepo.getRuleById(tx, auth.businessId, id.toLowerCase());
      if (!before) throw notFound('Approval rule');
      assertMayChangeRule(auth, before.service as TApprovalService);
      if (before.retiredAt) throw conflict('This approval rule is already retired').as('ruleAlreadyRetired');
      const rule = (await bandRepo.retireRule(tx, auth.businessId, before.id))!;
      const approvers = (await repo.findRuleApprovers(tx, auth.businessId, [rule.id])).map(({ ruleId: _r, ...a }) => a);
      await keepVersion(tx, auth, rule, 'retired', approvers.map((a) => a._id));
      await audit(tx, auth, 'approval-rule.retired', { entity: 'approval-rule', entityId: rule.id, before, after: { retiredAt: rule.retiredAt, version: rule.version } });
      return repo.toRule(rule, approvers, await chainRepo.findUsers(tx, auth.businessId));
    }),

    /** Issue 35: every version of a rule, newest first, with who saved it. */
    ruleHistory: async (auth: TUserAuth, id: string): Promise<TRuleVersion[]> => {
      const rule = await bandRepo.getRuleById(db, auth.businessId, id.toLowerCase());
      if (!rule) throw notFound('Approval rule');
      const members = await chainRepo.findUsers(db, auth.businessId);
      const nameOf = (uid: string) => members.find((m) => m.id === uid)?.userName ?? 'Former user';
      return (await bandRepo.findVersions(db, auth.businessId, rule.id)).map((v) => ({
        version: v.version, action: v.action as TRuleVersion['action'], changedBy: v.changedByName, createdAt: v.createdAt.toISOString(),
        totalApprovalsRequired: v.snapshot.totalApprovalsRequired, approvers: v.snapshot.approverIds.map(nameOf),
        bands: v.snapshot.bands ? v.snapshot.bands.map((b) => ({ upToMinor: b.upToMinor, levels: b.levels.map((l) => ({ required: l.required, approvers: l.userIds.map(nameOf) })) })) : null,
      }));
    },

    /** Issue 35: the delegations the caller set, and those naming them (the last 30 days and on). */
    findDelegations: async (auth: TUserAuth): Promise<TDelegations> => {
      const rows = (await bandRepo.findDelegations(db, auth.businessId, auth.userId)).map(({ row, userName, delegateName, isActive }) => ({
        _id: row.id, user: { _id: row.userId, userName }, delegate: { _id: row.delegateId, userName: delegateName }, startsOn: row.startsOn, endsOn: row.endsOn, isActive: Boolean(isActive),
      }));
      return { mine: rows.filter((r) => r.user._id === auth.userId), toMe: rows.filter((r) => r.delegate._id === auth.userId) };
    },

    /** Who the caller may name as delegate: the business's other users who decide requests (names only). */
    findDelegates: async (auth: TUserAuth) => (await chainRepo.findUsers(db, auth.businessId))
      .filter((m) => m.id !== auth.userId && m.roles.some((r) => r === 'owner' || r === 'Approvals-access' || r === 'HR-access'))
      .map((m) => ({ _id: m.id, userName: m.userName }))
      .sort((a, b) => a.userName.localeCompare(b.userName)),

    createDelegation: async (auth: TUserAuth, input: TDelegationInput) => {
      const delegateId = input.delegateId.toLowerCase();
      if (delegateId === auth.userId) throw badRequest('delegateId: choose someone other than yourself').as('delegateSelf');
      const delegate = (await chainRepo.findUsers(db, auth.businessId)).find((m) => m.id === delegateId);
      if (!delegate) throw notFound('User');
      if (input.endsOn < localDate(new Date(), auth.timeZone)) throw badRequest('endsOn: must not be in the past').as('delegationPast');
      return db.transaction(async (tx) => {
        const row = await bandRepo.createDelegation(tx, { businessId: auth.businessId, userId: auth.userId, delegateId, startsOn: input.startsOn, endsOn: input.endsOn });
        await audit(tx, auth, 'approval-delegation.created', { entity: 'approval-delegation', entityId: row.id, after: { ...row, delegateName: delegate.userName } });
        return row;
      });
    },

    deleteDelegation: async (auth: TUserAuth, id: string) => db.transaction(async (tx) => {
      const row = await bandRepo.deleteDelegation(tx, auth.businessId, auth.userId, id.toLowerCase());
      if (!row) throw notFound('Delegation');
      await audit(tx, auth, 'approval-delegation.deleted', { entity: 'approval-delegation', entityId: row.id, before: row });
      return row;
    }),

    /** `update-approval-statusV2`: the caller's decision on a request, in a transaction of its own. */
    decideV2: async (auth: TUserAuth, input: TUpdateApprovalStatusV2) => {
      assertBusinessEmail(auth, input.ownerEmail);
      if (input.userId.toLowerCase() !== auth.userId) throw forbidden('userId must be your own: a decision is made by the signed-in approver').as('decisionOwnUser');
      const { request: row } = await db.transaction((tx) => decide(tx, auth, {
        service: input.service, subjectId: input.orderId, decision: input.approvalStatus ?? 'approved', reason: input.reason,
      }));
      const [one] = await withDecisions(db, auth, [{ row, canDecide: false }]);
      return one;
    },

    /** The approval policies of the people services and of each leave type named (saved or default). */
    findPolicies: async (auth: TUserAuth): Promise<TApprovalPolicy[]> => {
      const rows = await chainRepo.findPolicies(db, auth.businessId);
      const services = PEOPLE_APPROVAL_SERVICES.map((s) => toPolicy(s, null, rows.find((r) => r.service === s && r.scope === '')));
      const perType = rows.filter((r) => r.service === 'leave' && r.scope !== '').map((r) => toPolicy('leave', r.scope, r));
      return [...services, ...perType];
    },

    /** Saves the policy of a service or of one leave type (`isLeaveType` checks the id is this business's leave type). */
    savePolicy: async (auth: TUserAuth, input: TApprovalPolicyInput): Promise<TApprovalPolicy> => {
      if (input.leaveTypeId && input.service !== 'leave') throw badRequest('leaveTypeId: only leave policies are set per leave type').as('policyTypeNotLeave');
      if (input.autoApproveBelowDays && input.service !== 'leave') throw badRequest('autoApproveBelowDays: only leave is approved automatically by its days').as('policyAutoNotLeave');
      if (input.leaveTypeId && !(await scopes.get(input.service)?.(auth, input.leaveTypeId.toLowerCase()))) throw notFound('Leave type');
      const steps = normaliseSteps(input.steps);
      const members = await chainRepo.findUsers(db, auth.businessId);
      for (const [i, s] of steps.entries()) {
        if (s.approvers !== 'users') continue;
        if (s.userIds.length === 0) throw badRequest(`steps.${i}.userIds: name at least one user for a step of listed users`).as('policyNoUsers');
        const unknown = s.userIds.find((id) => !members.some((m) => m.id === id));
        if (unknown) throw notFound(`User ${unknown}`);
        if (s.required > s.userIds.length) {
          throw badRequest(`steps.${i}.required: cannot be more than the ${s.userIds.length} user(s) listed`).as('policyRequiredOverUsers', { n: s.userIds.length });
        }
      }
      const hrCount = members.filter((m) => m.roles.includes('owner') || m.roles.includes('HR-access')).length;
      for (const [i, s] of steps.entries()) {
        if (s.approvers === 'hr' && s.required > hrCount) {
          throw badRequest(`steps.${i}.required: cannot be more than the ${hrCount} user(s) with HR-access (the owner included)`).as('policyRequiredOverHr', { n: hrCount });
        }
      }
      const scope = input.leaveTypeId?.toLowerCase() ?? '';
      return db.transaction(async (tx) => {
        const before = await chainRepo.getPolicy(tx, auth.businessId, input.service, scope);
        const row = await chainRepo.upsertPolicy(tx, { businessId: auth.businessId, service: input.service, scope, steps, autoApproveBelowDays: input.autoApproveBelowDays ?? null });
        const policy = toPolicy(input.service, scope || null, row);
        await audit(tx, auth, before ? 'approval-policy.updated' : 'approval-policy.created', { entity: 'approval-policy', entityId: row.id, before: before ?? null, after: policy });
        return policy;
      });
    },

    /** Removes a saved policy: the service's default (or, for a leave type, the leave policy) applies again. */
    resetPolicy: async (auth: TUserAuth, input: { service: TPeopleApprovalService; leaveTypeId?: string | null }): Promise<TApprovalPolicy> =>
      db.transaction(async (tx) => {
        const scope = input.leaveTypeId?.toLowerCase() ?? '';
        const before = await chainRepo.deletePolicy(tx, auth.businessId, input.service, scope);
        if (!before) throw notFound('Approval policy');
        await audit(tx, auth, 'approval-policy.reset', { entity: 'approval-policy', entityId: before.id, before });
        return policyFor(tx, auth.businessId, input.service, input.leaveTypeId);
      }),

    /** The owning feature's check that a policy's scope (a leave type's id) is one of the business's. */
    policyScope: (service: TPeopleApprovalService, fn: (auth: TUserAuth, scope: string) => Promise<boolean>) => void scopes.set(service, fn),

    find: async (auth: TUserAuth, q: TApprovalListQuery) => {
      const { rows, total } = await repo.findRequests(db, auth.businessId,
        { view: q.view, service: q.service, status: q.status, userId: auth.userId, defaultServices: defaultServicesOf(auth), isHr: hasRole(auth, 'HR-access') },
        { offset: (q.page - 1) * q.limit, limit: q.limit });
      return { rows: await withDecisions(db, auth, rows), total };
    },
  };
};
export type TApprovalsService = ReturnType<typeof createApprovalsService>;

