import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 31: a computed (and approved) run stores each line's statutory figures — employer pension, NHF, NSITF, ITF in
// Nigeria; SSNIT tiers in Ghana — in `result.breakdown.statutory` (minor units, one month), and the line's employer
// cost is their employer total. The figures are PAYROLL.md's worked examples, checked by hand.
let t: TTestApp;
let ng: TSession;
let ngApprover: TSession;
let gh: TSession;
let ghApprover: TSession;

const { ok } = injectApi(() => t);

const computeMonth = async (boss: TSession, month: string) => {
  const run = (await ok(boss, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
  await ok(boss, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  return waitFor(`the ${month} run to compute`, async () => {
    const r = (await ok(boss, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
};

const addApprover = async (boss: TSession, email: string) => {
  await ok(boss, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'statutory pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  return login(t.app, email, 'statutory pass 1');
};

const addEmployee = async (boss: TSession, first: string, gross: string, settings: Record<string, unknown>) => {
  const e = (await ok(boss, 'POST', `/api/v1/employee/create/${boss.user._id}`, { firstName: first, lastName: 'Test', email: `${first.toLowerCase()}@${boss.user._id}.example`, grossIncome: gross }, 201)).data;
  await ok(boss, 'PUT', `/api/v1/employee/payment-settings/${e._id}`, settings);
  await givePayableAccounts(t.app, boss, [e._id], boss === gh ? 'GH' : 'NG');
  return e._id as string;
};

type TStored = { name: string; employer_cost: string; pension: string; other_deductions: string; tax: string; result: { breakdown: Record<string, any> } };
const storedLines = async (runId: string) => {
  const res = (await t.deps.db.execute(sql`SELECT name, employer_cost::text, pension::text, other_deductions::text, tax::text, result FROM payroll_lines WHERE run_id = ${runId}`)) as unknown as { rows: TStored[] };
  return Object.fromEntries(res.rows.map((r) => [r.name.split(' ')[0], r]));
};

const businessIdOf = async (session: TSession) => {
  const res = (await t.deps.db.execute(sql`SELECT business_id FROM users WHERE id = ${session.user._id}`)) as unknown as { rows: Array<{ business_id: string }> };
  return res.rows[0].business_id;
};

beforeAll(async () => {
  t = await createTestApp();
  ng = await registerBusiness(t.app, { businessName: 'Statutory NG Ltd', email: 'owner@statutory-ng.example' });
  ngApprover = await addApprover(ng, 'approver@statutory-ng.example');
  gh = await registerBusiness(t.app, { businessName: 'Statutory GH Ltd', email: 'owner@statutory-gh.example', country: 'GH' });
  ghApprover = await addApprover(gh, 'approver@statutory-gh.example');
}, 60_000);
afterAll(async () => t?.close());

describe('statutory figures stored on the run line', () => {
  it('Nigeria: 6,000,000 split 40/20/10 → pensionable 350,000; employee 28,000; employer 35,000; NHF 5,000; NSITF 5,000', async () => {
    const worked = { split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', nhf: true };
    await addEmployee(ng, 'Ada', '6000000', worked);
    // The same employee with a one-off allowance: NSITF is 1% of the month's whole gross pay.
    const bola = await addEmployee(ng, 'Bola', '6000000', worked);
    await ok(ng, 'POST', `/api/v1/employee/allowance/${bola}/100000?month=2026-11`);
    const run = await computeMonth(ng, '2026-11');
    const lines = await storedLines(run._id);
    expect(lines.Ada.result.breakdown.statutory).toMatchObject({
      grossPay: 50_000_000, pensionableBase: 35_000_000, pensionEmployee: 2_800_000, pensionEmployer: 3_500_000, nhf: 500_000, nsitf: 500_000,
      itf: 0, ssnitTier1: 0, ssnitTier2: 0, tier3Employee: 0, tier3Employer: 0, employerTotal: 4_000_000, employerPensionRate: 10,
    });
    // The statutory figures are the line's own columns: a schedule built from either agrees.
    expect(Number(lines.Ada.employer_cost)).toBe(4_000_000);
    expect(Number(lines.Ada.pension)).toBe(2_800_000);
    expect(Number(lines.Ada.other_deductions)).toBe(500_000);
    expect(Number(lines.Ada.tax)).toBe(lines.Ada.result.breakdown.statutory.tax);
    expect(lines.Bola.result.breakdown.statutory).toMatchObject({ grossPay: 60_000_000, allowance: 10_000_000, nsitf: 600_000, pensionEmployer: 3_500_000, employerTotal: 4_100_000 });
    expect(Number(lines.Bola.employer_cost)).toBe(4_100_000);
    await ok(ngApprover, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
    const approved = await storedLines(run._id);
    expect(approved.Ada.result.breakdown.statutory.pensionEmployer).toBe(3_500_000);
  });

  it('Nigeria: the business’s higher employer pension rate and its ITF answer reach the engine', async () => {
    const businessId = await businessIdOf(ng);
    await t.deps.db.execute(sql`UPDATE businesses SET employer_pension_rate_bp = 1200, is_itf_liable = true WHERE id = ${businessId}`);
    // A Ghanaian tier 3 rate left on a Nigerian employee is not Nigerian law: ignored, it does not block the run.
    await t.deps.db.execute(sql`UPDATE pay_settings SET tier3_employee_bp = 500 WHERE business_id = ${businessId}`);
    const run = await computeMonth(ng, '2026-12');
    const lines = await storedLines(run._id);
    // 12% of 350,000 = 42,000; ITF 1% of 500,000 = 5,000; total 42,000 + 5,000 + 5,000 = 52,000.
    expect(lines.Ada.result.breakdown.statutory).toMatchObject({ pensionEmployer: 4_200_000, itf: 500_000, nsitf: 500_000, employerTotal: 5_200_000, employerPensionRate: 12, tier3Employee: 0 });
    expect(Number(lines.Ada.employer_cost)).toBe(5_200_000);
    expect(lines.Ada.result.breakdown.employerContributions.map((c: { code: string }) => c.code)).toEqual(['pension-employer', 'nsitf', 'itf']);
  });

  it('Ghana: basic 5,000 → employee 275, employer 650, tier 1 675.00, tier 2 250.00; above the 2026 cap the base is 69,000', async () => {
    await addEmployee(gh, 'Kofi', '120000', { split: { basic: 50, housing: 20, transport: 30 } });
    // Basic 80,000 a month, above the 2026 maximum insurable earnings (GH₵69,000): SSNIT's maximum tier 1 is 9,315.
    await addEmployee(gh, 'Ama', '1920000', { split: { basic: 50, housing: 20, transport: 30 } });
    const run = await computeMonth(gh, '2026-11');
    const lines = await storedLines(run._id);
    expect(lines.Kofi.result.breakdown.statutory).toMatchObject({
      pensionableBase: 500_000, pensionEmployee: 27_500, pensionEmployer: 65_000, ssnitTier1: 67_500, ssnitTier2: 25_000,
      nhf: 0, nsitf: 0, itf: 0, employerTotal: 65_000, maximumInsurable: 6_900_000, employerPensionRate: 13,
    });
    expect(Number(lines.Kofi.employer_cost)).toBe(65_000);
    expect(Number(lines.Kofi.pension)).toBe(27_500);
    expect(lines.Ama.result.breakdown.statutory).toMatchObject({
      pensionableBase: 6_900_000, pensionEmployee: 379_500, pensionEmployer: 897_000, ssnitTier1: 931_500, ssnitTier2: 345_000, employerTotal: 897_000,
    });
    await ok(ghApprover, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
  });

  it('Ghana: an employee’s tier 3 rates are deducted and paid, within the 16.5% tax-free limit', async () => {
    await t.deps.db.execute(sql`UPDATE pay_settings SET tier3_employee_bp = 1000, tier3_employer_bp = 500
      WHERE employee_id = (SELECT id FROM employees WHERE first_name = 'Kofi' AND business_id = ${await businessIdOf(gh)})`);
    const run = await computeMonth(gh, '2026-12');
    const lines = await storedLines(run._id);
    // 10% and 5% of basic 5,000; together 750 ≤ 16.5% × 5,000 = 825, so all of the employee's 500 is tax-free.
    expect(lines.Kofi.result.breakdown.statutory).toMatchObject({ tier3Employee: 50_000, tier3Employer: 25_000, tier3Relief: 50_000, tier3EmployerExcess: 0, employerTotal: 90_000 });
    expect(Number(lines.Kofi.employer_cost)).toBe(90_000);
    expect(Number(lines.Kofi.other_deductions)).toBe(50_000);
  });
});
