import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PAYROLL_APPROVAL_MSG } from '@bizdesk/contract';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 32, item 6 (approval that fits a small company) and the payable-account check of item 5.
// "Sole Ltd": the owner is the only user. "Pair Ltd": the owner and one Accounts+Approvals user.
let t: TTestApp;
let sole: TSession;
let pairOwner: TSession;
let pairApprover: TSession;
let pairClerk: TSession;
const soleStaff: Record<'ada' | 'bola' | 'chidi', string> = {} as never;
let pairAda: string;

const { call, ok } = injectApi(() => t);

const employee = async (boss: TSession, first: string, email: string) =>
  (await ok(boss, 'POST', `/api/v1/employee/create/${boss.user._id}`, { firstName: first, lastName: 'Obi', email, grossIncome: '2400000' }, 201)).data._id as string;

const computeMonth = async (boss: TSession, month: string, preparer: TSession = boss) => {
  const run = (await ok(boss, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
  await ok(preparer, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  return waitFor(`the ${month} run to compute`, async () => {
    const r = (await ok(boss, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
};
const notes = async (s: TSession, actionType: string) =>
  ((await ok(s, 'GET', `/api/v1/notification/fetch/${s.user.email}`)).data as Array<{ actionType: string; message: string; link: unknown }>).filter((n) => n.actionType === actionType);

beforeAll(async () => {
  t = await createTestApp();
  sole = await registerBusiness(t.app, { businessName: 'Sole Ltd', email: 'owner@sole.example' });
  soleStaff.ada = await employee(sole, 'Ada', 'ada@sole.example');
  soleStaff.bola = await employee(sole, 'Bola', 'bola@sole.example');
  soleStaff.chidi = await employee(sole, 'Chidi', 'chidi@sole.example');
  await givePayableAccounts(t.app, sole, [soleStaff.ada, soleStaff.chidi]);
  // An account stored before the NUBAN check existed (the API refuses it now): the run must still catch it.
  await t.deps.db.execute(sql`UPDATE pay_settings SET account_number = '0123456789' WHERE employee_id = ${soleStaff.chidi}`);

  pairOwner = await registerBusiness(t.app, { businessName: 'Pair Ltd', email: 'owner@pair.example' });
  await ok(pairOwner, 'POST', '/api/v1/auth/user-register', { userName: 'checker', email: 'checker@pair.example', password: 'pay test pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  await ok(pairOwner, 'POST', '/api/v1/auth/user-register', { userName: 'clerk', email: 'clerk@pair.example', password: 'pay test pass 1', roles: ['Accounts-access'] }, 201);
  pairApprover = await login(t.app, 'checker@pair.example', 'pay test pass 1');
  pairClerk = await login(t.app, 'clerk@pair.example', 'pay test pass 1');
  pairAda = await employee(pairOwner, 'Ada', 'ada@pair.example');
  await givePayableAccounts(t.app, pairOwner, [pairAda]);
}, 60_000);
afterAll(async () => t?.close());

describe('payroll approval for a small company', () => {
  it('a sole owner under maker-checker is told up front that nobody else can approve, and why', async () => {
    expect((await ok(sole, 'GET', '/api/v1/payroll/approval-setting')).data).toEqual({ payrollApproval: 'maker-checker', otherApprovers: 0, canEdit: true });
    const run = await computeMonth(sole, '2026-03');
    expect(run.approval).toMatchObject({ canApprove: false, block: 'sole-owner-not-allowed', reason: PAYROLL_APPROVAL_MSG.soleOwnerNotAllowed, needsReason: false, unpayableCount: 2 });
    expect(run.approval.unpayable.map((u: { name: string; problem: string }) => [u.name, u.problem])).toEqual([['Bola Obi', 'no-bank-code'], ['Chidi Obi', 'invalid-nuban']]);
    const refused = await call(sole, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, { reason: 'I am alone' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PAYROLL_APPROVAL_MSG.soleOwnerNotAllowed);
    // Submitting told the owner what to do, with a link to the run.
    const [blocked] = await notes(sole, 'Payroll cannot be approved');
    expect(blocked).toMatchObject({ link: { screen: 'payroll', id: '2026-03' } });
  }, 60_000);

  it('once allowed, the sole owner approves their own run only with a reason, and only with payable accounts or explicit exclusions', async () => {
    const saved = await ok(sole, 'PUT', '/api/v1/payroll/approval-setting', { payrollApproval: 'owner-when-alone' });
    expect(saved).toMatchObject({ message: PAYROLL_APPROVAL_MSG.settingSaved, data: { payrollApproval: 'owner-when-alone' } });
    const run = (await ok(sole, 'GET', '/api/v1/payroll/run/2026-03')).data;
    expect(run.approval).toMatchObject({ canApprove: true, block: null, needsReason: true });

    const noReason = await call(sole, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'reason', messageKey: 'selfApprovalReason' });

    const unpayable = await call(sole, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, { reason: 'Only I hold the roles' });
    expect(unpayable.status).toBe(409);
    expect(unpayable.body.message).toContain('Bola Obi');
    expect(unpayable.body.message).toContain('Chidi Obi');
    expect(unpayable.body.message).not.toContain('Ada Obi');
    expect((await ok(sole, 'GET', '/api/v1/payroll/run/2026-03')).data.status).toBe('draft');

    const foreign = await call(sole, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, { reason: 'x', exclude: [pairAda] });
    expect(foreign.status).toBe(400);

    const approved = await ok(sole, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, { reason: 'Only I hold the roles', exclude: [soleStaff.bola, soleStaff.chidi] });
    expect(approved.data).toMatchObject({ status: 'approved', approvedBy: 'Owner Person', selfApprovalReason: 'Only I hold the roles', members: 1, approval: null });
    expect(approved.data.totals.employees).toBe(1);
    const lines = (await ok(sole, 'GET', `/api/v1/payroll/runs/${run._id}/lines?limit=100`)).data as Array<{ name: string }>;
    expect(lines.map((l) => l.name)).toEqual(['Ada Obi']);
    const actions = (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, run._id)))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payroll.members-excluded', 'payroll.run-self-approved', 'payroll.run-approved']));
    const [self] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, run._id), eq(auditLog.action, 'payroll.run-self-approved')));
    expect(self.after).toMatchObject({ reason: 'Only I hold the roles' });
    expect((await ok(sole, 'GET', '/api/v1/payroll/run/2026-03')).data.selfApprovalReason).toBe('Only I hold the roles');
  }, 60_000);

  it('tells the sole owner their next run waits for their own approval', async () => {
    await computeMonth(sole, '2026-04');
    expect((await notes(sole, 'Payroll awaits your approval'))[0]).toMatchObject({ link: { screen: 'payroll', id: '2026-04' } });
  }, 60_000);

  it('with another approver, the owner who prepared the run may not approve it even when the setting allows self-approval', async () => {
    await ok(pairOwner, 'PUT', '/api/v1/payroll/approval-setting', { payrollApproval: 'owner-when-alone' });
    expect((await call(pairApprover, 'PUT', '/api/v1/payroll/approval-setting', { payrollApproval: 'maker-checker' })).status).toBe(403);
    expect((await ok(pairApprover, 'GET', '/api/v1/payroll/approval-setting')).data).toMatchObject({ payrollApproval: 'owner-when-alone', otherApprovers: 1, canEdit: false });
    const run = await computeMonth(pairOwner, '2026-03');
    expect(run.approval).toMatchObject({ canApprove: false, block: 'preparer', reason: PAYROLL_APPROVAL_MSG.ownerPreparer, unpayableCount: 0 });
    expect(run.approval.reason).not.toMatch(/ask the owner/i);
    const self = await call(pairOwner, 'POST', `/api/v1/payroll/runs/${run._id}/approve`, { reason: 'I am sure' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(PAYROLL_APPROVAL_MSG.ownerPreparer);
    // The approvers were told, with a link to their inbox, and the run is in it.
    const [asked] = await notes(pairApprover, 'Approval requested');
    expect(asked.message).toContain('2026-03 payroll run');
    expect(asked.link).toMatchObject({ screen: 'approvals' });
    const inbox = (await ok(pairApprover, 'GET', '/api/v1/approvals/inbox')).data;
    expect((inbox.rows ?? inbox).some((r: { kind: string; subjectId: string }) => r.kind === 'payroll' && r.subjectId === run._id)).toBe(true);
    expect(await notes(pairOwner, 'Payroll cannot be approved')).toEqual([]);

    const forChecker = (await ok(pairApprover, 'GET', '/api/v1/payroll/run/2026-03')).data;
    expect(forChecker.approval).toMatchObject({ canApprove: true, needsReason: false });
    const forClerk = (await ok(pairClerk, 'GET', '/api/v1/payroll/run/2026-03')).data;
    expect(forClerk.approval).toMatchObject({ canApprove: false, block: 'no-role' });
    const approved = await ok(pairApprover, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(approved.data).toMatchObject({ status: 'approved', approvedBy: 'checker', selfApprovalReason: null });
  }, 60_000);

  it('when a clerk prepared the run, the owner approves it without a reason', async () => {
    await computeMonth(pairOwner, '2026-04', pairClerk);
    const asClerk = (await ok(pairClerk, 'GET', '/api/v1/payroll/run/2026-04')).data;
    expect(asClerk.approval).toMatchObject({ canApprove: false, block: 'no-role' });
    const asOwner = (await ok(pairOwner, 'GET', '/api/v1/payroll/run/2026-04')).data;
    expect(asOwner.approval).toMatchObject({ canApprove: true, needsReason: false });
  }, 60_000);
});
