import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { inventoryApi, storeEmployee } from './helpers/inventory.ts';

/** Issue 34: stock per location, moved by the person signed in, received into a chosen place, returned to the supplier. */
describe('stock per location', () => {
  let t: TTestApp;
  let owner: TSession;
  let keeper: Awaited<ReturnType<typeof staffUser>>;
  let buyer: Awaited<ReturnType<typeof staffUser>>;
  let approver: Awaited<ReturnType<typeof staffUser>>;
  let vendorId: string;
  let central: string;
  let lekki: string;
  let ikoyi: string;
  let keeperNumber: string;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const place = async (kind: 'store' | 'site' | 'project', name: string, projectId?: string) =>
    expectData(await call(owner, 'POST', '/api/v1/places', { kind, name, ...(projectId ? { projectId } : {}) }), 201)._id as string;
  const approvedOrder = async (lines: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => {
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines, ...extra }), 201);
    expectData(await call(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }), 200);
    return order as { _id: string; invoiceNumber: string; lines: Array<{ _id: string }>; deliveryPlace: { _id: string; name: string } | null };
  };
  const master = async (name: string) => {
    const page = expectData(await call(keeper, 'GET', `/api/v1/stock-items?q=${encodeURIComponent(name)}&limit=50`), 200) as Array<Record<string, any>>;
    return page.find((m) => m.name === name)!;
  };
  const rowAt = async (name: string, locationId: string) => (await master(name)).stock.find((s: { locationId: string }) => s.locationId === locationId);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Lagos Sites Ltd', email: 'owner@lagos-sites.ng' });
    keeper = await staffUser(t.app, owner, 'Musa Storekeeper', ['Inventory-access']);
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    expectData(await call(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [approver.user._id], totalApprovalsRequired: 1 }), 201);
    vendorId = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement' }), 201)[0]._id;
    // Musa's own employee record (same e-mail) is his linked employee; Ngozi is a site hand.
    await storeEmployee(t.app, owner, 'EMP-00001', { firstName: 'Musa', lastName: 'Bello', email: keeper.user.email });
    await storeEmployee(t.app, owner, 'EMP-00002', { firstName: 'Ngozi', lastName: 'Eze' });
    keeperNumber = 'EMP-00001';
    central = await place('store', 'Central store');
    const project = await place('project', 'Lekki Phase 2');
    lekki = await place('site', 'Lekki block A', project);
    ikoyi = await place('site', 'Ikoyi Tower', project);
  });
  afterAll(async () => t?.close());

  it('records a movement by the signed-in user, naming the chosen employee, and refuses a number that is no employee', async () => {
    const staff = expectData(await call(keeper, 'GET', '/api/v1/stock-staff'), 200);
    expect(staff.mine).toMatchObject({ name: 'Musa Bello', employeeNumber: keeperNumber });
    expect(staff.rows.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Musa Bello', 'Ngozi Eze']));
    const api = inventoryApi(t.app, keeper);
    const item = await api.createItem({ tagName: 'Central store', name: 'Paint 20L', unit: 'buckets', quantity: 5, unitCost: '20000' });
    expect(item.locationId).toBe(central);
    const moved = await api.instock(item._id, 10, { tag: 'Central store', nums: staff.mine.employeeNumber, unitCost: '20000' });
    expect(moved.statusCode).toBe(200);
    const used = await api.usedstock(item._id, 2, 'Primer coat', 'USE-1', { tag: 'central STORE', nums: 'EMP-00002' });
    expect(used.statusCode).toBe(200);
    const log = (await api.logs('Central store', { itemId: item._id })).json().data;
    expect(log[0]).toMatchObject({ kind: 'usedstock', recordedByName: 'Musa Storekeeper', employeeNumber: 'EMP-00002', employeeName: 'Ngozi Eze', tagName: 'Central store', locationId: central });
    expect(log[1]).toMatchObject({ kind: 'instock', recordedByName: 'Musa Storekeeper', employeeName: 'Musa Bello' });

    const unknown = await api.outstock(item._id, 1, 'ISS-1', { tag: 'Central store', nums: 'EMP-09999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'nums', message: 'nums: EMP-09999 is not an employee number of this business' });
    const elsewhere = await api.outstock(item._id, 1, 'ISS-2', { tag: 'Ikoyi Tower', nums: 'EMP-00002' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ field: 'tag', message: 'tag: Ikoyi Tower is not where this stock is kept; it is at Central store' });
    expect((await api.item(item._id)).quantity).toBe(13);
  });

  it('keeps one SKU at two sites: a master item with a stock row and a reorder level per place', async () => {
    const made = expectData(await call(keeper, 'POST', '/api/v1/stock-items', { name: 'Cement 50kg', sku: 'CEM-50', unit: 'bags', category: 'Cement', conversions: [{ unit: 'tonne', factor: 20 }] }), 201);
    expectData(await call(keeper, 'POST', `/api/v1/stock-items/${made._id}/locations`, { locationId: lekki, reorderLevel: 10 }), 201);
    const both = expectData(await call(keeper, 'POST', `/api/v1/stock-items/${made._id}/locations`, { locationId: ikoyi, reorderLevel: 40 }), 201);
    expect(both.stock.map((s: { locationName: string; reorderLevel: number }) => [s.locationName, s.reorderLevel]).sort()).toEqual([['Ikoyi Tower', 40], ['Lekki block A', 10]]);
    expect(both.conversions).toEqual([{ unit: 'tonne', factor: 20 }]);
    expect((await call(keeper, 'POST', `/api/v1/stock-items/${made._id}/locations`, { locationId: lekki })).statusCode).toBe(409);
    const clash = await call(keeper, 'POST', '/api/v1/stock-items', { name: 'Other cement', sku: 'cem-50', unit: 'bags' });
    expect(clash.statusCode).toBe(409);
    // Renaming the master renames it at every place.
    expectData(await call(keeper, 'PUT', `/api/v1/stock-items/${made._id}`, { name: 'Dangote cement 50kg' }), 200);
    const rows = (expectData(await call(keeper, 'POST', '/api/v1/inventory/all-inventory', { email: keeper.user.email }), 200) as Array<Record<string, any>>)
      .filter((i) => i.stockItemId === made._id);
    expect(rows.map((r) => [r.name, r.sku, r.tagName]).sort()).toEqual([['Dangote cement 50kg', 'CEM-50', 'Ikoyi Tower'], ['Dangote cement 50kg', 'CEM-50', 'Lekki block A']]);
    const filtered = expectData(await call(keeper, 'GET', `/api/v1/stock-items?locationId=${ikoyi}&q=dangote`), 200);
    expect(filtered.map((m: { _id: string }) => m._id)).toEqual([made._id]);
  });

  it('receives a GRN into the chosen places: two lines into two sites, a line without a place into the order\'s delivery place', async () => {
    const order = await approvedOrder([
      { item: 'Iron rods 12mm', unit: 'lengths', quantity: 100, unitPrice: '8000' },
      { item: 'Granite', unit: 'tonnes', quantity: 10, unitPrice: '30000' },
      { item: 'Binding wire', unit: 'rolls', quantity: 4, unitPrice: '5000' },
    ], { deliveryPlaceId: central });
    expect(order.deliveryPlace).toEqual({ _id: central, name: 'Central store' });
    const detail = expectData(await call(keeper, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa', lines: [
      { lineId: order.lines[0]._id, quantity: 60, locationId: lekki },
      { lineId: order.lines[1]._id, quantity: 10, locationId: ikoyi },
      { lineId: order.lines[2]._id, quantity: 4 },
    ] } }), 200);
    expect(detail.grns[0].lines.map((l: { item: string; locationName: string }) => [l.item, l.locationName])).toEqual([['Iron rods 12mm', 'Lekki block A'], ['Granite', 'Ikoyi Tower'], ['Binding wire', 'Central store']]);
    expect(await rowAt('Iron rods 12mm', lekki)).toMatchObject({ quantity: 60, stockValueMinor: 60 * 800000 });
    expect(await rowAt('Granite', ikoyi)).toMatchObject({ quantity: 10 });
    expect(await rowAt('Binding wire', central)).toMatchObject({ quantity: 4 });
    expect((await master('Iron rods 12mm')).stock).toHaveLength(1);
    // A second receipt of the same item into another site makes the item's row there; the first site is unchanged.
    expectData(await call(keeper, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-03', receiver: 'Musa', lines: [{ lineId: order.lines[0]._id, quantity: 40, locationId: ikoyi }] } }), 200);
    expect(await rowAt('Iron rods 12mm', ikoyi)).toMatchObject({ quantity: 40 });
    expect(await rowAt('Iron rods 12mm', lekki)).toMatchObject({ quantity: 60 });
    // The log names the order and the GRN's date instead of the ids of its idempotency key.
    const log = (await inventoryApi(t.app, keeper).logs('Lekki block A', { kind: 'instock' })).json().data;
    expect(log[0]).toMatchObject({ referenceLabel: `${order.invoiceNumber} · GRN 2026-03-02`, recordedByName: 'Musa Storekeeper' });
  });

  it('returns goods to the supplier against a GRN: stock leaves the GRN line\'s place at the average, the order line counts less received', async () => {
    const order = await approvedOrder([{ item: 'Roofing sheets', unit: 'sheets', quantity: 50, unitPrice: '4000' }]);
    const detail = expectData(await call(keeper, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-04', receiver: 'Musa', lines: [{ lineId: order.lines[0]._id, quantity: 30, locationId: lekki }] } }), 200);
    const grnId = detail.grns[0]._id;
    const tooMany = await call(keeper, 'POST', `/api/v1/orders/${order._id}/returns`, { grnId, returnedDate: '2026-03-05', reason: 'Bent', lines: [{ lineId: order.lines[0]._id, quantity: 31 }] });
    expect(tooMany.statusCode).toBe(409);
    const back = expectData(await call(keeper, 'POST', `/api/v1/orders/${order._id}/returns`, { grnId, returnedDate: '2026-03-05', reason: 'Bent sheets', lines: [{ lineId: order.lines[0]._id, quantity: 5 }] }), 201);
    expect(back.lines[0]).toMatchObject({ received: '25' });
    expect(back.grns[0].lines[0]).toMatchObject({ returned: '5', locationName: 'Lekki block A' });
    expect(await rowAt('Roofing sheets', lekki)).toMatchObject({ quantity: 25, stockValueMinor: 25 * 400000 });
    const log = (await inventoryApi(t.app, keeper).logs('Lekki block A', { kind: 'return' })).json().data;
    expect(log[0]).toMatchObject({ quantity: 5, valueMinor: 5 * 400000, referenceLabel: `${order.invoiceNumber} · return 2026-03-05`, purpose: 'Returned to Dangote Cement: Bent sheets' });
    // Only what is still in stock at the place can go back: issue most of it first.
    const row = await rowAt('Roofing sheets', lekki);
    expect((await inventoryApi(t.app, keeper).outstock(row._id, 24, 'ISS-ROOF', { tag: 'Lekki block A', nums: 'EMP-00002' })).statusCode).toBe(200);
    const short = await call(keeper, 'POST', `/api/v1/orders/${order._id}/returns`, { grnId, returnedDate: '2026-03-06', reason: 'Bent', lines: [{ lineId: order.lines[0]._id, quantity: 2 }] });
    expect(short.statusCode).toBe(409);
    expect(await rowAt('Roofing sheets', lekki)).toMatchObject({ quantity: 1 });
  });

  it('lets 50 parallel issues at one place take exactly its stock, leaving the same item at another place untouched', async () => {
    const made = expectData(await call(keeper, 'POST', '/api/v1/stock-items', { name: 'Blocks 9in', sku: 'BLK-9', unit: 'blocks' }), 201);
    expectData(await call(keeper, 'POST', `/api/v1/stock-items/${made._id}/locations`, { locationId: lekki }), 201);
    const both = expectData(await call(keeper, 'POST', `/api/v1/stock-items/${made._id}/locations`, { locationId: ikoyi }), 201);
    const at = (id: string) => both.stock.find((s: { locationId: string }) => s.locationId === id)._id as string;
    const api = inventoryApi(t.app, keeper);
    expect((await api.instock(at(lekki), 20, { tag: 'Lekki block A', nums: keeperNumber, unitCost: '500' })).statusCode).toBe(200);
    expect((await api.instock(at(ikoyi), 30, { tag: 'Ikoyi Tower', nums: keeperNumber, unitCost: '500' })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => api.outstock(at(lekki), 1, `RUSH-${i}`, { tag: 'Lekki block A', nums: 'EMP-00002' })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    expect(await api.item(at(lekki))).toMatchObject({ quantity: 0, stockValueMinor: 0 });
    expect(await api.item(at(ikoyi))).toMatchObject({ quantity: 30, stockValueMinor: 30 * 50000 });
  });
});
