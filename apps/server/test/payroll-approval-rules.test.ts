import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MSG } from '@bizdesk/contract';
import { login, registerBusiness, type TSession } from './helpers/test-app.ts';
import { injectApi, sleep, waitFor } from './helpers/inject-api.ts';
import { openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import type { TTestApp } from './helpers/test-app.ts';

// Issue 12: with an approval rule for 'payroll' the approvals engine decides (N of M, never the preparer);
// without one, the owner (or an Accounts+Approvals user) approves as before. Two businesses: one with a rule, one without.
let t: TTestApp;
let smtp: TSmtp;
let close: () => Promise<void>;
let owner: TSession;
let clerk: TSession;
let a1: TSession;
let a2: TSession;
let plain: TSession;
let plainClerk: TSession;

const { call, ok } = injectApi(() => t);

/** Adds the month's members (as the business owner), computes as `preparer`, waits for the job, returns the run. */
const computeMonth = async (boss: TSession, preparer: TSession, month: string) => {
  const run = (await ok(boss, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
  await ok(preparer, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  return waitFor(`the ${month} run to compute`, async () => {
    const r = (await ok(boss, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
};

const addUser = async (boss: TSession, email: string) => {
  await ok(boss, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'pay test pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  return login(t.app, email, 'pay test pass 1');
};

beforeAll(async () => {
  ({ t, smtp, close } = await openAppWithSmtp());
  owner = await registerBusiness(t.app, { businessName: 'Rule Pay Ltd', email: 'owner@rulepay.example' });
  clerk = await addUser(owner, 'clerk@rulepay.example');
  a1 = await addUser(owner, 'first@rulepay.example');
  a2 = await addUser(owner, 'second@rulepay.example');
  const ada = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Ada', lastName: 'Obi', email: 'ada@rulepay.example', grossIncome: '6000000' }, 201)).data;
  await givePayableAccounts(t.app, owner, [ada._id]);
  // Two of four: the preparer (clerk) is listed but can never count towards their own run.
  await ok(owner, 'POST', '/api/v1/orders/create-approvals', {
    ownerEmail: owner.user.email, serviceName: 'payroll', totalApprovalsRequired: 2, userId: [clerk.user._id, a1.user._id, a2.user._id, owner.user._id],
  }, 201);

  plain = await registerBusiness(t.app, { businessName: 'No Rule Ltd', email: 'owner@norule.example' });
  plainClerk = await addUser(plain, 'clerk@norule.example');
  const bola = (await ok(plain, 'POST', `/api/v1/employee/create/${plain.user._id}`, { firstName: 'Bola', lastName: 'Ade', email: 'bola@norule.example', grossIncome: '2400000' }, 201)).data;
  await givePayableAccounts(t.app, plain, [bola._id]);
}, 60_000);
afterAll(async () => close?.());

describe('payroll approval through the approvals engine', () => {
  it('with a 2-of-N rule: the preparer is refused, one approval leaves the run a draft, a second distinct approver approves it', async () => {
    const run = await computeMonth(owner, clerk, '2026-05');
    const self = await call(clerk, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(PAY_MSG.approverIsPreparer);

    const first = await ok(a1, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(first.data).toMatchObject({ status: 'draft', approvedBy: null });
    // The same approver again changes nothing.
    expect((await ok(a1, 'POST', `/api/v1/payroll/runs/${run._id}/approve`)).data.status).toBe('draft');
    // The preparer still cannot add the missing approval, also not through the engine's own endpoint.
    const viaEngine = await call(clerk, 'PUT', '/api/v1/orders/update-approval-statusV2', { ownerEmail: owner.user.email, service: 'payroll', orderId: run._id, userId: clerk.user._id });
    expect(viaEngine.status).toBe(403);
    expect((await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data.status).toBe('draft');

    const second = await ok(a2, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(second.data).toMatchObject({ status: 'approved', approvedBy: 'second' });
    // The payslip goes out once, after approval.
    await waitFor('the payslip e-mail', async () => smtp.to('ada@rulepay.example').length > 0);
    await sleep(500);
    expect(smtp.to('ada@rulepay.example')).toHaveLength(1);
    expect((await call(owner, 'POST', `/api/v1/payroll/runs/${run._id}/approve`)).status).toBe(409);
  }, 60_000);

  it('with a rule, the last approval may come through update-approval-statusV2', async () => {
    const run = await computeMonth(owner, clerk, '2026-06');
    await ok(a1, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    await ok(owner, 'PUT', '/api/v1/orders/update-approval-statusV2', { ownerEmail: owner.user.email, service: 'payroll', orderId: run._id, userId: owner.user._id });
    expect((await ok(owner, 'GET', '/api/v1/payroll/run/2026-06')).data).toMatchObject({ status: 'approved', approvedBy: 'Owner Person' });
  }, 60_000);

  it('without a rule: the preparer is refused and the owner approves alone, as before', async () => {
    const run = await computeMonth(plain, plainClerk, '2026-05');
    const self = await call(plainClerk, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(PAY_MSG.approverIsPreparer);
    const approved = await ok(plain, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(approved.data).toMatchObject({ status: 'approved' });
    await waitFor('the payslip e-mail', async () => smtp.to('bola@norule.example').length > 0);
  }, 60_000);
});
