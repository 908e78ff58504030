import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, VENDOR_IMPORT_MSG } from '@bizdesk/contract';
import { bearer, createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { staffUser } from './helpers/inventory.ts';
import { waitForJob } from './helpers/seed-people.ts';

const JOBS = '/api/v1/vendors/import';
type TPart = Parameters<typeof multipart>[0][number];
const csvFile = (text: string, name = 'vendors.csv'): TPart => ({ name: 'file', filename: name, contentType: 'text/csv', data: Buffer.from(text) });

describe('vendor import', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;

  const send = (url: string, parts: TPart[], token = owner.token) => {
    const form = multipart(parts);
    return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  };
  const runImport = async (parts: TPart[], session = owner) => {
    const res = await send(JOBS, parts, session.token);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(MSG.importStarted);
    return waitForJob(t.app, session.token, res.json().data.jobId, JOBS);
  };
  const vendors = async (session = owner) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/vendors/fetch-vendors/${session.user.email}`, headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<Record<string, any>>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Aba Traders', email: 'owner@aba.ng' });
    other = await registerBusiness(t.app, { businessName: 'Tamale Mart', email: 'owner@tamale.gh', country: 'GH' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/vendors/add-vendors', headers: bearer(owner.token), payload: { name: 'Dangote Cement Plc' } });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  const BAD_CSV = [
    'Vendor,Contact person,Email,Phone,Bank,Account number,Account name,TIN,Categories,Rating,Notes,Region',
    'Julius Berger Supplies,Ada Obi,sales@jb.example,+234 803 000 0001,Zenith Bank,1234567890,Julius Berger Supplies,TIN-1,"Steel; Cement",5,Reliable,South',
    ',Nobody,,,,,,,,,,',
    'dangote cement plc,,,,,,,,,,,',
    'Julius Berger Supplies,,,,,,,,,,,',
    'Bad Email Ltd,,not-an-email,,,,,,,,,',
    'Short Account Ltd,,,,,12-34,,,,,,',
    'Six Stars Ltd,,,,,,,,,6,,',
    'Okafor Hardware,Chidi Okafor,chidi@okafor.example,,,,,,Hardware|Tools,4,,',
  ].join('\n');

  it('previews a CSV: each bad row named by its spreadsheet row, names unique as for add-vendors, nothing written', async () => {
    const before = (await vendors()).length;
    const res = await send(`${JOBS}/preview`, [csvFile(BAD_CSV)]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalRows: 8, validCount: 2, invalidCount: 6 });
    expect(data.columns.ignored).toEqual(['Region']);
    const messages: string[] = data.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining([
      'row 3: name is required',
      'row 4: name a vendor named "Dangote Cement Plc" already exists',
      'row 5: name Julius Berger Supplies is also on row 2',
      'row 6: email must be a valid e-mail address',
      'row 7: bankAccountNumber must be 6 to 20 digits',
      'row 8: rating "6" must be a whole number from 1 to 5',
    ]));
    expect(messages.some((m) => m.startsWith('row 2:') || m.startsWith('row 9:'))).toBe(false);
    expect((await vendors()).length).toBe(before);
  });

  it('imports nothing while any row is bad, and every row of a clean file', async () => {
    const before = (await vendors()).length;
    const failed = await runImport([csvFile(BAD_CSV)]);
    expect(failed).toMatchObject({ status: 'failed', message: VENDOR_IMPORT_MSG.nothingImported, result: { created: 0, validCount: 2 } });
    expect((await vendors()).length).toBe(before);

    const clean = BAD_CSV.split('\n').filter((_l, i) => i === 0 || i === 1 || i === 8).join('\n');
    const job = await runImport([csvFile(clean)]);
    expect(job).toMatchObject({ status: 'succeeded', result: { created: 2, errorCount: 0 } });
    const list = await vendors();
    expect(list.find((v) => v.name === 'Julius Berger Supplies')).toMatchObject({
      contactName: 'Ada Obi', email: 'sales@jb.example', phone: '+234 803 000 0001', bankName: 'Zenith Bank', bankAccountNumber: '1234567890',
      bankAccountName: 'Julius Berger Supplies', taxId: 'TIN-1', categories: ['Steel', 'Cement'], rating: 5, notes: 'Reliable',
    });
    expect(list.find((v) => v.name === 'Okafor Hardware')).toMatchObject({ categories: ['Hardware', 'Tools'], rating: 4 });
    const notices = await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${owner.user.email}`, headers: bearer(owner.token) });
    expect(notices.json().data[0]).toMatchObject({ category: 'Procurement', actionType: VENDOR_IMPORT_MSG.finished, message: '2 vendors imported from vendors.csv' });
    // The same file again: every name is taken now.
    const again = await runImport([csvFile(clean)]);
    expect(again.result.errors.map((e: { message: string }) => e.message)).toContain('row 2: name a vendor named "Julius Berger Supplies" already exists');
  });

  it('reads an Excel workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vendors');
    sheet.addRow(['Name', 'Phone', 'Bank account number', 'Rating']);
    sheet.addRow(['Lagos Timber Co', '08030000002', 123456789012, 3]);
    const file: TPart = { name: 'file', filename: 'vendors.xlsx', contentType: 'application/octet-stream', data: Buffer.from(await workbook.xlsx.writeBuffer()) };
    expect((await runImport([file])).status).toBe('succeeded');
    expect((await vendors()).find((v) => v.name === 'Lagos Timber Co')).toMatchObject({ phone: '08030000002', bankAccountNumber: '123456789012', rating: 3 });
  });

  it('refuses files that are not vendor lists, at once', async () => {
    const cases: Array<[TPart[], number, string | RegExp]> = [
      [[csvFile('Email,Phone\na@b.example,0803\n')], 400, 'The file needs a header row with the columns: Name'],
      [[csvFile('Name,Email\n')], 400, VENDOR_IMPORT_MSG.empty],
      [[csvFile(`Name\n${'x\n'.repeat(2001)}`)], 413, /more than 2,000 rows/],
    ];
    for (const [parts, status, message] of cases) {
      const res = await send(`${JOBS}/preview`, parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
  });

  it('keeps imports to the business and to Procurement-access', async () => {
    const started = await send(JOBS, [csvFile('Name\nDangote Cement Plc\n')], other.token);
    expect(started.statusCode).toBe(202);
    // The name is taken in Aba Traders only.
    expect((await waitForJob(t.app, other.token, started.json().data.jobId, JOBS)).status).toBe('succeeded');
    expect((await t.app.inject({ method: 'GET', url: `${JOBS}/${started.json().data.jobId}`, headers: bearer(owner.token) })).statusCode).toBe(404);
    expect((await vendors(other)).map((v) => v.name)).toEqual(['Dangote Cement Plc']);
    const storekeeper = await staffUser(t.app, owner, 'Store Keeper', ['Inventory-access', 'Accounts-access']);
    for (const url of [`${JOBS}/preview`, JOBS]) expect((await send(url, [csvFile('Name\nNot Allowed Ltd\n')], storekeeper.token)).statusCode).toBe(403);
    const buyer = await staffUser(t.app, owner, 'Buyer Person', ['Procurement-access']);
    expect((await runImport([csvFile('Name\nAllowed Ltd\n')], { ...owner, token: buyer.token })).status).toBe('succeeded');
  });
});
