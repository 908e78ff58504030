import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MSG } from '@bizdesk/contract';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { collectorFor, inventoryApi, storeEmployee } from './helpers/inventory.ts';

describe('inventory: items and stock movements', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let api: ReturnType<typeof inventoryApi>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Lekki Builders', email: 'owner@lekki.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kumasi Works', email: 'owner@kumasi.gh', country: 'GH' });
    api = inventoryApi(t.app, owner);
    // Movements name an employee of the business as who received or used the stock (issue 34).
    await storeEmployee(t.app, owner, 'EMP-00001');
  });
  afterAll(async () => t.close());

  it('keeps a moving-average cost across several receipts and issues at that cost', async () => {
    const item = await api.createItem({ name: 'Dangote cement', sku: 'CEM-42', quantity: 10, unitCost: '1000' });
    expect(item).toMatchObject({ quantity: 10, averageCostMinor: 100000, stockValueMinor: 1000000 });
    expect((await api.instock(item._id, 30, { unitCost: '1200' })).json().data.item).toMatchObject({ quantity: 40, averageCostMinor: 115000, stockValueMinor: 4600000 });
    const third = (await api.instock(item._id, 20, { unitCost: '1333.33' })).json().data;
    expect(third.item).toMatchObject({ quantity: 60, stockValueMinor: 7266660, averageCostMinor: 121111 });
    expect(third.movement).toMatchObject({ kind: 'instock', quantity: 20, unitCostMinor: 133333, valueMinor: 2666660, balanceAfter: 60 });
    const out = (await api.outstock(item._id, 15, 'PO-1001')).json().data;
    expect(out.movement).toMatchObject({ kind: 'outstock', valueMinor: 1816665, unitCostMinor: 121111, balanceAfter: 45 });
    expect(out.item).toMatchObject({ quantity: 45, stockValueMinor: 5449995, averageCostMinor: 121111 });
    // A receipt without a price comes in at the current average, so the average does not move.
    expect((await api.instock(item._id, 5)).json().data.item).toMatchObject({ quantity: 50, averageCostMinor: 121111 });
    const total = api.must(await t.app.inject({ method: 'GET', url: `/api/v1/inventory/total-value/${owner.user.email}`, headers: api.h }), 200);
    expect(total.totalValueMinor).toBe((await api.item(item._id)).stockValueMinor);
  });

  it('never lets stock go below zero: 409 with the available quantity, nothing moved', async () => {
    const item = await api.createItem({ name: 'Iron rods 12mm', quantity: 7.5, unitCost: '8000' });
    const res = await api.outstock(item._id, 8, 'PO-2001');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: 'Not enough Iron rods 12mm in stock: 7.5 bags available, 8 asked for', details: { available: 7.5, requested: 8 } });
    expect((await api.usedstock(item._id, 9, 'Columns', 'USE-1')).statusCode).toBe(409);
    expect((await api.item(item._id)).quantity).toBe(7.5);
    expect((await api.outstock(item._id, 7.5, 'PO-2002')).json().data.item).toMatchObject({ quantity: 0, stockValueMinor: 0, averageCostMinor: 800000 });
  });

  it('answers a retried movement with the first one: the stock moves once per {order}', async () => {
    const item = await api.createItem({ name: 'Sharp sand', unit: 'tonnes', quantity: 50, unitCost: '15000' });
    const first = await api.outstock(item._id, 4, 'REQ-77');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().message).toBe(INVENTORY_MSG.stockOut);
    const retry = await api.outstock(item._id, 4, 'REQ-77');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ message: INVENTORY_MSG.stockReplayed, data: { isReplay: true, movement: { _id: first.json().data.movement._id } } });
    expect((await api.item(item._id)).quantity).toBe(46);
    const clash = await api.outstock(item._id, 5, 'REQ-77');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Reference REQ-77 was already used');
    // Used stock is idempotent the same way; the same reference may still be used once for another kind.
    expect((await api.usedstock(item._id, 2, 'Plastering block 3', 'REQ-77')).statusCode).toBe(200);
    expect((await api.usedstock(item._id, 2, 'Plastering block 3', 'REQ-77')).json().data.isReplay).toBe(true);
    // A receipt with a delivery reference is counted once as well.
    expect((await api.instock(item._id, 10, { reference: 'GRN-9' })).json().data.isReplay).toBe(false);
    expect((await api.instock(item._id, 10, { reference: 'GRN-9' })).json().data.isReplay).toBe(true);
    expect((await api.item(item._id)).quantity).toBe(54);
  });

  it('leaves exactly 0 after 50 parallel outstock calls of 1 against a stock of 20, refusing 30', async () => {
    const item = await api.createItem({ name: 'Paint 20L', unit: 'buckets', quantity: 20, unitCost: '25000' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => api.outstock(item._id, 1, `RUSH-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    expect(await api.item(item._id)).toMatchObject({ quantity: 0, stockValueMinor: 0 });
    const log = (await api.logs(undefined, { itemId: item._id, kind: 'outstock', limit: '100' })).json();
    expect(log.totalRecords).toBe(20);
    expect(new Set(log.data.map((m: { balanceAfter: number }) => m.balanceAfter)).size).toBe(20);
  });

  it('sends one Inventory notice per crossing of the reorder level', async () => {
    const item = await api.createItem({ name: 'Diesel', unit: 'litres', quantity: 15, unitCost: '1100', reorderLevel: 10 });
    const notices = async () => (await api.notifications()).filter((n) => n.category === 'Inventory' && n.message.startsWith('Diesel (lekki-site)'));
    await api.outstock(item._id, 3, 'GEN-1');
    expect(await notices()).toHaveLength(0);
    await api.outstock(item._id, 3, 'GEN-2');
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]).toMatchObject({ actionType: 'Reorder level', message: 'Diesel (lekki-site) is down to 9 litres, at or below its reorder level of 10' });
    await api.usedstock(item._id, 1, 'Generator', 'GEN-3');
    expect(await notices()).toHaveLength(1);
    expect((await api.item(item._id)).isAtReorderLevel).toBe(true);
    await api.instock(item._id, 10, { unitCost: '1150' });
    expect((await api.item(item._id)).isAtReorderLevel).toBe(false);
    await api.outstock(item._id, 10, 'GEN-4');
    expect(await notices()).toHaveLength(2);
  });

  it('logs who, when, project, reference and purpose of every movement, with filters', async () => {
    const item = await api.createItem({ tagName: 'ajah-site', name: 'Granite', unit: 'tonnes', quantity: 30, unitCost: '20000' });
    await storeEmployee(t.app, owner, 'EMP-00042', { firstName: 'Bola', lastName: 'Mason' });
    await api.usedstock(item._id, 2, 'Slab casting', 'SLAB-1', { tag: 'ajah-site', nums: 'emp-00042' });
    const res = await api.logs('ajah-site');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, page: 1, totalRecords: 2 });
    expect(body.data[0]).toMatchObject({ kind: 'usedstock', itemName: 'Granite', quantity: 2, employeeNumber: 'EMP-00042', tagName: 'ajah-site', reference: 'SLAB-1', purpose: 'Slab casting', recordedBy: 'user',
      employeeName: 'Bola Mason', recordedByName: 'Owner Person' });
    expect(Date.parse(body.data[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.data[1]).toMatchObject({ kind: 'instock', reference: 'opening stock' });
    expect((await api.logs('ajah-site', { kind: 'instock' })).json().totalRecords).toBe(1);
    expect((await api.logs(undefined, { search: 'slab' })).json().data.map((m: { reference: string }) => m.reference)).toEqual(['SLAB-1']);
    const unknown = await api.logs('no-such-site');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Project "no-such-site" was not found');
  });

  it('lists, counts and values a project, edits items and refuses deleting stock or requested items', async () => {
    const h = api.h;
    const item = await api.createItem({ tagName: 'ikoyi-site', name: 'Tiles', unit: 'cartons', quantity: 12, unitCost: '9000', reorderLevel: 12 });
    const point = api.must(await t.app.inject({ method: 'GET', url: `/api/v1/inventory/inventory-point/${owner.user.email}/ikoyi-site`, headers: h }), 200);
    expect(point.map((i: { name: string }) => i.name)).toEqual(['Tiles']);
    expect(api.must(await t.app.inject({ method: 'GET', url: `/api/v1/inventory/count/${owner.user.email}/ikoyi-site`, headers: h }), 200)).toEqual({ tagName: 'ikoyi-site', items: 1, totalQuantity: 12, atReorderLevel: 1 });
    expect(api.must(await t.app.inject({ method: 'GET', url: `/api/v1/inventory/per-item/${owner.user.email}/ikoyi-site`, headers: h }), 200)[0]).toMatchObject({ name: 'Tiles', received: 12, issued: 0, used: 0, quantity: 12 });
    const updated = await t.app.inject({ method: 'POST', url: `/api/v1/inventory/update/${item._id}`, headers: h, payload: { name: 'Floor tiles', category: 'Finishes', reorderLevel: 4 } });
    expect(updated.json()).toMatchObject({ message: INVENTORY_MSG.itemUpdated, data: { _id: item._id, name: 'Floor tiles', category: 'Finishes', reorderLevel: 4, isAtReorderLevel: false } });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/inventory/create', headers: h, payload: { tagName: 'ikoyi-site', name: 'Other', unit: 'x', sku: 'cem-42' } })).statusCode).toBe(409);

    const refused = await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/delete/${item._id}`, headers: h });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Floor tiles still has 12 cartons in stock; issue it, transfer it or post a stock count that sets it to zero before deleting');
    await api.outstock(item._id, 12, 'CLEAR-1', { tag: 'ikoyi-site' });
    const req = await t.app.inject({ method: 'POST', url: '/api/v1/inventory/requisitions', headers: h, payload: { tagName: 'ikoyi-site', purpose: 'Lobby', items: [{ itemId: item._id, quantity: 2 }] } });
    expect(req.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/delete/${item._id}`, headers: h })).json().message).toBe('Floor tiles is on an open requisition; finish or delete that requisition first');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/requisitions/${req.json().data._id}`, headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/delete/${item._id}`, headers: h })).json()).toMatchObject({ success: true, message: INVENTORY_MSG.itemDeleted });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/${item._id}`, headers: h })).statusCode).toBe(404);
    const all = api.must(await t.app.inject({ method: 'POST', url: '/api/v1/inventory/all-inventory', headers: h, payload: { email: owner.user.email } }), 200);
    expect(all.some((i: { _id: string }) => i._id === item._id)).toBe(false);
    // The movement log still names the deleted item.
    expect((await api.logs('ikoyi-site')).json().data[0]).toMatchObject({ itemName: 'Floor tiles', reference: 'CLEAR-1' });
  });

  it('exports the stock as CSV with formulas neutralised', async () => {
    await api.createItem({ name: '=HYPERLINK("x")', unit: 'pcs' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/inventory/export/${owner.user.email}?format=csv`, headers: api.h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Name,SKU,Unit,Category,Project,Quantity,Reorder level,Average cost,Stock value');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain('Dangote cement,CEM-42,bags,,lekki-site,50,0,1211.11');
  });

  it("refuses another business: its ids are 404, its e-mail 403, and nothing moves", async () => {
    const item = await api.createItem({ name: 'Blocks 9 inch', unit: 'pcs', quantity: 100, unitCost: '450' });
    const theirs = inventoryApi(t.app, other);
    const oh = bearer(other.token);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/${item._id}`, headers: oh })).statusCode).toBe(404);
    const byEmail = await t.app.inject({ method: 'GET', url: `/api/v1/inventory/outstock/${owner.user.email}/${item._id}/K-1/5/X-1/lekki-site`, headers: oh });
    expect(byEmail.statusCode).toBe(403);
    await theirs.createItem({ tagName: 'lekki-site', name: 'Their own', unit: 'pcs' });
    const byId = await theirs.outstock(item._id, 5, 'X-2');
    expect(byId.statusCode).toBe(404);
    expect(byId.body).not.toContain('Blocks');
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/inventory/update/${item._id}`, headers: oh, payload: { name: 'Stolen' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/delete/${item._id}`, headers: oh })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/inventory/all-inventory', headers: oh, payload: { email: owner.user.email } })).statusCode).toBe(403);
    expect((await api.item(item._id))).toMatchObject({ name: 'Blocks 9 inch', quantity: 100 });
  });

  it('confines a collector to the stock at its own place (issue 34: rows there, connected or not), its project and its own employee number', async () => {
    const mine = await collectorFor(t.app, owner, 'yaba-site', 'YB-01');
    const theirs = await collectorFor(t.app, owner, 'surulere-site', 'SU-01');
    const connected = await api.createItem({ tagName: 'yaba-site', name: 'Yaba cement', quantity: 40, unitCost: '5000', collectionPointId: mine.pointId });
    const loose = await api.createItem({ tagName: 'yaba-site', name: 'Office stock', quantity: 40, unitCost: '5000' });
    const elsewhere = await api.createItem({ tagName: 'surulere-site', name: 'Surulere cement', quantity: 40, unitCost: '5000', collectionPointId: theirs.pointId });
    const c = bearer(mine.token);
    const seen = api.must(await t.app.inject({ method: 'GET', url: `/api/v1/inventory/inventory-point/${owner.user.email}/yaba-site`, headers: c }), 200);
    expect(seen.map((i: { name: string }) => i.name)).toEqual(['Office stock', 'Yaba cement']);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/inventory-point/${owner.user.email}/surulere-site`, headers: c })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/${elsewhere._id}`, headers: c })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/${loose._id}`, headers: c })).statusCode).toBe(200);

    const used = await api.usedstock(connected._id, 3, 'Ground floor slab', 'SITE-1', { tag: 'yaba-site', nums: 'YB-01', token: mine.token });
    expect(used.statusCode).toBe(200);
    expect(used.json().data.movement).toMatchObject({ recordedBy: 'collector', employeeNumber: 'YB-01', collectionPointId: mine.pointId });
    expect((await api.usedstock(elsewhere._id, 1, 'x', 'SITE-2', { tag: 'yaba-site', nums: 'YB-01', token: mine.token })).statusCode).toBe(404);
    expect((await api.usedstock(connected._id, 1, 'x', 'SITE-3', { tag: 'yaba-site', nums: 'SU-01', token: mine.token })).statusCode).toBe(403);
    expect((await api.outstock(connected._id, 1, 'SITE-4', { tag: 'yaba-site', nums: 'YB-01', token: mine.token })).statusCode).toBe(403);
    expect((await api.item(elsewhere._id)).quantity).toBe(40);
    const log = (await api.logs('yaba-site', {}, mine.token)).json();
    expect(log.data.every((m: { collectionPointId: string }) => m.collectionPointId === mine.pointId)).toBe(true);
    expect((await api.logs('surulere-site', {}, mine.token)).statusCode).toBe(403);
  });

  it('connects items to a point and moves them to a department', async () => {
    const site = await collectorFor(t.app, owner, 'vi-site', 'VI-01');
    const item = await api.createItem({ tagName: 'vi-site', name: 'Glass panels', unit: 'pcs' });
    const connected = await t.app.inject({ method: 'POST', url: '/api/v1/inventory/connect', headers: api.h, payload: { itemId: item._id, collectionPointId: site.pointId } });
    expect(connected.json()).toMatchObject({ message: INVENTORY_MSG.itemConnected, data: { collectionPointId: site.pointId, collectionPointName: 'vi-site · Officer VI-01' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/inventory/connect', headers: api.h, payload: { itemId: item._id, disconnect: true } })).json().data.collectionPointId).toBeNull();
    const dept = await t.app.inject({ method: 'PUT', url: '/api/v1/inventory/update-department', headers: api.h, payload: { itemIds: [item._id], departmentId: '11111111-1111-4111-8111-111111111111' } });
    expect(dept.statusCode).toBe(404);
  });
});
