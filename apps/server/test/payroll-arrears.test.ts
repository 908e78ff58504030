import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayslipLine, TPayslipModel } from '@bizdesk/contract';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';

// Issue 32 item 1: effective-dated salary revisions with arrears. One Nigerian business; everyone earns 2,400,000 a
// year (200,000 a month) in September and October 2026, both approved. In November Ada's gross is revised to 3,120,000
// (260,000 a month) effective September: November's run pays her 2 × 60,000 arrears as one-off pay (taxed like an
// allowance at the marginal rate, not pensionable), once. Bola's revision is effective November: no arrears. Cy is on
// 3,120,000 with a 120,000 allowance in November (the same pay, the existing one-off rule); Dee on 3,120,000 alone.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
const ids = { ada: '', bola: '', cy: '', dee: '' };
const runs: Record<string, string> = {};
const { ok } = injectApi(() => t);

type TLine = { _id: string; employeeId: string; grossMinor: number; taxMinor: number; pensionMinor: number; netMinor: number };
type TSlip = { netMinor: number; breakdown: { periodEarnings?: Array<{ code: string; legalName: string; amount: number }>; oneOff: { tax: number } }; model: TPayslipModel };
const sum = (items: TPayslipLine[]) => items.reduce((s, i) => s + i.amountMinor, 0);

const computeMonth = async (month: string) => {
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: Object.values(ids), month })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  await waitFor(`the ${month} run`, async () => {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
  runs[month] = run._id;
  return run._id as string;
};
const approve = async (month: string) => expect((await ok(approver, 'POST', `/api/v1/payroll/runs/${runs[month]}/approve`)).data.status).toBe('approved');
const linesOf = async (month: string) =>
  Object.fromEntries(((await ok(owner, 'GET', `/api/v1/payroll/runs/${runs[month]}/lines?limit=100`)).data as TLine[]).map((l) => [l.employeeId, l]));
const slipOf = async (lineId: string) => (await ok(owner, 'GET', `/api/v1/payroll/payslip/${lineId}`)).data as TSlip;
const arrearsOf = (slip: TSlip) => (slip.breakdown.periodEarnings ?? []).filter((e) => e.code === 'arrears');

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Arrears Ltd', email: 'owner@arrears.example' });
  await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'checker', email: 'checker@arrears.example', password: 'arrears pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  approver = await login(t.app, 'checker@arrears.example', 'arrears pass 1');
  for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: key, lastName: 'Eze', email: `${key}@arrears.example`, grossIncome: '2400000', startDate: '2025-01-01' }, 201)).data._id;
  }
  await givePayableAccounts(t.app, owner, Object.values(ids));
  for (const month of ['2026-09', '2026-10']) {
    await computeMonth(month);
    await approve(month);
  }
  // Recorded in November: Ada back-dated to September, Bola from November; Cy and Dee get the new salary from November too.
  await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids.ada}`, { grossIncome: '3120000', grossEffectiveMonth: '2026-09' });
  for (const key of ['bola', 'cy', 'dee'] as const) await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids[key]}`, { grossIncome: '3120000', grossEffectiveMonth: '2026-11' });
  await ok(owner, 'POST', `/api/v1/employee/allowance/${ids.cy}/120000?month=2026-11`);
  await computeMonth('2026-11');
}, 120_000);
afterAll(async () => t?.close());

describe('salary revisions with arrears', () => {
  it('records each revision with its effective month in the employee\'s pay history', async () => {
    const history = (await ok(owner, 'GET', `/api/v1/payroll/employee/${ids.ada}`)).data.grossHistory as Array<{ previousMinor: number | null; grossMinor: number; effectiveDate: string }>;
    expect(history.find((h) => h.grossMinor === 312_000_000)).toMatchObject({ previousMinor: 240_000_000, effectiveDate: '2026-09-01' });
  });

  it('pays the arrears of a revision back-dated into approved months on the next run, taxed as one-off pay, not pensionable', async () => {
    const lines = await linesOf('2026-11');
    const [ada, cy, dee] = [lines[ids.ada]!, lines[ids.cy]!, lines[ids.dee]!];
    expect(ada.grossMinor).toBe(26_000_000);
    const slip = await slipOf(ada._id);
    expect(arrearsOf(slip)).toEqual([{ code: 'arrears', legalName: 'Arrears: salary revision from Sep 2026 (2 months)', amount: 2 * 6_000_000 }]);
    // Taxed exactly like a 120,000 one-off allowance at the new salary: more tax than November without it, same pension.
    expect(ada.taxMinor).toBe(cy.taxMinor);
    expect(ada.taxMinor).toBeGreaterThan(dee.taxMinor);
    expect(slip.breakdown.oneOff.tax).toBe(ada.taxMinor - dee.taxMinor);
    expect(ada.pensionMinor).toBe(dee.pensionMinor);
    expect(ada.netMinor).toBe(cy.netMinor);
    expect(ada.netMinor).toBe(dee.netMinor + 12_000_000 - (ada.taxMinor - dee.taxMinor));
    // The payslip lists the arrears and its lines sum to the net.
    const m = slip.model;
    expect(m.earnings.items.find((i) => i.name === 'Arrears: salary revision from Sep 2026 (2 months)')?.amountMinor).toBe(12_000_000);
    expect(m.earnings.items.some((i) => i.kind === 'rounding')).toBe(false);
    expect(sum(m.earnings.items) - sum(m.deductions.items)).toBe(ada.netMinor);
    expect(m.net.amountMinor).toBe(ada.netMinor);
  });

  it('gives no arrears for a revision effective in the month being paid', async () => {
    const bola = (await linesOf('2026-11'))[ids.bola]!;
    expect(bola.grossMinor).toBe(26_000_000);
    expect(arrearsOf(await slipOf(bola._id))).toEqual([]);
    expect(bola.netMinor).toBe((await linesOf('2026-11'))[ids.dee]!.netMinor);
  });

  it('pays the arrears once: after November is approved, December has none', async () => {
    await approve('2026-11');
    await computeMonth('2026-12');
    const lines = await linesOf('2026-12');
    expect(arrearsOf(await slipOf(lines[ids.ada]!._id))).toEqual([]);
    expect(lines[ids.ada]!.netMinor).toBe(lines[ids.dee]!.netMinor);
  });
});
