import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { auditLog, costRecords } from '../src/db/schema/index.ts';
import { createTestApp, login, registerBusiness, bearer, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costRow, costsApi } from './helpers/costs.ts';

describe('project overhead records and payments', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof costsApi>;
  let otherApi: ReturnType<typeof costsApi>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Builders', email: 'ada@builders.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Works', email: 'kwesi@works.gh', country: 'GH' });
    api = costsApi(t.app, owner);
    otherApi = costsApi(t.app, other);
  });
  afterAll(async () => t.close());

  it('stores overhead rows in minor units and lists them with the project total', async () => {
    const res = await api.addRecords('Lekki Tower', [
      { description: 'Diesel for generator', category: 'Fuel', amount: '15000.50', date: '2026-01-10' },
      { description: 'Site security', category: 'Labour', amount: 45000, date: '2026-01-12' },
    ], { projectDescription: 'Eight-floor office block', projectScope: 'Civil works' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toHaveLength(2);
    expect(res.json().data[0]).toMatchObject({ tagName: 'Lekki Tower', amountMinor: 1500050, category: 'Fuel', date: '2026-01-10', employeeName: 'Bola Ade', source: 'manual' });
    const list = await api.list(`/api/v1/cost/records/${owner.user.email}/${encodeURIComponent('lekki tower')}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ tagName: 'Lekki Tower', projectDescription: 'Eight-floor office block', totalMinor: 6000050 });
    expect(list.json().data.records.map((r: { description: string }) => r.description)).toEqual(['Site security', 'Diesel for generator']);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'cost.records-created'));
    expect(audits).toHaveLength(2);
  });

  it('refuses a bad amount, a zero amount and an unreal date, naming the row and field', async () => {
    for (const [amount, date, field] of [['12.345', '2026-01-01', 'records.0.amount'], ['0', '2026-01-01', 'records.0.amount'], ['-5', '2026-01-01', 'records.0.amount'], ['10', '2026-02-30', 'records.0.date']] as const) {
      const res = await api.addRecords('Lekki Tower', [{ description: 'x', category: 'Fuel', amount, date }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const empty = await api.addRecords('Lekki Tower', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^records: /);
  });

  it('pages all-records and filtered-record: page 1 and size 10 by default, with page, limit, total and totalRecords', async () => {
    await api.addRecords('Paged Site', Array.from({ length: 23 }, (_, i) => costRow(i)));
    const first = await api.list(`/api/v1/cost/filtered-record/${owner.user.email}/Paged%20Site`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, page: 1, limit: 10, total: 3, totalRecords: 23 });
    expect(first.json().data).toHaveLength(10);
    const third = await api.list(`/api/v1/cost/filtered-record/${owner.user.email}/Paged%20Site?page=3&limit=10`);
    expect(third.json().data).toHaveLength(3);
    const all = await api.list(`/api/v1/cost/all-records/${owner.user.email}?limit=100`);
    expect(all.json()).toMatchObject({ page: 1, limit: 100, totalRecords: 25, total: 1 });
    const unknown = await api.list(`/api/v1/cost/filtered-record/${owner.user.email}/Nowhere`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses page < 1, limit < 1 and limit > 100 with 400 naming the field', async () => {
    for (const [q, field] of [['page=0', 'page'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['page=abc', 'page']]) {
      const res = await api.list(`/api/v1/cost/all-records/${owner.user.email}?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.startsWith(`${field}:`)).toBe(true);
    }
  });

  it("answers 403 with no data for another business's e-mail on every list", async () => {
    for (const path of [`/api/v1/cost/records/${owner.user.email}/Lekki%20Tower`, `/api/v1/cost/all-records/${owner.user.email}`, `/api/v1/cost/filtered-record/${owner.user.email}/Lekki%20Tower`, `/api/v1/cost/fetch-project-payment?email=${owner.user.email}`]) {
      const res = await otherApi.list(path);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Diesel');
    }
    const write = await otherApi.call({ method: 'POST', url: '/api/v1/cost/overhead-cost', payload: { email: owner.user.email, employeeName: 'X', tagName: 'Lekki Tower', records: [costRow(1)] } });
    expect(write.statusCode).toBe(403);
  });

  it("updates a record with 'Record updated successfully!' and refuses another business's record with 404", async () => {
    const [rec] = (await api.addRecords('Edit Site', [costRow(1)])).json().data;
    const res = await api.call({ method: 'PUT', url: '/api/v1/cost/update-record', payload: { id: rec._id, amount: '2500.75', category: 'Transport' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.recordUpdated, data: { amountMinor: 250075, category: 'Transport', description: 'Item 1' } });
    const foreign = await otherApi.call({ method: 'PUT', url: '/api/v1/cost/update-record', payload: { id: rec._id, amount: '1' } });
    expect(foreign.statusCode).toBe(404);
    const nothing = await api.call({ method: 'PUT', url: '/api/v1/cost/update-record', payload: { id: rec._id } });
    expect(nothing.statusCode).toBe(400);
  });

  it("deletes one record; another business's id is 404 and stays", async () => {
    const [mine] = (await api.addRecords('Delete Site', [costRow(1)])).json().data;
    const foreign = await otherApi.call({ method: 'DELETE', url: `/api/v1/cost/delete-record/${mine._id}` });
    expect(foreign.statusCode).toBe(404);
    const res = await api.call({ method: 'DELETE', url: `/api/v1/cost/delete-record/${mine._id}` });
    expect(res.statusCode).toBe(200);
    const again = await api.call({ method: 'DELETE', url: `/api/v1/cost/delete-record/${mine._id}` });
    expect(again.statusCode).toBe(404);
  });

  it('group-delete is all or nothing: one id of another business deletes none', async () => {
    const mine = (await api.addRecords('Group Site', [costRow(1), costRow(2), costRow(3)])).json().data.map((r: { _id: string }) => r._id);
    const [theirs] = (await otherApi.addRecords('Their Site', [costRow(9)])).json().data;
    const mixed = await api.call({ method: 'POST', url: '/api/v1/cost/group-delete', payload: { email: owner.user.email, recordIds: [...mine, theirs._id] } });
    expect(mixed.statusCode).toBe(404);
    const left = await t.deps.db.select().from(costRecords).where(eq(costRecords.projectId, (await t.deps.db.select().from(costRecords).where(eq(costRecords.id, mine[0])))[0].projectId));
    expect(left).toHaveLength(3);
    expect((await t.deps.db.select().from(costRecords).where(eq(costRecords.id, theirs._id)))).toHaveLength(1);
    const foreignEmail = await otherApi.call({ method: 'POST', url: '/api/v1/cost/group-delete', payload: { email: owner.user.email, recordIds: mine } });
    expect(foreignEmail.statusCode).toBe(403);
    const ok = await api.call({ method: 'POST', url: '/api/v1/cost/group-delete', payload: { email: owner.user.email, recordIds: mine } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.deleted).toBe(3);
  });

  it("categorybacklog answers 'Missing required fields: email, tagName, or entries' when any of them is missing", async () => {
    for (const payload of [{ tagName: 'A', employeeName: 'B', entries: [] }, { email: owner.user.email, employeeName: 'B', entries: [costRow(1)] }, { email: owner.user.email, tagName: 'A', employeeName: 'B' }, { email: owner.user.email, tagName: '  ', employeeName: 'B', entries: 'rows' }]) {
      const res = await api.call({ method: 'POST', url: '/api/v1/cost/categorybacklog', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.backlogMissingFields);
    }
    const badRow = await api.call({ method: 'POST', url: '/api/v1/cost/categorybacklog', payload: { email: owner.user.email, tagName: 'Cat Site', employeeName: 'B', entries: [{ ...costRow(1), amount: 'lots' }] } });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().message).toMatch(/^entries\.0\.amount/);
    const ok = await api.call({ method: 'POST', url: '/api/v1/cost/categorybacklog', payload: { email: owner.user.email, tagName: 'Cat Site', employeeName: 'B', entries: [costRow(1), costRow(2)] } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ imported: 2, skipped: 0 });
  });

  it('add-payment answers 201 and fetch-project-payment 200 with the payments, in minor units', async () => {
    const res = await api.payment('Lekki Tower', '250000.50', '2026-02-03');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ tagName: 'Lekki Tower', amountMinor: 25000050, date: '2026-02-03' });
    const bad = await api.payment('Lekki Tower', '-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^newPaymentEntry\.amount/);
    const list = await api.list(`/api/v1/cost/fetch-project-payment?email=${owner.user.email}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ amountMinor: 25000050, tagName: 'Lekki Tower' })]);
    const theirs = await otherApi.list(`/api/v1/cost/fetch-project-payment?email=${other.user.email}`);
    expect(theirs.json().data).toEqual([]);
  });

  it('the management view and the projects list add up the records and payments per project and department', async () => {
    await api.call({ method: 'PUT', url: '/api/v1/cost/project', payload: { email: owner.user.email, tagName: 'Lekki Tower', dept: 'Construction', budget: '1000000' } });
    const view = await api.list(`/api/v1/cost/management/${owner.user.email}`);
    expect(view.statusCode).toBe(200);
    const rows = await t.deps.db.select().from(costRecords).where(eq(costRecords.businessId, owner.user.businessId));
    const sum = rows.reduce((s, r) => s + r.amountMinor, 0);
    expect(view.json().data.totals).toMatchObject({ overheadsMinor: sum, paymentsMinor: 25000050, marginMinor: 25000050 - sum });
    const lekki = view.json().data.projects.find((p: { tagName: string }) => p.tagName === 'Lekki Tower');
    expect(lekki).toMatchObject({ dept: 'Construction', budgetMinor: 100000000, overheadsMinor: 6000050, paymentsMinor: 25000050, marginMinor: 25000050 - 6000050 });
    const dept = await api.list(`/api/v1/cost/projects/${owner.user.email}?dept=construction`);
    expect(dept.json().data.map((p: { tagName: string }) => p.tagName)).toEqual(['Lekki Tower']);
    const months = view.json().data.months;
    expect(months.find((m: { month: string }) => m.month === '2026-02')).toMatchObject({ paymentsMinor: 25000050 });
  });

  it('a Projects-access user may record costs; an HR-only user may not', async () => {
    const h = bearer(owner.token);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: h, payload: { userName: 'Site Clerk', email: 'clerk@builders.ng', password: 'clerk pass 1', roles: ['Projects-access'] } });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: h, payload: { userName: 'HR Clerk', email: 'hr@builders.ng', password: 'clerk pass 1', roles: ['HR-access'] } });
    const clerk = costsApi(t.app, await login(t.app, 'clerk@builders.ng', 'clerk pass 1'));
    const hr = costsApi(t.app, await login(t.app, 'hr@builders.ng', 'clerk pass 1'));
    const byClerk = await clerk.call({ method: 'POST', url: '/api/v1/cost/overhead-cost', payload: { email: owner.user.email, employeeName: 'Clerk', tagName: 'Lekki Tower', records: [costRow(4)] } });
    expect(byClerk.statusCode).toBe(201);
    const byHr = await hr.call({ method: 'POST', url: '/api/v1/cost/overhead-cost', payload: { email: owner.user.email, employeeName: 'HR', tagName: 'Lekki Tower', records: [costRow(4)] } });
    expect(byHr.statusCode).toBe(403);
  });

  it("the dashboard's figures: project costs this month and the margin for the owner; an HR-only user gets only the headcount", async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    await api.addRecords('Lekki Tower', [{ description: 'Cement', category: 'Materials', amount: '12345.67', date: `${month}-01` }]);
    const res = await api.list('/api/v1/dashboard/figures');
    expect(res.statusCode).toBe(200);
    const byKey = Object.fromEntries(res.json().data.map((f: { key: string }) => [f.key, f]));
    expect(byKey.headcount).toMatchObject({ module: 'people', kind: 'count', value: 0, isEmpty: true, to: '/employee' });
    expect(byKey.projectOverheadsMonth).toMatchObject({ kind: 'money', value: 1234567, isEmpty: false });
    const view = (await api.list(`/api/v1/cost/management/${owner.user.email}`)).json().data;
    expect(byKey.projectMargin.value).toBe(view.totals.marginMinor);
    const hr = costsApi(t.app, await login(t.app, 'hr@builders.ng', 'clerk pass 1'));
    const hrFigures = (await hr.list('/api/v1/dashboard/figures')).json().data;
    expect(hrFigures.map((f: { key: string }) => f.key)).toEqual(['headcount', 'attendanceToday', 'leavePending']);
    expect(byKey.attendanceToday).toMatchObject({ module: 'attendance', value: 0 });
    expect(byKey.leavePending).toMatchObject({ module: 'leave', value: 0 });
  });
});
