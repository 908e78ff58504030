import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, sleep } from './helpers/inject-api.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 31: every statutory schedule and annual return from the approved run's stored lines.
let t: TTestApp;
let ng: TSession;
let ngApprover: TSession;
let gh: TSession;
let ghApprover: TSession;
const ids: Record<'ada' | 'bayo' | 'kofi' | 'ama', string> = {} as never;

const { call, ok } = injectApi(() => t);
const computeMonth = async (owner: TSession, month: string) => {
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  for (const until = Date.now() + 20_000; Date.now() < until; await sleep(100)) {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'failed') throw new Error(`compute failed: ${r.job.message}`);
    if (r.job?.status === 'succeeded' && !r.isStale) return r;
  }
  throw new Error(`the ${month} run did not compute`);
};
const approve = (approver: TSession, runId: string) => ok(approver, 'POST', `/api/v1/payroll/runs/${runId}/approve`);
/** Identifiers written directly (the pay settings form gains them in another part of issue 31). */
const setIds = (employeeId: string, v: Partial<Record<'tin' | 'rsa_pin' | 'nhf_number' | 'ghana_card_number' | 'ssnit_number', string | null>>) =>
  t.deps.db.execute(sql`UPDATE pay_settings SET tin = coalesce(${v.tin ?? null}, tin), rsa_pin = coalesce(${v.rsa_pin ?? null}, rsa_pin),
    nhf_number = coalesce(${v.nhf_number ?? null}, nhf_number), ghana_card_number = coalesce(${v.ghana_card_number ?? null}, ghana_card_number),
    ssnit_number = coalesce(${v.ssnit_number ?? null}, ssnit_number) WHERE employee_id = ${employeeId}`);

const readXlsx = async (raw: Buffer) => {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  return wb;
};
const sheetRows = (ws: { eachRow: (cb: (row: { values: unknown }) => void) => void }) => {
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};
const csvRows = (raw: Buffer) => raw.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);

type TSched = { kind: string; payee: string; columns: Array<{ key: string }>; rows: Array<{ employeeId: string; cells: Record<string, unknown>; missing: string[] }>; totals: Record<string, unknown>; amountMinor: number; missing: number };
const rowOf = (s: TSched | undefined, employeeId: string) => s?.rows.find((r) => r.employeeId === employeeId)?.cells;

beforeAll(async () => {
  t = await createTestApp();
  ng = await registerBusiness(t.app, { businessName: 'Filing Nigeria Ltd', email: 'owner@filing.ng' });
  gh = await registerBusiness(t.app, { businessName: 'Filing Ghana Ltd', email: 'owner@filing.gh', country: 'GH' });
  for (const [owner, email] of [[ng, 'approver@filing.ng'], [gh, 'approver@filing.gh']] as const) {
    await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'filing pass 12', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  }
  ngApprover = await login(t.app, 'approver@filing.ng', 'filing pass 12');
  ghApprover = await login(t.app, 'approver@filing.gh', 'filing pass 12');
  for (const [owner, key, first, gross] of [[ng, 'ada', 'Ada', '6000000'], [ng, 'bayo', 'Bayo', '2400000'], [gh, 'kofi', 'Kofi', '120000'], [gh, 'ama', 'Ama', '60000']] as const) {
    const domain = owner === ng ? 'filing.ng' : 'filing.gh';
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Test', email: `${key}@${domain}`, grossIncome: gross }, 201)).data._id;
  }
  await ok(ng, 'PUT', `/api/v1/employee/payment-settings/${ids.ada}`, {
    split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', nhf: true, stateOfResidence: 'Lagos', pensionFundAdministrator: 'Stanbic IBTC Pension Managers',
  });
  await ok(ng, 'PUT', `/api/v1/employee/payment-settings/${ids.bayo}`, { stateOfResidence: 'Ogun', pensionFundAdministrator: 'ARM Pension Managers' });
  await setIds(ids.ada, { tin: '12345678-0001', rsa_pin: 'PEN100200300400', nhf_number: 'NHF-55501' });
  await ok(gh, 'PUT', `/api/v1/employee/payment-settings/${ids.kofi}`, { split: { basic: 50, housing: 25, transport: 25 } });
  await setIds(ids.kofi, { tin: 'GHA-123456789-0', ssnit_number: 'C012345678901' });
  await givePayableAccounts(t.app, ng, [ids.ada, ids.bayo]);
  await givePayableAccounts(t.app, gh, [ids.kofi, ids.ama], 'GH');
}, 60_000);
afterAll(async () => t?.close());

describe('tax filing schedules (Nigeria)', () => {
  it('gives no figures for a draft run, only "approve the run first"', async () => {
    await computeMonth(ng, '2026-01');
    const filing = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01')).data;
    expect(filing).toMatchObject({ runStatus: 'draft', schedules: [], paye: [], pension: [] });
    const file = await call(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01/file?kind=ng-paye&format=csv');
    expect(file.status).toBe(409);
    expect(file.body.message).toMatch(/approve the run first/);
  });

  it('builds the pension, NHF, NSITF and PAYE schedules from the approved run', async () => {
    const run = (await ok(ng, 'GET', '/api/v1/payroll/run/2026-01')).data;
    await approve(ngApprover, run._id);
    const filing = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01')).data;
    const of = (kind: string, payee = '') => (filing.schedules as TSched[]).find((s) => s.kind === kind && s.payee === payee);
    expect(filing.latestApprovedMonth).toBe('2026-01');
    // 6,000,000 a year, split 40/20/10: basic 200,000, housing 100,000, transport 50,000 a month.
    expect(rowOf(of('ng-pension', 'Stanbic IBTC Pension Managers Limited'), ids.ada)).toMatchObject({
      rsaPin: 'PEN100200300400', pensionableBase: 35_000_000, employee: 2_800_000, employer: 3_500_000, total: 6_300_000,
    });
    expect(rowOf(of('ng-nhf'), ids.ada)).toMatchObject({ nhfNumber: 'NHF-55501', basic: 20_000_000, nhf: 500_000 });
    expect(rowOf(of('ng-nsitf'), ids.ada)).toMatchObject({ grossPay: 50_000_000, nsitf: 500_000 });
    expect(rowOf(of('ng-paye', 'Lagos'), ids.ada)).toMatchObject({ tin: '12345678-0001', state: 'Lagos', grossPay: 50_000_000 });
    // Bayo has no TIN, RSA PIN or NHF number: flagged, never silently blank.
    const bayoPaye = of('ng-paye', 'Ogun')!;
    expect(bayoPaye.missing).toBe(1);
    expect(bayoPaye.rows[0]).toMatchObject({ employeeId: ids.bayo, missing: ['TIN'] });
    expect(of('ng-pension', 'Access ARM Pensions Limited')!.rows[0].missing).toEqual(['RSA PIN']);
    // What is due equals each schedule's total.
    const paye = (filing.schedules as TSched[]).filter((s) => s.kind === 'ng-paye').reduce((s, x) => s + x.amountMinor, 0);
    expect(paye).toBe(run.totals.taxMinor);
    expect(filing.paye.map((r: { group: string }) => r.group).sort()).toEqual(['Lagos', 'Ogun']);
    expect(filing.isItfLiable).toBeNull();
  });

  it('includes the month\'s allowance in the PAYE gross, and reads the current TIN when downloading again', async () => {
    await ok(ng, 'POST', `/api/v1/employee/allowance/${ids.ada}/20000?month=2026-02`);
    const run = await computeMonth(ng, '2026-02');
    await approve(ngApprover, run._id);
    const filing = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-02')).data;
    const lagos = (filing.schedules as TSched[]).find((s) => s.kind === 'ng-paye' && s.payee === 'Lagos')!;
    expect(rowOf(lagos, ids.ada)).toMatchObject({ grossPay: 52_000_000 });
    const line = (await ok(ng, 'GET', `/api/v1/payroll/runs/${run._id}/lines?limit=10`)).data.find((l: { employeeId: string }) => l.employeeId === ids.ada);
    expect(rowOf(lagos, ids.ada)!.tax).toBe(line.taxMinor);

    const before = csvRows((await call(ng, 'GET', '/api/v1/payroll/tax-filing/2026-02/file?kind=ng-paye&payee=Ogun&format=csv')).raw);
    expect(before[0]).toBe('S/N,Employee number,Name,TIN,State of residence,Gross pay,Taxable pay,Tax deducted,Missing identifiers');
    expect(before[1]).toMatch(/,TIN$/);
    await setIds(ids.bayo, { tin: '99999999-0002' });
    const after = csvRows((await call(ng, 'GET', '/api/v1/payroll/tax-filing/2026-02/file?kind=ng-paye&payee=Ogun&format=csv')).raw);
    expect(after[1]).toMatch(/,99999999-0002,Ogun,/);
    expect(after.at(-1)).toMatch(/^,,TOTAL,/);
  });

  it('writes XLSX with numbers as numbers and a totals row', async () => {
    const res = await call(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01/file?kind=ng-pension&format=xlsx');
    expect(res.status).toBe(200);
    const wb = await readXlsx(res.raw);
    expect(wb.worksheets).toHaveLength(2); // one sheet per PFA
    const rows = sheetRows(wb.worksheets.find((w) => w.name.startsWith('Stanbic'))!);
    const head = rows.findIndex((r) => r[0] === 'S/N');
    expect(rows[head]).toEqual(['S/N', 'Employee number', 'Name', 'RSA PIN', 'PFA', 'Pensionable emoluments', 'Employee contribution', 'Employer contribution', 'Total', 'Missing identifiers']);
    expect(rows[head + 1].slice(5, 9)).toEqual([350_000, 28_000, 35_000, 63_000]);
    expect(rows[head + 2][2]).toBe('TOTAL');
    expect(rows[head + 2][8]).toBe(63_000);
    expect(rows.slice(0, head).flat()).toContain('PenCom employer code');
    const nsitf = await call(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01/file?kind=ng-nsitf&format=csv');
    expect(csvRows(nsitf.raw).find((r) => r.includes('Ada Test'))).toMatch(/,500000\.00,5000\.00,$/);
  });

  it('asks for the ITF answer, then files ITF for the year once the business is liable', async () => {
    const unanswered = await call(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01/file?kind=ng-itf&format=csv');
    expect(unanswered.status).toBe(409);
    await t.deps.db.execute(sql`UPDATE businesses SET is_itf_liable = true WHERE id = ${ng.user.businessId}`);
    const filing = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-02')).data;
    const itf = (filing.schedules as TSched[]).find((s) => s.kind === 'ng-itf')!;
    expect(itf).toBeDefined();
    expect(rowOf(itf, ids.ada)).toMatchObject({ months: 2, grossPay: 102_000_000, itf: 1_020_000 });
    const { findStatutoryDue } = await import('../src/features/payroll/statutory/due.ts');
    const due = await findStatutoryDue(t.deps.db, ng.user.businessId, 'NG', '2026');
    expect(due).toEqual([expect.objectContaining({ kind: 'ng-itf', amountMinor: itf.amountMinor })]);
  });

  it('finds what is due per authority equal to the schedules\' totals', async () => {
    const { findStatutoryDue } = await import('../src/features/payroll/statutory/due.ts');
    const due = await findStatutoryDue(t.deps.db, ng.user.businessId, 'NG', '2026-01');
    const filing = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01')).data;
    for (const s of (filing.schedules as TSched[]).filter((x) => x.kind !== 'ng-itf'))
      expect(due.find((d) => d.kind === s.kind && d.payee === s.payee), `${s.kind} ${s.payee}`).toMatchObject({ amountMinor: s.amountMinor, missing: s.missing });
    expect(due.find((d) => d.kind === 'ng-pension' && d.payee === 'Stanbic IBTC Pension Managers Limited')?.amountMinor).toBe(6_300_000);
    expect(due.map((d) => d.kind)).toEqual(expect.arrayContaining(['ng-paye', 'ng-pension', 'ng-nhf', 'ng-nsitf']));
    expect(await findStatutoryDue(t.deps.db, ng.user.businessId, 'NG', '2026-03')).toEqual([]);
  });

  it('makes Form H1 per state and a tax deduction card per employee, as XLSX and PDF', async () => {
    const annual = (await ok(ng, 'GET', '/api/v1/payroll/annual-returns/2026')).data;
    expect(annual.months).toEqual(['2026-01', '2026-02']);
    const h1 = (annual.returns as TSched[]).find((r) => r.kind === 'ng-h1' && r.payee === 'Lagos')!;
    const filing1 = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-01')).data;
    const filing2 = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-02')).data;
    const lagosTax = [filing1, filing2].map((f) => (f.schedules as TSched[]).find((s) => s.kind === 'ng-paye' && s.payee === 'Lagos')!.amountMinor);
    expect(rowOf(h1, ids.ada)).toMatchObject({ tin: '12345678-0001', grossPay: 102_000_000, pension: 5_600_000, nhf: 1_000_000, tax: lagosTax[0] + lagosTax[1], months: 2 });
    const card = (annual.returns as TSched[]).find((r) => r.kind === 'ng-tax-card' && r.payee === ids.ada)!;
    expect(card.rows.map((r) => r.cells.month)).toEqual(['2026-01', '2026-02']);
    expect(card.totals.tax).toBe(rowOf(h1, ids.ada)!.tax);

    const xlsx = await call(ng, 'GET', '/api/v1/payroll/annual-returns/2026/file?kind=ng-h1&payee=Lagos&format=xlsx');
    expect(xlsx.status).toBe(200);
    const rows = sheetRows((await readXlsx(xlsx.raw)).worksheets[0]);
    expect(rows.flat()).toContain('Due');
    const head = rows.findIndex((r) => r[0] === 'S/N');
    expect(rows[head + 1][5]).toBe(1_020_000);
    const pdf = await call(ng, 'GET', `/api/v1/payroll/annual-returns/2026/file?kind=ng-tax-card&payee=${ids.ada}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-disposition']).toMatch(/tax-deduction-card-2026-Ada-Test/);
    const parser = new PDFParse({ data: new Uint8Array(pdf.raw) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Tax deduction card 2026, Ada Test');
    expect(text).toContain('520,000.00');
    const bad = await call(ng, 'GET', '/api/v1/payroll/annual-returns/2026/file?kind=nope&format=xlsx');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/kind/);
  });

  it('shows another business none of this business\'s schedules', async () => {
    expect((await ok(gh, 'GET', '/api/v1/payroll/tax-filing/2026-01')).data.schedules).toEqual([]);
    expect((await ok(gh, 'GET', '/api/v1/payroll/annual-returns/2026')).data.returns).toEqual([]);
  });
});

describe('lines stored before the statutory figures', () => {
  it('fall back to the line\'s own columns: PAYE gross with the allowance, employee pension, no employer figures', async () => {
    await t.deps.db.execute(sql`UPDATE payroll_lines SET result = (result::jsonb #- '{breakdown,statutory}')::json
      WHERE business_id = ${ng.user.businessId} AND run_id = (SELECT id FROM payroll_runs WHERE business_id = ${ng.user.businessId} AND month = '2026-02')`);
    const filing = (await ok(ng, 'GET', '/api/v1/payroll/tax-filing/2026-02')).data;
    const of = (kind: string, payee = '') => (filing.schedules as TSched[]).find((s) => s.kind === kind && s.payee === payee);
    expect(rowOf(of('ng-paye', 'Lagos'), ids.ada)).toMatchObject({ grossPay: 52_000_000 });
    expect(rowOf(of('ng-pension', 'Stanbic IBTC Pension Managers Limited'), ids.ada)).toMatchObject({ employee: 2_800_000, employer: 0 });
    expect(rowOf(of('ng-nhf'), ids.ada)).toMatchObject({ nhf: 500_000 });
    expect(of('ng-nsitf')).toBeUndefined();
  });
});

describe('tax filing schedules (Ghana)', () => {
  it('builds the GRA monthly schedule and the SSNIT tier 1 and tier 2 schedules', async () => {
    const run = await computeMonth(gh, '2026-03');
    await approve(ghApprover, run._id);
    const filing = (await ok(gh, 'GET', '/api/v1/payroll/tax-filing/2026-03')).data;
    const of = (kind: string) => (filing.schedules as TSched[]).find((s) => s.kind === kind);
    // Kofi: 120,000 a year, basic 50% → 5,000 a month.
    expect(rowOf(of('gh-ssnit-tier1'), ids.kofi)).toMatchObject({ ssnitNumber: 'C012345678901', basic: 500_000, employee: 27_500, employer: 65_000, amount: 67_500 });
    expect(rowOf(of('gh-ssnit-tier2'), ids.kofi)).toMatchObject({ amount: 25_000 });
    const gra = of('gh-paye')!;
    expect(gra.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['tin', 'basic', 'cashAllowances', 'bonus', 'bonusTax', 'excessBonus', 'totalCash',
      'accommodation', 'vehicle', 'nonCash', 'assessable', 'deductibleReliefs', 'totalReliefs', 'chargeable', 'taxDeductible', 'overtimeIncome', 'overtimeTax', 'totalTax', 'severance', 'remarks']));
    const kofi = rowOf(gra, ids.kofi)!;
    expect(kofi).toMatchObject({ tin: 'GHA-123456789-0', basic: 500_000, ssf: 27_500, totalCash: 1_000_000 });
    expect(kofi.assessable as number - (kofi.totalReliefs as number)).toBe(kofi.chargeable);
    expect(gra.amountMinor).toBe(run.totals.taxMinor);
    expect(gra.rows.find((r) => r.employeeId === ids.ama)!.missing).toEqual(['TIN or Ghana Card']);
    expect(of('gh-ssnit-tier1')!.missing).toBe(1);
    const { findStatutoryDue } = await import('../src/features/payroll/statutory/due.ts');
    const due = await findStatutoryDue(t.deps.db, gh.user.businessId, 'GH', '2026-03');
    expect(due.map((d) => [d.kind, d.amountMinor])).toEqual([['gh-paye', gra.amountMinor], ['gh-ssnit-tier1', of('gh-ssnit-tier1')!.amountMinor], ['gh-ssnit-tier2', of('gh-ssnit-tier2')!.amountMinor]]);
  });

  it('files the GRA schedule as XLSX and the annual reconciliation; refuses Nigerian kinds', async () => {
    const xlsx = await call(gh, 'GET', '/api/v1/payroll/tax-filing/2026-03/file?kind=gh-ssnit-tier1&format=xlsx');
    expect(xlsx.status).toBe(200);
    const rows = sheetRows((await readXlsx(xlsx.raw)).worksheets[0]);
    const head = rows.findIndex((r) => r[0] === 'S/N');
    const total = rows[head + 3];
    expect(total[3]).toBe('TOTAL');
    expect(typeof total[7]).toBe('number');
    expect((await call(gh, 'GET', '/api/v1/payroll/tax-filing/2026-03/file?kind=ng-nhf&format=csv')).status).toBe(404);
    const annual = (await ok(gh, 'GET', '/api/v1/payroll/annual-returns/2026')).data;
    const rec = (annual.returns as TSched[]).find((r) => r.kind === 'gh-annual')!;
    expect(rowOf(rec, ids.kofi)).toMatchObject({ basic: 500_000, months: 1, ssf: 27_500 });
    expect((await call(gh, 'GET', '/api/v1/payroll/annual-returns/2026/file?kind=gh-annual&format=pdf')).status).toBe(200);
  });
});
