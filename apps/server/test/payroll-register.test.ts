import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';

// Issue 32 item 7: the payroll register (CSV / XLSX, numbers as numbers, a totals row) and the month-on-month variance
// with its reasons. One Nigerian business over two months:
// March: Ada, Bola, Dayo, Emeka. April: Ada unchanged; Bola's gross revised 3.6m → 4.8m a year; Chidi joins;
// Dayo (960,000 a year) has left (not on April's run); Emeka has 50,000 overtime in April.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
let other: TSession;
const ids: Record<'ada' | 'bola' | 'chidi' | 'dayo' | 'emeka', string> = { ada: '', bola: '', chidi: '', dayo: '', emeka: '' };
const runs = { march: '', april: '' };

const { call, ok } = injectApi(() => t);

const computeMonth = async (month: string, employeeIds: string[]) => {
  await givePayableAccounts(t.app, owner, employeeIds); // approval needs a payable account for everyone on the run
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: employeeIds, month })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  return waitFor(`the ${month} run`, async () => {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    return r.job?.status === 'succeeded' && !r.isStale ? r : undefined;
  });
};
const linesOf = async (runId: string) => (await ok(owner, 'GET', `/api/v1/payroll/runs/${runId}/lines?limit=100`)).data as Array<Record<string, any>>;
const readXlsx = async (raw: Buffer) => {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  return wb;
};

type TRow = { name: string; presence: string; reasons: string[]; grossPay: Record<string, number>; net: Record<string, number>; lines: Array<{ key: string; reason: string | null; previousMinor: number; currentMinor: number; changeMinor: number }> };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Register Ltd', email: 'owner@register.example' });
  await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'approver', email: 'approver@register.example', password: 'register pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  approver = await login(t.app, 'approver@register.example', 'register pass 1');
  other = await registerBusiness(t.app, { businessName: 'Other Register Ltd', email: 'owner@other-register.example' });
  const people = [['ada', 'Ada', '2400000'], ['bola', 'Bola', '3600000'], ['chidi', 'Chidi', '1800000'], ['dayo', 'Dayo', '960000'], ['emeka', 'Emeka', '2400000']] as const;
  for (const [key, first, gross] of people) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Okafor', email: `${key}@register.example`, grossIncome: gross }, 201)).data._id;
  }
  const march = await computeMonth('2026-03', [ids.ada, ids.bola, ids.dayo, ids.emeka]);
  runs.march = march._id;
  expect((await ok(approver, 'POST', `/api/v1/payroll/runs/${march._id}/approve`)).data.status).toBe('approved');
  await ok(owner, 'POST', `/api/v1/employee/gross-modify/${ids.bola}`, { modifiedGrossIncome: '4800000', effectiveDate: '2026-04-01' });
  await ok(owner, 'POST', `/api/v1/employee/overtimeAdder/${ids.emeka}/50000?month=2026-04`);
  runs.april = (await computeMonth('2026-04', [ids.ada, ids.bola, ids.chidi, ids.emeka]))._id;
}, 90_000);
afterAll(async () => t?.close());

describe('month-on-month variance', () => {
  it('compares April with March per employee and per line, with the reason for each change', async () => {
    const v = (await ok(owner, 'GET', `/api/v1/payroll/runs/${runs.april}/variance?limit=100`)).data;
    expect(v.run).toEqual({ runId: runs.april, month: '2026-04', status: 'draft' });
    expect(v.previous).toEqual({ runId: runs.march, month: '2026-03', status: 'approved' });
    expect(v.counts).toEqual({ previous: 4, current: 4, joiners: 1, leavers: 1, changed: 4, unchanged: 1 });
    const rows = v.employees.rows as TRow[];
    const by = (first: string) => rows.find((r) => r.name === `${first} Okafor`);
    // Ada is unchanged: counted, not listed.
    expect(by('Ada')).toBeUndefined();
    expect(v.employees.totalRecords).toBe(4);

    const bola = by('Bola')!;
    expect(bola).toMatchObject({ presence: 'both', reasons: ['revision'], grossPay: { previousMinor: 30_000_000, currentMinor: 40_000_000, changeMinor: 10_000_000 } });
    expect(bola.lines.find((l) => l.key === 'salary')).toMatchObject({ previousMinor: 30_000_000, currentMinor: 40_000_000, reason: 'revision' });
    // Tax and net follow from the revision: changed, with no reason of their own.
    expect(bola.lines.find((l) => l.key === 'tax')).toMatchObject({ reason: null });
    expect(bola.net.changeMinor).toBeGreaterThan(0);
    expect(bola.net.changeMinor).toBeLessThan(10_000_000);

    const chidi = by('Chidi')!;
    expect(chidi).toMatchObject({ presence: 'new', reasons: ['new-joiner'], grossPay: { previousMinor: 0, currentMinor: 15_000_000, changeMinor: 15_000_000 } });
    expect(chidi.lines.every((l) => l.previousMinor === 0 && (l.reason === 'new-joiner' || l.reason === null))).toBe(true);

    const dayo = by('Dayo')!;
    expect(dayo).toMatchObject({ presence: 'left', reasons: ['leaver'], grossPay: { previousMinor: 8_000_000, currentMinor: 0, changeMinor: -8_000_000 } });
    expect(dayo.net.currentMinor).toBe(0);

    const emeka = by('Emeka')!;
    expect(emeka).toMatchObject({ presence: 'both', reasons: ['one-off'], grossPay: { changeMinor: 5_000_000 } });
    expect(emeka.lines.find((l) => l.key === 'overtime')).toMatchObject({ previousMinor: 0, currentMinor: 5_000_000, reason: 'one-off' });

    // Largest swing in gross pay first.
    expect(rows.map((r) => r.name)).toEqual(['Chidi Okafor', 'Bola Okafor', 'Dayo Okafor', 'Emeka Okafor']);

    // Totals per line: each run's totals, and the change is the sum of the employees' changes.
    const total = (key: string) => v.totals.find((l: { key: string }) => l.key === key);
    const [march, april] = [(await ok(owner, 'GET', '/api/v1/payroll/run/2026-03')).data, (await ok(owner, 'GET', '/api/v1/payroll/run/2026-04')).data];
    expect(total('net')).toMatchObject({ previousMinor: march.totals.netMinor, currentMinor: april.totals.netMinor, changeMinor: april.totals.netMinor - march.totals.netMinor });
    expect(total('grossPay')).toMatchObject({ previousMinor: march.totals.grossPayMinor, currentMinor: april.totals.grossPayMinor });
    expect(total('tax')).toMatchObject({ previousMinor: march.totals.taxMinor, currentMinor: april.totals.taxMinor });
    expect(total('employerTotal')).toMatchObject({ previousMinor: march.totals.employerMinor, currentMinor: april.totals.employerMinor });
    expect(total('grossPay').changeMinor).toBe(rows.reduce((s, r) => s + r.grossPay.changeMinor, 0));
    expect(total('overtime')).toMatchObject({ previousMinor: 0, currentMinor: 5_000_000, changeMinor: 5_000_000 });
  });

  it('pages the changed employees, has no previous run for the first month, and keeps other businesses out', async () => {
    const page = (await ok(owner, 'GET', `/api/v1/payroll/runs/${runs.april}/variance?page=2&limit=3`)).data;
    expect(page.employees).toMatchObject({ page: 2, limit: 3, totalRecords: 4 });
    expect(page.employees.rows.map((r: TRow) => r.name)).toEqual(['Emeka Okafor']);
    const first = (await ok(owner, 'GET', `/api/v1/payroll/runs/${runs.march}/variance`)).data;
    expect(first.previous).toBeNull();
    expect(first.counts).toMatchObject({ previous: 0, current: 4, joiners: 4, leavers: 0 });
    expect((await call(other, 'GET', `/api/v1/payroll/runs/${runs.april}/variance`)).status).toBe(404);
    expect((await call(owner, 'GET', `/api/v1/payroll/runs/${runs.april}/variance?limit=500`)).status).toBe(400);
  });
});

describe('payroll register', () => {
  it('is an XLSX with one row per employee, every figure a number in major units, and a totals row equal to the sum', async () => {
    const res = await call(owner, 'GET', `/api/v1/payroll/runs/${runs.april}/register?format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-disposition']).toContain('payroll-register-2026-04.xlsx');
    const ws = (await readXlsx(res.raw)).worksheets[0]!;
    const rows: unknown[][] = [];
    const rowNumbers: number[] = [];
    ws.eachRow((row, number) => {
      rows.push((row.values as unknown[]).slice(1));
      rowNumbers.push(number);
    });
    const headAt = rows.findIndex((r) => r.includes('Employee number'));
    const firstDataRow = rowNumbers[headAt + 1]!;
    expect(headAt).toBeGreaterThan(0);
    const head = rows[headAt] as string[];
    for (const label of ['Name', 'Department', 'Monthly salary', 'Allowance', 'Overtime', 'Gross pay', 'PAYE tax', 'Pension (employee)', 'NHF', 'Other statutory deductions',
      'Loan repayment', 'IOU recovery', 'Total deductions', 'Net pay', 'Employer pension', 'NSITF (employer)', 'ITF (employer)', 'Employer contributions', 'Cost to the employer']) {
      expect(head, label).toContain(label);
    }
    const body = rows.slice(headAt + 1);
    const totalsRow = body.at(-1)!;
    const people = body.slice(0, -1);
    expect(people).toHaveLength(4);
    expect(totalsRow[head.indexOf('Name')]).toBe('TOTAL');
    const col = (label: string) => head.indexOf(label);
    const lines = await linesOf(runs.april);
    for (const r of people) {
      const line = lines.find((l) => l.employeeNumber === r[col('Employee number')])!;
      expect(r[col('Name')]).toBe(line.name);
      expect(r[col('Net pay')]).toBe(line.netMinor / 100);
      expect(r[col('Monthly salary')]).toBe(line.grossMinor / 100);
      expect(r[col('PAYE tax')]).toBe(line.taxMinor / 100);
      // Each row adds up: gross pay − total deductions = net.
      expect(Math.round(((r[col('Gross pay')] as number) - (r[col('Total deductions')] as number)) * 100)).toBe(line.netMinor);
    }
    // Every money cell is a number (never "NGN 200,000.00"), formatted #,##0.00, and each total is its column's sum.
    const april = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-04')).data;
    head.forEach((label, i) => {
      if (['S/N', 'Employee number', 'Name', 'Department'].includes(label)) return;
      for (const r of people) expect(typeof r[i], `${label} of ${r[col('Name')]}`).toBe('number');
      const sum = people.reduce((s, r) => s + Math.round((r[i] as number) * 100), 0);
      expect(Math.round((totalsRow[i] as number) * 100), `total of ${label}`).toBe(sum);
      expect(ws.getRow(firstDataRow).getCell(i + 1).numFmt, label).toBe('#,##0.00');
    });
    expect(Math.round((totalsRow[col('Net pay')] as number) * 100)).toBe(april.totals.netMinor);
    expect(Math.round((totalsRow[col('Cost to the employer')] as number) * 100)).toBe(april.totals.employerCostMinor);
    expect(Math.round((totalsRow[col('Overtime')] as number) * 100)).toBe(5_000_000);
    expect(rows.slice(0, headAt).flat()).toEqual(expect.arrayContaining(['Register Ltd', '2026-04']));
  });

  it('is a CSV with plain decimals and a totals row; a run without lines has none; other businesses get 404', async () => {
    const res = await call(owner, 'GET', `/api/v1/payroll/runs/${runs.march}/register?format=csv`);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toContain('text/csv');
    const text = res.raw.toString('utf8').replace(/^\uFEFF/, '');
    expect(text).not.toMatch(/NGN|₦/);
    const csv = text.trim().split(/\r?\n/).map((l) => l.split(','));
    const head = csv[0]!;
    const net = head.indexOf('Net pay');
    expect(net).toBeGreaterThan(0);
    const march = (await ok(owner, 'GET', '/api/v1/payroll/run/2026-03')).data;
    const body = csv.slice(1);
    expect(body).toHaveLength(5);
    for (const r of body) expect(r[net]).toMatch(/^-?\d+\.\d{2}$/);
    expect(body.at(-1)![head.indexOf('Name')]).toBe('TOTAL');
    expect(body.at(-1)![net]).toBe((march.totals.netMinor / 100).toFixed(2));
    expect(body.slice(0, -1).reduce((s, r) => s + Math.round(Number(r[net]) * 100), 0)).toBe(march.totals.netMinor);

    const may = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [ids.ada], month: '2026-05' })).data;
    const empty = await call(owner, 'GET', `/api/v1/payroll/runs/${may._id}/register?format=xlsx`);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toMatch(/compute the run first/);
    expect((await call(other, 'GET', `/api/v1/payroll/runs/${runs.april}/register`)).status).toBe(404);
    expect((await call(owner, 'GET', `/api/v1/payroll/runs/${runs.april}/register?format=pdf`)).status).toBe(400);
  });
});
