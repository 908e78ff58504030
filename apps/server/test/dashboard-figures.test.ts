import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { peopleApi } from './helpers/people.ts';
import { seedPayroll } from './helpers/seed-payroll.ts';

type TFigure = { key: string; module: string; kind: string; value: number; to: string; isEmpty: boolean };

/** Issue 30: each role sees a dashboard of its own work, each figure linking to the list it counts. */
describe('dashboard figures follow the reader’s roles', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  const figures = async (s: TSession) => expectData(await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/figures', headers: bearer(s.token) }), 200) as TFigure[];
  const byKey = (list: TFigure[]) => Object.fromEntries(list.map((f) => [f.key, f]));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Ikeja Works', email: 'owner@ikeja.ng' });
    other = await registerBusiness(t.app, { businessName: 'Abuja Build', email: 'owner@abuja.ng' });
    const h = bearer(owner.token);
    const post = async (url: string, payload: Record<string, unknown>, status = 201) => expectData(await t.app.inject({ method: 'POST', url, headers: h, payload }), status);
    // Procurement: two orders waiting for approval.
    const [vendor] = await post('/api/v1/vendors/add-vendors', { name: 'Ikeja Supplies', email: 'sales@ikeja-supplies.example' });
    await post('/api/v1/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Rods', unit: 'piece', quantity: 4, unitPrice: '2500' }] });
    await post('/api/v1/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Sand', unit: 'tonne', quantity: 2, unitPrice: '9000' }] });
    // Inventory: one item below its reorder level, one above.
    await post('/api/v1/inventory/create', { tagName: 'ikeja-site', name: 'Cement', unit: 'bags', quantity: 3, unitCost: '5000', reorderLevel: 5 });
    await post('/api/v1/inventory/create', { tagName: 'ikeja-site', name: 'Gravel', unit: 'tonnes', quantity: 30, unitCost: '9000', reorderLevel: 5 });
    // Fleet: one truck out on a project, one free.
    const truck = await post('/api/v1/inventory/create-truck', { plateNumber: 'IKJ-001-AA', model: 'Howo', capacity: '30 tonnes', fuelType: 'diesel' });
    await post('/api/v1/inventory/create-truck', { plateNumber: 'IKJ-002-AA', model: 'Howo', capacity: '30 tonnes', fuelType: 'diesel' });
    await post('/api/v1/inventory/add-truck', { truckId: truck._id, tagName: 'ikeja-site' }, 200);
    // Accounts: a computed run waiting for approval.
    const employee = await peopleApi(t.app, owner).employee({ firstName: 'Ada', lastName: 'Obi', email: 'ada@ikeja.example' });
    await seedPayroll(t.app, owner, employee._id);
  }, 60_000);
  afterAll(async () => t.close());

  it('an operations user (Procurement and Inventory) sees orders awaiting approval, payments due, items below reorder and trucks out — no HR tiles', async () => {
    const ops = await staffUser(t.app, owner, 'Ops Manager', ['Procurement-access', 'Inventory-access']);
    const list = await figures(ops);
    expect(list.map((f) => f.key)).toEqual(['ordersAwaitingApproval', 'paymentsDue', 'itemsBelowReorder', 'trucksOut']);
    const f = byKey(list);
    expect(f.ordersAwaitingApproval).toMatchObject({ value: 2, to: '/manage-po?status=pending', kind: 'count' });
    expect(f.paymentsDue).toMatchObject({ value: 0, to: '/invoices?payments=scheduled' });
    expect(f.itemsBelowReorder).toMatchObject({ value: 1, to: '/inventory?stock=low' });
    expect(f.trucksOut).toMatchObject({ value: 1, to: '/fleet-requisition' });
  });

  it('an accounts user sees the payroll run awaiting approval (opening its month) and payments due', async () => {
    const accounts = await staffUser(t.app, owner, 'Accounts Clerk', ['Accounts-access']);
    const f = byKey(await figures(accounts));
    expect(Object.keys(f)).toEqual(['paymentsDue', 'payrollAwaitingApproval']);
    expect(f.payrollAwaitingApproval).toMatchObject({ value: 1, to: '/salary?month=2026-05' });
  });

  it('an HR user keeps the HR tiles; pending leave opens the leave screen filtered to pending, not the schedule', async () => {
    const hr = await staffUser(t.app, owner, 'HR Clerk', ['HR-access']);
    const f = byKey(await figures(hr));
    expect(Object.keys(f)).toEqual(['headcount', 'attendanceToday', 'leavePending']);
    expect(f.leavePending).toMatchObject({ to: '/leave/all?status=pending' });
  });

  it('the owner sees every module; another business sees none of these records (tenancy)', async () => {
    const mine = byKey(await figures(owner));
    expect(mine).toMatchObject({ headcount: { value: 1 }, ordersAwaitingApproval: { value: 2 }, itemsBelowReorder: { value: 1 }, trucksOut: { value: 1 }, payrollAwaitingApproval: { value: 1 } });
    const theirs = byKey(await figures(other));
    expect(theirs).toMatchObject({ headcount: { value: 0 }, ordersAwaitingApproval: { value: 0 }, paymentsDue: { value: 0 }, itemsBelowReorder: { value: 0 }, trucksOut: { value: 0 }, payrollAwaitingApproval: { value: 0, to: '/salary' } });
  });

  it("a computed run's notification links to the run by its month (the web opens /salary?month=)", async () => {
    const notes = expectData(await t.app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${owner.user.email}`, headers: bearer(owner.token) }), 200) as Array<{ actionType: string; link: unknown }>;
    expect(notes.find((n) => n.actionType === 'Payroll computed')?.link).toEqual({ screen: 'payroll', id: '2026-05' });
  });

  it('a user with no module role gets no figures', async () => {
    const plain = await staffUser(t.app, owner, 'Plain User', []);
    expect(await figures(plain)).toEqual([]);
  });
});
