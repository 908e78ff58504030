import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLACE_FOLDED_COLUMNS, PLACE_REPOINTED_COLUMNS } from '../src/features/places/places.repo.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

/**
 * Merging two spellings of one project (Settings › Places) keeps its money settings: budgets add up per category, the
 * surviving contract stands, certificates keep distinct numbers, labour splits add up, orders and fuel follow. Before,
 * the places with budgets, a contract, orders or labour splits could not be merged at all (foreign keys).
 */
describe('merging projects with budgets, contracts, certificates, orders and labour splits', () => {
  let t: TTestApp;
  let owner: TSession;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Chinwe Contractors', email: 'chinwe@merge-projects.ng' });
  });
  afterAll(async () => t?.close());

  it('names every foreign key to a place: repointed or folded by a merge', async () => {
    const rows = (await t.deps.db.execute(sql`
      SELECT c.conrelid::regclass::text AS t, a.attname AS col FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'places'::regclass`) as unknown as { rows: Array<{ t: string; col: string }> }).rows;
    const handled = new Set<string>([...PLACE_REPOINTED_COLUMNS(), ...PLACE_FOLDED_COLUMNS]);
    expect(rows.map((r) => `${r.t}.${r.col}`).filter((c) => !handled.has(c))).toEqual([]);
  });

  it('adds budgets per category, keeps the surviving contract, renames a clashing certificate and moves orders and labour', async () => {
    const keep = (await ok('POST', '/api/v1/places', { kind: 'project', name: 'Lekki Phase 1' }, 201))._id as string;
    const gone = (await ok('POST', '/api/v1/places', { kind: 'project', name: 'Lekki Ph 1' }, 201))._id as string;
    await ok('PUT', `/api/v1/projects/${keep}/budget`, { lines: [{ category: 'materials', amount: '2000000' }] });
    await ok('PUT', `/api/v1/projects/${gone}/budget`, { lines: [{ category: 'materials', amount: '500000' }, { category: 'labour', amount: '300000' }] });
    await ok('PUT', `/api/v1/projects/${keep}/contract`, { contractValue: '10000000', retentionPercent: '5', whtPercent: '2.5' });
    await ok('PUT', `/api/v1/projects/${gone}/contract`, { contractValue: '3000000', retentionPercent: '10', whtPercent: '5' });
    await ok('POST', `/api/v1/projects/${keep}/certificates`, { number: 'IPC 1', date: '2026-02-01', gross: '1000000' }, 201);
    await ok('POST', `/api/v1/projects/${gone}/certificates`, { number: 'ipc 1', date: '2026-02-03', gross: '400000' }, 201);
    const vendor = (await ok('POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement' }, 201))[0]._id;
    const [order] = await ok('POST', '/api/v1/orders/add-orders', { vendorId: vendor, projectId: gone, lines: [{ item: 'Cement', unit: 'bag', quantity: 10, unitPrice: '10000' }] }, 201);
    const employeeId = (await ok('POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Tunde', lastName: 'Mason', email: 'tunde@merge-projects.ng', grossIncome: '2400000' }, 201))._id as string;
    await ok('PUT', `/api/v1/projects/labour-allocation/${employeeId}`, { effectiveMonth: '2026-03', allocations: [{ projectId: keep, percentBp: 2000 }, { projectId: gone, percentBp: 3000 }] });

    const merged = await ok('POST', `/api/v1/places/${gone}/merge`, { intoId: keep });
    expect(merged.moved).toMatchObject({ project_budgets: 2, project_contracts: 0, employee_project_allocations: 1, purchase_orders: 1 });

    const budget = await ok('GET', `/api/v1/projects/${keep}/costing`);
    const byCategory = Object.fromEntries((budget.categories ?? budget.budget ?? []).map((l: { category: string; budgetMinor: number | null }) => [l.category, l.budgetMinor]));
    expect(byCategory).toMatchObject({ materials: 250_000_000, labour: 30_000_000 });
    expect(budget).toMatchObject({ contractValueMinor: 1_000_000_000 });
    const certificates = (budget.certificates as Array<{ number: string; grossMinor: number }>).map((c) => [c.number, c.grossMinor]).sort();
    expect(certificates).toEqual([['IPC 1', 100_000_000], ['ipc 1 (Lekki Ph 1)', 40_000_000]]);
    expect((await ok('GET', `/api/v1/orders/detail/${order._id}`)).project).toEqual({ _id: keep, name: 'Lekki Phase 1' });
    const allocation = await ok('GET', `/api/v1/projects/labour-allocation/${employeeId}`);
    expect(JSON.stringify(allocation)).toContain('5000');
    expect((await call('GET', `/api/v1/projects/${gone}/costing`)).statusCode).toBe(404);
  });
});
