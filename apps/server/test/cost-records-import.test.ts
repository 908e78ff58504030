import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { backlogRowKey, costAmountMinor } from '@bizdesk/contract';
import { auditLog, costRecords, projectCostEntries } from '../src/db/schema/index.ts';
import { hashBacklogRows } from '../src/features/costs/costs.service.ts';
import { createTestApp, multipart, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costsApi } from './helpers/costs.ts';

/** Issue 35: duplicates found on normalised values, import batches that can be undone, search and totals over all pages. */
describe('cost records: re-imports, import batches and server-side search', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof costsApi>;

  // 25 rows as the first file had them (plain amounts) and as the second had them (thousands separators, a currency sign).
  const plain = Array.from({ length: 25 }, (_, i) => ({ date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`, description: `Cement delivery ${i}`, category: 'Materials', amount: String(160000 + i * 2500) }));
  const formatted = plain.map((r, i) => ({
    ...r, description: `  ${r.description.toUpperCase().replace(' ', '   ')} `, category: ' materials',
    amount: i % 2 ? `₦${Number(r.amount).toLocaleString('en-US')}` : `${Number(r.amount).toLocaleString('en-US')}.00`,
  }));
  const importFile = (rows: unknown[], extra: Record<string, unknown> = {}) =>
    api.call({ method: 'POST', url: '/api/v1/cost/backlog', payload: { email: owner.user.email, tagName: 'Ikoyi Villas', formattedData: rows, ...extra } });
  const sum = (rows: typeof plain) => rows.reduce((s, r) => s + costAmountMinor(r.amount)!, 0);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Import Builders', email: 'import@builders.ng' });
    other = await registerBusiness(t.app, { businessName: 'Other Works', email: 'other@works.ng' });
    api = costsApi(t.app, owner);
  });
  afterAll(async () => t?.close());

  it('reads "162,500.00", "162500" and "₦162,500" as one amount, and hashes rows from normalised values', () => {
    expect(['162,500.00', '162500', '₦162,500', '₦ 162,500.00', 162500, 'NGN 162500.0'].map(costAmountMinor)).toEqual(Array(6).fill(16250000));
    expect(costAmountMinor('1.500,50')).toBe(150050);
    expect(costAmountMinor('12.345')).toBe(1234500);
    expect(costAmountMinor('lots')).toBeNull();
    const a = { date: '2026-03-01', description: 'Diesel  for Site', category: 'Fuel', amount: '162,500.00' };
    const b = { date: '2026-03-01', description: ' diesel for site ', category: 'fuel ', amount: '162500' };
    expect(backlogRowKey(a, 0)).toBe(backlogRowKey(b, 0));
    expect(hashBacklogRows([a])).toEqual(hashBacklogRows([b]));
    expect(hashBacklogRows([a])[0]).toBe(createHash('sha256').update(backlogRowKey(b, 0)).digest('hex'));
  });

  it('a re-import of the same rows with formatted amounts adds nothing', async () => {
    const first = await importFile(plain, { fileName: 'march.csv' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ received: 25, imported: 25, skipped: 0 });
    const again = await importFile(formatted, { fileName: 'march-formatted.xlsx' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ received: 25, imported: 0, skipped: 25 });
    const list = await api.list(`/api/v1/cost/filtered-record/${owner.user.email}/Ikoyi%20Villas?limit=100`);
    expect(list.json()).toMatchObject({ totalRecords: 25, totalAmountMinor: sum(plain) });
  });

  it('keeps the chunks of one file in one batch and lists batches with what each added', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ date: '2026-04-02', description: `Sand load ${i}`, category: 'Materials', amount: '45,000' }));
    const one = await importFile(rows.slice(0, 3), { fileName: 'april.csv' });
    const batchId = one.json().data.batchId as string;
    const two = await importFile(rows.slice(3), { batchId });
    expect(two.json().data).toMatchObject({ imported: 3, batchId });
    const list = await api.list(`/api/v1/cost/import-batches/${owner.user.email}?tagName=Ikoyi%20Villas`);
    expect(list.statusCode).toBe(200);
    const batches = list.json().data as Array<Record<string, unknown>>;
    expect(batches.map((b) => b.fileName)).toEqual(['april.csv', 'march-formatted.xlsx', 'march.csv']);
    expect(batches[0]).toMatchObject({ received: 6, imported: 6, skipped: 0, remaining: 6, amountMinor: 6 * 4500000, status: 'active', createdBy: expect.any(String) });
    expect(batches[1]).toMatchObject({ received: 25, imported: 0, skipped: 25, remaining: 0 });
    // Another business sees none of them and cannot add to or undo them.
    const foreign = costsApi(t.app, other);
    expect((await foreign.list(`/api/v1/cost/import-batches/${other.user.email}`)).json().data).toEqual([]);
    const undoForeign = await foreign.call({ method: 'POST', url: `/api/v1/cost/import-batches/${other.user.email}/${batchId}/undo` });
    expect(undoForeign.statusCode).toBe(404);
  });

  it('undoing a batch removes its records and their ledger entries, is audited, and cannot be done twice', async () => {
    const batches = (await api.list(`/api/v1/cost/import-batches/${owner.user.email}`)).json().data as Array<{ _id: string; fileName: string }>;
    const march = batches.find((b) => b.fileName === 'march.csv')!;
    const ids = (await t.deps.db.select({ id: costRecords.id }).from(costRecords).where(eq(costRecords.batchId, march._id))).map((r) => r.id);
    expect(ids).toHaveLength(25);
    const onLedger = () => t.deps.db.select().from(projectCostEntries).where(and(eq(projectCostEntries.sourceKind, 'cost-record'), inArray(projectCostEntries.sourceId, ids)));
    expect(await onLedger()).toHaveLength(25);

    const undo = await api.call({ method: 'POST', url: `/api/v1/cost/import-batches/${owner.user.email}/${march._id}/undo` });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toMatchObject({ deleted: 25, batch: { status: 'undone', remaining: 0, undoneBy: expect.any(String) } });
    expect(await t.deps.db.select().from(costRecords).where(inArray(costRecords.id, ids))).toHaveLength(0);
    expect(await onLedger()).toHaveLength(0);
    expect(await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'cost.import-undone'), eq(auditLog.entityId, march._id)))).toHaveLength(1);

    const twice = await api.call({ method: 'POST', url: `/api/v1/cost/import-batches/${owner.user.email}/${march._id}/undo` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This import was already undone');
    // A chunk cannot join an undone batch; the rows can be imported again as a new batch.
    expect((await importFile(plain.slice(0, 2), { batchId: march._id })).statusCode).toBe(409);
    expect((await importFile(formatted, { fileName: 'march-again.csv' })).json().data).toMatchObject({ imported: 25 });
  });

  it('searches, filters and totals over every page, not only the one shown', async () => {
    const base = `/api/v1/cost/filtered-record/${owner.user.email}/Ikoyi%20Villas`;
    const all = await api.list(`${base}?limit=10`);
    expect(all.json()).toMatchObject({ totalRecords: 31, total: 4 });
    expect(all.json().data).toHaveLength(10);
    const sand = await api.list(`${base}?limit=2&q=${encodeURIComponent('SAND  load')}`);
    expect(sand.json()).toMatchObject({ totalRecords: 6, total: 3, totalAmountMinor: 6 * 4500000 });
    expect(sand.json().data).toHaveLength(2);
    const ranged = await api.list(`${base}?from=2026-03-01&to=2026-03-10&min=170000&category=MATERIALS&source=backlog`);
    const expected = plain.filter((r) => r.date <= '2026-03-10' && Number(r.amount) >= 170000);
    expect(ranged.json()).toMatchObject({ totalRecords: expected.length, totalAmountMinor: sum(expected) });
    const everywhere = await api.list(`/api/v1/cost/all-records/${owner.user.email}?q=cement&max=165,000&limit=1`);
    expect(everywhere.statusCode).toBe(400);
    const cheap = await api.list(`/api/v1/cost/all-records/${owner.user.email}?q=cement&max=165000&limit=1`);
    expect(cheap.json()).toMatchObject({ totalRecords: 3, totalAmountMinor: 16000000 + 16250000 + 16500000 });
    expect(cheap.json().data).toHaveLength(1);
  });

  it('flags rows of a file alike once normalised in the preview, before anything is imported', async () => {
    const csv = 'Date,Description,Category,Amount\n2026-05-01,Diesel,Fuel,"987,500.00"\n2026-05-01, diesel ,fuel,987500\n2026-05-02,Cement,Materials,1000\n';
    const res = await api.call({ method: 'POST', url: '/api/v1/cost/backlog-preview', ...multipart([{ name: 'file', filename: 'may.csv', contentType: 'text/csv', data: Buffer.from(csv) }]) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.duplicates).toEqual([[2, 3]]);
  });
});
