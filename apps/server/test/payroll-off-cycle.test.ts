import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_APPROVAL_MSG, type TPayslipLine, type TPayslipModel } from '@bizdesk/contract';
import { PDFParse } from 'pdf-parse';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';

// Issue 32 item 3: off-cycle runs (bonus, 13th month, correction) beside the month's regular run, taxed as one-off pay
// at the marginal rate (PAYROLL.md: tax(regular + one-off) − tax(regular)), approved on their own with the same rules,
// with their own payslips, bank file, year to date and statutory schedules.
//
// Nigeria, tax year 2026 (Nigeria Tax Act 2025; bands 0% to 800,000, 15% to 3,000,000, 18% to 12,000,000).
// Ada: 6,000,000 a year split 40/20/10 (monthly basic 200,000), pension 8% of gross, with the business since 2020.
//   Regular chargeable income 6,000,000 − 480,000 = 5,520,000 → 330,000 + 18% × 2,520,000 = 783,600.
//   13th month = one month's basic 200,000 → chargeable 5,720,000 → 819,600: tax on it 36,000 (18%). Net 164,000.
//   NSITF (employer) 1% × 200,000 = 2,000; no pension on it.
// Chidi: 2,400,000 a year, the country split (basic 15% → 30,000 a month), joined 1 July 2026: 6 of 12 months →
//   13th month 15,000. Chargeable 2,400,000 − 192,000 = 2,208,000 (15% band) → tax on it 15% × 15,000 = 2,250. Net 12,750.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
let other: TSession;
const ids = { ada: '', chidi: '' };
let regular: { _id: string; totals: { netMinor: number; taxMinor: number } };
let thirteenth: { _id: string };

const { call, ok } = injectApi(() => t);

const waitComputed = (runId: string) => waitFor(`run ${runId} to compute`, async () => {
  const r = (await ok(owner, 'GET', `/api/v1/payroll/off-cycle/${runId}`)).data.run;
  if (r.job?.status === 'failed') return r;
  return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
});
const computeRun = async (runId: string) => {
  await ok(owner, 'POST', `/api/v1/payroll/runs/${runId}/compute`, undefined, 202);
  return waitComputed(runId);
};
type TLine = { _id: string; employeeId: string; grossMinor: number; allowanceMinor: number; taxMinor: number; pensionMinor: number; netMinor: number };
const linesOf = async (runId: string) => (await ok(owner, 'GET', `/api/v1/payroll/runs/${runId}/lines?limit=100`)).data as TLine[];
const lineOf = async (runId: string, employeeId: string) => (await linesOf(runId)).find((l) => l.employeeId === employeeId)!;
const sum = (items: TPayslipLine[], key: 'amountMinor' | 'ytdMinor') => items.reduce((s, i) => s + i[key], 0);
const pdfText = async (raw: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(raw) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
};
/** The first "NGN x" of each PDF text line strictly between the lines matching `from` and `to`, summed in minor units. */
const sumBetween = (text: string, from: RegExp, to: RegExp) => {
  const rows = text.split('\n').map((r) => r.trim());
  const start = rows.findIndex((r) => from.test(r));
  const end = rows.findIndex((r, i) => i > start && to.test(r));
  expect(start >= 0 && end > start, `${from} … ${to} in the PDF text`).toBe(true);
  return rows.slice(start + 1, end).reduce((s, r) => {
    const m = /NGN (-?[\d,]+)\.(\d\d)/.exec(r);
    if (!m) throw new Error(`a PDF line without a figure: ${r}`);
    return s + Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]);
  }, 0);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Off Cycle Ltd', email: 'owner@offcycle.example' });
  other = await registerBusiness(t.app, { businessName: 'Elsewhere Ltd', email: 'owner@elsewhere.example' });
  await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'checker', email: 'checker@offcycle.example', password: 'pay test pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  approver = await login(t.app, 'checker@offcycle.example', 'pay test pass 1');
  for (const [key, first, gross, startDate] of [['ada', 'Ada', '6000000', '2020-01-15'], ['chidi', 'Chidi', '2400000', '2026-07-01']] as const) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Okafor', email: `${key}@offcycle.example`, grossIncome: gross, startDate }, 201)).data._id;
  }
  await givePayableAccounts(t.app, owner, [ids.ada, ids.chidi]);
  await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids.ada}`, { split: { basic: 40, housing: 20, transport: 10 }, stateOfResidence: 'Lagos' });
  await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids.chidi}`, { stateOfResidence: 'Lagos' });
  // December's regular run, approved first.
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-12' })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  await waitFor('the regular run', async () => {
    const r = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-12')).data;
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
  regular = (await ok(approver, 'POST', `/api/v1/payroll/runs/${run._id}/approve`)).data;
  expect(regular).toMatchObject({ status: 'approved', kind: 'regular' });
}, 90_000);
afterAll(async () => t?.close());

describe('off-cycle runs', () => {
  it('taxes a 13th-month run at the marginal rate and approves it on its own, the regular run unaffected', async () => {
    const created = await ok(owner, 'POST', '/api/v1/payroll/off-cycle', { kind: 'thirteenth-month', month: '2026-12', employeeIds: [ids.ada, ids.chidi] }, 201);
    thirteenth = created.data.run;
    expect(created.data.run).toMatchObject({ kind: 'thirteenth-month', month: '2026-12', status: 'draft', title: '13th month — December 2026', members: 2 });
    // Nothing entered: each gets the default (one month's basic, prorated for the joiner) when computed.
    expect(created.data.items.map((i: { amountMinor: number | null }) => i.amountMinor)).toEqual([null, null]);

    const computed = await computeRun(thirteenth._id);
    expect(computed.job.status).toBe('succeeded');
    const ada = await lineOf(thirteenth._id, ids.ada);
    expect(ada).toMatchObject({ grossMinor: 0, allowanceMinor: 200_000_00, taxMinor: 36_000_00, pensionMinor: 0, netMinor: 164_000_00 });
    const chidi = await lineOf(thirteenth._id, ids.chidi);
    expect(chidi).toMatchObject({ allowanceMinor: 15_000_00, taxMinor: 2_250_00, netMinor: 12_750_00 });
    expect(computed.totals).toMatchObject({ netMinor: 176_750_00, taxMinor: 38_250_00, employerByKind: { nsitfMinor: 2_150_00, pensionMinor: 0 } });

    // The same approval as a regular run: the preparer may not approve while someone else can; the checker sees it in the inbox.
    expect(computed.approval).toMatchObject({ canApprove: false, block: 'preparer', reason: PAYROLL_APPROVAL_MSG.ownerPreparer });
    const inbox = (await ok(approver, 'GET', '/api/v1/approvals/inbox')).data;
    const request = (inbox.rows ?? inbox).find((r: { subjectId: string }) => r.subjectId === thirteenth._id);
    expect(request).toBeTruthy();
    expect(JSON.stringify(request)).toContain('13th month — December 2026');
    expect((await call(owner, 'POST', `/api/v1/payroll/runs/${thirteenth._id}/approve`)).status).toBe(403);
    const approved = (await ok(approver, 'POST', `/api/v1/payroll/runs/${thirteenth._id}/approve`)).data;
    expect(approved).toMatchObject({ status: 'approved', kind: 'thirteenth-month', approvedBy: 'checker' });
    const notes = (await ok(owner, 'GET', `/api/v1/notification/fetch/${owner.user.email}`)).data as Array<{ actionType: string; message: string }>;
    expect(notes.some((n) => n.actionType === 'Payroll approved' && n.message.startsWith('The 13th month — December 2026 payroll run was approved'))).toBe(true);

    // The month's regular run is the same run with the same figures; both are listed with their kinds.
    const again = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-12')).data;
    expect(again).toMatchObject({ _id: regular._id, kind: 'regular', status: 'approved', totals: { netMinor: regular.totals.netMinor, taxMinor: regular.totals.taxMinor } });
    const listed = (await ok(owner, 'GET', '/api/v1/payroll/runs?month=2026-12')).data;
    expect(listed.map((r: { _id: string; kind: string }) => [r._id, r.kind])).toEqual([[regular._id, 'regular'], [thirteenth._id, 'thirteenth-month']]);
  }, 60_000);

  it('gives it its own payslip, named for its kind, whose lines sum to the net on the web and in the PDF', async () => {
    const line = await lineOf(thirteenth._id, ids.ada);
    const slip = (await ok(owner, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data as { netMinor: number; model: TPayslipModel };
    const m = slip.model;
    expect(m.run).toEqual({ kind: 'thirteenth-month', label: null, title: '13th month — December 2026' });
    const current = (items: TPayslipLine[]) => items.filter((i) => i.amountMinor !== 0).map((i) => [i.code, i.amountMinor]);
    expect(current(m.earnings.items)).toEqual([['thirteenth-month', 200_000_00]]);
    expect(current(m.deductions.items)).toEqual([['tax-one-off', 36_000_00]]);
    expect(current(m.employer.items)).toEqual([['nsitf', 2_000_00]]);
    expect(sum(m.earnings.items, 'amountMinor') - sum(m.deductions.items, 'amountMinor')).toBe(164_000_00);
    expect(m.net.amountMinor).toBe(slip.netMinor);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/payroll/payslip/${line._id}/pdf`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Payslip: 13th month — December 2026');
    const earnings = sumBetween(text, /^Earnings/, /^Total earnings/);
    const deductions = sumBetween(text, /^Deductions/, /^Total deductions/);
    expect(earnings - deductions).toBe(164_000_00);
    expect(text).toMatch(/Net pay\s*NGN 164,000\.00/);
  }, 30_000);

  it('counts the approved off-cycle run in year to date and in the month\'s PAYE schedule', async () => {
    const regularLine = await lineOf(regular._id, ids.ada);
    const offLine = await lineOf(thirteenth._id, ids.ada);
    // Year to date = the sum of the year's approved runs: December's regular run and its 13th month.
    for (const l of [regularLine, offLine]) {
      const m = (await ok(owner, 'GET', `/api/v1/payroll/payslip/${l._id}`)).data.model as TPayslipModel;
      expect(m.net.ytdMinor).toBe(regularLine.netMinor + offLine.netMinor);
      expect(m.earnings.items.find((i) => i.code === 'thirteenth-month')?.ytdMinor).toBe(200_000_00);
      expect(m.deductions.ytdMinor).toBe(regularLine.taxMinor + regularLine.pensionMinor + offLine.taxMinor);
    }
    // PAYE: one row per employee, the 13th month's tax counted with the month's.
    const filing = (await ok(owner, 'GET', '/api/v1/payroll/tax-filing/2026-12')).data;
    const paye = filing.schedules.find((s: { kind: string }) => s.kind === 'ng-paye');
    const regularTax = (await linesOf(regular._id)).reduce((s, l) => s + l.taxMinor, 0);
    expect(paye.employees).toBe(2);
    expect(paye.amountMinor).toBe(regularTax + 38_250_00);
    const nsitf = filing.schedules.find((s: { kind: string }) => s.kind === 'ng-nsitf');
    expect(nsitf.amountMinor).toBe((await ok(owner, 'GET', '/api/v1/payroll/run/2026-12')).data.totals.employerByKind.nsitfMinor + 2_150_00);
    const cards = (await ok(owner, 'GET', '/api/v1/payroll/annual-returns/2026')).data.returns;
    const h1 = cards.find((r: { kind: string }) => r.kind === 'ng-h1');
    expect(h1.amountMinor).toBe(regularTax + 38_250_00);
  }, 30_000);

  it('writes the off-cycle run\'s bank file like a regular one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payroll/runs/${thirteenth._id}/bank-file?format=csv&layout=ng-nibss`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-bank-file-refused']).toBe('0');
    expect(res.body).toContain('164000.00');
    expect(res.body).toContain('12750.00');
    // Its own narration and references: a bank's duplicate check must not take it for December's salary payment.
    expect(res.body).toContain('13th month 2026-12');
    expect(res.body).toMatch(/THM202612/);
    expect(res.body).not.toMatch(/SAL202612/);
    expect(res.headers['content-disposition']).toContain('2026-12-thirteenth-month');
  });

  it('pays a bonus as an amount or a percentage of one month\'s gross, with a bulk value for the rest', async () => {
    const created = (await ok(owner, 'POST', '/api/v1/payroll/off-cycle', {
      kind: 'bonus', month: '2026-12', label: 'Year-end bonus', employeeIds: [ids.ada, ids.chidi], bulk: { amount: '50000' },
      items: [{ employeeId: ids.chidi, percent: 10 }],
    }, 201)).data;
    expect(created.run.title).toBe('Year-end bonus — December 2026');
    await computeRun(created.run._id);
    // Ada 50,000 at 18% = 9,000; Chidi 10% of 200,000 = 20,000 at 15% = 3,000.
    expect(await lineOf(created.run._id, ids.ada)).toMatchObject({ allowanceMinor: 50_000_00, taxMinor: 9_000_00 });
    expect(await lineOf(created.run._id, ids.chidi)).toMatchObject({ allowanceMinor: 20_000_00, taxMinor: 3_000_00 });
    // A draft off-cycle run can be deleted; the month's regular run cannot be deleted this way.
    await ok(owner, 'DELETE', `/api/v1/payroll/off-cycle/${created.run._id}`);
    expect((await call(owner, 'DELETE', `/api/v1/payroll/off-cycle/${regular._id}`)).status).toBe(409);
  }, 60_000);

  it('takes signed correction lines and refuses a correction that takes back more than it pays', async () => {
    const created = (await ok(owner, 'POST', '/api/v1/payroll/off-cycle', {
      kind: 'correction', month: '2026-11', items: [
        { employeeId: ids.ada, name: 'October overtime underpaid', amount: '30000' },
        { employeeId: ids.ada, name: 'Allowance overpaid', amount: '-5000' },
      ],
    }, 201)).data;
    await computeRun(created.run._id);
    // 25,000 net of the lines at Ada's 18% = 4,500.
    const line = await lineOf(created.run._id, ids.ada);
    expect(line).toMatchObject({ allowanceMinor: 25_000_00, taxMinor: 4_500_00, netMinor: 20_500_00 });
    const model = (await ok(owner, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data.model as TPayslipModel;
    expect(model.earnings.items.filter((i) => i.amountMinor !== 0).map((i) => [i.name, i.amountMinor])).toEqual([['October overtime underpaid', 30_000_00], ['Allowance overpaid', -5_000_00]]);
    // There is no regular November run: creating one now gives the month one regular run beside the correction.
    const first = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [ids.ada], month: '2026-11' })).data;
    const second = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [ids.chidi], month: '2026-11' })).data;
    expect(first).toMatchObject({ kind: 'regular' });
    expect(second._id).toBe(first._id);
    expect(first._id).not.toBe(created.run._id);

    const negative = (await ok(owner, 'POST', '/api/v1/payroll/off-cycle', { kind: 'correction', month: '2026-11', items: [{ employeeId: ids.chidi, name: 'Overpaid', amount: '-1000' }] }, 201)).data;
    const failed = await computeRun(negative.run._id);
    expect(failed.job).toMatchObject({ status: 'failed' });
    expect(failed.job.message).toMatch(/Chidi Okafor: the corrections add up to less than 0/);
  }, 60_000);

  it('refuses bad input and other businesses', async () => {
    expect((await call(owner, 'POST', '/api/v1/payroll/off-cycle', { kind: 'thirteenth-month', month: '2026-12', employeeIds: [ids.ada], bulk: { percent: 10 } })).status).toBe(400);
    expect((await call(owner, 'POST', '/api/v1/payroll/off-cycle', { kind: 'bonus', month: '2026-12', employeeIds: [ids.ada] })).status).toBe(400);
    expect((await call(owner, 'POST', '/api/v1/payroll/off-cycle', { kind: 'correction', month: '2026-12', employeeIds: [ids.ada] })).status).toBe(400);
    expect((await call(owner, 'POST', '/api/v1/payroll/off-cycle', { kind: 'bonus', month: '2026-12', items: [{ employeeId: ids.ada, amount: '-5' }] })).status).toBe(400);
    expect((await call(other, 'POST', '/api/v1/payroll/off-cycle', { kind: 'bonus', month: '2026-12', items: [{ employeeId: ids.ada, amount: '5' }] })).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/payroll/off-cycle/${thirteenth._id}`)).status).toBe(404);
    expect((await ok(other, 'GET', '/api/v1/payroll/runs?month=2026-12')).data).toEqual([]);
  });
});
