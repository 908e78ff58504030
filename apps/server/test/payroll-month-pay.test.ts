import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import type { TPayslipLine, TPayslipModel } from '@bizdesk/contract';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';

// Issue 32 items 1 and 2 together, through the API: a business default structure (40/20/10, pension on basic + housing
// + transport) with a taxable 10% meal allowance from November to January and a union due of 2,000, and November 2026's
// events (30 days): Jo joins on the 16th, Lee leaves on the 15th, Uma takes 5 days of unpaid leave, Sam is suspended
// without pay for 5 days, and Dee's start date was defaulted to the day she was entered (the 20th). Everyone earns
// 6,000,000 a year: a whole month pays 500,000 + 20,000 − tax 71,060 − pension 28,000 − 2,000 = 418,940.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
const ids = { jo: '', lee: '', uma: '', sam: '', dee: '' };
const MONTH = '2026-11';
let runId = '';
const { ok, call } = injectApi(() => t);

type TLine = { _id: string; employeeId: string; grossMinor: number; allowanceMinor: number; overtimeMinor: number; taxMinor: number; pensionMinor: number; otherDeductionsMinor: number; netMinor: number };
const sum = (lines: Array<{ amount: number }> | undefined) => (lines ?? []).reduce((s, l) => s + l.amount, 0);
const total = (items: TPayslipLine[]) => items.reduce((s, i) => s + i.amountMinor, 0);
const money = (minor: number) => `NGN ${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100).toLocaleString('en-US')}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pdfText = async (raw: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(raw) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
};
const linesOf = async () => Object.fromEntries(((await ok(owner, 'GET', `/api/v1/payroll/runs/${runId}/lines?limit=100`)).data as TLine[]).map((l) => [l.employeeId, l]));
const slipOf = async (lineId: string) => (await ok(owner, 'GET', `/api/v1/payroll/payslip/${lineId}`)).data as { netMinor: number; breakdown: any; model: TPayslipModel };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Month Pay Ltd', email: 'owner@month-pay.example' });
  await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'checker', email: 'checker@month-pay.example', password: 'pay test pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  approver = await login(t.app, 'checker@month-pay.example', 'pay test pass 1');
  const company = (await ok(owner, 'POST', '/api/v1/payroll/structures', { name: 'Company', split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', isDefault: true }, 201)).data;
  await ok(owner, 'POST', `/api/v1/payroll/structures/${company._id}/items`, { name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', fromMonth: '2026-11', toMonth: '2027-01', isTaxable: true }, 201);
  await ok(owner, 'POST', `/api/v1/payroll/structures/${company._id}/items`, { name: 'Union dues', kind: 'deduction', amount: '2000', fromMonth: '2026-11' }, 201);
  const people = [['jo', '2026-11-16'], ['lee', '2025-01-01'], ['uma', '2025-01-01'], ['sam', '2025-01-01'], ['dee', null]] as const;
  for (const [key, startDate] of people) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, {
      firstName: key, lastName: 'Obi', email: `${key}@month-pay.example`, grossIncome: '6000000', ...(startDate ? { startDate } : {}),
    }, 201)).data._id;
  }
  await givePayableAccounts(t.app, owner, Object.values(ids));
}, 90_000);
afterAll(async () => t?.close());

const startOf = async (id: string) => ((await t.deps.db.execute(sql`SELECT start_date::text, start_date_given FROM employees WHERE id = ${id}`)) as unknown as { rows: Array<{ start_date: string; start_date_given: boolean }> }).rows[0];

describe('a month of events on a pay structure', () => {
  it('marks a start date given only when someone gave it (create, or an edit that changes it)', async () => {
    expect(await startOf(ids.jo)).toEqual({ start_date: '2026-11-16', start_date_given: true });
    expect((await startOf(ids.dee)).start_date_given).toBe(false);
    // Dee was entered on 20 November without a start date: the default is the day of entry.
    await t.deps.db.execute(sql`UPDATE employees SET start_date = '2026-11-20' WHERE id = ${ids.dee}`);
    // The edit form sends the stored date back: that gives nothing; a changed date is a given one.
    await ok(owner, 'POST', `/api/v1/employee/update-1/${ids.dee}`, { startDate: '2026-11-20', phone: '08030000000' });
    expect(await startOf(ids.dee)).toEqual({ start_date: '2026-11-20', start_date_given: false });
    await ok(owner, 'POST', `/api/v1/employee/update-1/${ids.uma}`, { startDate: '2025-01-02' });
    expect(await startOf(ids.uma)).toEqual({ start_date: '2025-01-02', start_date_given: true });
  });

  it('computes each member\'s month: joiner and leaver half, unpaid leave and suspension 25 of 30 days, a defaulted start date the whole month', async () => {
    await ok(owner, 'POST', `/api/v1/employee/exit/${ids.lee}`, { lastDay: '2026-11-15', reason: 'resignation' });
    // Lee owes 300,000: the final settlement recovers what the pay left allows (209,470) and says what is still owed.
    await ok(owner, 'POST', '/api/v1/employee/add-loan', { employeeId: ids.lee, loanDetail: { principal: '300000', monthlyRepayment: '20000', startMonth: '2026-11' } }, 201);
    await ok(owner, 'PUT', '/api/v1/attendance/send-suspension-details', { employeeId: ids.sam, suspensionDetails: { reason: 'Investigation', from: '2026-11-02', to: '2026-11-06' } });
    await ok(owner, 'POST', '/api/v1/leave/types', { name: 'Unpaid', yearlyEntitlement: 30, isPaid: false }, 201);
    const request = (await ok(owner, 'POST', `/api/v1/employee/leave/${ids.uma}`, { type: 'Unpaid', startDate: '2026-11-09', endDate: '2026-11-13', reason: 'Family' }, 201)).data;
    await ok(owner, 'PUT', `/api/v1/leave/requests/${request._id}/decision`, { decision: 'approved' });

    const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: Object.values(ids), month: MONTH })).data;
    runId = run._id;
    await ok(owner, 'POST', `/api/v1/payroll/runs/${runId}/compute`, undefined, 202);
    await waitFor('the November run', async () => {
      const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${MONTH}`)).data;
      if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
      return r.job?.status === 'succeeded' && !r.isStale;
    });
    const lines = await linesOf();
    expect(lines[ids.jo].netMinor).toBe(20_947_000);
    expect(lines[ids.lee].netMinor).toBe(0);
    expect(lines[ids.uma].netMinor).toBe(34_911_667);
    expect(lines[ids.sam].netMinor).toBe(34_911_667);
    expect(lines[ids.dee].netMinor).toBe(41_894_000);
    const jo = await slipOf(lines[ids.jo]._id);
    expect(jo.breakdown.periodEarnings).toEqual([{ code: expect.stringMatching(/^recurring:/), legalName: 'Meal allowance (15 of 30 days)', amount: 1_000_000 }]);
    expect(jo.breakdown.periodDeductions).toEqual([
      { code: 'proration', legalName: 'Joined 16 Nov 2026: paid 15 of 30 days', amount: 25_000_000 },
      { code: expect.stringMatching(/^recurring:/), legalName: 'Union dues (15 of 30 days)', amount: 100_000 },
    ]);
    for (const id of Object.values(ids)) {
      const l = lines[id];
      const { breakdown: b } = await slipOf(l._id);
      // The split-32 identity of the stored line, to the kobo.
      expect(l.grossMinor + l.allowanceMinor + l.overtimeMinor + sum(b.periodEarnings) - l.taxMinor - l.pensionMinor - l.otherDeductionsMinor - sum(b.periodDeductions), id).toBe(l.netMinor);
    }
    expect((await slipOf(lines[ids.dee]._id)).breakdown.proration).toBeUndefined();
  });

  it('lists every line by name on the web payslip and in the PDF, summing to the net', async () => {
    expect((await call(approver, 'POST', `/api/v1/payroll/runs/${runId}/approve`)).body.data.status).toBe('approved');
    const lines = await linesOf();
    const names: Record<string, string[]> = {
      jo: ['Meal allowance (15 of 30 days)', 'Joined 16 Nov 2026: paid 15 of 30 days', 'Union dues (15 of 30 days)'],
      lee: ['Meal allowance (15 of 30 days)', 'Left 15 Nov 2026: paid 15 of 30 days', 'Union dues (15 of 30 days)'],
      uma: ['Meal allowance (25 of 30 days)', 'Unpaid leave: 5 of 30 days', 'Union dues (25 of 30 days)'],
      sam: ['Meal allowance (25 of 30 days)', 'Suspension without pay: 5 of 30 days', 'Union dues (25 of 30 days)'],
      dee: ['Meal allowance', 'Union dues'],
    };
    for (const [key, id] of Object.entries(ids)) {
      const line = lines[id];
      const { model, netMinor } = await slipOf(line._id);
      expect(netMinor).toBe(line.netMinor);
      const listed = [...model.earnings.items, ...model.deductions.items].map((i) => i.name);
      expect(listed, key).toEqual(expect.arrayContaining(names[key]));
      expect(total(model.earnings.items) - total(model.deductions.items), key).toBe(line.netMinor);
      expect(model.earnings.totalMinor - model.deductions.totalMinor).toBe(model.net.amountMinor);
      const pdf = await call(owner, 'GET', `/api/v1/payroll/payslip/${line._id}/pdf`);
      expect(pdf.status).toBe(200);
      const text = await pdfText(pdf.raw);
      for (const i of model.earnings.items) expect(text).toMatch(new RegExp(`${esc(i.name)}\\s*${esc(money(i.amountMinor))}`));
      for (const i of model.deductions.items) expect(text).toMatch(new RegExp(`${esc(i.name)}\\s*- ${esc(money(i.amountMinor))}`));
      expect(text).toMatch(new RegExp(`Net pay\\s*${esc(money(line.netMinor))}`));
      if (key === 'lee') {
        expect(model.settlement).toEqual({ lastDay: '2026-11-15', reason: 'resignation', leavePayoutDays: 0, outstandingLoansMinor: 30_000_000 - 20_947_000, outstandingIouMinor: 0 });
        expect(model.deductions.items.find((i) => i.code === 'loan-repayment')?.amountMinor).toBe(20_947_000);
        expect(text).toContain('Final settlement');
        expect(text).toContain('Last day: 15 Nov 2026 (resignation). This is the final pay.');
        expect(text).toContain(`Loans still owed after this pay: ${money(9_053_000)}`);
      } else expect(model.settlement ?? null).toBeNull();
    }
  });
});
