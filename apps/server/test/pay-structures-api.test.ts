import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, sleep } from './helpers/inject-api.ts';

// Issue 32 item 1: a business default structure (40/20/10, pension on basic + housing + transport) with a recurring 10%
// meal allowance (March–May), an employee's own union due (from February), and a named grade assigned in bulk.
// Ada earns 6,000,000 a year (Nigeria Tax Act 2026): month gross 500,000, pension 28,000, tax 67,460 (71,060 with the meal).
let t: TTestApp;
let owner: TSession;
let other: TSession;
const ids = { ada: '', bola: '', company: '', junior: '' };
const { call, ok } = injectApi(() => t);

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
type TStored = { employee_id: string; gross: string; tax: string; pension: string; earnings: string; period_deductions: string; net: string; result: { breakdown: { periodEarnings?: unknown[]; periodDeductions: unknown[]; split: Array<{ code: string; amount: number }> } } };
const storedLines = async (runId: string) =>
  ((await t.deps.db.execute(sql`SELECT employee_id, gross::text, tax::text, pension::text, earnings::text, period_deductions::text, net::text, result FROM payroll_lines WHERE run_id = ${runId}`)) as unknown as { rows: TStored[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Structures Ltd', email: 'owner@structures.example' });
  other = await registerBusiness(t.app, { businessName: 'Other Structures Ltd', email: 'owner@other-structures.example' });
  for (const key of ['ada', 'bola'] as const)
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: key, lastName: 'Eze', email: `${key}@structures.example`, grossIncome: '6000000' }, 201)).data._id;
}, 60_000);
afterAll(async () => t?.close());

describe('pay structures and recurring items', () => {
  it('sets a business default structure with a recurring meal allowance, and an employee\'s own union due', async () => {
    const company = (await ok(owner, 'POST', '/api/v1/payroll/structures', { name: 'Company', split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', isDefault: true }, 201)).data;
    ids.company = company._id;
    expect(company).toMatchObject({ country: 'NG', isDefault: true, split: { basic: 40, housing: 20, transport: 10 }, items: [] });
    await ok(owner, 'POST', `/api/v1/payroll/structures/${company._id}/items`, { name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', fromMonth: '2026-03', toMonth: '2026-05' }, 201);
    const union = (await ok(owner, 'POST', `/api/v1/payroll/employees/${ids.ada}/recurring-items`, { name: 'Union dues', kind: 'deduction', amount: '2000', fromMonth: '2026-02' }, 201)).data;
    expect(union).toMatchObject({ employeeId: ids.ada, amountMinor: 200_000, percent: null, isTaxable: false });
    const view = (await ok(owner, 'GET', `/api/v1/payroll/employees/${ids.ada}/structure`)).data;
    expect(view).toMatchObject({ structure: { name: 'Company', isDefault: true }, isAssigned: false, structureItems: [{ name: 'Meal allowance', percent: 10 }], items: [{ name: 'Union dues' }] });
  });

  it('pays the default structure\'s split and items in a run, to the kobo, only in their months', async () => {
    const april = await computeMonth('2026-04', [ids.ada]);
    const [line] = await storedLines(april._id);
    expect(line.result.breakdown.periodEarnings).toEqual([{ code: expect.stringMatching(/^recurring:/), legalName: 'Meal allowance', amount: 2_000_000 }]);
    expect(line.result.breakdown.periodDeductions).toEqual([{ code: expect.stringMatching(/^recurring:/), legalName: 'Union dues', amount: 200_000 }]);
    expect(line.result.breakdown.split.find((s) => s.code === 'basic')?.amount).toBe(240_000_000); // 40% of the year
    expect(line).toMatchObject({ gross: '50000000', pension: '2800000', tax: '7106000', earnings: '2000000', period_deductions: '200000', net: '41894000' });
    expect(Number(line.net)).toBe(Number(line.gross) + Number(line.earnings) - Number(line.tax) - Number(line.pension) - Number(line.period_deductions));
    expect(april.totals).toMatchObject({ grossPayMinor: 52_000_000, netMinor: 41_894_000 });

    const june = await computeMonth('2026-06', [ids.ada]);
    const [juneLine] = await storedLines(june._id);
    expect(juneLine.result.breakdown.periodEarnings).toBeUndefined();
    expect(juneLine).toMatchObject({ tax: '6746000', earnings: '0', period_deductions: '200000', net: '40254000' });
  });

  it('bulk-assigns a named grade, which replaces the default and the employee\'s own split', async () => {
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids.bola}`, { split: { basic: 15, housing: 7.5, transport: 7.5 } });
    ids.junior = (await ok(owner, 'POST', '/api/v1/payroll/structures', { name: 'Junior', split: { basic: 50, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport' }, 201)).data._id;
    expect((await ok(owner, 'POST', '/api/v1/payroll/structures/assign', { employeeIds: [ids.ada, ids.bola], structureId: ids.junior })).data).toEqual({ structureId: ids.junior, employees: 2 });
    const view = (await ok(owner, 'GET', `/api/v1/payroll/employees/${ids.bola}/structure`)).data;
    expect(view).toMatchObject({ structure: { name: 'Junior', isDefault: false }, isAssigned: true, structureItems: [] });
    const list = (await ok(owner, 'GET', '/api/v1/payroll/structures')).data;
    expect(list.map((s: { name: string; employees: number }) => [s.name, s.employees])).toEqual([['Company', 0], ['Junior', 2]]);
    const july = await computeMonth('2026-07', [ids.bola]);
    const [line] = await storedLines(july._id);
    expect(line.result.breakdown.split.find((s) => s.code === 'basic')?.amount).toBe(300_000_000);
    expect(line.pension).toBe('3200000'); // 8% of 400,000
  });

  it('ends an employee item: it stops after its last month', async () => {
    const view = (await ok(owner, 'GET', `/api/v1/payroll/employees/${ids.ada}/structure`)).data;
    const ended = (await ok(owner, 'PUT', `/api/v1/payroll/recurring-items/${view.items[0]._id}/end`, { toMonth: '2026-07' })).data;
    expect(ended.toMonth).toBe('2026-07');
    const august = await computeMonth('2026-08', [ids.ada]);
    const [line] = await storedLines(august._id);
    expect(line.result.breakdown.periodDeductions).toEqual([]);
    const audit = ((await t.deps.db.execute(sql`SELECT action FROM audit_log WHERE business_id = ${owner.user.businessId} AND action LIKE 'pay.%' ORDER BY created_at`)) as unknown as { rows: Array<{ action: string }> }).rows.map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['pay.structure-created', 'pay.recurring-item-added', 'pay.structure-assigned', 'pay.recurring-item-ended']));
  });

  it('assigns a structure to every employee of the list but the excluded ones (the Wages screen\'s select all), in one request', async () => {
    const all = await ok(owner, 'POST', '/api/v1/payroll/structures/assign', { selectAll: true, excludedIds: [ids.bola], structureId: ids.company });
    expect(all).toMatchObject({ message: 'Pay structure assigned', data: { structureId: ids.company, employees: 1 } });
    expect((await ok(owner, 'GET', `/api/v1/payroll/employees/${ids.ada}/structure`)).data).toMatchObject({ structure: { name: 'Company' }, isAssigned: true });
    expect((await ok(owner, 'GET', `/api/v1/payroll/employees/${ids.bola}/structure`)).data).toMatchObject({ structure: { name: 'Junior' } });
    // A search narrows "all"; another business's select all touches none of these.
    expect((await ok(owner, 'POST', '/api/v1/payroll/structures/assign', { selectAll: true, search: 'bola', structureId: ids.junior })).data.employees).toBe(1);
    expect((await ok(other, 'POST', '/api/v1/payroll/structures/assign', { selectAll: true, structureId: null })).data.employees).toBe(0);
    expect((await ok(owner, 'GET', `/api/v1/payroll/employees/${ids.ada}/structure`)).data.structure.name).toBe('Company');
    const none = await call(owner, 'POST', '/api/v1/payroll/structures/assign', { employeeIds: [], structureId: null });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/employeeIds/);
  });

  it('refuses bad input naming the field, and another business\'s records', async () => {
    const bad = async (url: string, body: unknown, field: RegExp, status = 400) => {
      const r = await call(owner, 'POST', url, body);
      expect(r.status).toBe(status);
      expect(r.body.message).toMatch(field);
    };
    await bad('/api/v1/payroll/structures', { name: 'Too much', split: { basic: 60, housing: 30, transport: 20 } }, /split/);
    await bad('/api/v1/payroll/structures', { name: 'company' }, /name/, 409);
    await bad(`/api/v1/payroll/employees/${ids.ada}/recurring-items`, { name: 'X', kind: 'earning', fromMonth: '2026-01' }, /amount/);
    await bad(`/api/v1/payroll/employees/${ids.ada}/recurring-items`, { name: 'X', kind: 'earning', amount: '5', fromMonth: '2026-05', toMonth: '2026-01' }, /toMonth/);
    expect((await call(other, 'GET', `/api/v1/payroll/employees/${ids.ada}/structure`)).status).toBe(404);
    expect((await call(other, 'PUT', `/api/v1/payroll/structures/${ids.junior}`, { name: 'Mine' })).status).toBe(404);
    expect((await call(other, 'POST', '/api/v1/payroll/structures/assign', { employeeIds: [ids.ada], structureId: null })).status).toBe(404);
  });
});
