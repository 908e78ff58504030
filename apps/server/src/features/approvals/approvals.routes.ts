import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPROVAL_BAND_MSG, ZDelegation, ZDelegationInput, ZDelegations, ZRuleIdParams, ZRuleVersion, ZSaveApprovalRule,
  APPROVAL_CHAIN_MSG, APPROVAL_MSG, MSG, ZApprovalPolicy, ZApprovalPolicyDelete, ZApprovalPolicyInput, ZInbox, ZInboxDecision, ZInboxDetail, ZInboxQuery, ZInboxSubjectParams, ZApprovalListQuery, ZApprovalRequest, ZApprovalRule, ZCreateApprovals, ZOk, ZPaged, ZUpdateApprovalStatusV2,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TApprovalsService } from './approvals.service.ts';

export const approvalRoutes = (approvals: TApprovalsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];

  app.post('/api/v1/orders/create-approvals', {
    schema: { tags, body: ZCreateApprovals, response: { 201: ZOk(ZApprovalRule) }, description: 'Sets who may approve one service (userId: one id or a list) and how many distinct approvals it needs; replaces an earlier rule. Payroll and payment rules: the owner or Accounts-access + Approvals-access; others: Settings-access. Every approver listed must be able to reach the approve route.' },
    // Settings-access sets the rules of most services; the rules of payroll and payments need the owner or
    // Accounts-access + Approvals-access, which the service checks (so Approvals-access is let in here).
    config: allow('Settings-access', 'Approvals-access'),
  }, async (req, reply) => reply.code(201).send(ok(await approvals.createRule(userAuth(req), req.body), APPROVAL_MSG.ruleSaved)));

  app.put('/api/v1/orders/update-approval-statusV2', {
    schema: { tags, body: ZUpdateApprovalStatusV2, response: { 200: ZOk(ZApprovalRequest) }, description: 'The signed-in approver\'s decision on the request of a subject (orderId) of a service; approvalStatus defaults to approved, a rejection needs a reason' },
    config: allow('Approvals-access'),
  }, async (req) => ok(await approvals.decideV2(userAuth(req), req.body), MSG.approvalStatusUpdated));

  app.get('/api/v1/orders/approvals', {
    schema: { tags, querystring: ZApprovalListQuery, response: { 200: ZPaged(ZApprovalRequest) }, description: 'view=mine: pending requests the caller may decide; view=all: every request with its history' },
    config: allow('Approvals-access'),
  }, async (req) => {
    const { rows, total } = await approvals.find(userAuth(req), req.query);
    return paged(rows, total, req.query);
  });

  app.get('/api/v1/orders/approval-rules', {
    schema: { tags, response: { 200: ZOk(z.array(ZApprovalRule)) } },
    config: allow('Approvals-access', 'Settings-access'),
  }, async (req) => ok(await approvals.findRules(userAuth(req))));

  app.get('/api/v1/approvals/inbox', {
    schema: { tags, querystring: ZInboxQuery, response: { 200: ZOk(ZInbox) }, description: 'Everything waiting for the signed-in person, every kind (leave included for those who decide it), newest first, with counts per kind. Open to any user named as an approver (a line manager); 403 for a user with nothing to decide' },
    config: allow('user'),
  }, async (req) => ok(await approvals.inbox(userAuth(req), req.query)));

  app.get('/api/v1/approvals/inbox/:kind/:subjectId', {
    schema: { tags, params: ZInboxSubjectParams, response: { 200: ZOk(ZInboxDetail) }, description: 'One request with its subject as its feature describes it (and, for people requests, its approval chain), for whoever may decide it or decided it' },
    config: allow('user'),
  }, async (req) => ok(await approvals.inboxDetail(userAuth(req), req.params.kind, req.params.subjectId)));

  app.put('/api/v1/approvals/inbox/:kind/:subjectId/decision', {
    schema: { tags, params: ZInboxSubjectParams, body: ZInboxDecision, response: { 200: ZOk(ZInboxDetail) }, description: 'The caller\'s decision with a comment (required to reject); a fleet approval carries the truck. People requests: by an approver of the step now waiting, never by the requester' },
    config: allow('user'),
  }, async (req) => ok(await approvals.inboxDecide(userAuth(req), req.params.kind, req.params.subjectId, req.body), MSG.approvalStatusUpdated));

  app.get('/api/v1/approvals/policies', {
    schema: { tags, response: { 200: ZOk(z.array(ZApprovalPolicy)) }, description: 'Who decides leave (per leave type), expense claims and attendance corrections: the saved policies, or the defaults' },
    config: allow('HR-access', 'Settings-access'),
  }, async (req) => ok(await approvals.findPolicies(userAuth(req))));

  app.put('/api/v1/approvals/policies', {
    schema: { tags, body: ZApprovalPolicyInput, response: { 200: ZOk(ZApprovalPolicy) }, description: 'Sets the approval chain of a people service, or of one leave type: ordered steps (line-manager, hr, users) with the approvals each needs; leave may be approved automatically below a number of days' },
    config: allow('HR-access', 'Settings-access'),
  }, async (req) => ok(await approvals.savePolicy(userAuth(req), req.body), APPROVAL_CHAIN_MSG.policySaved));

  app.delete('/api/v1/approvals/policies', {
    schema: { tags, querystring: ZApprovalPolicyDelete, response: { 200: ZOk(ZApprovalPolicy) }, description: 'Removes a saved policy: the default (or, for a leave type, the leave policy) applies again' },
    config: allow('HR-access', 'Settings-access'),
  }, async (req) => ok(await approvals.resetPolicy(userAuth(req), req.query), APPROVAL_CHAIN_MSG.policyReset));

  // Issue 35: rules by amount band and level, their history and retirement; delegation while away.
  app.put('/api/v1/approvals/rules', {
    schema: { tags, body: ZSaveApprovalRule, response: { 200: ZOk(ZApprovalRule) }, description: 'Creates or edits the rule of a service as amount bands ("up to" amounts rising, the last open-ended), each with ordered levels of listed approvers (N of M). Every change is a new version; requests under way keep the chain they were given' },
    config: allow('Settings-access', 'Approvals-access'),
  }, async (req) => ok(await approvals.saveRule(userAuth(req), req.body), APPROVAL_MSG.ruleSaved));

  app.post('/api/v1/approvals/rules/:id/retire', {
    schema: { tags, params: ZRuleIdParams, response: { 200: ZOk(ZApprovalRule) }, description: 'Retires a rule: new requests of its service fall back to the default approvers; requests under way are not moved' },
    config: allow('Settings-access', 'Approvals-access'),
  }, async (req) => ok(await approvals.retireRule(userAuth(req), req.params.id), APPROVAL_BAND_MSG.ruleRetired));

  app.get('/api/v1/approvals/rules/:id/history', {
    schema: { tags, params: ZRuleIdParams, response: { 200: ZOk(z.array(ZRuleVersion)) }, description: 'Every version of a rule, newest first, with who saved or retired it' },
    config: allow('Approvals-access', 'Settings-access'),
  }, async (req) => ok(await approvals.ruleHistory(userAuth(req), req.params.id)));

  app.get('/api/v1/approvals/delegates', {
    schema: { tags, response: { 200: ZOk(z.array(z.object({ _id: z.string(), userName: z.string() }))) }, description: 'The business\'s other users who decide requests, whom the caller may name as delegate (names only)' },
    config: allow('user'),
  }, async (req) => ok(await approvals.findDelegates(userAuth(req))));

  app.get('/api/v1/approvals/delegations', {
    schema: { tags, response: { 200: ZOk(ZDelegations) }, description: 'The delegations the caller set while away, and those naming the caller as delegate' },
    config: allow('user'),
  }, async (req) => ok(await approvals.findDelegations(userAuth(req))));

  app.post('/api/v1/approvals/delegations', {
    schema: { tags, body: ZDelegationInput, response: { 201: ZOk(ZDelegation.pick({ _id: true, startsOn: true, endsOn: true })) }, description: 'While away (startsOn to endsOn, inclusive), requests waiting for the caller also reach the delegate, who decides on the caller\'s behalf' },
    config: allow('user'),
  }, async (req, reply) => {
    const row = await approvals.createDelegation(userAuth(req), req.body);
    return reply.code(201).send(ok({ _id: row.id, startsOn: row.startsOn, endsOn: row.endsOn }, APPROVAL_BAND_MSG.delegationSaved));
  });

  app.delete('/api/v1/approvals/delegations/:id', {
    schema: { tags, params: ZRuleIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) }, description: 'Ends one of the caller\'s delegations' },
    config: allow('user'),
  }, async (req) => ok({ _id: (await approvals.deleteDelegation(userAuth(req), req.params.id)).id }, APPROVAL_BAND_MSG.delegationRemoved));
};
