import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_MSG, ORDER_MSG, PAY_MSG } from '@bizdesk/contract';
import { bearer, createTestApp, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 29, item 4: approvals that cannot be bent. A cancelled or rejected thing stays so until its owner changes it
// and resubmits; who approves money is set by the owner or an Accounts+Approvals user, and every listed approver can act;
// a user is deleted (or has roles changed) only by someone who could grant every role they hold.
let t: TTestApp;

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (s: TSession, method: TMethod, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(s.token), remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('(a) a cancelled purchase order takes its open payments with it', () => {
  let owner: TSession;
  let buyer: TSession;
  let approver: TSession;
  let accountant: TSession;
  let vendorId: string;

  const approvedOrder = async () => {
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'Cement', unit: 'bag', quantity: 10, unitPrice: '5000' }] }), 201);
    expectData(await call(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }), 200);
    return order as { _id: string; invoiceNumber: string };
  };
  const schedule = async (orderId: string) =>
    expectData(await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId, amount: '1000', dueDate: '2026-04-01' }), 201) as { _id: string };
  const approvePayment = (paymentId: string) =>
    call(approver, 'PUT', '/api/v1/orders/update-approval-statusV2', { ownerEmail: owner.user.email, service: 'payment', orderId: paymentId, userId: approver.user._id });
  const pay = (paymentId: string) => call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId, paidDate: '2026-04-01', method: 'bank-transfer' });
  const paymentOf = async (id: string) =>
    (expectData(await call(accountant, 'GET', `/api/v1/orders/payment-details/${owner.user.email}`), 200) as Array<{ _id: string; status: string }>).find((p) => p._id === id)!;

  beforeAll(async () => {
    owner = await registerBusiness(t.app, { businessName: 'Cancel Co', email: 'owner@cancel-co.ng' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    accountant = await staffUser(t.app, owner, 'Kemi Accounts', ['Accounts-access']);
    vendorId = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement', email: 'sales@dangote.example' }), 201)[0]._id;
  });

  it('cancels a payment waiting for approval: it can no longer be approved or recorded as paid', async () => {
    const order = await approvedOrder();
    const payment = await schedule(order._id);
    expectData(await call(buyer, 'DELETE', `/api/v1/orders/cancel/${order._id}`), 200);
    expect((await paymentOf(payment._id)).status).toBe('cancelled');
    const approve = await approvePayment(payment._id);
    expect(approve.statusCode).toBe(409);
    const paid = await pay(payment._id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(ORDER_MSG.paymentCancelled);
  });

  it('cancels an approved (scheduled) payment that was not paid yet', async () => {
    const order = await approvedOrder();
    const payment = await schedule(order._id);
    expectData(await approvePayment(payment._id), 200);
    expect((await paymentOf(payment._id)).status).toBe('scheduled');
    expectData(await call(buyer, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'cancelled', POType: 'regular', reason: 'Vendor withdrew' }), 200);
    expect((await paymentOf(payment._id)).status).toBe('cancelled');
    const paid = await pay(payment._id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(ORDER_MSG.paymentCancelled);
  });

  it('refuses approving or paying a payment of an order cancelled before this rule (old data)', async () => {
    const order = await approvedOrder();
    const waiting = await schedule(order._id);
    const scheduled = await schedule(order._id);
    expectData(await approvePayment(scheduled._id), 200);
    // What the old cancel left behind: the order cancelled, its payments untouched.
    await t.deps.db.execute(sql`UPDATE purchase_orders SET approval_status = 'cancelled', cancelled_at = now() WHERE id = ${order._id}`);
    const approve = await approvePayment(waiting._id);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(ORDER_MSG.orderOfPaymentCancelled(order.invoiceNumber));
    const paid = await pay(scheduled._id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(ORDER_MSG.orderOfPaymentCancelled(order.invoiceNumber));
    expect((await paymentOf(scheduled._id)).status).toBe('scheduled');
  });
});

describe('(b) a rejected payroll run stays rejected until it is computed again', () => {
  let owner: TSession;
  let clerk: TSession;
  let a1: TSession;
  let a2: TSession;

  const computeMonth = async (month: string) => {
    const run = expectData(await call(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month }), 200);
    expectData(await call(clerk, 'POST', `/api/v1/payroll/runs/${run._id}/compute`), 202);
    for (const until = Date.now() + 20_000; Date.now() < until; await sleep(100)) {
      const r = expectData(await call(owner, 'GET', `/api/v1/payroll/run/${month}`), 200);
      if (r.job?.status === 'failed') throw new Error(r.job.message);
      if (r.job?.status === 'succeeded' && !r.isStale && r.computedAt) return r as { _id: string; computedAt: string };
    }
    throw new Error('the run did not compute');
  };

  beforeAll(async () => {
    owner = await registerBusiness(t.app, { businessName: 'Reject Pay Ltd', email: 'owner@rejectpay.ng' });
    clerk = await staffUser(t.app, owner, 'Pay Clerk', ['Accounts-access', 'Approvals-access']);
    a1 = await staffUser(t.app, owner, 'First Approver', ['Accounts-access', 'Approvals-access']);
    a2 = await staffUser(t.app, owner, 'Second Approver', ['Accounts-access', 'Approvals-access']);
    const ada = expectData(await call(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Ada', lastName: 'Obi', email: 'ada@rejectpay.ng', grossIncome: '6000000' }), 201);
    await givePayableAccounts(t.app, owner, [ada._id]);
    expectData(await call(owner, 'POST', '/api/v1/orders/create-approvals', {
      ownerEmail: owner.user.email, serviceName: 'payroll', totalApprovalsRequired: 2, userId: [a1.user._id, a2.user._id, owner.user._id],
    }), 201);
  }, 60_000);

  it('refuses approving a rejected run unchanged; computing it again puts it back in front of the approvers', async () => {
    const run = await computeMonth('2026-05');
    expectData(await call(a1, 'POST', `/api/v1/payroll/runs/${run._id}/approve`), 200);
    expectData(await call(a2, 'PUT', '/api/v1/orders/update-approval-statusV2', {
      ownerEmail: owner.user.email, service: 'payroll', orderId: run._id, userId: a2.user._id, approvalStatus: 'rejected', reason: 'Overtime is missing',
    }), 200);

    for (const who of [a1, owner]) {
      const again = await call(who, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PAY_MSG.runRejected('Overtime is missing'));
    }
    expect(expectData(await call(owner, 'GET', '/api/v1/payroll/run/2026-05'), 200).status).toBe('draft');

    // The preparer changes it and resubmits: computing again is the resubmission.
    await sleep(20);
    await computeMonth('2026-05');
    expectData(await call(a1, 'POST', `/api/v1/payroll/runs/${run._id}/approve`), 200);
    const approved = expectData(await call(owner, 'POST', `/api/v1/payroll/runs/${run._id}/approve`), 200);
    expect(approved.status).toBe('approved');
  }, 60_000);
});

describe('(c) who approves money', () => {
  let owner: TSession;
  let settingsOnly: TSession;
  let moneyLead: TSession;
  let approverOnly: TSession & { userName: string };
  let payApprover: TSession;

  const rule = (s: TSession, serviceName: string, userId: string[]) =>
    call(s, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName, totalApprovalsRequired: 1, userId });

  beforeAll(async () => {
    owner = await registerBusiness(t.app, { businessName: 'Rule Keepers', email: 'owner@rulekeepers.ng' });
    settingsOnly = await staffUser(t.app, owner, 'Sam Settings', ['Settings-access']);
    moneyLead = await staffUser(t.app, owner, 'Mona Money', ['Accounts-access', 'Approvals-access']);
    approverOnly = await staffUser(t.app, owner, 'Abe Approver', ['Approvals-access']);
    payApprover = await staffUser(t.app, owner, 'Pat Payroll', ['Accounts-access', 'Approvals-access']);
  });

  it('refuses a Settings-only user setting the approvers of payroll or payments', async () => {
    for (const service of ['payroll', 'payment']) {
      const res = await rule(settingsOnly, service, [payApprover.user._id]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APPROVAL_MSG.moneyRuleNeedsRoles);
    }
    // Other services stay with Settings-access.
    expectData(await rule(settingsOnly, 'material-requisition', [approverOnly.user._id]), 201);
  });

  it('refuses a payroll approver who cannot reach the payroll approve route, naming them', async () => {
    const res = await rule(owner, 'payroll', [payApprover.user._id, approverOnly.user._id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Abe Approver');
    const rules = expectData(await call(owner, 'GET', '/api/v1/orders/approval-rules'), 200) as Array<{ serviceName: string }>;
    expect(rules.some((r) => r.serviceName === 'payroll')).toBe(false);
  });

  it('lets the owner, or an Accounts+Approvals user, set them to people who can act', async () => {
    expectData(await rule(owner, 'payroll', [payApprover.user._id, owner.user._id]), 201);
    expectData(await rule(moneyLead, 'payment', [approverOnly.user._id, payApprover.user._id]), 201);
  });
});

describe('(d) deleting a user or changing their roles needs every role they hold', () => {
  let owner: TSession;
  let settingsOnly: TSession;
  let settingsHr: TSession;

  const addUser = async (email: string, roles: string[]) =>
    expectData(await call(owner, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'staff pass 12', roles }), 201) as { _id: string };

  beforeAll(async () => {
    owner = await registerBusiness(t.app, { businessName: 'Keep Users Ltd', email: 'owner@keepusers.ng' });
    settingsOnly = await staffUser(t.app, owner, 'Sam Settings', ['Settings-access']);
    settingsHr = await staffUser(t.app, owner, 'Hana Hr', ['Settings-access', 'HR-access']);
  });

  it('refuses a Settings-only user deleting an accountant, and the address stays taken', async () => {
    const accountant = await addUser('accounts@keepusers.ng', ['Accounts-access']);
    const del = await call(settingsOnly, 'DELETE', `/api/v1/auth/delete-user/${accountant._id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toContain('Accounts-access');
    const again = await call(settingsOnly, 'POST', '/api/v1/auth/user-register', { userName: 'x', email: 'accounts@keepusers.ng', password: 'a new pass 123', roles: [] });
    expect(again.statusCode).toBe(409);
    // The owner may.
    expectData(await call(owner, 'DELETE', `/api/v1/auth/delete-user/${accountant._id}`), 200);
  });

  it('lets a Settings+HR user delete a user whose roles it holds', async () => {
    const hr = await addUser('hr@keepusers.ng', ['HR-access']);
    expectData(await call(settingsHr, 'DELETE', `/api/v1/auth/delete-user/${hr._id}`), 200);
  });

  it('refuses changing the roles of a user who holds a role the caller could not grant', async () => {
    const both = await addUser('both@keepusers.ng', ['HR-access', 'Accounts-access']);
    const res = await call(settingsHr, 'PUT', `/api/v1/auth/update-user-roles/${both._id}`, { roles: ['Accounts-access'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Accounts-access');
  });
});
