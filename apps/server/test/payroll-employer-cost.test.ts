import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, sleep } from './helpers/inject-api.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 31 (items 2 and 6): what the employer pays on top of gross, on the run, the pay summary and the payslip.
// One Nigerian business; Ada earns 6,000,000 a year split 40/20/10 with pension on basic + housing + transport
// and NHF: a month is gross 500,000, pensionable 350,000, employer pension 35,000, NSITF 5,000 (PAYROLL.md).
let t: TTestApp;
let owner: TSession;
let approver: TSession;
let other: TSession;
const ids = { ada: '', bola: '' };

const { call, ok } = injectApi(() => t);

/** Puts `employeeIds` on the month's run, computes it as the owner and waits for the job. */
const computeMonth = async (month: string, employeeIds: string[]) => {
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: employeeIds, month })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  const until = Date.now() + 20_000;
  for (;;) {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    if (r.job?.status === 'succeeded' && !r.isStale) return r;
    if (Date.now() > until) throw new Error(`timed out computing ${month}`);
    await sleep(100);
  }
};
const linesOf = async (runId: string) => (await ok(owner, 'GET', `/api/v1/payroll/runs/${runId}/lines?limit=100`)).data as Array<Record<string, number & string>>;
/** The run's employer contributions as read from each line's JSON (how the totals read them before migration 0035). */
const totalsFromJson = async (runId: string) => {
  const res = await t.deps.db.execute(sql`SELECT sum(coalesce(s."employerTotal", l.employer_cost))::int AS employer, sum(coalesce(s."pensionEmployer", l.employer_cost))::int AS pension,
      sum(coalesce(s.nsitf, 0))::int AS nsitf, sum(coalesce(s.itf, 0))::int AS itf, sum(coalesce(s."tier3Employer", 0))::int AS tier3
    FROM payroll_lines l LEFT JOIN LATERAL json_to_record(l.result->'breakdown'->'statutory')
      AS s("employerTotal" bigint, "pensionEmployer" bigint, nsitf bigint, itf bigint, "tier3Employer" bigint) ON true WHERE l.run_id = ${runId}`);
  return (res as unknown as { rows: unknown[] }).rows[0];
};
/** Migration 0035's backfill of the employer columns (its last statement). */
const backfill = fs.readFileSync(new URL('../src/db/migrations/0035_line_employer_figures.sql', import.meta.url), 'utf8').split('--> statement-breakpoint').at(-1)!;
const pdfText = async (raw: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(raw) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Employer Cost Ltd', email: 'owner@employer-cost.example' });
  await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'approver', email: 'approver@employer-cost.example', password: 'pay test pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  approver = await login(t.app, 'approver@employer-cost.example', 'pay test pass 1');
  other = await registerBusiness(t.app, { businessName: 'Other Cost Ltd', email: 'owner@other-cost.example' });
  for (const [key, first, gross] of [['ada', 'Ada', '6000000'], ['bola', 'Bola', '2400000']] as const) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Eze', email: `${key}@employer-cost.example`, grossIncome: gross }, 201)).data._id;
  }
  await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids.ada}`, { split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', nhf: true });
  await givePayableAccounts(t.app, owner, [ids.ada, ids.bola]);
}, 60_000);
afterAll(async () => t?.close());

describe('employer contributions shown', () => {
  it('totals the approved run\'s employer contributions by kind and its cost to the employer', async () => {
    const computed = await computeMonth('2026-05', [ids.ada]);
    const run = (await ok(approver, 'POST', `/api/v1/payroll/runs/${computed._id}/approve`)).data;
    expect(run.status).toBe('approved');
    expect(run.totals).toMatchObject({
      employees: 1, grossMinor: 50_000_000, grossPayMinor: 50_000_000, pensionMinor: 2_800_000,
      employerByKind: { pensionMinor: 3_500_000, nsitfMinor: 500_000, itfMinor: 0, tier3Minor: 0 },
      employerMinor: 4_000_000, employerCostMinor: 54_000_000,
    });
    // The employee's own deductions and net are what they were: the employer's part is never taken from pay.
    const [line] = await linesOf(run._id);
    expect(line).toMatchObject({ grossMinor: 50_000_000, pensionMinor: 2_800_000, otherDeductionsMinor: 500_000 });
    expect(line.netMinor).toBe(line.grossMinor - line.taxMinor - line.pensionMinor - line.otherDeductionsMinor);
    expect(run.totals.netMinor).toBe(line.netMinor);
  });

  it('shows the payslip\'s "paid by your employer" section outside the net pay, in its JSON and its PDF', async () => {
    const run = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-05')).data;
    const [line] = await linesOf(run._id);
    const slip = (await ok(owner, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data;
    expect(slip.employer).toEqual({
      items: [
        { kind: 'pension', name: expect.stringMatching(/pension/i), amountMinor: 3_500_000 },
        { kind: 'nsitf', name: expect.stringMatching(/NSITF/), amountMinor: 500_000 },
      ],
      totalMinor: 4_000_000,
    });
    expect(slip).toMatchObject({ netMinor: line.netMinor, pensionMinor: 2_800_000, otherDeductionsMinor: 500_000 });
    const pdf = await call(owner, 'GET', `/api/v1/payroll/payslip/${line._id}/pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.raw);
    expect(text).toContain('Paid by your employer');
    expect(text).toMatch(/Pension \(employer contribution\)\s*NGN 35,000\.00/);
    expect(text).toMatch(/NSITF[^\n]*\s*NGN 5,000\.00/);
    expect(text).toMatch(/Total paid by your employer\s*NGN 40,000\.00/);
    // The employer's section comes after the net pay, whose figure is unchanged.
    const net = `${Math.floor(line.netMinor / 100).toLocaleString('en-US')}.${String(line.netMinor % 100).padStart(2, '0')}`;
    expect(text.indexOf(`Net pay`)).toBeLessThan(text.indexOf('Paid by your employer'));
    expect(text).toContain(net);
  });

  it('gives each employee\'s cost to the employer in the pay summary, with the months and departments on the same figure', async () => {
    const summary = (await ok(owner, 'GET', '/api/v1/payroll/summary?year=2026')).data;
    expect(summary.costMonth).toBe('2026-05');
    expect(summary.months).toEqual([expect.objectContaining({ month: '2026-05', grossPayMinor: 50_000_000, employerMinor: 4_000_000, employerCostMinor: 54_000_000 })]);
    expect(summary.departments).toEqual([{ department: 'No department', employees: 1, costMinor: 54_000_000 }]);
    const costs = await ok(owner, 'GET', '/api/v1/payroll/summary/employees?month=2026-05');
    expect(costs).toMatchObject({ totalRecords: 1, page: 1 });
    expect(costs.data).toEqual([expect.objectContaining({ employeeId: ids.ada, name: 'Ada Eze', department: null, grossPayMinor: 50_000_000, employerMinor: 4_000_000, employerCostMinor: 54_000_000 })]);
    // Another business sees none of it.
    expect((await ok(other, 'GET', '/api/v1/payroll/summary/employees?month=2026-05')).data).toEqual([]);
    expect((await call(owner, 'GET', '/api/v1/payroll/summary/employees?month=2026-13')).status).toBe(400);
  });

  it('adds ITF when the business is liable, pages the employees, and the totals row equals the month', async () => {
    await t.deps.db.execute(sql`UPDATE businesses SET is_itf_liable = true WHERE id = ${owner.user.businessId}`);
    const run = await computeMonth('2026-06', [ids.ada, ids.bola]);
    // ITF is 1% of each month's gross pay: Ada 5,000, Bola 2,000.
    expect(run.totals.employerByKind).toMatchObject({ itfMinor: 700_000 });
    const first = await ok(owner, 'GET', '/api/v1/payroll/summary/employees?month=2026-06&limit=1&page=1');
    const second = await ok(owner, 'GET', '/api/v1/payroll/summary/employees?month=2026-06&limit=1&page=2');
    expect(first).toMatchObject({ totalRecords: 2, total: 2 });
    expect([first.data[0].name, second.data[0].name]).toEqual(['Ada Eze', 'Bola Eze']);
    const ada = first.data[0];
    expect(ada).toMatchObject({ grossPayMinor: 50_000_000, employerMinor: 4_500_000, employerCostMinor: 54_500_000 });
    const rows = [...first.data, ...second.data];
    const summary = (await ok(owner, 'GET', '/api/v1/payroll/summary?year=2026')).data;
    expect(summary.costMonth).toBe('2026-06');
    const june = summary.months.find((m: { month: string }) => m.month === '2026-06');
    expect(june.employerCostMinor).toBe(rows.reduce((s, r) => s + r.employerCostMinor, 0));
    expect(june.employerMinor).toBe(run.totals.employerMinor);
    expect(run.totals.employerMinor).toBe(Object.values(run.totals.employerByKind as Record<string, number>).reduce((s, v) => s + v, 0));
    expect(run.totals.employerCostMinor).toBe(june.employerCostMinor);
    // The totals read the stored employer columns: the same figures as each line's statutory block in its JSON.
    expect(await totalsFromJson(run._id)).toEqual({ employer: run.totals.employerMinor, pension: run.totals.employerByKind.pensionMinor,
      nsitf: run.totals.employerByKind.nsitfMinor, itf: run.totals.employerByKind.itfMinor, tier3: run.totals.employerByKind.tier3Minor });
    expect(summary.departments.reduce((s: number, d: { costMinor: number }) => s + d.costMinor, 0)).toBe(june.employerCostMinor);
    // A month chosen explicitly.
    expect((await ok(owner, 'GET', '/api/v1/payroll/summary?year=2026&month=2026-05')).data).toMatchObject({ costMonth: '2026-05', departments: [{ costMinor: 54_000_000 }] });
  });

  it('shows a Ghanaian run\'s SSNIT employer 13% as its employer pension, on the run and the payslip', async () => {
    const gh = await registerBusiness(t.app, { businessName: 'Accra Cost Ltd', email: 'owner@accra-cost.example', country: 'GH' });
    // GH split: basic 60% of gross; an annual 100,000 is 8,333.33 a month with basic 5,000.
    const kofi = (await ok(gh, 'POST', `/api/v1/employee/create/${gh.user._id}`, { firstName: 'Kofi', lastName: 'Mensah', email: 'kofi@accra-cost.example', grossIncome: '100000' }, 201)).data._id;
    const bulk = (await ok(gh, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [kofi], month: '2026-05' })).data;
    await ok(gh, 'POST', `/api/v1/payroll/runs/${bulk._id}/compute`, undefined, 202);
    let run: Record<string, any> | undefined;
    for (const until = Date.now() + 20_000; Date.now() < until && !run; await sleep(100)) {
      const r = (await ok(gh, 'GET', '/api/v1/payroll/run/2026-05')).data;
      if (r.job?.status === 'failed') throw new Error(r.job.message);
      if (r.job?.status === 'succeeded' && !r.isStale) run = r;
    }
    expect(run!.totals).toMatchObject({ employerByKind: { pensionMinor: 65_000, nsitfMinor: 0, itfMinor: 0, tier3Minor: 0 }, employerMinor: 65_000 });
    expect(run!.totals.employerCostMinor).toBe(run!.totals.grossPayMinor + 65_000);
    const [line] = (await ok(gh, 'GET', `/api/v1/payroll/runs/${run!._id}/lines`)).data;
    const slip = (await ok(gh, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data;
    expect(slip.employer).toEqual({ items: [{ kind: 'pension', name: 'SSNIT (employer contribution, 13%)', amountMinor: 65_000 }], totalMinor: 65_000 });
  });

  it('reads a line stored before the statutory figures from its employer cost, without errors', async () => {
    const run = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-06')).data;
    // As a Ghanaian line of before issue 31 was: its only employer contribution (SSNIT's 13%) in employer_cost.
    await t.deps.db.execute(sql`UPDATE payroll_lines SET result = (result::jsonb #- '{breakdown,statutory}')::json, employer_cost = 12345
      WHERE run_id = ${run._id}`);
    // Migration 0035 fills the employer columns of lines stored before them: run its backfill on these lines.
    await t.deps.db.execute(sql`UPDATE payroll_lines SET employer_pension = 1, employer_nsitf = 1, employer_itf = 1, employer_tier3 = 1 WHERE run_id = ${run._id}`);
    await t.deps.db.execute(sql.raw(backfill));
    const after = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-06')).data;
    expect(after.totals).toMatchObject({ employerMinor: 24_690, employerByKind: { pensionMinor: 24_690, nsitfMinor: 0, itfMinor: 0, tier3Minor: 0 } });
    expect(after.totals.employerCostMinor).toBe(after.totals.grossPayMinor + 24_690);
    expect(await totalsFromJson(run._id)).toEqual({ employer: 24_690, pension: 24_690, nsitf: 0, itf: 0, tier3: 0 });
    const [line] = await linesOf(run._id);
    const slip = (await ok(owner, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data;
    expect(slip.employer.totalMinor).toBe(12_345);
    expect((await call(owner, 'GET', `/api/v1/payroll/payslip/${line._id}/pdf`)).status).toBe(200);
    expect((await ok(owner, 'GET', '/api/v1/payroll/summary/employees?month=2026-06')).data.map((r: { employerMinor: number }) => r.employerMinor)).toEqual([12_345, 12_345]);
  });
});
