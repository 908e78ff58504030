import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, login, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';
import { waitForJob } from './helpers/seed-people.ts';

// Issue 32 item 5, setup at the speed of a spreadsheet: the bank list, the pay details import and export, the Wages bulk
// edit in one request, and bank files in the layouts Nigerian banks, NIBSS and GhIPSS take.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
let hr: TSession;
let ghana: TSession;
const staff: Array<{ _id: string; employeeNumber: string; email: string; name: string }> = [];
const { call, ok } = injectApi(() => t);

const IMPORT = '/api/v1/payroll/pay-details/import';
type TPart = Parameters<typeof multipart>[0][number];
const csvFile = (text: string, name = 'pay.csv'): TPart => ({ name: 'file', filename: name, contentType: 'text/csv', data: Buffer.from(text) });
const send = (url: string, parts: TPart[], session = owner) => {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${session.token}`, ...form.headers }, payload: form.payload });
};
const settingsOf = async (id: string, session = owner) => (await ok(session, 'GET', `/api/v1/payroll/employee/${id}`)).data.settings;
const csvRows = (raw: Buffer) => raw.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Setup Speed Ltd', email: 'owner@setup.example' });
  for (const [email, roles] of [['approver@setup.example', ['Accounts-access', 'Approvals-access']], ['hr@setup.example', ['HR-access']]] as const) {
    await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'setup test pass 1', roles }, 201);
  }
  approver = await login(t.app, 'approver@setup.example', 'setup test pass 1');
  hr = await login(t.app, 'hr@setup.example', 'setup test pass 1');
  ghana = await registerBusiness(t.app, { businessName: 'Accra Setup Ltd', email: 'owner@setup.gh', country: 'GH' });
  for (const [first, gross] of [['Ada', '6000000'], ['Bola', '2400000'], ['Chidi', '3600000'], ['Dayo', '1800000'], ['Efe', '1200000']] as const) {
    const e = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Obi', email: `${first.toLowerCase()}@setup.example`, grossIncome: gross }, 201)).data;
    staff.push({ _id: e._id, employeeNumber: e.employeeNumber, email: e.email, name: `${first} Obi` });
  }
}, 60_000);
afterAll(async () => t?.close());

describe('bank list', () => {
  it('takes a bank by name or code from the list, stores both, and checks the NUBAN naming the field', async () => {
    const byName = await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[0]._id}`, { bankName: 'gtbank', accountNumber: '0123456785' });
    expect(byName.data).toMatchObject({ bankName: 'Guaranty Trust Bank', bankCode: '058', accountNumber: '0123456785' });
    const byNibss = await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[1]._id}`, { bankCode: '000014', accountNumber: '1234567895' });
    expect(byNibss.data).toMatchObject({ bankName: 'Access Bank', bankCode: '044' });
    const unknown = await call(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[2]._id}`, { bankCode: '999', accountNumber: '0123456785' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^bankCode: 999 is not a bank on the list of Nigerian banks/);
    const unknownName = await call(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[2]._id}`, { bankName: 'Bank of Nowhere' });
    expect(unknownName.body.message).toMatch(/^bankName: Bank of Nowhere is not a bank on the list/);
    const badNuban = await call(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[2]._id}`, { bankName: 'Zenith Bank', accountNumber: '1000000019' });
    expect(badNuban.status).toBe(400);
    expect(badNuban.body.message).toMatch(/^accountNumber: 1000000019 is not a valid NUBAN for bank code 057/);
    // A mobile-money wallet numbers accounts by phone: 10 digits, no check digit.
    const opay = await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[3]._id}`, { bankName: 'Opay', accountNumber: '8031234567' });
    expect(opay.data).toMatchObject({ bankName: 'OPay', bankCode: '100004' });
  });

  it('checks a Ghanaian bank against the Bank of Ghana list', async () => {
    const e = (await ok(ghana, 'POST', `/api/v1/employee/create/${ghana.user._id}`, { firstName: 'Kofi', lastName: 'Mensah', email: 'kofi@setup.gh', grossIncome: '60000' }, 201)).data;
    expect((await ok(ghana, 'PUT', `/api/v1/employee/payment-settings/${e._id}`, { bankName: 'GCB', accountNumber: '1021130012345' })).data).toMatchObject({ bankName: 'GCB Bank', bankCode: '040' });
    const bad = await call(ghana, 'PUT', `/api/v1/employee/payment-settings/${e._id}`, { bankName: 'Guaranty Trust Bank', bankCode: '058' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^bankCode: 058 is not a bank on the list of Ghanaian banks/);
  });
});

describe('wages bulk edit', () => {
  it('sets pension base, NHF, state, PFA and pay day for every selected employee in one request, with one count', async () => {
    const res = await ok(owner, 'POST', '/api/v1/payroll/settings/bulk', {
      employeeIds: staff.slice(0, 3).map((s) => s._id), settings: { pensionBase: 'basic-housing-transport', nhf: true, stateOfResidence: 'lagos', pensionFundAdministrator: 'Stanbic IBTC Pension', payDay: 27 },
    });
    expect(res.data).toEqual({ updated: 3 });
    expect(res.message).toBe('Pay settings saved for 3 employees');
    for (const s of staff.slice(0, 3)) expect(await settingsOf(s._id)).toMatchObject({ pensionBase: 'basic-housing-transport', nhf: true, stateOfResidence: 'Lagos', payDay: 27 });
    expect((await settingsOf(staff[3]._id)).payDay).not.toBe(27);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'pay.settings-bulk-updated')));
    expect(audits.length).toBe(1);
  });

  it('selects all: every employee of the list (search included) but the excluded ones', async () => {
    const all = await ok(owner, 'POST', '/api/v1/payroll/settings/bulk', { selectAll: true, excludedIds: [staff[4]._id], settings: { payDay: 25 } });
    expect(all.data.updated).toBe(4);
    expect((await settingsOf(staff[3]._id)).payDay).toBe(25);
    expect((await settingsOf(staff[4]._id)).payDay).not.toBe(25);
    const searched = await ok(owner, 'POST', '/api/v1/payroll/settings/bulk', { selectAll: true, search: 'efe', settings: { payDay: 20 } });
    expect(searched.data.updated).toBe(1);
    expect((await settingsOf(staff[4]._id)).payDay).toBe(20);
  });

  it('refuses settings that belong to one person, an empty selection and another business\'s employees', async () => {
    const personal = await call(owner, 'POST', '/api/v1/payroll/settings/bulk', { employeeIds: [staff[0]._id], settings: { accountNumber: '0123456785' } });
    expect(personal.status).toBe(400);
    expect(personal.body.message).toMatch(/^settings\.accountNumber: belongs to one employee/);
    expect((await call(owner, 'POST', '/api/v1/payroll/settings/bulk', { employeeIds: [], settings: { payDay: 3 } })).status).toBe(400);
    expect((await call(ghana, 'POST', '/api/v1/payroll/settings/bulk', { employeeIds: [staff[0]._id], settings: { payDay: 3 } })).status).toBe(404);
    expect((await call(hr, 'POST', '/api/v1/payroll/settings/bulk', { employeeIds: [staff[0]._id], settings: { payDay: 3 } })).status).toBe(403);
    const badState = await call(owner, 'POST', '/api/v1/payroll/settings/bulk', { employeeIds: [staff[0]._id], settings: { stateOfResidence: 'Atlantis' } });
    expect(badState.status).toBe(400);
    expect(badState.body.message).toMatch(/^stateOfResidence:/);
  });
});

describe('pay details import and export', () => {
  const HEADER = 'Employee number,Email,Gross income,Bank,Account number,Account name,PFA,RSA PIN,State,TIN,NHF';
  const row = (s: (typeof staff)[number], rest: string) => `${s.employeeNumber},,${rest}`;

  it('previews row errors naming the row and the column, and writes nothing', async () => {
    const csv = [
      HEADER,
      row(staff[0], '"6,500,000",Zenith Bank,1000000018,Ada Obi,ARM Pension,PEN100000000001,Lagos,,yes'),
      row(staff[1], 'lots,GTBank,0123456785,Bola Obi,,,,,no'),
      row(staff[2], '3600000,Zenith Bank,1000000019,Chidi Obi,,,,,'),
      row(staff[3], '1800000,Bank of Nowhere,0123456785,,,,,,'),
      'EMP-NOPE,,100,,,,,,,,',
      `,${staff[4].email},,,,,,,Atlantis,,maybe`,
    ].join('\n');
    const before = await settingsOf(staff[0]._id);
    const res = await send(`${IMPORT}/preview`, [csvFile(csv)]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalRows: 6, validCount: 1, invalidCount: 5 });
    const messages = data.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('row 3: Gross income "lots" is not an amount more than 0');
    expect(messages.some((m: string) => m.startsWith('row 4: Account number 1000000019 is not a valid NUBAN for bank code 057'))).toBe(true);
    expect(messages.some((m: string) => m.startsWith('row 5: Bank Bank of Nowhere is not a bank on the list'))).toBe(true);
    expect(messages).toContain('row 6: Employee number matches no employee of this business');
    expect(messages.some((m: string) => m.startsWith('row 7: NHF "maybe" must be yes or no'))).toBe(true);
    expect(messages.some((m: string) => m.startsWith('row 7: State'))).toBe(true);
    expect(await settingsOf(staff[0]._id)).toEqual(before);
  });

  it('imports all rows or none, or only the valid rows when asked', async () => {
    const csv = [
      HEADER,
      row(staff[0], '"6,500,000",Zenith Bank,1000000018,Ada Obi,ARM Pension,PEN100000000001,Lagos State,,yes'),
      `,${staff[1].email.toUpperCase()},,058,0000000018,Bola Obi,,,,,no`,
      row(staff[2], '3600000,Zenith Bank,1000000019,Chidi Obi,,,,,'),
    ].join('\n');
    const none = await send(IMPORT, [csvFile(csv)]);
    expect(none.statusCode, none.body).toBe(202);
    const failed = await waitForJob(t.app, owner.token, none.json().data.jobId, IMPORT);
    expect(failed.status).toBe('failed');
    expect((await settingsOf(staff[0]._id)).grossIncomeMinor).toBe(600_000_000);

    const some = await send(IMPORT, [{ name: 'importValidRows', value: 'true' }, csvFile(csv)]);
    expect(some.statusCode, some.body).toBe(202);
    const done = await waitForJob(t.app, owner.token, some.json().data.jobId, IMPORT);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.result).toMatchObject({ created: 2, skipped: 1 });
    expect(await settingsOf(staff[0]._id)).toMatchObject({
      grossIncomeMinor: 650_000_000, bankName: 'Zenith Bank', bankCode: '057', accountNumber: '1000000018', accountName: 'Ada Obi',
      rsaPin: 'PEN100000000001', stateOfResidence: 'Lagos', nhf: true,
    });
    expect(await settingsOf(staff[1]._id)).toMatchObject({ bankName: 'Guaranty Trust Bank', bankCode: '058', accountNumber: '0000000018', nhf: false });
  });

  it('reads an Excel file with other header spellings', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Pay');
    ws.addRow(['Staff No', 'Salary', 'Bank Name', 'NUBAN', 'Pay day']);
    ws.addRow([staff[3].employeeNumber, '1900000', 'Kuda', '2012345678', '28']);
    const res = await send(IMPORT, [{ name: 'file', filename: 'pay.xlsx', contentType: 'application/octet-stream', data: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    expect(res.statusCode, res.body).toBe(202);
    expect((await waitForJob(t.app, owner.token, res.json().data.jobId, IMPORT)).status).toBe('succeeded');
    expect(await settingsOf(staff[3]._id)).toMatchObject({ grossIncomeMinor: 190_000_000, bankName: 'Kuda Microfinance Bank', bankCode: '090267', accountNumber: '2012345678', payDay: 28 });
  });

  it('refuses a sheet without a column saying whose details they are, and callers without pay roles', async () => {
    const res = await send(`${IMPORT}/preview`, [csvFile('Gross income,Bank\n100,GTBank\n')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Employee number or Email/);
    expect((await send(`${IMPORT}/preview`, [csvFile(`${HEADER}\n${row(staff[0], '100,,,,,,,,')}\n`)], hr)).statusCode).toBe(403);
    expect((await call(hr, 'GET', '/api/v1/payroll/pay-details/export')).status).toBe(403);
  });

  it('exports the same columns, which import back unchanged', async () => {
    const res = await call(owner, 'GET', '/api/v1/payroll/pay-details/export?format=csv');
    expect(res.status).toBe(200);
    const rows = csvRows(res.raw);
    expect(rows[0]).toBe('Employee number,Email,Name,Gross income,Bank,Bank code,Account number,Account name,Pay day,Structure,PFA,RSA PIN,State,TIN,NHF,NHF number');
    expect(rows.find((r) => r.includes('Ada Obi'))).toContain(',6500000.00,Zenith Bank,057,1000000018,Ada Obi,');
    const back = await send(`${IMPORT}/preview`, [csvFile(res.raw.toString('utf8'))]);
    expect(back.json().data).toMatchObject({ totalRows: 5, invalidCount: 0 });
    const gh = csvRows((await call(ghana, 'GET', '/api/v1/payroll/pay-details/export?format=csv')).raw);
    expect(rows.find((r) => r.includes('Ada Obi'))).toContain(',Default,');
    expect(gh[0]).toBe('Employee number,Email,Name,Gross income,Bank,Bank code,Account number,Account name,Pay day,Structure,TIN,Region,Ghana Card,SSNIT number');
  });
});

describe('pay structure in the pay details import and export (issue 32)', () => {
  it('puts each row on the structure it names (or back on the default), refuses an unknown name naming the column, and exports the name', async () => {
    const grade = (await ok(owner, 'POST', '/api/v1/payroll/structures', { name: 'Grade A', split: { basic: 50, housing: 20, transport: 10 } }, 201)).data;
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[1]._id}`, { split: { basic: 30, housing: 10, transport: 10 } });
    const csv = ['Employee number,Pay grade', `${staff[0].employeeNumber},grade a`, `${staff[1].employeeNumber},Grade A`, `${staff[2].employeeNumber},Grade Z`].join('\n');
    const preview = (await send(`${IMPORT}/preview`, [csvFile(csv)])).json().data;
    expect(preview).toMatchObject({ totalRows: 3, validCount: 2, invalidCount: 1 });
    expect(preview.errors.map((e: { message: string }) => e.message)).toEqual(['row 4: Structure "Grade Z" matches no pay structure of this business (or write Default)']);
    const res = await send(IMPORT, [{ name: 'importValidRows', value: 'true' }, csvFile(csv)]);
    expect((await waitForJob(t.app, owner.token, res.json().data.jobId, IMPORT)).status).toBe('succeeded');
    for (const s of [staff[0], staff[1]]) {
      expect((await ok(owner, 'GET', `/api/v1/payroll/employees/${s._id}/structure`)).data).toMatchObject({ structure: { _id: grade._id, name: 'Grade A' }, isAssigned: true });
    }
    // Assigned means the structure applies: Bola's own split gave way to it.
    expect((await settingsOf(staff[1]._id)).split).toBeNull();
    const rows = csvRows((await call(owner, 'GET', '/api/v1/payroll/pay-details/export?format=csv')).raw);
    expect(rows.filter((r) => r.includes(',Grade A,'))).toHaveLength(2);
    const back = ['Employee number,Structure', `${staff[0].employeeNumber},Default`].join('\n');
    expect((await waitForJob(t.app, owner.token, (await send(IMPORT, [csvFile(back)])).json().data.jobId, IMPORT)).status).toBe('succeeded');
    expect((await ok(owner, 'GET', `/api/v1/payroll/employees/${staff[0]._id}/structure`)).data.isAssigned).toBe(false);
  });
});

describe('bank files', () => {
  let runId: string;
  beforeAll(async () => {
    // Everyone payable when the run is computed and approved (k1's approval refuses unpayable accounts); the lines of
    // Chidi and Efe are then made unpayable the way lines stored before the checks are (see 'leaves out' below).
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[2]._id}`, { bankCode: '033', accountNumber: '2000000028' });
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${staff[4]._id}`, { bankName: 'PalmPay', accountNumber: '9031234567' });
    const month = '2026-05';
    const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
    await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
    await waitFor('the run to compute', async () => {
      const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
      if (r.job?.status === 'failed') throw new Error(r.job.message);
      return r.job?.status === 'succeeded' && !r.isStale;
    });
    runId = run._id;
  }, 60_000);

  it('is refused while the run is a draft', async () => {
    expect((await call(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file/check`)).status).toBe(409);
  });

  it('writes the NIBSS layout with 6-digit institution codes, leaves out and lists the unpayable lines', async () => {
    await ok(approver, 'POST', `/api/v1/payroll/runs/${runId}/approve`);
    // A line stored before the bank list and the NUBAN check: Efe without an account, Chidi with a number failing the check.
    await t.deps.db.execute(sql`UPDATE payroll_lines SET account_number = NULL WHERE run_id = ${runId} AND employee_id = ${staff[4]._id}`);
    await t.deps.db.execute(sql`UPDATE payroll_lines SET bank_code = '057', bank_name = 'Zenith Bank', account_number = '1000000019' WHERE run_id = ${runId} AND employee_id = ${staff[2]._id}`);
    const check = (await ok(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file/check`)).data;
    expect(check).toMatchObject({ layout: 'ng-nibss', payable: 3 });
    expect(check.refused).toEqual([
      { employeeNumber: staff[2].employeeNumber, name: 'Chidi Obi', reason: expect.stringMatching(/not a valid NUBAN/) },
      { employeeNumber: staff[4].employeeNumber, name: 'Efe Obi', reason: 'no account number' },
    ]);
    const file = await call(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file?format=csv&layout=ng-nibss&debitAccount=0123456785`);
    expect(file.status).toBe(200);
    expect(file.res.headers['x-bank-file-refused']).toBe('2');
    const rows = csvRows(file.raw);
    expect(rows[0]).toBe('S/N,Beneficiary Name,Beneficiary Account Number,Beneficiary Bank Code,Amount,Narration,Debit Account,Payment Reference');
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.includes('Ada Obi'))).toMatch(/^\d,Ada Obi,1000000018,000015,\d+\.\d\d,Salary 2026-05,0123456785,SAL202605/);
    expect(rows.find((r) => r.includes('OPay') || r.includes('Dayo'))).toMatch(/,2012345678,090267,/);
    expect(rows.some((r) => r.includes('Efe') || r.includes('Chidi'))).toBe(false);
  });

  it('writes the bank bulk-upload layout with CBN codes, and XLSX', async () => {
    const rows = csvRows((await call(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file?layout=ng-bank-bulk`)).raw);
    expect(rows[0]).toBe('Beneficiary Name,Account Number,Bank Code,Amount,Narration');
    expect(rows.find((r) => r.startsWith('Ada Obi'))).toMatch(/^Ada Obi,1000000018,057,\d+\.\d\d,Salary 2026-05$/);
    const xlsx = await call(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file?layout=ng-bank-bulk&format=xlsx`);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
    expect((await call(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file?layout=swift`)).status).toBe(400);
  });

  it('has a GhIPSS ACH layout', async () => {
    const rows = csvRows((await call(owner, 'GET', `/api/v1/payroll/runs/${runId}/bank-file?layout=gh-ach`)).raw);
    expect(rows[0]).toBe('Beneficiary Name,Account Number,Bank Code,Amount,Narration,Reference');
  });
});
