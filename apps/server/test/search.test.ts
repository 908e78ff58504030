import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';

/** Issue 10: the top-bar search finds what the user may see, grouped by area. */
describe('GET /api/v1/search/:email', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Foods', email: 'ada@adaeze-search.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Motors', email: 'kwesi@motors-search.gh', country: 'GH' });
    const api = peopleApi(t.app, owner);
    const driver = await api.designation('Driver');
    for (let i = 1; i <= 8; i++) await api.employee({ firstName: `Ngozi${i}`, lastName: 'Okafor', email: `ngozi${i}@adaeze-search.ng`, designationId: driver._id });
    await api.employee({ firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@adaeze-search.ng' });
    await peopleApi(t.app, other).employee({ firstName: 'Ngozi', lastName: 'Elsewhere', email: 'ngozi@motors-search.gh' });
    records = await seedRecords(owner, 'Harmattan');
    await seedRecords(other, 'Harmattan');
  });

  /** A vendor, a purchase order with an invoice, an item, a truck and a project, all named after `word`. */
  const seedRecords = async (s: TSession, word: string) => {
    const call = async (url: string, payload: object, status = 201, method: 'POST' | 'PUT' = 'POST') => {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${s.token}` }, payload });
      expect(res.statusCode, res.body).toBe(status);
      return res.json().data;
    };
    const [vendor] = await call('/api/v1/vendors/add-vendors', { name: `${word} Cement Supplies` });
    const [order] = await call('/api/v1/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Cement', unit: 'bag', quantity: 4, unitPrice: '2500' }] });
    const standing = await call('/api/v1/orders/add-standing', { vendorId: vendor._id, description: `${word} diesel for the yard`, ceiling: '1000000', validFrom: '2026-01-01', validTo: '2026-12-31' });
    const invoice = await call('/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: `INV-${word}-77`, invoiceDate: '2026-03-05', lines: [{ lineId: order.lines[0]._id, quantity: 4, unitPrice: '2500' }] });
    const item = await call('/api/v1/inventory/create', { tagName: 'lekki-site', name: `${word} Portland cement`, sku: `SKU-${word}-1`, unit: 'bags' });
    const truck = await call('/api/v1/inventory/create-truck', { plateNumber: `LAG-${word}-42`, model: 'MAN Diesel TGS', capacity: '30 tonnes', fuelType: 'diesel' });
    await call('/api/v1/cost/project', { email: s.user.email, tagName: `${word} Tower`, dept: 'Construction', projectDescription: 'Twelve floors' }, 200, 'PUT');
    return { vendor, order, standing, invoice, item, truck };
  };
  let records: Awaited<ReturnType<typeof seedRecords>>;
  afterAll(async () => t.close());

  const search = (session: TSession, q: string, email = session.user.ownerEmail) => t.app.inject({ method: 'GET', url: `/api/v1/search/${encodeURIComponent(email)}?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${session.token}` } });

  it('finds employees by part of the name, at most six, saying there are more, each with the path that opens it', async () => {
    const res = await search(owner, 'okafor');
    expect(res.statusCode).toBe(200);
    const [group] = res.json().data;
    expect(group).toMatchObject({ area: 'employees', more: true });
    expect(group.hits).toHaveLength(6);
    expect(group.hits[0]).toMatchObject({ title: 'Ngozi1 Okafor', subtitle: 'Driver · ngozi1@adaeze-search.ng' });
    expect(group.hits[0].path).toMatch(/^\/employee-detail\?id=[0-9a-f-]{36}$/);
    const one = (await search(owner, 'Bakare')).json().data[0];
    expect(one).toMatchObject({ more: false, hits: [{ title: 'Tunde Bakare' }] });
  });

  it("never shows another business's employees", async () => {
    const titles = (await search(other, 'Ngozi')).json().data[0].hits.map((h: { title: string }) => h.title);
    expect(titles).toEqual(['Ngozi Elsewhere']);
    expect([403, 404]).toContain((await search(other, 'Ngozi', owner.user.ownerEmail)).statusCode);
  });

  it('answers 400 naming the problem for a text too short or too long, 401 without a token', async () => {
    const short = await search(owner, 'n');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/q.*at least 2 characters/);
    expect((await search(owner, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/search/${owner.user.ownerEmail}?q=ngozi` })).statusCode).toBe(401);
  });

  it('searches only the areas of the user\'s roles: a user without HR gets no employees', async () => {
    const staff = { userName: 'Sade Accounts', email: 'sade@adaeze-search.ng', password: 'Accounts-2026-x' };
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: { authorization: `Bearer ${owner.token}` }, payload: { ...staff, roles: ['Accounts-access'] } });
    expect(made.statusCode).toBe(201);
    const sade = await login(t.app, staff.email, staff.password);
    const res = await search(sade, 'Okafor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  const areas = (res: { json: () => { data: Array<{ area: string; hits: Array<{ id: string; title: string; path: string }> }> } }) =>
    Object.fromEntries(res.json().data.map((g) => [g.area, g.hits]));

  it('finds vendors, orders by number, items by name or SKU, trucks by plate, projects and invoices, each with the path that opens it', async () => {
    const all = areas(await search(owner, 'harmattan'));
    expect(all.vendors).toEqual([expect.objectContaining({ id: records.vendor._id, title: 'Harmattan Cement Supplies', path: `/products?id=${records.vendor._id}` })]);
    expect(all.orders).toEqual([expect.objectContaining({ id: records.standing._id, path: `/manage-po?id=${records.standing._id}`, subtitle: 'Harmattan Cement Supplies' })]);
    expect(all.items).toEqual([expect.objectContaining({ id: records.item._id, title: 'Harmattan Portland cement', path: `/inventory?item=${records.item._id}` })]);
    expect(all.trucks).toEqual([expect.objectContaining({ id: records.truck._id, title: 'LAG-HARMATTAN-42', path: '/fleet-requisition' })]);
    expect(all.projects).toEqual([expect.objectContaining({ title: 'Harmattan Tower', path: '/projects/Construction?project=Harmattan%20Tower' })]);
    expect(all.invoices).toEqual([expect.objectContaining({ id: records.invoice._id, title: 'INV-Harmattan-77', path: '/invoices' })]);
    // By number: the whole number finds that order; its first characters ("PO-0000") find this business's orders only.
    expect(areas(await search(owner, records.order.invoiceNumber)).orders).toEqual([
      expect.objectContaining({ id: records.order._id, title: records.order.invoiceNumber, path: `/manage-po?id=${records.order._id}` }),
    ]);
    expect(areas(await search(owner, records.order.invoiceNumber.slice(0, 7))).orders.map((h) => h.id).sort()).toEqual([records.order._id, records.standing._id].sort());
    expect(areas(await search(owner, 'sku-harm')).items.map((h) => h.id)).toEqual([records.item._id]);
    expect(areas(await search(owner, 'lag-harm')).trucks.map((h) => h.id)).toEqual([records.truck._id]);
  });

  it("never shows another business's records: each group holds this business's own only", async () => {
    const mine = (await search(owner, 'harmattan')).json().data as Array<{ hits: Array<{ id: string }> }>;
    const theirs = (await search(other, 'harmattan')).json().data as Array<{ hits: Array<{ id: string }> }>;
    expect(mine).toHaveLength(6);
    expect(theirs).toHaveLength(6);
    const ids = new Set(mine.flatMap((g) => g.hits.map((h) => h.id)));
    for (const hit of theirs.flatMap((g) => g.hits)) expect(ids.has(hit.id)).toBe(false);
  });

  it('opens each group only to the roles of its area', async () => {
    const as = async (name: string, roles: string[]) => {
      const email = `${name.toLowerCase()}@adaeze-search.ng`;
      const made = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: { authorization: `Bearer ${owner.token}` }, payload: { userName: name, email, password: 'Search-2026-x', roles } });
      expect(made.statusCode).toBe(201);
      return Object.keys(areas(await search(await login(t.app, email, 'Search-2026-x'), 'harmattan'))).sort();
    };
    expect(await as('Proc', ['Procurement-access'])).toEqual(['orders', 'trucks', 'vendors']);
    expect(await as('Store', ['Inventory-access'])).toEqual(['items']);
    expect(await as('Site', ['Projects-access'])).toEqual(['projects']);
    expect(await as('Books', ['Accounts-access'])).toEqual(['invoices']);
    expect(await as('Approver', ['Approvals-access'])).toEqual([]);
  });

  it('takes LIKE wildcards as plain text: "%%" and "__" find nothing, "50%" only a name holding it', async () => {
    for (const q of ['%%', '__', '\\%', "' OR 1=1 --"]) {
      const res = await search(owner, q);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/vendors/add-vendors', headers: { authorization: `Bearer ${owner.token}` }, payload: { name: 'Fifty 50% Off Ltd' } });
    expect(res.statusCode).toBe(201);
    expect(areas(await search(owner, '50%')).vendors.map((h) => h.title)).toEqual(['Fifty 50% Off Ltd']);
  });
});
