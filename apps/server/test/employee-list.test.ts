import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZEmployee, ZPaged } from '@bizdesk/contract';
import { responseSerializerCompiler } from '../src/platform/http/response-serializer.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { foldEmployeeLiveCounts } from '../src/features/employees/employees.repo.ts';

describe('staff list on the production data path', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;

  beforeAll(async () => {
    // Production mode: responses are written with JSON.stringify, not passed through zod.
    t = await createTestApp({ NODE_ENV: 'production' });
    owner = await registerBusiness(t.app, { businessName: 'Fast Path Ltd' });
    api = peopleApi(t.app, owner);
    const sales = await api.department('Sales');
    for (const [i, first] of ['Zainab', 'Ama', 'Musa', 'Bola', 'Kwame'].entries()) {
      await api.employee({ firstName: first, lastName: `L${i}`, email: `${first.toLowerCase()}@fast.ng`, ...(i % 2 ? { departmentId: sales._id } : {}), grossIncome: '1200000.50' });
    }
  });
  afterAll(async () => t.close());

  it('writes exactly the bytes the contract schema would write', async () => {
    for (const query of ['', '?limit=2&page=2', '?sort=department&order=desc', '?search=a&limit=3']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/employee/employees/${owner.user.email}${query}`, headers: api.h });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(ZPaged(ZEmployee).encode(res.json())));
    }
  });

  it('answers a page, its order and the total in one go, also past the last page', async () => {
    const first = await api.list({ limit: 2 });
    expect(first.data.map((e) => e.firstName)).toEqual(['Ama', 'Bola']);
    expect(first).toMatchObject({ page: 1, limit: 2, total: 3, totalRecords: 5 });
    expect((await api.list({ limit: 2, page: 3 })).data.map((e) => e.firstName)).toEqual(['Zainab']);
    expect(await api.list({ limit: 2, page: 9 })).toMatchObject({ data: [], totalRecords: 5, total: 3 });
    expect(await api.list({ search: 'nobody' })).toMatchObject({ data: [], totalRecords: 0, total: 1 });
    const sorted = await api.list({ sort: 'name', order: 'desc', limit: 5 });
    expect(sorted.data.map((e) => e.firstName)).toEqual(['Zainab', 'Musa', 'Kwame', 'Bola', 'Ama']);
    const inSales = await api.list({ departmentId: (sorted.data.find((e) => e.department === 'Sales'))!.departmentId, limit: 5 });
    expect(inSales.totalRecords).toBe(2);
    expect(inSales.data.every((e) => e.department === 'Sales')).toBe(true);
  });

  it('keeps the unfiltered total exact through creates, deletes, writes outside the app and the scheduled fold', async () => {
    const other = await registerBusiness(t.app, { businessName: 'Other Count Ltd' });
    const otherApi = peopleApi(t.app, other);
    await otherApi.employee({ firstName: 'Solo', lastName: 'Other', email: 'solo@other.ng' });
    const before = (await api.list()).totalRecords;
    const made = await Promise.all([1, 2, 3, 4].map((i) => api.employee({ firstName: 'Count', lastName: `N${i}`, email: `count${i}@fast.ng` })));
    expect((await api.list()).totalRecords).toBe(before + 4);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/employee/delete/${made[0]._id}`, headers: api.h });
    expect(del.statusCode).toBe(200);
    expect((await api.list()).totalRecords).toBe(before + 3);
    // A write that bypasses the app (a bulk fix by an operator) is counted too: the database keeps the count.
    await t.deps.db.execute(sql`UPDATE employees SET deleted_at = now() WHERE business_id = ${owner.user.businessId} AND last_name IN ('N2', 'N3')`);
    expect((await api.list()).totalRecords).toBe(before + 1);
    await t.deps.db.execute(sql`UPDATE employees SET deleted_at = NULL WHERE business_id = ${owner.user.businessId} AND last_name = 'N2'`);
    const one = async (query: ReturnType<typeof sql>) => ((await t.deps.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0];
    const exact = await one(sql`SELECT count(*)::int AS n FROM employees WHERE business_id = ${owner.user.businessId} AND deleted_at IS NULL`);
    expect((await api.list()).totalRecords).toBe(exact.n);
    expect(exact.n).toBe(before + 2);

    const rowsOf = async () => (await one(sql`SELECT count(*)::int AS n FROM employee_live_counts WHERE business_id = ${owner.user.businessId}`)).n;
    expect(await rowsOf()).toBeGreaterThan(1);
    await foldEmployeeLiveCounts(t.deps.db);
    expect(await rowsOf()).toBe(1);
    expect((await api.list()).totalRecords).toBe(exact.n);
    expect((await otherApi.list()).totalRecords).toBe(1);
  });

  it('answers a kept page again only until anything it shows changes, through the app or outside it', async () => {
    const biz = await registerBusiness(t.app, { businessName: 'Kept Pages Ltd' });
    const kept = peopleApi(t.app, biz);
    const ops = await kept.department('Operations');
    const clerk = await kept.designation('Clerk');
    const e = await kept.employee({ firstName: 'Efua', lastName: 'Mensah', email: 'efua@kept.gh', departmentId: ops._id, designationId: clerk._id });
    await kept.employee({ firstName: 'Yaw', lastName: 'Owusu', email: 'yaw@kept.gh' });
    const row = async () => (await kept.list({ limit: 5 })).data.find((x) => x._id === e._id)!;
    const exec = (q: ReturnType<typeof sql>) => t.deps.db.execute(q);
    expect(await row()).toMatchObject({ firstName: 'Efua', department: 'Operations', designation: 'Clerk', unit: 'Kept Pages Ltd' });

    // A change the version does not see (triggers off for one statement) is not shown: the page is kept.
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE employees SET first_name = 'Hidden' WHERE id = ${e._id}`);
    });
    expect((await row()).firstName).toBe('Efua');

    // Every change the list shows moves the version, and the next request reads the page again.
    await exec(sql`UPDATE employees SET phone = '+233 20 000 0000' WHERE id = ${e._id}`);
    expect((await row()).firstName).toBe('Hidden');
    const renamed = await t.app.inject({ method: 'POST', url: `/api/v1/employee/update-1/${e._id}`, headers: kept.h, payload: { firstName: 'Efuah' } });
    expect(renamed.statusCode).toBe(200);
    expect((await row()).name).toBe('Efuah Mensah');
    await exec(sql`UPDATE departments SET name = 'Ops & Logistics' WHERE id = ${ops._id}`);
    expect((await row()).department).toBe('Ops & Logistics');
    await exec(sql`UPDATE units SET name = 'Accra Branch' WHERE id = ${ops.unitId}`);
    expect((await row()).unit).toBe('Accra Branch');
    await exec(sql`UPDATE designations SET name = 'Senior Clerk' WHERE id = ${clerk._id}`);
    expect((await row()).designation).toBe('Senior Clerk');
    await exec(sql`DELETE FROM designations WHERE id = ${clerk._id}`);
    expect(await row()).toMatchObject({ designationId: null, designation: null });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/employee/delete/${e._id}`, headers: kept.h });
    expect(gone.statusCode).toBe(200);
    expect((await kept.list({ limit: 5 })).data.map((x) => x.firstName)).toEqual(['Yaw']);
    // The scheduled fold keeps the version moving forward, never back to a kept page's.
    await foldEmployeeLiveCounts(t.deps.db);
    expect((await kept.list({ limit: 5 })).totalRecords).toBe(1);
  });
});

describe('response serializer', () => {
  const route = { schema: ZPaged(ZEmployee.pick({ _id: true })), method: 'GET', url: '/x', httpStatus: '200' };
  const body = { success: true, data: [{ _id: '6a1b8e5e-6f0b-4d7e-9f3e-111111111111' }], page: 1, limit: 10, total: 1, totalRecords: 1 };

  it('in test and development refuses a response with a key the contract does not have (a leak in production)', () => {
    const serialize = responseSerializerCompiler('test')(route as never);
    expect(serialize(body)).toBe(JSON.stringify(body));
    expect(() => serialize({ ...body, data: [{ ...body.data[0], passwordHash: 'x' }] })).toThrow(/schema/);
  });

  it('in production writes the value with JSON.stringify', () => {
    expect(responseSerializerCompiler('production')(route as never)(body)).toBe(JSON.stringify(body));
  });
});
