import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { INVENTORY_IMPORT_MSG, MSG } from '@bizdesk/contract';
import { createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { inventoryApi, staffUser, storeEmployee } from './helpers/inventory.ts';
import { waitForJob } from './helpers/seed-people.ts';

const JOBS = '/api/v1/inventory/import';
type TPart = Parameters<typeof multipart>[0][number];
const csvFile = (text: string, name = 'stock.csv'): TPart => ({ name: 'file', filename: name, contentType: 'text/csv', data: Buffer.from(text) });

describe('inventory import', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof inventoryApi>;

  const send = (url: string, parts: TPart[], token = owner.token) => {
    const form = multipart(parts);
    return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  };
  const runImport = async (parts: TPart[], session = owner) => {
    const res = await send(JOBS, parts, session.token);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MSG.importStarted);
    return waitForJob(t.app, session.token, res.json().data.jobId, JOBS);
  };
  const allItems = async (session = owner) =>
    api.must(await t.app.inject({ method: 'POST', url: '/api/v1/inventory/all-inventory', headers: { authorization: `Bearer ${session.token}` }, payload: { email: session.user.email } }), 200) as Array<Record<string, any>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Ikeja Stores', email: 'owner@ikeja.ng' });
    other = await registerBusiness(t.app, { businessName: 'Tema Depot', email: 'owner@tema.gh', country: 'GH' });
    api = inventoryApi(t.app, owner);
    await api.createItem({ tagName: 'ikeja-site', name: 'Dangote cement', sku: 'CEM-42', quantity: 5, unitCost: '5000' });
    await storeEmployee(t.app, owner, 'EMP-00001');
  });

  it('reads the reorder level from a "Min level", "Minimum" or "Reorder level" column instead of ignoring it', async () => {
    const csv = ['Project,Name,Unit,Quantity,Min level', 'ikeja-site,Tile adhesive,bags,8,10'].join('\n');
    expect((await runImport([csvFile(csv, 'min-level.csv')])).status).toBe('succeeded');
    const csv2 = ['Project,Name,Unit,Minimum', 'ikeja-site,Grout,bags,3'].join('\n');
    expect((await runImport([csvFile(csv2, 'minimum.csv')])).status).toBe('succeeded');
    const items = await allItems();
    expect(items.find((i) => i.name === 'Tile adhesive')).toMatchObject({ reorderLevel: 10, isAtReorderLevel: true });
    expect(items.find((i) => i.name === 'Grout')).toMatchObject({ reorderLevel: 3 });
  });
  afterAll(async () => t.close());

  const BAD_CSV = [
    'Project,Name,SKU,Unit,Category,Quantity,Reorder level,Unit cost,Colour',
    'ikeja-site,Iron rods 12mm,ROD-12,pieces,Steel,100,10,"8,500.50",grey',
    'ikeja-site,,X-1,bags,,1,,,',
    'ikeja-site,Sharp sand,cem-42,tonnes,,3,,15000,',
    'ikeja-site,Granite,ROD-12,tonnes,,2,,,',
    'ikeja-site,Paint,,buckets,,-4,1.2345,abc,',
    'ikeja-site,Nails,,kg,,,,300,',
    'ikeja-site,dangote CEMENT,,bags,,1,,,',
    'ikeja-site,Iron rods 12mm,,pieces,,1,,,',
    'lekki/yard,Blocks,,pieces,,,,,',
    'ikeja-site,Roofing sheets,RF-1,sheets,Roofing,40,5,12000,',
  ].join('\n');

  it('previews a CSV: each bad row named by its spreadsheet row, the SKU rule applied, nothing written', async () => {
    const before = (await allItems()).length;
    const res = await send(`${JOBS}/preview`, [csvFile(BAD_CSV)]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ fileName: 'stock.csv', format: 'csv', totalRows: 10, validCount: 2, invalidCount: 8 });
    expect(data.columns.ignored).toEqual(['Colour']);
    const messages: string[] = data.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining([
      'row 3: name is required',
      'row 4: sku cem-42 already belongs to Dangote cement (project ikeja-site); receive more stock on that item instead',
      'row 5: sku ROD-12 is also on row 2',
      'row 6: quantity "-4" must be a quantity of 0 or more with at most 3 decimal places, such as 12 or 12.5',
      'row 6: reorderLevel "1.2345" must be a quantity of 0 or more with at most 3 decimal places, such as 12 or 12.5',
      'row 6: unitCost "abc" must be an amount with at most 2 decimal places, such as 1500 or 1500.50',
      'row 7: unitCost needs an opening quantity it is the cost of',
      'row 8: name dangote CEMENT already exists in project ikeja-site; receive more stock on that item instead',
      'row 9: name Iron rods 12mm is also on row 2 for project ikeja-site',
      'row 10: tagName must not contain / or \\',
    ]));
    expect(messages.some((m) => m.startsWith('row 2:') || m.startsWith('row 11:'))).toBe(false);
    expect((await allItems()).length).toBe(before);
  });

  it('imports nothing while any row is bad, with the errors in the job result', async () => {
    const before = await allItems();
    const job = await runImport([csvFile(BAD_CSV)]);
    expect(job).toMatchObject({ status: 'failed', progress: 100, message: INVENTORY_IMPORT_MSG.nothingImported, result: { created: 0, validCount: 2 } });
    expect(job.result.errors.length).toBeGreaterThanOrEqual(10);
    expect(await allItems()).toEqual(before);
  });

  it('creates the items of a clean file with their opening stock as logged receipts at the weighted-average cost', async () => {
    const csv = [
      'Project,Name,SKU,Unit,Category,Quantity,Reorder level,Unit cost',
      'ikeja-site,Iron rods 12mm,ROD-12,pieces,Steel,100,10,"8,500.50"',
      'ikeja-site,Roofing sheets,RF-1,sheets,Roofing,4,5,12000',
      'ikeja-yard,Wheelbarrow,,pieces,Tools,,2,',
    ].join('\n');
    const job = await runImport([csvFile(csv, 'opening.csv')]);
    expect(job).toMatchObject({ status: 'succeeded', phase: 'done', result: { created: 3, skipped: 0, errorCount: 0 } });
    const items = await allItems();
    const rods = items.find((i) => i.name === 'Iron rods 12mm')!;
    expect(rods).toMatchObject({ tagName: 'ikeja-site', sku: 'ROD-12', unit: 'pieces', category: 'Steel', quantity: 100, reorderLevel: 10, averageCostMinor: 850050, stockValueMinor: 85005000, isAtReorderLevel: false });
    expect(items.find((i) => i.name === 'Wheelbarrow')).toMatchObject({ tagName: 'ikeja-yard', sku: null, quantity: 0, stockValueMinor: 0 });
    const log = (await api.logs(undefined, { itemId: rods._id })).json();
    expect(log.totalRecords).toBe(1);
    expect(log.data[0]).toMatchObject({ kind: 'instock', quantity: 100, unitCostMinor: 850050, valueMinor: 85005000, balanceAfter: 100, reference: 'opening stock', purpose: 'Opening stock, imported from opening.csv', employeeNumber: 'Owner Person', tagName: 'ikeja-site', recordedBy: 'user' });
    // Only items with opening stock get a receipt.
    expect((await api.logs(undefined, { itemId: items.find((i) => i.name === 'Wheelbarrow')!._id })).json().totalRecords).toBe(0);
    // A later receipt averages with the imported stock: (100 × 8500.50 + 100 × 9500) / 200.
    expect((await api.instock(rods._id, 100, { unitCost: '9500', tag: 'ikeja-site' })).json().data.item).toMatchObject({ quantity: 200, averageCostMinor: 900025 });
    const notices = await api.notifications();
    expect(notices).toEqual(expect.arrayContaining([
      expect.objectContaining({ category: 'Inventory', actionType: INVENTORY_IMPORT_MSG.finished, message: '3 items imported from opening.csv, 2 with opening stock' }),
      expect.objectContaining({ category: 'Inventory', actionType: 'Reorder level', message: '1 imported item is at or below the reorder level: Roofing sheets (ikeja-site)' }),
    ]));
    // The same file again is refused row by row: an import never adds to existing items.
    const again = await runImport([csvFile(csv, 'opening.csv')]);
    expect(again.status).toBe('failed');
    expect(again.result.errors.map((e: { message: string }) => e.message)).toContain('row 2: sku ROD-12 already belongs to Iron rods 12mm (project ikeja-site); receive more stock on that item instead');
  });

  it('reads numbers in the uploader\'s language: German CSV with semicolons, and plain numbers as written by spreadsheet programs', async () => {
    const csv = 'Projekt;Name;Unit;Quantity;Unit cost\nabuja-site;Diesel;litres;1.250,5;1.234,56\nabuja-site;Kerosene;litres;12.5;700.00\n';
    // "Projekt" is not a column name the import knows: the header must name Project.
    expect((await send(`${JOBS}/preview`, [{ name: 'language', value: 'de' }, csvFile(csv)])).json().message).toBe('The file needs a header row with the columns: Project');
    const fixed = csv.replace('Projekt', 'Project');
    expect((await send(`${JOBS}/preview`, [{ name: 'language', value: 'de' }, csvFile(fixed)])).json().data).toMatchObject({ validCount: 2, errors: [] });
    const job = await runImport([{ name: 'language', value: 'de' }, csvFile(fixed)]);
    expect(job.status).toBe('succeeded');
    const items = await allItems();
    expect(items.find((i) => i.name === 'Diesel')).toMatchObject({ quantity: 1250.5, averageCostMinor: 123456 });
    expect(items.find((i) => i.name === 'Kerosene')).toMatchObject({ quantity: 12.5, averageCostMinor: 70000 });
    // In English the German amount is not a number: refused, not misread.
    const en = (await send(`${JOBS}/preview`, [csvFile(fixed.replace(/Diesel/, 'Petrol').replace(/Kerosene/, 'Gas'))])).json().data;
    expect(en.errors.map((e: { message: string }) => e.message)).toContain('row 2: quantity "1.250,5" must be a quantity of 0 or more with at most 3 decimal places, such as 12 or 12.5');
    expect((await send(`${JOBS}/preview?language=x1`, [csvFile(fixed)])).statusCode).toBe(400);
  });

  it('reads an Excel workbook, our own export among them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['Name', 'SKU', 'Unit', 'Category', 'Project', 'Quantity', 'Reorder level', 'Average cost', 'Stock value']);
    sheet.addRow(['Cable 2.5mm', 'CAB-25', 'rolls', 'Electrical', 'kano-site', 1.125, 0, 4500.5, 5063.06]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const file: TPart = { name: 'file', filename: 'stock.xlsx', contentType: 'application/octet-stream', data: buffer };
    // German numbers do not apply to number cells: 1.125 stays one and an eighth.
    const job = await runImport([{ name: 'language', value: 'de' }, file]);
    expect(job.status).toBe('succeeded');
    expect((await allItems()).find((i) => i.sku === 'CAB-25')).toMatchObject({ quantity: 1.125, averageCostMinor: 450050, tagName: 'kano-site' });
  });

  it('refuses files that are not stock lists, at once', async () => {
    const cases: Array<[TPart[], number, string | RegExp]> = [
      [[csvFile('Name,Unit\nCement,bags\n')], 400, 'The file needs a header row with the columns: Project'],
      [[csvFile('Project,Name,Unit\n')], 400, INVENTORY_IMPORT_MSG.empty],
      [[{ name: 'file', filename: 'x.csv', contentType: 'text/csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) }], 415, MSG.importFileType],
      [[csvFile(`Project,Name,Unit\n${'a,b,c\n'.repeat(5001)}`)], 413, /more than 5,000 rows/],
    ];
    for (const [parts, status, message] of cases) {
      const res = await send(`${JOBS}/preview`, parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
  });

  it('keeps imports to the business: another business\'s job is 404 and its items are not counted', async () => {
    const job = await send(JOBS, [csvFile('Project,Name,SKU,Unit\ntema-site,Cement,CEM-42,bags\n')], other.token);
    expect(job.statusCode).toBe(202);
    const done = await waitForJob(t.app, other.token, job.json().data.jobId, JOBS);
    // CEM-42 is taken in Ikeja Stores only: another business may use the same SKU.
    expect(done.status).toBe('succeeded');
    expect((await t.app.inject({ method: 'GET', url: `${JOBS}/${job.json().data.jobId}`, headers: api.h })).statusCode).toBe(404);
    expect((await allItems()).some((i) => i.tagName === 'tema-site')).toBe(false);
    expect((await allItems(other)).map((i) => i.name)).toEqual(['Cement']);
  });

  it('takes the roles of item create: Inventory-access may import, others are refused', async () => {
    const clerk = await staffUser(t.app, owner, 'Store Clerk', ['Inventory-access']);
    const buyer = await staffUser(t.app, owner, 'Buyer Person', ['Procurement-access', 'HR-access']);
    const file = csvFile('Project,Name,Unit\nikeja-site,Gloves,pairs\n');
    for (const url of [`${JOBS}/preview`, JOBS]) expect((await send(url, [file], buyer.token)).statusCode).toBe(403);
    expect((await allItems()).some((i) => i.name === 'Gloves')).toBe(false);
    const started = await send(JOBS, [file], clerk.token);
    expect(started.statusCode).toBe(202);
    expect((await t.app.inject({ method: 'GET', url: `${JOBS}/${started.json().data.jobId}`, headers: { authorization: `Bearer ${buyer.token}` } })).statusCode).toBe(403);
    expect((await waitForJob(t.app, clerk.token, started.json().data.jobId, JOBS)).status).toBe('succeeded');
    expect((await allItems()).find((i) => i.name === 'Gloves')).toMatchObject({ tagName: 'ikeja-site', unit: 'pairs' });
  });
});
