import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlogRowKey } from '@bizdesk/contract';
import { createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costRow, costsApi } from './helpers/costs.ts';
import { hashBacklogRows } from '../src/features/costs/costs.service.ts';

/** The hashes the web sends: SHA-256 of backlogRowKey, counting identical rows before each. */
const webHashes = (rows: Array<{ date: string; description: string; category: string; amount: string }>) => {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const base = backlogRowKey(r, 0);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return createHash('sha256').update(backlogRowKey(r, n)).digest('hex');
  });
};

describe('backlog import', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof costsApi>;
  let otherApi: ReturnType<typeof costsApi>;
  const rows = Array.from({ length: 200 }, (_, i) => costRow(i));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Backlog Builders', email: 'owner@backlog.ng' });
    other = await registerBusiness(t.app, { businessName: 'Other Builders', email: 'owner@other.gh', country: 'GH' });
    api = costsApi(t.app, owner);
    otherApi = costsApi(t.app, other);
  });
  afterAll(async () => t.close());

  const importHashes = (a: ReturnType<typeof costsApi>, email: string, tagName: string, formattedData: typeof rows, hashes: string[]) =>
    a.call({ method: 'POST', url: '/api/v1/cost/backlog-hashes', payload: { email, tagName, formattedData, hashes, projectDescription: 'Past costs', projectScope: '' } });

  it('imports 200 rows with their hashes, then skips and counts all 200 on a second import of the same file', async () => {
    const hashes = webHashes(rows);
    const first = await importHashes(api, owner.user.email, 'Ikoyi Bridge', rows, hashes);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({ tagName: 'Ikoyi Bridge', received: 200, imported: 200, skipped: 0, batchId: expect.any(String) });
    const second = await importHashes(api, owner.user.email, 'Ikoyi Bridge', rows, hashes);
    expect(second.json().data).toEqual({ tagName: 'Ikoyi Bridge', received: 200, imported: 0, skipped: 200, batchId: expect.any(String) });
    const list = await api.list(`/api/v1/cost/filtered-record/${owner.user.email}/Ikoyi%20Bridge`);
    expect(list.json().totalRecords).toBe(200);
  });

  it('imports only the new rows of a file that grew, and keeps two identical purchases as two rows', async () => {
    const twin = { description: 'Cement bags', category: 'Materials', amount: '5000', date: '2026-03-01' };
    const grown = [...rows, twin, twin];
    const res = await importHashes(api, owner.user.email, 'Ikoyi Bridge', grown, webHashes(grown));
    expect(res.json().data).toMatchObject({ received: 202, imported: 2, skipped: 200 });
  });

  it('backlog without hashes computes the same hashes as the web, so it dedupes against backlog-hashes', async () => {
    expect(hashBacklogRows(rows)).toEqual(webHashes(rows));
    const res = await api.call({ method: 'POST', url: '/api/v1/cost/backlog', payload: { email: owner.user.email, tagName: 'Ikoyi Bridge', formattedData: rows.slice(0, 10) } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 0, skipped: 10 });
  });

  it('the same rows in another project or another business are not duplicates', async () => {
    const hashes = webHashes(rows.slice(0, 5));
    const res = await importHashes(api, owner.user.email, 'Second Project', rows.slice(0, 5), hashes);
    expect(res.json().data).toMatchObject({ imported: 5, skipped: 0 });
    const theirs = await importHashes(otherApi, other.user.email, 'Ikoyi Bridge', rows.slice(0, 5), hashes);
    expect(theirs.json().data).toMatchObject({ imported: 5, skipped: 0 });
  });

  it('refuses the whole call when one row is bad, naming the row, and when hashes do not match the rows', async () => {
    const bad = [...rows.slice(0, 3), { ...costRow(99), date: '31/01/2026' }];
    const res = await importHashes(api, owner.user.email, 'Bad Import', bad, webHashes(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^formattedData\.3\.date/);
    const short = await importHashes(api, owner.user.email, 'Bad Import', rows.slice(0, 3), webHashes(rows.slice(0, 2)));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^hashes: must hold one hash per row/);
    const list = await api.list(`/api/v1/cost/filtered-record/${owner.user.email}/Bad%20Import`);
    expect(list.statusCode).toBe(404); // not even the project was made
  });

  it("refuses another business's e-mail with 403 and writes nothing", async () => {
    const res = await importHashes(otherApi, owner.user.email, 'Ikoyi Bridge', rows.slice(0, 2), webHashes(rows.slice(0, 2)));
    expect(res.statusCode).toBe(403);
  });

  it('previews a CSV spreadsheet as header and rows for column mapping', async () => {
    const csv = 'Date,Details,Type,Naira\n2026-01-02,Diesel,Fuel,"1,500.00"\n2026-01-03,Guard,Labour,2000\n';
    const form = multipart([{ name: 'file', filename: 'costs.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
    const res = await api.call({ method: 'POST', url: '/api/v1/cost/backlog-preview', headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ headers: ['Date', 'Details', 'Type', 'Naira'], rows: [['2026-01-02', 'Diesel', 'Fuel', '1,500.00'], ['2026-01-03', 'Guard', 'Labour', '2000']], truncated: false, duplicates: [] });
    const png = multipart([{ name: 'file', filename: 'costs.csv', contentType: 'text/csv', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }]);
    const wrong = await api.call({ method: 'POST', url: '/api/v1/cost/backlog-preview', headers: png.headers, payload: png.payload });
    expect(wrong.statusCode).toBe(415);
  });
});
