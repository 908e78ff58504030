import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { inventoryApi, storeEmployee } from './helpers/inventory.ts';

// Money products (quantity × unit cost, quantity × price) can pass what a bigint column or a JSON number holds
// exactly; each is range-checked where it is computed and refused with a 400 naming the field, never a 500.
describe('money products past the storable range', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof inventoryApi>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Range Builders', email: 'owner@range-builders.ng' });
    api = inventoryApi(t.app, owner);
    await storeEmployee(t.app, owner, 'EMP-00001');
  });
  afterAll(async () => t?.close());

  it('refuses an opening stock whose value passes 2^63 − 1 with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/inventory/create', headers: bearer(owner.token),
      payload: { tagName: 'lekki-site', name: 'Gold bars', unit: 'bars', quantity: 99_999_999_999, unitCost: '999999999999.99' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/stock value/i);
  });

  it('refuses a receipt whose value passes 2^63 − 1 with 400, and the item is unchanged', async () => {
    const item = await api.createItem({ name: 'Diamonds', quantity: 1, unitCost: '10' });
    const res = await api.instock(item._id, '99999999998', { unitCost: '999999999999.99' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/stock value/i);
    expect(await api.item(item._id)).toMatchObject({ quantity: 1, stockValueMinor: 1000 });
  });

  it('refuses a purchase-order line whose total passes the range with 400 naming the line', async () => {
    const vendor = await t.app.inject({ method: 'POST', url: '/api/v1/vendors/add-vendors', headers: bearer(owner.token), payload: { name: 'Big Vendor', email: 'sales@big-vendor.example' } });
    expect(vendor.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders/add-orders', headers: bearer(owner.token), payload: {
      vendorId: vendor.json().data[0]._id, lines: [{ item: 'Everything', unit: 'lot', quantity: '999999999', unitPrice: '9999999999999.99' }],
    } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/lines\.0/);
  });

  it('refuses an energy entry whose cost per unit passes the range (a huge cost over 0.001 litres) with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/inventory/tracker', headers: bearer(owner.token), payload: {
      email: owner.user.email, manager: 'Ngozi Eze', tagName: 'ph-site', businessName: 'Range Builders', date: '2026-03-01', quantity: 0.001, expenses: '999999999999.99',
    } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^quantity: the cost per unit/);
  });
});
