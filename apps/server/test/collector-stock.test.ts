import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COLLECTOR_STOCK_MSG } from '@bizdesk/contract';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { collectorFor, inventoryApi } from './helpers/inventory.ts';

/** Issue 34 item 4: a collection point's site phone records receipts, use and counts at its own site only. */
describe('collector stock: a site phone records stock at its own place', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof inventoryApi>;
  let site: { token: string; pointId: string; employeeNumber: string };
  let cement: Record<string, any>;
  let rods: Record<string, any>;
  let storeCement: Record<string, any>;
  let otherSiteCement: Record<string, any>;
  let ref = 0;
  const nextRef = () => `phone-ref-${String(++ref).padStart(4, '0')}`;

  const place = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/places', headers: api.h, payload: body });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { _id: string; name: string };
  };
  const record = (body: Record<string, unknown>, token = site.token) =>
    t.app.inject({ method: 'POST', url: '/api/v1/inventory/collector/movements', headers: bearer(token), payload: { employeeNumber: 'IK-01', deviceTime: '2026-11-26T07:45:00.000Z', ...body } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Ikoyi Towers Ltd', email: 'owner@ikoyi.ng' });
    api = inventoryApi(t.app, owner);
    const project = await place({ kind: 'project', name: 'Ikoyi Tower' });
    await place({ kind: 'site', name: 'Ikoyi Tower block A', projectId: project._id });
    await place({ kind: 'site', name: 'Ajah estate', projectId: project._id });
    await place({ kind: 'store', name: 'Central store' });
    site = await collectorFor(t.app, owner, 'Ikoyi Tower block A', 'IK-01');
    await collectorFor(t.app, owner, 'Ajah estate', 'AJ-01');
    // Stocked at the site by the office, none of it "connected" to the point.
    cement = await api.createItem({ tagName: 'Ikoyi Tower block A', name: 'Cement', unit: 'bags', quantity: 50, unitCost: '5000' });
    rods = await api.createItem({ tagName: 'Ikoyi Tower block A', name: 'Iron rods 12mm', sku: 'ROD-12', unit: 'lengths', quantity: 100, unitCost: '3000' });
    storeCement = await api.createItem({ tagName: 'Central store', name: 'Store cement', unit: 'bags', quantity: 500, unitCost: '5000' });
    otherSiteCement = await api.createItem({ tagName: 'Ajah estate', name: 'Ajah cement', unit: 'bags', quantity: 40, unitCost: '5000' });
  });
  afterAll(async () => t.close());

  it('shows the phone the stock rows at its site (not only items connected to the point), and refuses another place with 403', async () => {
    const c = bearer(site.token);
    const seen = api.must(await t.app.inject({ method: 'GET', url: `/api/v1/inventory/inventory-point/${owner.user.email}/${encodeURIComponent('Ikoyi Tower block A')}`, headers: c }), 200);
    expect(seen.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([['Cement', 50], ['Iron rods 12mm', 100]]);
    // The site's name in another spelling still means the site.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/inventory-point/${owner.user.email}/${encodeURIComponent('ikoyi  tower BLOCK a')}`, headers: c })).statusCode).toBe(200);
    const elsewhere = await t.app.inject({ method: 'GET', url: `/api/v1/inventory/inventory-point/${owner.user.email}/${encodeURIComponent('Central store')}`, headers: c });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('This collection point records only for project Ikoyi Tower block A');
    expect(elsewhere.body).not.toContain('Store cement');
  });

  it('asks from the phone for a site item no one connected to the point, and not for another place\'s item', async () => {
    const ask = (itemId: string) => t.app.inject({ method: 'POST', url: '/api/v1/inventory/requisitions', headers: bearer(site.token), payload: { items: [{ itemId, quantity: 5 }], purpose: 'Slab casting' } });
    const asked = await ask(rods._id);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data.items.map((l: { itemName: string; quantity: number }) => [l.itemName, l.quantity])).toEqual([['Iron rods 12mm', 5]]);
    expect((await ask(storeCement._id)).statusCode).toBe(404);
  });

  it('lists the staff for the picker with names and numbers only, the point\'s own employee first', async () => {
    await t.app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: api.h, payload: { firstName: 'Bola', lastName: 'Ade', email: 'bola@ikoyi.ng', employeeNumber: 'IK-02', phone: '+234 803 000 0000' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/inventory/collector/employees', headers: bearer(site.token) });
    expect(res.statusCode).toBe(200);
    const staff = res.json().data as Array<Record<string, unknown>>;
    expect(staff[0]).toEqual({ name: 'Field IK-01', employeeNumber: 'IK-01' });
    expect(staff).toContainEqual({ name: 'Bola Ade', employeeNumber: 'IK-02' });
    expect(res.body).not.toContain('bola@ikoyi.ng');
    expect(res.body).not.toContain('803');
    // A staff token is not a site phone.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/inventory/collector/employees', headers: api.h })).statusCode).toBe(403);
  });

  it('records use on its own site by the employee chosen, at the phone\'s time, and moves nothing at any other place', async () => {
    const used = await record({ itemId: cement._id, action: 'use', quantity: 4, employeeNumber: 'IK-02', reference: nextRef(), note: 'Column bases' });
    expect(used.statusCode).toBe(200);
    expect(used.json().message).toBe(COLLECTOR_STOCK_MSG.used);
    expect(used.json().data.movement).toMatchObject({ kind: 'usedstock', quantity: 4, employeeNumber: 'IK-02', purpose: 'Column bases', recordedBy: 'collector', collectionPointId: site.pointId, tagName: 'Ikoyi Tower block A' });
    expect((await api.item(cement._id)).quantity).toBe(46);
    const row = await t.deps.db.execute(sql`SELECT device_time FROM stock_movements WHERE id = ${used.json().data.movement._id}`) as unknown as { rows: Array<{ device_time: Date }> };
    expect(new Date(row.rows[0].device_time).toISOString()).toBe('2026-11-26T07:45:00.000Z');

    for (const other of [storeCement, otherSiteCement]) {
      for (const action of ['use', 'receive', 'count'] as const) {
        const res = await record({ itemId: other._id, action, quantity: 1, reference: nextRef() });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toMatch(/cement/i);
      }
    }
    expect((await api.item(storeCement._id)).quantity).toBe(500);
    expect((await api.item(otherSiteCement._id)).quantity).toBe(40);
    // Nor through the spec's own usedstock path, whatever tag it names.
    expect((await api.usedstock(storeCement._id, 1, 'x', nextRef(), { tag: 'Ikoyi Tower block A', nums: 'IK-01', token: site.token })).statusCode).toBe(404);
    expect((await api.usedstock(storeCement._id, 1, 'x', nextRef(), { tag: 'Central store', nums: 'IK-01', token: site.token })).statusCode).toBe(403);
    expect((await api.item(storeCement._id)).quantity).toBe(500);
    // An employee number the business does not have is refused.
    const stranger = await record({ itemId: cement._id, action: 'use', quantity: 1, employeeNumber: 'NOBODY-9', reference: nextRef() });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toMatch(/^employeeNumber: /);
  });

  it('records a receipt and a count (posted as an adjustment with the counter\'s name)', async () => {
    const received = await record({ itemId: rods._id, action: 'receive', quantity: 20, reference: nextRef() });
    expect(received.statusCode).toBe(200);
    expect(received.json().data.movement).toMatchObject({ kind: 'instock', quantity: 20, employeeNumber: 'IK-01', balanceAfter: 120 });
    expect(received.json().data.item.averageCostMinor).toBe(300000);

    const short = await record({ itemId: rods._id, action: 'count', quantity: 117, employeeNumber: 'IK-02', reference: nextRef() });
    expect(short.json()).toMatchObject({ message: COLLECTOR_STOCK_MSG.counted, data: { movement: { kind: 'adjustment_out', quantity: 3, purpose: 'Site count by Bola Ade', employeeNumber: 'IK-02', balanceAfter: 117 } } });
    const over = await record({ itemId: rods._id, action: 'count', quantity: 118, reference: nextRef() });
    expect(over.json().data.movement).toMatchObject({ kind: 'adjustment_in', quantity: 1, purpose: 'Site count by Field IK-01', balanceAfter: 118 });
    const same = await record({ itemId: rods._id, action: 'count', quantity: 118, reference: nextRef() });
    expect(same.json()).toMatchObject({ message: COLLECTOR_STOCK_MSG.countMatched, data: { movement: null, item: { quantity: 118 } } });
    expect((await api.item(rods._id)).quantity).toBe(118);
  });

  it('counts a replayed offline movement (same reference) once', async () => {
    const reference = nextRef();
    const before = (await api.item(cement._id)).quantity;
    const sends = await Promise.all([0, 1, 2].map(() => record({ itemId: cement._id, action: 'use', quantity: 2, reference })));
    expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(sends.filter((r) => r.json().data.isReplay)).toHaveLength(2);
    expect((await api.item(cement._id)).quantity).toBe(before - 2);
    const again = await record({ itemId: cement._id, action: 'use', quantity: 2, reference });
    expect(again.json()).toMatchObject({ message: COLLECTOR_STOCK_MSG.replayed, data: { isReplay: true } });
    // A count sent twice posts its difference once, even though the second sending would see no difference.
    const countRef = nextRef();
    await record({ itemId: cement._id, action: 'count', quantity: 30, reference: countRef });
    const recount = await record({ itemId: cement._id, action: 'count', quantity: 30, reference: countRef });
    expect(recount.json().data).toMatchObject({ isReplay: true, movement: { kind: 'adjustment_out', quantity: before - 2 - 30 } });
    expect((await api.item(cement._id)).quantity).toBe(30);
  });

  it('refuses use beyond the stock with the quantity available, and moves nothing', async () => {
    const res = await record({ itemId: cement._id, action: 'use', quantity: 31, reference: nextRef() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough Cement in stock: 30 bags available, 31 asked for');
    expect(res.json().details).toEqual({ available: 30, requested: 31 });
    expect((await api.item(cement._id)).quantity).toBe(30);
  });

  it('refuses bad input with the field named', async () => {
    const zero = await record({ itemId: cement._id, action: 'use', quantity: 0, reference: nextRef() });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/^quantity: /);
    const ahead = await record({ itemId: cement._id, action: 'use', quantity: 1, reference: nextRef(), deviceTime: new Date(Date.now() + 3 * 864e5).toISOString() });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toMatch(/^deviceTime: /);
    expect((await record({ itemId: cement._id, action: 'use', quantity: 1, reference: 'x' })).statusCode).toBe(400);
  });
});
