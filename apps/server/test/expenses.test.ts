import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExpenseClaim, TPayslipModel } from '@bizdesk/contract';
import { createTestApp, multipart, portalSignIn, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';
import { staffUser } from './helpers/procurement.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { costsApi, costRow } from './helpers/costs.ts';
import { receiptPdf } from './helpers/receipts.ts';
import { computePayMinor } from '@bizdesk/payroll';
import { settleFinal } from '../src/features/payroll/month-events.ts';

// Issue 33 item 5: a staff member claims back what they paid. Ada files from the portal with a receipt the OCR reads,
// an approver decides from the inbox, the next payroll run pays it back as a non-taxable line (Bo, on the same pay and
// without a claim, shows the tax is untouched), and the project-tagged line lands once in the project's costs.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
let checker: TSession;
let accounts: TSession;
let ada = { id: '', token: '' };
let bo = { id: '', token: '' };
const { ok, call } = injectApi(() => t);
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

const employee = async (first: string, email: string) => {
  const data = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Obi', email, grossIncome: '6000000', startDate: '2025-01-01' }, 201)).data;
  return { id: data._id as string, token: (await portalSignIn(t.app, data.portalCode)).token };
};
const uploadReceipt = async (token: string, employeeId: string) => {
  const form = multipart([{ name: 'file', filename: 'receipt.pdf', contentType: 'application/pdf', data: await receiptPdf() }]);
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/expenses/employee/${employeeId}/receipts`, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { receipt: { _id: string; name: string }; proposal: { date: string; vendor: string; totalMinor: number } };
};
const file = async (token: string, employeeId: string, body: unknown) => (await ok(token, 'POST', `/api/v1/expenses/employee/${employeeId}`, body, 201)).data as TExpenseClaim;
const claimOf = async (session: TSession | string, id: string) => (await ok(session, 'GET', `/api/v1/expenses/claims/${id}`)).data as TExpenseClaim;
const decide = (s: TSession, id: string, decision: 'approved' | 'rejected', comment?: string) =>
  call(s, 'PUT', `/api/v1/approvals/inbox/expense-claim/${id}/decision`, { decision, ...(comment ? { comment } : {}) });
const projectRecords = async () => ((await ok(owner, 'GET', `/api/v1/cost/records/${owner.user.email}/${encodeURIComponent('Lekki Tower')}`)).data.records as Array<{ source: string; amountMinor: number; description: string }>)
  .filter((r) => r.source === 'expense-claim');

let claim: TExpenseClaim;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Claims Ltd', email: 'owner@claims.example' });
  approver = await staffUser(t.app, owner, 'Ama Approver', ['Approvals-access']);
  checker = await staffUser(t.app, owner, 'Chi Checker', ['Accounts-access', 'Approvals-access']);
  accounts = await staffUser(t.app, owner, 'Kofi Accounts', ['Accounts-access']);
  expect((await costsApi(t.app, owner).addRecords('Lekki Tower', [costRow(1)])).statusCode).toBe(201);
  ada = await employee('Ada', 'ada@claims.example');
  bo = await employee('Bo', 'bo@claims.example');
  await givePayableAccounts(t.app, owner, [ada.id, bo.id]);
  // Claims follow the business's approval policy (issue 33): here one step, either of the two approvers.
  expect((await call(owner, 'PUT', '/api/v1/approvals/policies', {
    service: 'expense-claim', steps: [{ approvers: 'users', userIds: [approver.user._id, checker.user._id], required: 1 }],
  })).status).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

describe('expense claims', () => {
  it('refuses bad lines with a message naming the field: amount 0, a future date, no receipt above the threshold, an unknown project', async () => {
    const line = { category: 'travel', date: today, amountMinor: 250_000, description: 'Taxi' };
    const cases: Array<[unknown, string]> = [
      [{ ...line, amountMinor: 0 }, 'lines.0.amountMinor: must be more than 0'],
      [{ ...line, date: tomorrow }, 'lines.0.date: must not be in the future'],
      [{ ...line, amountMinor: 600_000 }, 'lines.0.receiptId: a receipt is required for amounts above 5,000.00'],
      [{ ...line, projectTag: 'Atlantis' }, 'lines.0.projectTag: there is no project called "Atlantis"'],
      [{ ...line, category: 'champagne' }, 'lines.0.category: must be one of: travel, meals, fuel, materials, other'],
    ];
    for (const [bad, message] of cases) {
      const res = await call(ada.token, 'POST', `/api/v1/expenses/employee/${ada.id}`, { title: 'Site visit', lines: [bad] });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('files a claim from the portal with a receipt the OCR read, and keeps it a draft until submitted', async () => {
    const { receipt, proposal } = await uploadReceipt(ada.token, ada.id);
    expect(proposal).toMatchObject({ date: '2026-03-14', totalMinor: 6_181_250 });
    expect(proposal.vendor).toMatch(/MAMA CASS/);
    claim = await file(ada.token, ada.id, {
      title: 'Lekki site supplies',
      lines: [
        { category: 'materials', date: proposal.date, vendor: proposal.vendor, amountMinor: proposal.totalMinor, receiptId: receipt._id, projectTag: 'lekki tower', description: 'Rice and oil for the crew' },
        { category: 'travel', date: today, amountMinor: 250_000, description: 'Taxi' },
      ],
    });
    expect(claim).toMatchObject({ status: 'draft', number: 'EC-0001', totalMinor: 6_431_250, employeeName: 'Ada Obi' });
    expect(claim.lines[0]).toMatchObject({ projectTag: 'Lekki Tower', receipt: { _id: receipt._id }, isInProjectCosts: false });
    // Another employee's portal finds nothing of it.
    expect((await call(bo.token, 'GET', `/api/v1/expenses/claims/${claim._id}`)).status).toBe(404);
    expect((await call(bo.token, 'GET', `/api/v1/expenses/receipts/${receipt._id}`)).status).toBe(404);
    const mine = (await ok(ada.token, 'GET', `/api/v1/expenses/employee/${ada.id}`)).data;
    expect(mine.claims.map((c: TExpenseClaim) => c._id)).toEqual([claim._id]);
    expect(mine.options).toMatchObject({ projects: ['Lekki Tower'], currency: 'NGN', receiptRequiredAboveMinor: 500_000 });
  });

  it('sends the submitted claim to the approver, who reads its lines and receipts in the inbox', async () => {
    expect((await ok(ada.token, 'POST', `/api/v1/expenses/claims/${claim._id}/submit`)).data.status).toBe('submitted');
    const inbox = (await ok(approver, 'GET', '/api/v1/approvals/inbox')).data;
    expect(JSON.stringify(inbox)).toContain(claim._id);
    const detail = (await ok(approver, 'GET', `/api/v1/approvals/inbox/expense-claim/${claim._id}`)).data;
    expect(detail.subject.kind).toBe('expense-claim');
    expect(detail.subject.claim.lines).toHaveLength(2);
    const receiptId = detail.subject.claim.lines[0].receipt._id;
    const pdf = await call(approver, 'GET', `/api/v1/expenses/receipts/${receiptId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
    // A submitted claim cannot be changed under the approver.
    expect((await call(ada.token, 'PUT', `/api/v1/expenses/claims/${claim._id}`, { title: 'x', lines: [{ category: 'other', date: today, amountMinor: 1 }] })).status).toBe(409);
  });

  it('approves it: reimbursement scheduled for the next run, the project-tagged line in the project costs once', async () => {
    expect((await decide(approver, claim._id, 'approved')).status).toBe(200);
    claim = await claimOf(ada.token, claim._id);
    expect(claim.status).toBe('approved');
    expect(claim.reimbursement).toMatchObject({ method: 'payroll', month: today.slice(0, 7), runId: null });
    expect(claim.lines[0].isInProjectCosts).toBe(true);
    expect(claim.lines[1].isInProjectCosts).toBe(false);
    const records = await projectRecords();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ amountMinor: 6_181_250, description: 'EC-0001: Rice and oil for the crew' });
    // Deciding again changes nothing, and the line is never entered twice.
    await decide(approver, claim._id, 'approved');
    expect(await projectRecords()).toHaveLength(1);
  });

  it('pays it back on the next payroll run as a non-taxable line; the payslip lines sum to net; the run marks it reimbursed', async () => {
    const month = claim.reimbursement!.month!;
    const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [ada.id, bo.id], month })).data;
    await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
    await waitFor('the run', async () => {
      const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
      if (r.job?.status === 'failed') throw new Error(r.job.message);
      return r.job?.status === 'succeeded' && !r.isStale;
    }, 60_000);
    const lines = Object.fromEntries(((await ok(owner, 'GET', `/api/v1/payroll/runs/${run._id}/lines?limit=100`)).data as Array<{ _id: string; employeeId: string; taxMinor: number; pensionMinor: number; netMinor: number }>).map((l) => [l.employeeId, l]));
    // Same pay, same tax and pension: the reimbursement is not taxed; it is added to net.
    expect(lines[ada.id].taxMinor).toBe(lines[bo.id].taxMinor);
    expect(lines[ada.id].pensionMinor).toBe(lines[bo.id].pensionMinor);
    expect(lines[ada.id].netMinor - lines[bo.id].netMinor).toBe(6_431_250);
    const slip = (await ok(owner, 'GET', `/api/v1/payroll/payslip/${lines[ada.id]._id}`)).data as { model: TPayslipModel };
    const item = slip.model.earnings.items.find((i) => i.name === 'Expense reimbursement EC-0001 (not taxed)');
    expect(item?.amountMinor).toBe(6_431_250);
    const sum = (items: Array<{ amountMinor: number }>) => items.reduce((s, i) => s + i.amountMinor, 0);
    expect(sum(slip.model.earnings.items) - sum(slip.model.deductions.items)).toBe(lines[ada.id].netMinor);
    expect(slip.model.earnings.totalMinor - slip.model.deductions.totalMinor).toBe(slip.model.net.amountMinor);

    expect((await call(checker, 'POST', `/api/v1/payroll/runs/${run._id}/approve`)).body.data.status).toBe('approved');
    claim = await claimOf(ada.token, claim._id);
    expect(claim.status).toBe('reimbursed');
    expect(claim.reimbursement).toMatchObject({ method: 'payroll', month, runId: run._id });
  });

  it('rejects with a reason: the requester sees it and a notification says it', async () => {
    const second = await file(ada.token, ada.id, { title: 'Lunch', lines: [{ category: 'meals', date: today, amountMinor: 120_000, description: 'Client lunch' }] });
    await ok(ada.token, 'POST', `/api/v1/expenses/claims/${second._id}/submit`);
    expect((await decide(approver, second._id, 'rejected')).status).toBe(400); // a rejection needs its reason
    expect((await decide(approver, second._id, 'rejected', 'Client lunches are on the company card')).status).toBe(200);
    const seen = await claimOf(ada.token, second._id);
    expect(seen).toMatchObject({ status: 'rejected', decisionReason: 'Client lunches are on the company card', decidedBy: 'Ama Approver' });
    const notes = (await ok(owner, 'GET', `/api/v1/notification/fetch?ownerEmail=${owner.user.email}`)).data as Array<{ message: string; messageKey?: string }>;
    expect(notes.find((n) => n.messageKey === 'expenses.rejected')?.message).toBe("Ada Obi's expense claim EC-0002 was rejected: Client lunches are on the company card");
    // Corrected and sent again, it goes back to the approver.
    await ok(ada.token, 'PUT', `/api/v1/expenses/claims/${second._id}`, { title: 'Lunch', lines: [{ category: 'meals', date: today, amountMinor: 60_000, description: 'My lunch' }] });
    expect((await ok(ada.token, 'POST', `/api/v1/expenses/claims/${second._id}/submit`)).data.status).toBe('submitted');
  });

  it('refuses self-approval: an approver cannot approve a claim they filed for themselves, nor one filed for them in the portal', async () => {
    await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Ama', lastName: 'Approver', email: approver.user.email, grossIncome: '3000000' }, 201);
    const own = (await ok(approver, 'POST', '/api/v1/expenses/mine', { title: 'Fuel', lines: [{ category: 'fuel', date: today, amountMinor: 300_000 }] }, 201)).data as TExpenseClaim;
    await ok(approver, 'POST', `/api/v1/expenses/claims/${own._id}/submit`);
    const res = await decide(approver, own._id, 'approved');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot approve or reject your own request');
    expect((await claimOf(approver, own._id)).status).toBe('submitted');
    // A user without an employee record is told why they cannot claim for themselves.
    const none = await call(accounts, 'POST', '/api/v1/expenses/mine', { title: 'Fuel', lines: [{ category: 'fuel', date: today, amountMinor: 300_000 }] });
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/No employee record has your e-mail address/);
  });

  it('lets Accounts pay an approved claim directly with date and reference, and lists claims with filters and totals', async () => {
    const third = await file(bo.token, bo.id, { title: 'Diesel', lines: [{ category: 'fuel', date: today, amountMinor: 400_000 }] });
    await ok(bo.token, 'POST', `/api/v1/expenses/claims/${third._id}/submit`);
    await decide(approver, third._id, 'approved');
    expect((await call(accounts, 'POST', `/api/v1/expenses/claims/${third._id}/pay`, { paidOn: tomorrow, reference: 'TRF-1' })).status).toBe(400);
    const paid = (await ok(accounts, 'POST', `/api/v1/expenses/claims/${third._id}/pay`, { paidOn: today, reference: 'TRF-2291' })).data as TExpenseClaim;
    expect(paid).toMatchObject({ status: 'reimbursed', reimbursement: { method: 'direct', paidOn: today, reference: 'TRF-2291', month: null } });
    expect((await call(accounts, 'POST', `/api/v1/expenses/claims/${third._id}/pay`, { paidOn: today, reference: 'again' })).status).toBe(409);

    const all = (await ok(accounts, 'GET', '/api/v1/expenses/claims')).data;
    expect(all.totals.count).toBe(4);
    expect(all.totals.byStatus.reimbursed).toEqual({ count: 2, totalMinor: 6_431_250 + 400_000 });
    const fuel = (await ok(accounts, 'GET', `/api/v1/expenses/claims?category=fuel&employeeId=${bo.id}`)).data;
    expect(fuel.claims.map((c: TExpenseClaim) => c.number)).toEqual(['EC-0004']);
    // Staff without HR or Accounts cannot list everyone's claims.
    expect((await call(approver, 'GET', '/api/v1/expenses/claims')).status).toBe(403);
  });
});

// The defect fixed after the feature: a reimbursement fed to the engine as a recurring item was prorated in a part-paid
// month. Jo joins on the 16th of this month (Kim, the same joiner without a claim, is the yardstick) and files a claim of
// 50,000.00: the run pays all of it back, untaxed and outside the pension, beside the prorated salary.
describe('a reimbursement in a part-paid month', () => {
  it('pays a joiner the whole claim on top of the prorated salary; tax and pension as without it; payslip lines sum to net', async () => {
    const boss = await registerBusiness(t.app, { businessName: 'Joiners Ltd', email: 'owner@joiners.example' });
    const month = today.slice(0, 7);
    const joiner = async (first: string) => {
      const data = (await ok(boss, 'POST', `/api/v1/employee/create/${boss.user._id}`, { firstName: first, lastName: 'New', email: `${first.toLowerCase()}@joiners.example`, grossIncome: '6000000', startDate: `${month}-16` }, 201)).data;
      return { id: data._id as string, token: (await portalSignIn(t.app, data.portalCode)).token };
    };
    const jo = await joiner('Jo');
    const kim = await joiner('Kim');
    await givePayableAccounts(t.app, boss, [jo.id, kim.id]);
    // 20 lines of 2,500.00 (each under the receipt threshold) = 50,000.00.
    const lines = Array.from({ length: 20 }, (_, i) => ({ category: 'travel', date: today, amountMinor: 250_000, description: `Site visit ${i + 1}` }));
    const filed = await file(jo.token, jo.id, { title: 'Site visits', lines });
    await ok(jo.token, 'POST', `/api/v1/expenses/claims/${filed._id}/submit`);
    // The default policy: the line manager (Jo has none: HR, the owner) then HR — the owner's one approval counts for both.
    expect((await decide(boss, filed._id, 'approved')).status).toBe(200);
    const approved = await claimOf(jo.token, filed._id);
    expect(approved.reimbursement).toMatchObject({ method: 'payroll', month });
    // The pay item is the claim's: it is not ended or deleted as a recurring item (a direct payment on the claim does that).
    const payItem = ((await ok(boss, 'GET', `/api/v1/payroll/employees/${jo.id}/structure`)).data.items as Array<{ _id: string; name: string }>).find((i) => i.name === `Expense reimbursement ${approved.number} (not taxed)`)!;
    const removed = await call(boss, 'DELETE', `/api/v1/payroll/recurring-items/${payItem._id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toMatch(/approved expense claim paid back by the .* payroll run; record a direct payment on the claim instead/);
    expect((await call(boss, 'PUT', `/api/v1/payroll/recurring-items/${payItem._id}/end`, { toMonth: month })).status).toBe(409);

    const run = (await ok(boss, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [jo.id, kim.id], month })).data;
    await ok(boss, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
    await waitFor('the run', async () => {
      const r = (await ok(boss, 'GET', `/api/v1/payroll/run/${month}`)).data;
      if (r.job?.status === 'failed') throw new Error(r.job.message);
      return r.job?.status === 'succeeded' && !r.isStale;
    }, 60_000);
    type TLine = { _id: string; employeeId: string; taxMinor: number; pensionMinor: number; otherDeductionsMinor: number; netMinor: number };
    const runLines = Object.fromEntries(((await ok(boss, 'GET', `/api/v1/payroll/runs/${run._id}/lines?limit=100`)).data as TLine[]).map((l) => [l.employeeId, l]));
    expect(runLines[jo.id].taxMinor).toBe(runLines[kim.id].taxMinor);
    expect(runLines[jo.id].pensionMinor).toBe(runLines[kim.id].pensionMinor);
    expect(runLines[jo.id].otherDeductionsMinor).toBe(runLines[kim.id].otherDeductionsMinor);
    expect(runLines[jo.id].netMinor - runLines[kim.id].netMinor).toBe(5_000_000);

    const slip = (await ok(boss, 'GET', `/api/v1/payroll/payslip/${runLines[jo.id]._id}`)).data as { model: TPayslipModel };
    const sum = (items: Array<{ amountMinor: number }>) => items.reduce((s, i) => s + i.amountMinor, 0);
    // A part month: the salary's reduction is on the payslip, and the claim is paid whole beside it.
    expect(slip.model.deductions.items.find((i) => i.code === 'proration')?.name).toMatch(/^Joined 16 /);
    const item = slip.model.earnings.items.find((i) => i.name === `Expense reimbursement ${approved.number} (not taxed)`);
    expect(item?.amountMinor).toBe(5_000_000);
    expect(sum(slip.model.earnings.items) - sum(slip.model.deductions.items)).toBe(runLines[jo.id].netMinor);
    expect(slip.model.earnings.totalMinor - slip.model.deductions.totalMinor).toBe(slip.model.net.amountMinor);
    expect(slip.model.net.amountMinor).toBe(runLines[jo.id].netMinor);
  });

  it('recovers a leaver\'s loans from pay only: the reimbursement is still paid whole', () => {
    const input = { country: 'NG', period: { year: 2026, month: 11 }, grossAnnual: '6000000.00', proration: { paidDays: 15, periodDays: 30, lines: [{ code: 'proration' as const, legalName: 'Left 15 Nov 2026', days: 15 }] } };
    const pay = computePayMinor(input, { breakdown: false }).totalMonthlySalary;
    const settled = settleFinal({ ...input, reimbursements: [{ id: 'EC-1', legalName: 'Expense reimbursement EC-1 (not taxed)', amount: '50000.00' }] }, [{ id: 'loan', balance: '999999999' }], 0);
    expect(settled.repayments).toEqual([{ loanId: 'loan', amount: pay }]);
    expect(computePayMinor(settled.input, { breakdown: false }).totalMonthlySalary).toBe(5_000_000);
  });
});
