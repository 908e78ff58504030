import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { goodsReceived, orderLines, stockMovements } from '../src/db/schema/index.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { createPlacesService } from '../src/features/places/places.service.ts';
import { createInventoryService, grnReference, RECEIVED_GOODS_TAG } from '../src/features/inventory/inventory.service.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { authOf, expectData, staffUser } from './helpers/procurement.ts';
import { inventoryApi } from './helpers/inventory.ts';

/** Issue 14: a goods receipt raises inventory stock in the receipt's own transaction (orders.onGoodsReceived → inventory.receiveGoods). */
describe('goods received raise stock atomically', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let approver: TStaff;
  let vendorId: string;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const approvedOrder = async (lines: Array<Record<string, unknown>>) => {
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines }), 201);
    expectData(await call(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }), 200);
    return order as { _id: string; invoiceNumber: string; lines: Array<{ _id: string }> };
  };
  const grn = (orderId: string, lines: Array<{ lineId: string; quantity: number | string; locationId?: string }>) =>
    call(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId, receivedDate: '2026-03-02', receiver: 'Musa Storekeeper', lines } });
  const itemsNamed = async (s: TSession, name: string) =>
    (expectData(await call(s, 'POST', '/api/v1/inventory/all-inventory', { email: s.user.email }), 200) as Array<Record<string, any>>)
      .filter((i) => i.name === name);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Ikeja Stores Ltd', email: 'owner@ikeja-stores.ng' });
    other = await registerBusiness(t.app, { businessName: 'Tamale Builders', email: 'owner@tamale.gh', country: 'GH' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    expectData(await call(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [approver.user._id], totalApprovalsRequired: 1 }), 201);
    vendorId = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement' }), 201)[0]._id;
  });
  afterAll(async () => t?.close());

  it('a GRN raises the matching item\'s stock and value at the line\'s price; a second GRN on the order adds to it', async () => {
    const api = inventoryApi(t.app, owner);
    const item = await api.createItem({ tagName: 'ikeja-site', name: 'Portland cement', unit: 'bag', quantity: 10, unitCost: '1000' });
    const order = await approvedOrder([{ item: 'portland cement ', unit: 'Bag', quantity: 50, unitPrice: '1200' }]);
    // Issue 34: the line goes into the place the GRN names (here the item's own site), not wherever a same-named row is.
    expectData(await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 30, locationId: item.locationId }]), 200);
    expect(await api.item(item._id)).toMatchObject({ quantity: 40, stockValueMinor: 1000000 + 30 * 120000, averageCostMinor: 115000 });
    expectData(await grn(order._id, [{ lineId: order.lines[0]._id, quantity: '20', locationId: item.locationId }]), 200);
    expect(await api.item(item._id)).toMatchObject({ quantity: 60, stockValueMinor: 1000000 + 50 * 120000 });
    const moves = await t.deps.db.select().from(stockMovements).where(and(eq(stockMovements.itemId, item._id), eq(stockMovements.kind, 'instock')));
    expect(moves.filter((m) => m.reference?.startsWith('GRN ')).map((m) => [Number(m.quantity), m.unitCost, m.tagName, m.purpose]))
      .toEqual([[30, 120000, 'ikeja-site', `Received on ${order.invoiceNumber} from Dangote Cement`], [20, 120000, 'ikeja-site', `Received on ${order.invoiceNumber} from Dangote Cement`]]);
  });

  it('creates the item in the stores project when the business has none of that name', async () => {
    const order = await approvedOrder([{ item: 'Sharp sand', unit: 'tonne', quantity: '2.5', unitPrice: '1000.10' }]);
    expectData(await grn(order._id, [{ lineId: order.lines[0]._id, quantity: '2.5' }]), 200);
    const [sand, ...more] = await itemsNamed(owner, 'Sharp sand');
    expect(more).toEqual([]);
    expect(sand).toMatchObject({ tagName: RECEIVED_GOODS_TAG, unit: 'tonne', quantity: 2.5, stockValueMinor: 250025 });
    expect(await itemsNamed(other, 'Sharp sand')).toEqual([]);
  });

  it('a receipt replayed with the same GRN and line moves no more stock', async () => {
    const api = inventoryApi(t.app, owner);
    const order = await approvedOrder([{ item: 'Binding wire', unit: 'roll', quantity: 5, unitPrice: '900' }]);
    expectData(await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 5 }]), 200);
    const [wire] = await itemsNamed(owner, 'Binding wire');
    const [row] = await t.deps.db.select().from(goodsReceived).where(eq(goodsReceived.orderId, order._id));
    const notify = createNotificationsService(t.deps).notify;
    const inventory = createInventoryService(t.deps, { notify, collectionPoints: { getPoint: async () => undefined, list: async () => [] }, departments: { list: async () => [] }, places: createPlacesService(t.deps), employees: { people: async () => [], personByNumber: async () => undefined, personByEmail: async () => undefined } });
    const goods = { orderId: order._id, orderNumber: order.invoiceNumber, grnId: row.id, receivedDate: '2026-03-02', vendorName: 'Dangote Cement',
      lines: [{ lineId: order.lines[0]._id, item: 'Binding wire', unit: 'roll', quantityMilli: 5000, unitPriceMinor: 90000 }] };
    await t.deps.db.transaction((tx) => inventory.receiveGoods(tx, authOf(buyer, buyer.userName, buyer.roles), goods));
    expect(await api.item(wire._id)).toMatchObject({ quantity: 5, stockValueMinor: 450000 });
    const refs = await t.deps.db.select().from(stockMovements).where(eq(stockMovements.reference, grnReference(row.id, order.lines[0]._id)));
    expect(refs).toHaveLength(1);
  });

  it('a GRN whose stock step fails (item kept in another unit) leaves neither receipt nor stock', async () => {
    const api = inventoryApi(t.app, owner);
    const rods = await api.createItem({ tagName: 'ikeja-site', name: 'Iron rods 12mm', unit: 'piece', quantity: 4, unitCost: '8000' });
    const order = await approvedOrder([
      { item: 'Granite', unit: 'tonne', quantity: 3, unitPrice: '15000' },
      { item: 'Iron rods 12mm', unit: 'bundle', quantity: 2, unitPrice: '90000' },
    ]);
    const res = await grn(order._id, order.lines.map((l) => ({ lineId: l._id, quantity: 1 })));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Iron rods 12mm is kept in stock in piece, but ${order.invoiceNumber} received it in bundle; change the order line or the inventory item so the units agree, then receive the goods again`);
    expect(await t.deps.db.select().from(goodsReceived).where(eq(goodsReceived.orderId, order._id))).toEqual([]);
    expect((await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, order._id))).map((l) => l.receivedMilli)).toEqual([0, 0]);
    expect(await itemsNamed(owner, 'Granite')).toEqual([]); // the first line's item and stock rolled back too
    expect(await api.item(rods._id)).toMatchObject({ quantity: 4, stockValueMinor: 3200000 });
  });

  it('another business sees none of the received stock', async () => {
    const all = expectData(await call(other, 'POST', '/api/v1/inventory/all-inventory', { email: other.user.email }), 200);
    expect(all).toEqual([]);
    const total = expectData(await call(other, 'GET', `/api/v1/inventory/total-value/${encodeURIComponent(other.user.email)}`), 200);
    expect(total).toMatchObject({ totalValueMinor: 0, items: 0 });
  });
});
