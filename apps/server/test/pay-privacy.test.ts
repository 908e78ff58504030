import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { createTestApp, login, multipart, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { waitForJob } from './helpers/seed-people.ts';

// Spec/issue 12 §5: only the owner and Accounts-access see pay; HR-access alone sees no pay figure
// (not in lists, exports, the import preview or the employee detail) and cannot set one by any way in.
describe('pay privacy on the employee routes', () => {
  let t: TTestApp;
  let owner: TSession;
  let hr: TSession;
  let accounts: TSession;
  let ada: Record<string, any>;
  let sales: { _id: string; unitId: string };
  // 7,654,321.09 a year: a figure that cannot turn up by chance in a file or an answer.
  const GROSS = '7654321.09';
  const GROSS_MINOR = 765_432_109;
  const leaks = (text: string) => /7654321|7,654,321|765432109/.test(text);

  const as = (session: TSession) => ({ authorization: `Bearer ${session.token}` });
  const get = (session: TSession, url: string) => t.app.inject({ method: 'GET', url, headers: as(session) });
  const upload = (session: TSession, url: string, csv: string) => {
    const form = multipart([{ name: 'file', filename: 'staff.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
    return t.app.inject({ method: 'POST', url, headers: { ...as(session), ...form.headers }, payload: form.payload });
  };
  const addUser = async (email: string, roles: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: as(owner), payload: { userName: email.split('@')[0], email, password: 'privacy pass 1', roles }, remoteAddress: nextIp() });
    if (res.statusCode !== 201) throw new Error(res.body);
    return login(t.app, email, 'privacy pass 1');
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Private Pay Ltd', email: 'owner@privatepay.ng' });
    hr = await addUser('hr@privatepay.ng', ['HR-access']);
    accounts = await addUser('accounts@privatepay.ng', ['HR-access', 'Accounts-access']);
    const api = peopleApi(t.app, owner);
    sales = await api.department('Sales');
    ada = await api.employee({ firstName: 'Ada', lastName: 'Obi', email: 'ada@privatepay.ng', departmentId: sales._id, grossIncome: GROSS });
  });
  afterAll(async () => t.close());

  it('shows HR-access alone no gross in the list, the detail or the department view, while the owner and Accounts-access see it', async () => {
    const urls = [`/api/v1/employee/employees/${owner.user.email}`, `/api/v1/employee/detail/${ada._id}`, `/api/v1/employee/department-view/${sales.unitId}/${sales._id}`];
    for (const url of urls) {
      const res = await get(hr, url);
      expect(res.statusCode, url).toBe(200);
      expect(leaks(res.body), url).toBe(false);
    }
    expect((await get(hr, urls[0])).json().data[0]).toMatchObject({ name: 'Ada Obi', grossIncome: null, grossIncomeMinor: null });
    expect((await get(hr, urls[1])).json().data).toMatchObject({ name: 'Ada Obi', grossIncome: null, grossIncomeMinor: null });
    expect((await get(hr, urls[2])).json().data.employees).toMatchObject([{ name: 'Ada Obi', grossIncome: null, grossIncomeMinor: null }]);
    for (const session of [owner, accounts]) {
      expect((await get(session, urls[0])).json().data[0].grossIncomeMinor).toBe(GROSS_MINOR);
      expect((await get(session, urls[1])).json().data.grossIncomeMinor).toBe(GROSS_MINOR);
      expect((await get(session, urls[2])).json().data.employees[0].grossIncomeMinor).toBe(GROSS_MINOR);
    }
  });

  it('exports no gross column for HR-access alone, in CSV and in Excel; the owner\'s export has it', async () => {
    const hrCsv = await get(hr, `/api/v1/employee/export/${owner.user.email}?format=csv`);
    expect(hrCsv.statusCode).toBe(200);
    const rows = parse(hrCsv.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({ 'First name': 'Ada', Email: 'ada@privatepay.ng' });
    expect(Object.keys(rows[0])).not.toContain('Gross income');
    expect(leaks(hrCsv.body)).toBe(false);

    const hrXlsx = await get(hr, `/api/v1/employee/export/${owner.user.email}?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(hrXlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Email');
    expect(header).not.toContain('Gross income');
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(leaks(cells.join('|'))).toBe(false);

    const ownerCsv = parse((await get(owner, `/api/v1/employee/export/${owner.user.email}?format=csv`)).body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(ownerCsv[0]['Gross income']).toBe(GROSS);
  });

  it('refuses an import file with a gross figure from HR-access alone, in the preview and the import, naming the row and the column', async () => {
    const csv = ['First name,Last name,Email,Salary', 'Bola,Ade,bola@privatepay.ng,', 'Chidi,Eze,chidi@privatepay.ng,2400000'].join('\n');
    for (const url of ['/api/v1/employee/import/preview', '/api/v1/employee/import']) {
      const res = await upload(hr, url, csv);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe('row 3: column "Salary" sets pay, which only the owner or a user with Accounts-access can do. Remove the "Salary" column (or empty it) and upload the file again.');
    }
    const list = await get(owner, `/api/v1/employee/employees/${owner.user.email}?search=privatepay`);
    expect(list.json().data.map((e: { email: string }) => e.email)).toEqual(['ada@privatepay.ng']);
  });

  it('lists an empty gross column from HR-access alone as ignored, and imports the people without pay', async () => {
    const csv = ['First name,Last name,Email,Gross income', 'Bola,Ade,bola@privatepay.ng,', 'Chidi,Eze,chidi@privatepay.ng, '].join('\n');
    const preview = await upload(hr, '/api/v1/employee/import/preview', csv);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ validCount: 2, errors: [], columns: { recognised: ['First name', 'Last name', 'Email'], ignored: ['Gross income'] } });
    const started = await upload(hr, '/api/v1/employee/import', csv);
    expect(started.statusCode).toBe(202);
    expect((await waitForJob(t.app, hr.token, started.json().data.jobId)).status).toBe('succeeded');
    const people = (await get(owner, `/api/v1/employee/employees/${owner.user.email}?search=privatepay&limit=10`)).json().data as Array<{ email: string; grossIncomeMinor: number | null }>;
    expect(people.map((e) => [e.email, e.grossIncomeMinor])).toEqual(expect.arrayContaining([['bola@privatepay.ng', null], ['chidi@privatepay.ng', null]]));
  });

  it('lets Accounts-access import gross figures, which the preview shows as a recognised column', async () => {
    const csv = ['First name,Last name,Email,Gross income', 'Dayo,Ola,dayo@privatepay.ng,3600000'].join('\n');
    const preview = await upload(accounts, '/api/v1/employee/import/preview', csv);
    expect(preview.json().data).toMatchObject({ validCount: 1, columns: { recognised: ['First name', 'Last name', 'Email', 'Gross income'], ignored: [] } });
    const started = await upload(accounts, '/api/v1/employee/import', csv);
    expect((await waitForJob(t.app, accounts.token, started.json().data.jobId)).status).toBe('succeeded');
    const dayo = (await get(owner, `/api/v1/employee/employees/${owner.user.email}?search=dayo@`)).json().data[0];
    expect(dayo.grossIncomeMinor).toBe(360_000_000);
  });

  it('refuses a gross from HR-access alone on create and update (even null) and leaves the pay as it was', async () => {
    const create = await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${hr.user._id}`, headers: as(hr), payload: { firstName: 'Eve', lastName: 'Ike', email: 'eve@privatepay.ng', grossIncome: '1000000' } });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/grossIncome/);
    for (const grossIncome of ['1', null]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${ada._id}`, headers: as(hr), payload: { phone: '+234 803 000 0000', grossIncome } });
      expect(res.statusCode).toBe(403);
    }
    // Without the gross, HR-access updates the rest, and the answer shows no pay.
    const update = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${ada._id}`, headers: as(hr), payload: { phone: '+234 803 000 0000' } });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({ phone: '+234 803 000 0000', grossIncome: null, grossIncomeMinor: null });
    expect((await get(owner, `/api/v1/employee/detail/${ada._id}`)).json().data.grossIncomeMinor).toBe(GROSS_MINOR);
    const settings = await t.app.inject({ method: 'PUT', url: `/api/v1/employee/payment-settings/${ada._id}`, headers: as(hr), payload: { grossIncome: '1' } });
    expect(settings.statusCode).toBe(403);
  });
});
