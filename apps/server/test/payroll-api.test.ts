import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePayMinor } from '@bizdesk/payroll';
import { MSG, PAY_MSG, PAYROLL_APPROVAL_MSG } from '@bizdesk/contract';
import { PDFParse } from 'pdf-parse';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { login, registerBusiness, type TSession, portalSignIn } from './helpers/test-app.ts';
import { injectApi, sleep, waitFor } from './helpers/inject-api.ts';
import { openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';
import { nuban } from './helpers/payable.ts';
import type { TTestApp } from './helpers/test-app.ts';

// One Nigerian business: the owner prepares, an Accounts+Approvals user approves, an HR-only clerk sees no pay.
let t: TTestApp;
let smtp: TSmtp;
let close: () => Promise<void>;
let owner: TSession;
let approver: TSession;
let hr: TSession;
let other: TSession;
const people: Record<'ada' | 'bola', { _id: string; portalCode: string; email: string }> = {} as never;

const { call, ok } = injectApi(() => t);


/** Adds the month's members, computes as `preparer`, waits for the job, and returns the run. */
const computeMonth = async (month: string, preparer: TSession = owner) => {
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
  await ok(preparer, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  return waitFor(`the ${month} run to compute`, async () => {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
};
const linesOf = async (runId: string) => (await ok(owner, 'GET', `/api/v1/payroll/runs/${runId}/lines?limit=100`)).data as Array<Record<string, any>>;

beforeAll(async () => {
  ({ t, smtp, close } = await openAppWithSmtp());
  owner = await registerBusiness(t.app, { businessName: 'Pay Test Ltd', email: 'owner@paytest.example' });
  for (const [email, roles] of [['approver@paytest.example', ['Accounts-access', 'Approvals-access']], ['hr@paytest.example', ['HR-access']]] as const) {
    await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'pay test pass 1', roles }, 201);
  }
  approver = await login(t.app, 'approver@paytest.example', 'pay test pass 1');
  hr = await login(t.app, 'hr@paytest.example', 'pay test pass 1');
  other = await registerBusiness(t.app, { businessName: 'Other Ltd', email: 'owner@other.example' });
  for (const [key, first, gross] of [['ada', 'Ada', '6000000'], ['bola', 'Bola', '2400000']] as const) {
    const e = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Obi', email: `${key}@paytest.example`, grossIncome: gross }, 201)).data;
    people[key] = { _id: e._id, portalCode: e.portalCode, email: e.email };
  }
}, 60_000);
afterAll(async () => close?.());

describe('payroll', () => {
  it('saves pay settings, checks the NUBAN and refuses bad amounts naming the field', async () => {
    const bad = await call(owner, 'PUT', `/api/v1/employee/payment-settings/${people.ada._id}`, { bankCode: '058', accountNumber: '0123456789' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/accountNumber: 0123456789 is not a valid NUBAN/);
    const saved = await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${people.ada._id}`, {
      bankName: 'GTBank', bankCode: '058', accountNumber: '0123456785', accountName: 'Ada Obi', rent: '1000000', pensionRate: 0, stateOfResidence: 'Lagos', pensionFundAdministrator: 'Stanbic IBTC Pension',
    });
    expect(saved).toMatchObject({ message: PAY_MSG.settingsSaved, data: { accountNumber: '0123456785', rentMinor: 100_000_000, pensionRate: 0 } });
    const allowanceBad = await call(owner, 'POST', `/api/v1/employee/allowance/${people.ada._id}/12.345?month=2026-05`);
    expect(allowanceBad.status).toBe(400);
    expect(allowanceBad.body.message).toMatch(/^value: /);
    expect((await call(owner, 'POST', `/api/v1/employee/allowance/${people.ada._id}/0?month=2026-05`)).status).toBe(400);
    const gross = await ok(owner, 'POST', `/api/v1/employee/gross-modify/${people.bola._id}`, { modifiedGrossIncome: '2400000' });
    expect(gross.message).toBe(MSG.grossModified);
    const history = (await ok(owner, 'GET', `/api/v1/payroll/employee/${people.bola._id}`)).data.grossHistory;
    expect(history[0]).toMatchObject({ grossMinor: 240_000_000 });
  });

  it('computes a run whose lines are the engine\'s outputs and whose totals are the sum of its lines', async () => {
    expect((await ok(owner, 'POST', `/api/v1/employee/allowance/${people.ada._id}/50000?month=2026-05`)).message).toBe(MSG.allowanceAdded);
    expect((await ok(owner, 'POST', `/api/v1/employee/overtimeAdder/${people.bola._id}/10000.50?month=2026-05`)).message).toBe(MSG.overtimeAdded);
    const run = await computeMonth('2026-05');
    const lines = await linesOf(run._id);
    expect(lines).toHaveLength(2);
    const ada = computePayMinor({ country: 'NG', period: { year: 2026, month: 5 }, grossAnnual: '6000000', rentAnnual: '1000000', pensionRate: 0, allowance: '50000' });
    const bola = computePayMinor({ country: 'NG', period: { year: 2026, month: 5 }, grossAnnual: '2400000', overtime: '10000.50' });
    const byName = Object.fromEntries(lines.map((l) => [l.name, l]));
    expect(byName['Ada Obi']).toMatchObject({ grossMinor: ada.monthlySalary, netMinor: ada.totalMonthlySalary, taxMinor: ada.monthlyTaxPayable + ada.breakdown.oneOff.tax, allowanceMinor: 5_000_000 });
    expect(byName['Bola Obi']).toMatchObject({ grossMinor: bola.monthlySalary, netMinor: bola.totalMonthlySalary, overtimeMinor: 1_000_050 });
    // The PAYROLL.md worked example: 6,000,000 with rent 1,000,000 → 69,500 a month before the allowance's tax.
    expect(ada.monthlyTaxPayable).toBe(6_950_000);
    const sum = (k: string) => lines.reduce((s, l) => s + l[k], 0);
    expect(run.totals).toMatchObject({ employees: 2, grossMinor: sum('grossMinor'), taxMinor: sum('taxMinor'), pensionMinor: sum('pensionMinor'), netMinor: sum('netMinor') });
  });

  it('refuses approval by the person who prepared the run, and by HR; approval by a second user locks the run', async () => {
    const run = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data;
    const self = await call(owner, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(self.status).toBe(403);
    // Issue 32: the owner who prepared the run is not told to "ask the owner".
    expect(self.body.message).toBe(PAYROLL_APPROVAL_MSG.ownerPreparer);
    expect((await call(hr, 'POST', `/api/v1/payroll/runs/${run._id}/approve`)).status).toBe(403);
    // Bola has no bank account: the approval names her until she is paid or left out.
    const unpayable = await call(approver, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(unpayable.status).toBe(409);
    expect(unpayable.body.message).toContain('Bola Obi');
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${people.bola._id}`, { bankName: 'GTBank', bankCode: '058', accountNumber: nuban('058', 7) });
    await computeMonth('2026-05');
    const approved = await ok(approver, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    expect(approved.data).toMatchObject({ status: 'approved', approvedBy: 'approver' });
    for (const [method, url, body] of [
      ['POST', `/api/v1/employee/allowance/${people.ada._id}/100?month=2026-05`, undefined],
      ['PUT', `/api/v1/employee/IOU/${people.ada._id}/100?month=2026-05`, undefined],
      ['POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-05' }],
      ['POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined],
      ['POST', `/api/v1/payroll/runs/${run._id}/approve`, undefined],
      ['PUT', `/api/v1/employee/reset-schedule/${people.ada._id}?month=2026-05`, undefined],
    ] as const) {
      const r = await call(owner, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(409);
    }
    expect((await linesOf(run._id)).map((l) => l.netMinor).sort()).toEqual((await linesOf(run._id)).map((l) => l.netMinor).sort());
  });

  it('e-mails each payslip with its PDF exactly once after approval', async () => {
    await waitFor('both payslip mails', async () => smtp.to(people.ada.email).length === 1 && smtp.to(people.bola.email).length === 1);
    await sleep(1500); // a second delivery would have arrived by now
    expect(smtp.to(people.ada.email)).toHaveLength(1);
    expect(smtp.to(people.bola.email)).toHaveLength(1);
    expect(smtp.to(people.ada.email)[0].text).toMatch(/Content-Type: application\/pdf; name=payslip-2026-05-/);
  });

  it('publishes a payslip to the portal, withdraws it, and serves a PDF that shows the net pay', async () => {
    const portal = (await portalSignIn(t.app, people.ada.portalCode)).token;
    expect((await ok(portal, 'GET', `/api/v1/portal/payslips/${people.ada._id}`)).data).toEqual([]);
    const published = await ok(owner, 'PUT', `/api/v1/employee/publish-slip/${people.ada._id}`);
    expect(published.data).toMatchObject({ isPublished: true, month: '2026-05' });
    const slips = (await ok(portal, 'GET', `/api/v1/portal/payslips/${people.ada._id}`)).data;
    expect(slips).toHaveLength(1);
    const line = (await linesOf(published.data.runId ?? (await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data._id)).find((l) => l.name === 'Ada Obi')!;
    expect(slips[0]).toMatchObject({ _id: line._id, netMinor: line.netMinor });
    const slip = (await ok(portal, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data;
    expect(slip.breakdown.reliefs.map((r: { legalName: string }) => r.legalName).join(' ')).toMatch(/[Rr]ent/);
    const pdf = await call(portal, 'GET', `/api/v1/payroll/payslip/${line._id}/pdf`);
    expect(pdf.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.raw) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    const net = line.netMinor as number;
    const netText = `${Math.floor(net / 100).toLocaleString('en-US')}.${String(net % 100).padStart(2, '0')}`;
    expect(text).toContain('Net pay');
    expect(text).toContain(netText);
    // Bola's payslip is not Ada's to see, published or not.
    const bolaLine = (await linesOf(line.runId)).find((l) => l.name === 'Bola Obi')!;
    expect((await call(portal, 'GET', `/api/v1/payroll/payslip/${bolaLine._id}`)).status).toBe(404);
    await ok(owner, 'PUT', `/api/v1/employee/remove-slip/${people.ada._id}`);
    expect((await ok(portal, 'GET', `/api/v1/portal/payslips/${people.ada._id}`)).data).toEqual([]);
    expect((await call(portal, 'GET', `/api/v1/payroll/payslip/${line._id}`)).status).toBe(404);
  });

  it('makes a bank file and tax schedules with totals rows', async () => {
    const run = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data;
    // Issue 32: a bank's bulk-upload layout. Everyone on an approved run has a payable account (approval refuses
    // otherwise); lines left out of a file are covered in pay-setup.test.ts.
    const bank = await call(owner, 'GET', `/api/v1/payroll/runs/${run._id}/bank-file?format=csv&layout=ng-bank-bulk`);
    expect(bank.status).toBe(200);
    const rows = bank.raw.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(rows[0]).toBe('Beneficiary Name,Account Number,Bank Code,Amount,Narration');
    expect(rows.find((r) => r.startsWith('Ada Obi'))).toMatch(/^Ada Obi,0123456785,058,\d+\.\d\d,Salary 2026-05$/);
    expect(rows.some((r) => r.startsWith('Bola'))).toBe(true);
    expect(bank.res.headers['x-bank-file-refused']).toBe('0');
    const filing = (await ok(owner, 'GET', '/api/v1/payroll/tax-filing/2026-05')).data;
    expect(filing.paye.reduce((s: number, r: { amountMinor: number }) => s + r.amountMinor, 0)).toBe(run.totals.taxMinor);
    expect(filing.paye.map((r: { group: string }) => r.group)).toContain('Lagos');
    const xlsx = await call(owner, 'GET', '/api/v1/payroll/tax-filing/2026-05/file?kind=pension&format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it('repays a loan across months to zero and no further; a repayment above the balance is refused', async () => {
    const loan = (await ok(owner, 'POST', '/api/v1/employee/add-loan', { employeeId: people.bola._id, loanDetail: { principal: '100000', monthlyRepayment: '40000', startMonth: '2026-06' } }, 201)).data;
    const above = await call(owner, 'PUT', '/api/v1/employee/update-repayment', { selectedMonth: '2026-06', employeeId: people.bola._id, newRepaymentAmount: '100000.01' });
    expect(above.status).toBe(400);
    expect(above.body.message).toMatch(new RegExp(`^${MSG.updateRepaymentFailed}: newRepaymentAmount: 100000.01 is more than the loan's balance of 100000.00`));
    const repaid: number[] = [];
    for (const month of ['2026-06', '2026-07', '2026-08', '2026-09']) {
      const run = await computeMonth(month, owner);
      repaid.push((await linesOf(run._id)).find((l) => l.name === 'Bola Obi')!.loanRepaymentMinor);
      await ok(approver, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    }
    expect(repaid).toEqual([4_000_000, 4_000_000, 2_000_000, 0]);
    const after = (await ok(owner, 'GET', `/api/v1/payroll/employee/${people.bola._id}`)).data.loans.find((l: { _id: string }) => l._id === loan._id);
    expect(after).toMatchObject({ balanceMinor: 0, status: 'repaid' });
  }, 60_000);

  it('refuses a run whose deductions would take net pay below zero, naming the figures, and stores nothing', async () => {
    await ok(owner, 'PUT', `/api/v1/employee/IOU/${people.bola._id}/999999?month=2026-10`);
    const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-10' })).data;
    await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
    const failed = await waitFor('the refusal', async () => {
      const r = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-10')).data;
      return r.job?.status === 'failed' ? r : undefined;
    });
    expect(failed.job.message).toMatch(/Bola Obi: iou is more than this period's pay after tax \(\d+(\.\d+)?\)/);
    expect(failed.totals.employees).toBe(0);
    expect((await ok(owner, 'PUT', `/api/v1/employee/reset-schedule/${people.bola._id}?month=2026-10`)).data.itemsRemoved).toBe(1);
  });

  it('refuses a split override the country\'s rules cannot take, naming it; null goes back to the country\'s split', async () => {
    const url = `/api/v1/employee/payment-settings/${people.ada._id}`;
    // Nigeria: entertainment keeps its 10%, so basic, housing and transport share at most 90%.
    const over = await call(owner, 'PUT', url, { split: { basic: '50', housing: '30', transport: '20' } });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^split: adds up to more than 100%: basic 50% \+ housing 30% \+ transport 20% \+ entertainment 10%/);
    const bad = await call(owner, 'PUT', url, { split: { basic: '15.555', housing: '7.5', transport: '7.5' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/split\.basic/);
    expect((await ok(owner, 'PUT', url, { split: { basic: '60', housing: '20', transport: '10' } })).data.split).toEqual({ basic: 60, housing: 20, transport: 10 });
    expect((await ok(owner, 'PUT', url, { split: null })).data.split).toBeNull();
  });

  it('settles or writes off a loan\'s balance once, audited with the amount; HR-access alone cannot', async () => {
    const add = (principal: string) => ok(owner, 'POST', '/api/v1/employee/add-loan', { employeeId: people.ada._id, loanDetail: { principal, monthlyRepayment: '1000', startMonth: '2027-01' } }, 201);
    const written = (await add('45000.50')).data;
    expect((await call(hr, 'POST', '/api/v1/employee/loan-off', { loanId: written._id, action: 'write-off' })).status).toBe(403);
    expect((await call(owner, 'POST', '/api/v1/employee/loan-off', { loanId: written._id, action: 'forgive' })).body.message).toMatch(/action.*must be settle or write-off/);
    const off = await ok(owner, 'POST', '/api/v1/employee/loan-off', { loanId: written._id, action: 'write-off', note: 'Left the company' });
    expect(off).toMatchObject({ message: PAY_MSG.loanWrittenOff, data: { status: 'written-off', balanceMinor: 0, principalMinor: 4_500_050 } });
    const again = await call(owner, 'POST', '/api/v1/employee/loan-off', { loanId: written._id, action: 'settle' });
    expect([again.status, again.body.message]).toEqual([409, 'This loan is already written-off']);
    const [row] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, written._id), eq(auditLog.action, 'pay.loan-write-off')));
    expect(row.after).toMatchObject({ closedBalance: '45000.50', note: 'Left the company' });
    const settled = (await add('3000')).data;
    expect(await ok(owner, 'POST', '/api/v1/employee/loan-off', { loanId: settled._id, action: 'settle' })).toMatchObject({ message: PAY_MSG.loanSettled, data: { status: 'settled', balanceMinor: 0 } });
    const loans = (await ok(owner, 'GET', `/api/v1/payroll/employee/${people.ada._id}`)).data.loans as Array<{ _id: string; status: string }>;
    expect(loans.filter((l) => [written._id, settled._id].includes(l._id)).map((l) => l.status).sort()).toEqual(['settled', 'written-off']);
  });

  it('shows HR-access alone no pay figure anywhere', async () => {
    const run = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data;
    const line = (await linesOf(run._id))[0];
    for (const url of ['/api/v1/payroll/settings', `/api/v1/payroll/employee/${people.ada._id}`, '/api/v1/payroll/run/2026-05', `/api/v1/payroll/runs/${run._id}/lines`,
      `/api/v1/payroll/payslip/${line._id}`, `/api/v1/payroll/payslip/${line._id}/pdf`, `/api/v1/payroll/runs/${run._id}/bank-file`, '/api/v1/payroll/tax-filing/2026-05', '/api/v1/payroll/summary']) {
      expect((await call(hr, 'GET', url)).status, url).toBe(403);
    }
    const list = (await ok(hr, 'GET', `/api/v1/employee/employees/${owner.user.email}`));
    expect(list.data.length).toBeGreaterThan(0);
    for (const e of list.data) expect([e.grossIncome, e.grossIncomeMinor]).toEqual([null, null]);
    expect((await ok(hr, 'GET', `/api/v1/employee/detail/${people.ada._id}`)).data).toMatchObject({ grossIncome: null, grossIncomeMinor: null });
    const csv = await call(hr, 'GET', `/api/v1/employee/export/${owner.user.email}?format=csv`);
    expect(csv.raw.toString()).not.toMatch(/6000000/);
    expect((await call(hr, 'POST', `/api/v1/employee/update-1/${people.ada._id}`, { grossIncome: '1' })).status).toBe(403);
    // The owner still sees it.
    expect((await ok(owner, 'GET', `/api/v1/employee/detail/${people.ada._id}`)).data.grossIncomeMinor).toBe(600_000_000);
  });

  it('answers another business 404 for this business\'s employees, runs and payslips', async () => {
    const run = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data;
    const line = (await linesOf(run._id))[0];
    for (const [method, url, body] of [
      ['PUT', `/api/v1/employee/payment-settings/${people.ada._id}`, { payDay: 25 }],
      ['POST', `/api/v1/employee/allowance/${people.ada._id}/10`, undefined],
      ['POST', `/api/v1/employee/gross-modify/${people.ada._id}`, { modifiedGrossIncome: '1' }],
      ['POST', '/api/v1/employee/add-loan', { employeeId: people.ada._id, loanDetail: { principal: '10', monthlyRepayment: '1', startMonth: '2026-06' } }],
      ['PUT', `/api/v1/employee/publish-slip/${people.ada._id}`, undefined],
      ['GET', `/api/v1/payroll/runs/${run._id}/lines`, undefined],
      ['POST', `/api/v1/payroll/runs/${run._id}/approve`, undefined],
      ['GET', `/api/v1/payroll/payslip/${line._id}`, undefined],
      ['GET', `/api/v1/payroll/payslip/${line._id}/pdf`, undefined],
    ] as const) {
      const r = await call(other, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    const bulk = await call(other, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [people.ada._id], month: '2026-05' });
    expect(bulk.status).toBe(404);
  });
});
