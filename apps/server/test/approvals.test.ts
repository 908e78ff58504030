import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_MSG, MSG, type TApprovalService } from '@bizdesk/contract';
import { approvalDecisions, approvalRequests, auditLog, notifications } from '../src/db/schema/index.ts';
import { createApprovalsService, type TApprovalsService } from '../src/features/approvals/approvals.service.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { authOf, expectData, staffUser } from './helpers/procurement.ts';

describe('approvals engine', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let engine: TApprovalsService;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let requester: TStaff;
  let ada: TStaff;
  let bola: TStaff;
  let chidi: TStaff;
  let clerk: TStaff;

  const rule = (session: TSession, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders/create-approvals', headers: bearer(session.token), payload: { ownerEmail: owner.user.email, ...body } });
  const decide = (s: TSession, subjectId: string, extra: Record<string, unknown> = {}, service: TApprovalService = 'purchase-order') =>
    t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-approval-statusV2', headers: bearer(s.token), payload: { orderId: subjectId, ownerEmail: owner.user.email, service, userId: s.user._id, ...extra } });
  /** Opens a request the way a feature does: through the service, inside the feature's transaction. */
  const open = async (service: TApprovalService, by: TStaff, title = 'PO-0001 Cement') => {
    const subjectId = crypto.randomUUID();
    await t.deps.db.transaction((tx) => engine.request(tx, authOf(by, by.userName, by.roles), { service, subjectId, title, amount: 120_000_00, currency: 'NGN' }));
    return subjectId;
  };
  const requestRow = async (subjectId: string) =>
    (await t.deps.db.select().from(approvalRequests).where(eq(approvalRequests.subjectId, subjectId)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Builders', email: 'owner@adaeze-builders.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Motors', email: 'owner@kwesi.gh', country: 'GH' });
    engine = createApprovalsService(t.deps, { notify: createNotificationsService(t.deps).notify });
    requester = await staffUser(t.app, owner, 'Rita Requester', ['Procurement-access', 'Approvals-access']);
    ada = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    bola = await staffUser(t.app, owner, 'Bola Approver', ['Approvals-access']);
    chidi = await staffUser(t.app, owner, 'Chidi Approver', ['Approvals-access']);
    clerk = await staffUser(t.app, owner, 'Clerk Person', ['Procurement-access']);
    const res = await rule(owner, { serviceName: 'purchase-order', userId: [requester.user._id, ada.user._id, bola.user._id, chidi.user._id], totalApprovalsRequired: 2 });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  describe('create-approvals', () => {
    it('saves who may approve a service and how many approvals it needs, and lists it', async () => {
      const res = await rule(owner, { serviceName: 'payment', userId: [ada.user._id, bola.user._id], totalApprovalsRequired: 1 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: APPROVAL_MSG.ruleSaved, data: { serviceName: 'payment', totalApprovalsRequired: 1 } });
      expect(res.json().data.approvers.map((a: { userName: string }) => a.userName)).toEqual(['Ada Approver', 'Bola Approver']);
      const list = expectData(await t.app.inject({ method: 'GET', url: '/api/v1/orders/approval-rules', headers: bearer(ada.token) }), 200);
      expect(list.map((r: { serviceName: string }) => r.serviceName)).toEqual(['payment', 'purchase-order']);
    });

    it('replaces the rule when the service is sent again, and audits the change', async () => {
      await rule(owner, { serviceName: 'payment', userId: ada.user._id, totalApprovalsRequired: 1 });
      const list = expectData(await t.app.inject({ method: 'GET', url: '/api/v1/orders/approval-rules', headers: bearer(owner.token) }), 200);
      expect(list.find((r: { serviceName: string }) => r.serviceName === 'payment').approvers).toHaveLength(1);
      const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.entity, 'approval-rule')));
      expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['approval-rule.created', 'approval-rule.updated']));
    });

    it('refuses more approvals than approvers listed', async () => {
      const res = await rule(owner, { serviceName: 'payment', userId: [ada.user._id], totalApprovalsRequired: 2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('totalApprovalsRequired: cannot be more than the 1 approver(s) listed in userId');
    });

    it('refuses an approver without Approvals-access, naming them', async () => {
      const res = await rule(owner, { serviceName: 'payment', userId: [clerk.user._id], totalApprovalsRequired: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('userId: Clerk Person does not hold Approvals-access; give them that role first');
    });

    it("refuses another business's user (404) and another business's e-mail (403)", async () => {
      expect((await rule(owner, { serviceName: 'payment', userId: [other.user._id], totalApprovalsRequired: 1 })).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders/create-approvals', headers: bearer(other.token), payload: { ownerEmail: owner.user.email, serviceName: 'payment', userId: [other.user._id], totalApprovalsRequired: 1 } });
      expect(res.statusCode).toBe(403);
    });

    it('is for Settings-access: an approver cannot set the rules', async () => {
      expect((await rule(ada, { serviceName: 'payment', userId: [ada.user._id], totalApprovalsRequired: 1 })).statusCode).toBe(403);
    });
  });

  describe('decisions', () => {
    it('approves only when the required number of distinct approvers approved (N of M)', async () => {
      const subject = await open('purchase-order', requester);
      const first = await decide(ada, subject);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ message: MSG.approvalStatusUpdated, data: { status: 'pending', approvals: 1, totalApprovalsRequired: 2 } });
      const second = await decide(bola, subject);
      expect(second.json().data).toMatchObject({ status: 'approved', approvals: 2 });
      expect(second.json().data.decisions.map((d: { userName: string }) => d.userName)).toEqual(['Ada Approver', 'Bola Approver']);
    });

    it('counts one approver once: approving twice is harmless and does not approve', async () => {
      const subject = await open('purchase-order', requester);
      await decide(ada, subject);
      const again = await decide(ada, subject);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ status: 'pending', approvals: 1 });
    });

    it('refuses the requester approving their own request', async () => {
      const subject = await open('purchase-order', requester);
      const res = await decide(requester, subject);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot approve or reject your own request');
      expect((await requestRow(subject)).approvals).toBe(0);
    });

    it('refuses a user not on the rule, even with Approvals-access', async () => {
      await rule(owner, { serviceName: 'standing-order', userId: [ada.user._id], totalApprovalsRequired: 1 });
      const subject = await open('standing-order', requester);
      const res = await decide(bola, subject, {}, 'standing-order');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You are not an approver for standing-order');
    });

    it('rejects at the first rejection, which needs a reason, and then refuses further decisions', async () => {
      const subject = await open('purchase-order', requester);
      await decide(ada, subject);
      const noReason = await decide(bola, subject, { approvalStatus: 'rejected' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe('reason: give a reason for the rejection');
      const rejected = await decide(bola, subject, { approvalStatus: 'rejected', reason: 'Price above the last quote' });
      expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Price above the last quote' });
      const late = await decide(chidi, subject);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This request is already rejected');
      const changedMind = await decide(ada, subject, { approvalStatus: 'rejected', reason: 'x' });
      expect(changedMind.statusCode).toBe(409);
    });

    it('counts two concurrent final approvals once: one wins, the request is approved once', async () => {
      const subject = await open('purchase-order', requester, 'PO-0099 Rods');
      await decide(ada, subject);
      const [b, c] = await Promise.all([decide(bola, subject), decide(chidi, subject)]);
      expect([b.statusCode, c.statusCode].sort()).toEqual([200, 409]);
      const row = await requestRow(subject);
      expect(row).toMatchObject({ status: 'approved', approvals: 2 });
      const decisions = await t.deps.db.select().from(approvalDecisions).where(eq(approvalDecisions.requestId, row.id));
      expect(decisions).toHaveLength(2);
      const approvedNotes = await t.deps.db.select().from(notifications)
        .where(and(eq(notifications.businessId, owner.user.businessId), sql`${notifications.message} = 'PO-0099 Rods is approved (2 of 2 approvals)'`));
      expect(approvedNotes).toHaveLength(1);
    });

    it('notifies each step under the Procurement category and audits it', async () => {
      const subject = await open('purchase-order', requester, 'PO-0100 Sand');
      await decide(ada, subject);
      const notes = await t.deps.db.select().from(notifications)
        .where(and(eq(notifications.businessId, owner.user.businessId), sql`${notifications.message} like '%PO-0100 Sand%'`));
      expect(notes.map((n) => [n.category, n.actionType])).toEqual(expect.arrayContaining([['Procurement', 'Approval requested'], ['Procurement', 'Approval given']]));
      const row = await requestRow(subject);
      const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
      expect(audits.map((a) => a.action).sort()).toEqual(['approval.approved', 'approval.requested']);
    });

    it('needs one approval from an Approvals-access user for a service without a rule', async () => {
      const subject = await open('fleet-requisition', clerk as TStaff);
      const res = await decide(chidi, subject, {}, 'fleet-requisition');
      expect(res.json().data).toMatchObject({ status: 'approved', approvals: 1, totalApprovalsRequired: 1 });
    });

    it('refuses to open a request that could never be approved, and a second pending one for a subject', async () => {
      // (payroll approvers need Accounts-access as well, so a requisition service stands in here)
      expectData(await rule(owner, { serviceName: 'material-requisition', userId: [requester.user._id, ada.user._id], totalApprovalsRequired: 2 }), 201);
      await expect(open('material-requisition', requester)).rejects.toThrow('needs 2 approvals but only 1 approver(s) other than the requester are listed');
      const subject = await open('purchase-order', requester);
      await expect(t.deps.db.transaction((tx) => engine.request(tx, authOf(requester, requester.userName, requester.roles), { service: 'purchase-order', subjectId: subject, title: 'again' })))
        .rejects.toThrow('This is already waiting for approval');
    });

    it('cancels a pending request, after which no decision is taken', async () => {
      const subject = await open('purchase-order', requester);
      await t.deps.db.transaction((tx) => engine.cancel(tx, authOf(requester, requester.userName, requester.roles), { service: 'purchase-order', subjectId: subject, reason: 'Order withdrawn' }));
      const res = await decide(ada, subject);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This request is already cancelled');
    });

    it('refuses a decision made in someone else\'s name', async () => {
      const subject = await open('purchase-order', requester);
      const res = await decide(ada, subject, { userId: bola.user._id });
      expect(res.statusCode).toBe(403);
    });

    it("keeps businesses apart: another owner gets 403 with this business's e-mail and 404 for its subject", async () => {
      const subject = await open('purchase-order', requester);
      const foreignEmail = await t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-approval-statusV2', headers: bearer(other.token), payload: { orderId: subject, ownerEmail: owner.user.email, service: 'purchase-order', userId: other.user._id } });
      expect(foreignEmail.statusCode).toBe(403);
      const ownEmail = await t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-approval-statusV2', headers: bearer(other.token), payload: { orderId: subject, ownerEmail: other.user.email, service: 'purchase-order', userId: other.user._id } });
      expect(ownEmail.statusCode).toBe(404);
      expect((await requestRow(subject)).approvals).toBe(0);
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=all', headers: bearer(other.token) });
      expect(list.json().data).toEqual([]);
    });
  });

  describe('the approval list', () => {
    it('shows each approver what awaits them, not the requester, and the history of each request', async () => {
      const subject = await open('purchase-order', requester, 'PO-0200 Tiles');
      await decide(ada, subject);
      const forBola = (await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=mine', headers: bearer(bola.token) })).json();
      const item = forBola.data.find((r: { subjectId: string }) => r.subjectId === subject);
      expect(item).toMatchObject({ title: 'PO-0200 Tiles', canDecide: true, approvals: 1, requestedBy: { userName: 'Rita Requester' } });
      expect(item.decisions).toEqual([expect.objectContaining({ userName: 'Ada Approver', decision: 'approved' })]);
      const forAda = (await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=mine', headers: bearer(ada.token) })).json();
      expect(forAda.data.some((r: { subjectId: string }) => r.subjectId === subject)).toBe(false);
      const forRita = (await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=mine', headers: bearer(requester.token) })).json();
      expect(forRita.data.some((r: { subjectId: string }) => r.subjectId === subject)).toBe(false);
      // Bola approves purchase orders but is not on the standing-order rule: its requests are not Bola's to decide.
      const standing = await open('standing-order', requester, 'PO-0201 Standing diesel');
      const forBolaAgain = (await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=mine', headers: bearer(bola.token) })).json();
      expect(forBolaAgain.data.some((r: { subjectId: string }) => r.subjectId === standing)).toBe(false);
      const forAdaAgain = (await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=mine', headers: bearer(ada.token) })).json();
      expect(forAdaAgain.data.find((r: { subjectId: string }) => r.subjectId === standing)).toMatchObject({ canDecide: true });
      const all = (await t.app.inject({ method: 'GET', url: '/api/v1/orders/approvals?view=all&status=rejected', headers: bearer(ada.token) })).json();
      expect(all.data.length).toBeGreaterThan(0);
      expect(all.data.every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    });
  });
});
