import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { projectCostEntries } from '../src/db/schema/index.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costsApi } from './helpers/costs.ts';

describe('project cost ledger: cost records (issue 35)', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof costsApi>;
  const entries = async () => t.deps.db.select().from(projectCostEntries).where(eq(projectCostEntries.businessId, owner.user.businessId));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Ledger Builders', email: 'ledger@builders.ng' });
    api = costsApi(t.app, owner);
  });
  afterAll(async () => t.close());

  it('puts each cost record on its project once, under the category its typed text falls in, and follows edits and deletes', async () => {
    const res = await api.addRecords('Ikoyi Annex', [
      { description: 'Diesel for generator', category: 'Fuel', amount: '15000.50', date: '2026-01-10' },
      { description: 'Masons', category: 'Casual labour', amount: 45000, date: '2026-01-12' },
    ]);
    expect(res.statusCode).toBe(201);
    const made = await entries();
    expect(made.map((e) => [e.category, e.stage, e.amountMinor, e.sourceKind]).sort()).toEqual([
      ['labour', 'actual', 4500000, 'cost-record'], ['plant-fuel', 'actual', 1500050, 'cost-record'],
    ]);
    const [diesel] = res.json().data as Array<{ _id: string }>;
    const edit = await api.call({ method: 'PUT', url: '/api/v1/cost/update-record', payload: { id: diesel._id, amount: 20000, category: 'Cement' } });
    expect(edit.statusCode).toBe(200);
    const edited = await t.deps.db.select().from(projectCostEntries).where(and(eq(projectCostEntries.sourceId, diesel._id)));
    expect(edited.map((e) => [e.category, e.amountMinor])).toEqual([['materials', 2000000]]);
    const del = await api.call({ method: 'DELETE', url: `/api/v1/cost/delete-record/${diesel._id}` });
    expect(del.statusCode).toBe(200);
    expect((await entries()).map((e) => e.category)).toEqual(['labour']);
  });
});
