import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { PDFDocument, PDFDict, PDFName } from 'pdf-lib';
import type { TPayslipLine, TPayslipModel } from '@bizdesk/contract';
import { bearer, login, multipart, nextIp, PNG_1PX, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { injectApi, sleep, waitFor } from './helpers/inject-api.ts';
import { openAppWithSmtp, type TSmtp } from './helpers/smtp.ts';

// Issue 32 item 4: one payslip model renders the web page (the JSON below), the PDF and the e-mail, so all three list
// every line and sum to the net; the year-to-date column is the sum of the year's approved runs.
// Ada: 6,000,000 a year split 40/20/10, pension on basic + housing + transport, NHF and NHIS; in February a one-off
// allowance of 95,000 (taxed at her marginal rate) and a loan repayment of 30,000. Bola: 2,400,000 with the defaults.
let t: TTestApp;
let smtp: TSmtp;
let close: () => Promise<void>;
let owner: TSession;
let approver: TSession;
const ids = { ada: '', bola: '' };
const runs: Record<string, string> = {};

const { call, ok } = injectApi(() => t);

const computeMonth = async (month: string) => {
  await givePayableAccounts(t.app, owner, [ids.ada, ids.bola]); // approval needs a payable account for everyone on the run
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectedEmployeeIds: [ids.ada, ids.bola], month })).data;
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
type TLine = { _id: string; employeeId: string; name: string; netMinor: number };
const linesOf = async (month: string) => (await ok(owner, 'GET', `/api/v1/payroll/runs/${runs[month]}/lines?limit=100`)).data as TLine[];
const slipOf = async (month: string, employeeId: string) => {
  const line = (await linesOf(month)).find((l) => l.employeeId === employeeId)!;
  return { line, slip: (await ok(owner, 'GET', `/api/v1/payroll/payslip/${line._id}`)).data as { netMinor: number; model: TPayslipModel } };
};
const pdfText = async (raw: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(raw) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
};
/** NGN 1,234.56 as the PDF and the e-mail write it. */
const money = (minor: number) => {
  const abs = Math.abs(minor);
  return `NGN ${minor < 0 ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};
/** The first "NGN x" figure of each text line after the line matching `from` and before the one matching `to`, summed (minor units). */
const sumBetween = (text: string, from: RegExp, to: RegExp) => {
  const rows = text.split('\n').map((r) => r.trim());
  const start = rows.findIndex((r) => from.test(r));
  const end = rows.findIndex((r, i) => i > start && to.test(r));
  expect(start >= 0 && end > start, `${from} … ${to} in the PDF text`).toBe(true);
  return rows.slice(start + 1, end).reduce((sum, r) => {
    const m = /NGN (-?[\d,]+)\.(\d\d)/.exec(r);
    if (!m) throw new Error(`a PDF line without a figure: ${r}`);
    const minor = Number(m[1].replace(/,/g, '').replace('-', '')) * 100 + Number(m[2]);
    return sum + (m[1].startsWith('-') ? -minor : minor);
  }, 0);
};
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sum = (items: TPayslipLine[], key: 'amountMinor' | 'ytdMinor') => items.reduce((s, i) => s + i[key], 0);

/** The model adds up in both columns: lines → totals, earnings − deductions → net. */
const expectAddsUp = (m: TPayslipModel, netMinor: number) => {
  expect(m.net.amountMinor).toBe(netMinor);
  for (const key of ['amountMinor', 'ytdMinor'] as const) {
    const total = key === 'amountMinor' ? 'totalMinor' : 'ytdMinor';
    expect(sum(m.earnings.items, key)).toBe(m.earnings[total]);
    expect(sum(m.deductions.items, key)).toBe(m.deductions[total]);
    expect(m.earnings[total] - m.deductions[total]).toBe(m.net[key]);
  }
};

/** Quoted-printable undone (soft breaks, =XX), CRLF as LF. */
const decodeMail = (raw: string) => {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
};

beforeAll(async () => {
  ({ t, smtp, close } = await openAppWithSmtp());
  owner = await registerBusiness(t.app, { businessName: 'Payslip Sums Ltd', email: 'owner@payslip-sums.example' });
  await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'approver', email: 'approver@payslip-sums.example', password: 'pay test pass 1', roles: ['Accounts-access', 'Approvals-access'] }, 201);
  approver = await login(t.app, 'approver@payslip-sums.example', 'pay test pass 1');
  for (const [key, first, gross] of [['ada', 'Ada', '6000000'], ['bola', 'Bola', '2400000']] as const) {
    ids[key] = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Sum', email: `${key}@payslip-sums.example`, grossIncome: gross }, 201)).data._id;
  }
  await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${ids.ada}`, { split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport', nhf: true, nhis: '2000' });
  const form = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG_1PX }]);
  const logo = await t.app.inject({ method: 'POST', url: `/api/v1/images/upload-logo/${owner.user._id}`, headers: { ...bearer(owner.token), ...form.headers }, payload: form.payload, remoteAddress: nextIp() });
  expect(logo.statusCode).toBe(200);
  for (const month of ['2026-01', '2026-02']) {
    if (month === '2026-02') {
      await ok(owner, 'POST', `/api/v1/employee/allowance/${ids.ada}/95000?month=2026-02`);
      await ok(owner, 'POST', '/api/v1/employee/add-loan', { employeeId: ids.ada, loanDetail: { principal: '100000', monthlyRepayment: '30000', startMonth: '2026-02' } }, 201);
    }
    runs[month] = (await computeMonth(month))._id;
    expect((await ok(approver, 'POST', `/api/v1/payroll/runs/${runs[month]}/approve`)).data.status).toBe('approved');
  }
}, 90_000);
afterAll(async () => close?.());

describe('payslips that add up everywhere', () => {
  it('lists every earning and deduction in the web payload, summing to the net, the allowance\'s tax and the loan included', async () => {
    const { slip } = await slipOf('2026-02', ids.ada);
    const m = slip.model;
    expectAddsUp(m, slip.netMinor);
    const amount = (code: string) => [...m.earnings.items, ...m.deductions.items].find((i) => i.code === code)?.amountMinor;
    // Salary by component (40/20/10, entertainment's 10%, the rest utility), then the month's allowance.
    expect(m.earnings.items.map((i) => i.code)).toEqual(['salary:basic', 'salary:housing', 'salary:transport', 'salary:entertainment', 'salary:utility', 'allowance']);
    expect([amount('salary:basic'), amount('salary:housing'), amount('salary:transport')]).toEqual([20_000_000, 10_000_000, 5_000_000]);
    expect(m.earnings.totalMinor).toBe(50_000_000 + 9_500_000);
    // Tax, the tax on the one-off allowance, pension 28,000, NHF 5,000, NHIS 2,000 and the loan: none left out.
    expect(m.deductions.items.map((i) => i.kind)).toEqual(['tax', 'tax', 'statutory', 'statutory', 'statutory', 'period']);
    expect(amount('tax-one-off')).toBeGreaterThan(0);
    expect([amount('pension'), amount('nhf'), amount('nhis'), amount('loan-repayment')]).toEqual([2_800_000, 500_000, 200_000, 3_000_000]);
    // What the employer pays is set apart and never part of the sum.
    expect(m.employer.items.map((i) => i.code)).toEqual(['pension', 'nsitf']);
    expect(m.logoPath).toMatch(/^\/api\/v1\/files\//);
    // Bola's payslips add up too.
    for (const month of ['2026-01', '2026-02']) {
      const b = await slipOf(month, ids.bola);
      expectAddsUp(b.slip.model, b.line.netMinor);
    }
  });

  it('gives each line its year to date: the sum of the year\'s approved runs up to this month', async () => {
    const jan = (await slipOf('2026-01', ids.ada)).slip.model;
    const feb = (await slipOf('2026-02', ids.ada)).slip.model;
    expect(jan.ytdMonths).toEqual(['2026-01']);
    expect(feb.ytdMonths).toEqual(['2026-01', '2026-02']);
    for (const section of ['earnings', 'deductions', 'employer'] as const) {
      for (const item of jan[section].items) expect(item.ytdMinor, `${section} ${item.code} January`).toBe(item.amountMinor);
      for (const item of feb[section].items) {
        const before = jan[section].items.find((i) => i.code === item.code)?.amountMinor ?? 0;
        expect(item.ytdMinor, `${section} ${item.code}`).toBe(before + item.amountMinor);
      }
    }
    // The net's year to date is the sum of her lines in the two approved runs.
    const nets = await Promise.all(['2026-01', '2026-02'].map(async (month) => (await linesOf(month)).find((l) => l.employeeId === ids.ada)!.netMinor));
    expect(feb.net.ytdMinor).toBe(nets[0] + nets[1]);
    // A later month's draft counts itself but no other draft; January's year to date does not see February.
    await ok(owner, 'POST', `/api/v1/employee/allowance/${ids.bola}/1000?month=2026-03`);
    runs['2026-03'] = (await computeMonth('2026-03'))._id;
    const mar = (await slipOf('2026-03', ids.bola));
    expect(mar.slip.model.ytdMonths).toEqual(['2026-01', '2026-02', '2026-03']);
    expectAddsUp(mar.slip.model, mar.line.netMinor);
    expect((await slipOf('2026-01', ids.bola)).slip.model.ytdMonths).toEqual(['2026-01']);
  });

  it('writes the same lines, year to date and net in the PDF, with the business logo', async () => {
    for (const who of [ids.ada, ids.bola]) {
      const { line, slip } = await slipOf('2026-02', who);
      const pdf = await call(owner, 'GET', `/api/v1/payroll/payslip/${line._id}/pdf`);
      expect(pdf.status).toBe(200);
      const text = await pdfText(pdf.raw);
      const lines = text.slice(0, text.indexOf('How the tax was reached'));
      for (const i of slip.model.earnings.items) expect(lines).toMatch(new RegExp(`${esc(i.name)}\\s*${esc(money(i.amountMinor))}\\s*${esc(money(i.ytdMinor))}`));
      for (const i of slip.model.deductions.items) expect(lines).toMatch(new RegExp(`${esc(i.name)}\\s*- ${esc(money(i.amountMinor))}\\s*- ${esc(money(i.ytdMinor))}`));
      expect(lines).toMatch(new RegExp(`Total earnings\\s*${esc(money(slip.model.earnings.totalMinor))}`));
      expect(lines).toMatch(new RegExp(`Total deductions\\s*- ${esc(money(slip.model.deductions.totalMinor))}`));
      expect(lines).toMatch(new RegExp(`Net pay\\s*${esc(money(line.netMinor))}\\s*${esc(money(slip.model.net.ytdMinor))}`));
      // Read back from the PDF alone: the first figure of each line between the headings sums to the net.
      expect(sumBetween(lines, /^Earnings/, /^Total earnings/) - sumBetween(lines, /^Deductions/, /^Total deductions/)).toBe(line.netMinor);
      const doc = await PDFDocument.load(pdf.raw);
      const xobjects = doc.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'));
      expect(xobjects instanceof PDFDict && xobjects.keys().length > 0, 'the logo is drawn on the first page').toBe(true);
    }
  });

  it('e-mails each payslip listing every line with its year to date, summing to the net', async () => {
    const ada = await waitFor('Ada\'s two payslip mails', async () => smtp.to('ada@payslip-sums.example').length === 2 && smtp.to('ada@payslip-sums.example'));
    const mail = decodeMail(ada.find((r) => /Your payslip for 2026-02/.test(decodeMail(r.text)))!.text);
    const { slip } = await slipOf('2026-02', ids.ada);
    for (const i of slip.model.earnings.items) expect(mail).toContain(`${i.name}: ${money(i.amountMinor)} (year to date ${money(i.ytdMinor)})`);
    for (const i of slip.model.deductions.items) expect(mail).toContain(`${i.name}: - ${money(i.amountMinor)} (year to date - ${money(i.ytdMinor)})`);
    expect(mail).toContain(`Net pay: ${money(slip.netMinor)} (year to date ${money(slip.model.net.ytdMinor)})`);
    expect(mail).toContain('Paid by your employer');
    expect(mail).toMatch(/Content-Type: application\/pdf; name=payslip-2026-02-/);
    // The figures the mail lists are the ones that add up.
    expectAddsUp(slip.model, slip.netMinor);
    await waitFor('Bola\'s payslip mails', async () => smtp.to('bola@payslip-sums.example').length === 2);
  });
});
