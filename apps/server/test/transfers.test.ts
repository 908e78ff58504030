import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { inventoryApi, staffUser } from './helpers/inventory.ts';

type TJson = Record<string, any>;

describe('stock transfers, counts and requisitions issued from a store (issue 34)', () => {
  let t: TTestApp;
  let owner: TSession;
  let approver: TSession;
  let api: ReturnType<typeof inventoryApi>;
  let store: TJson;
  let site: TJson;
  let cement: TJson;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = owner.token) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as TJson }) });
  const must = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const r = await res;
    if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
    return JSON.parse(r.body).data as TJson;
  };
  const place = (kind: string, name: string) => must(call('POST', '/places', { kind, name }), 201);
  const rowsOf = async (stockItemId: string) => {
    const all = await must(call('POST', '/inventory/all-inventory', { email: owner.user.email }));
    return (all as unknown as TJson[]).filter((i) => i.name === 'Cement').map((i) => ({ tag: i.tagName, quantity: i.quantity, value: i.stockValueMinor, average: i.averageCostMinor, stockItemId }));
  };
  const masterOf = async (itemId: string) => (await api.item(itemId)).stockItemId as string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Lekki Builders', email: 'owner@lekkibuilders.ng' });
    approver = await staffUser(t.app, owner, 'Ngozi Approver', ['Approvals-access', 'Inventory-access']);
    api = inventoryApi(t.app, owner);
    store = await place('store', 'Central store');
    site = await place('project', 'Ikoyi Tower');
    // 100 bags at ₦5,000 a bag: ₦500,000 in the central store
    cement = await api.createItem({ tagName: 'Central store', name: 'Cement', quantity: 100, unitCost: '5000' });
  });
  afterAll(async () => t.close());

  it('moves stock and its value from the store to the site, keeping the average, in parts', async () => {
    const stockItemId = await masterOf(cement._id);
    const draft = await must(call('POST', '/inventory/transfers', { fromPlaceId: store._id, toPlaceId: site._id, lines: [{ stockItemId, quantity: 40 }] }), 201);
    expect(draft).toMatchObject({ number: 'TR-0001', status: 'draft', fromPlace: 'Central store', toPlace: 'Ikoyi Tower', inTransitValueMinor: 0 });

    const sent = await must(call('POST', `/inventory/transfers/${draft._id}/dispatch`));
    expect(sent).toMatchObject({ status: 'in_transit', inTransitValueMinor: 40 * 500_000 });
    expect(await rowsOf(stockItemId)).toEqual([expect.objectContaining({ tag: 'Central store', quantity: 60, value: 60 * 500_000 })]);

    const part = await must(call('POST', `/inventory/transfers/${draft._id}/receive`, { lines: [{ lineId: sent.lines[0]._id, quantity: 25 }] }));
    expect(part).toMatchObject({ status: 'in_transit', inTransitValueMinor: 15 * 500_000, lines: [expect.objectContaining({ receivedQuantity: 25, inTransitQuantity: 15 })] });
    const mid = await rowsOf(stockItemId);
    // value over the locations plus what is on the road is what the store held
    expect(mid.reduce((s, r) => s + r.value, 0) + part.inTransitValueMinor).toBe(100 * 500_000);
    expect(mid.find((r) => r.tag === 'Ikoyi Tower')).toMatchObject({ quantity: 25, average: 500_000 });

    const done = await must(call('POST', `/inventory/transfers/${draft._id}/receive`, {}));
    expect(done).toMatchObject({ status: 'received', inTransitValueMinor: 0 });
    const after = await rowsOf(stockItemId);
    expect(after.find((r) => r.tag === 'Ikoyi Tower')).toMatchObject({ quantity: 40, value: 40 * 500_000, average: 500_000 });
    expect(after.reduce((s, r) => s + r.value, 0)).toBe(100 * 500_000);

    const log = (await api.logs(undefined, { search: 'TR-0001' })).json().data as TJson[];
    expect(log.map((m) => m.kind).sort()).toEqual(['transfer_in', 'transfer_in', 'transfer_out']);
  });

  it('refuses to dispatch more than the store holds, and a cancel brings the goods back', async () => {
    const stockItemId = await masterOf(cement._id);
    const tooMuch = await must(call('POST', '/inventory/transfers', { fromPlaceId: store._id, toPlaceId: site._id, lines: [{ stockItemId, quantity: 61 }] }), 201);
    const refused = await call('POST', `/inventory/transfers/${tooMuch._id}/dispatch`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough Cement in stock: 60 bags available, 61 asked for');
    expect((await must(call('GET', `/inventory/transfers/${tooMuch._id}`))).status).toBe('draft');

    const ok = await must(call('POST', '/inventory/transfers', { fromPlaceId: store._id, toPlaceId: site._id, lines: [{ stockItemId, quantity: 10 }] }), 201);
    await must(call('POST', `/inventory/transfers/${ok._id}/dispatch`));
    expect((await rowsOf(stockItemId)).find((r) => r.tag === 'Central store')).toMatchObject({ quantity: 50 });
    const cancelled = await must(call('POST', `/inventory/transfers/${ok._id}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', inTransitValueMinor: 0, lines: [expect.objectContaining({ returnedQuantity: 10 })] });
    expect((await rowsOf(stockItemId)).find((r) => r.tag === 'Central store')).toMatchObject({ quantity: 60, value: 60 * 500_000 });
  });

  it('posts a count\'s variance as adjustments, and waits for approval above the threshold', async () => {
    const sheet = await must(call('POST', '/inventory/counts', { placeId: store._id }), 201);
    expect(sheet).toMatchObject({ number: 'SC-0001', status: 'draft', place: 'Central store', lines: [expect.objectContaining({ name: 'Cement', expectedQuantity: 60, countedQuantity: null })] });
    const line = sheet.lines[0]._id;
    // saved and resumed
    await must(call('PUT', `/inventory/counts/${sheet._id}`, { lines: [{ lineId: line, countedQuantity: 58, reason: 'Two bags torn' }] }));
    const resumed = await must(call('GET', `/inventory/counts/${sheet._id}`));
    expect(resumed).toMatchObject({ counted: 1, varianceValueMinor: 2 * 500_000, lines: [expect.objectContaining({ countedQuantity: 58, varianceQuantity: -2 })] });
    const posted = await must(call('POST', `/inventory/counts/${sheet._id}/post`, { reason: 'Month-end count' }));
    expect(posted.status).toBe('posted');
    const log = (await api.logs(undefined, { search: 'SC-0001' })).json().data as TJson[];
    expect(log).toEqual([expect.objectContaining({ kind: 'adjustment_out', quantity: 2, valueMinor: 1_000_000, purpose: 'Count SC-0001: Two bags torn' })]);

    // 58 bags found to be 40: ₦90,000 of variance is above the ₦50,000 default
    const big = await must(call('POST', '/inventory/counts', { placeId: store._id }), 201);
    await must(call('PUT', `/inventory/counts/${big._id}`, { lines: [{ lineId: big.lines[0]._id, countedQuantity: 40 }] }));
    const waiting = await must(call('POST', `/inventory/counts/${big._id}/post`, { reason: 'Theft suspected' }));
    expect(waiting).toMatchObject({ status: 'awaiting_approval', varianceValueMinor: 18 * 500_000, approvalThresholdMinor: 5_000_000 });
    const storeRow = async () => (await rowsOf('')).find((r) => r.tag === 'Central store');
    expect(await storeRow()).toMatchObject({ quantity: 58 });

    const inbox = await must(call('GET', '/approvals/inbox?kind=stock-count', undefined, approver.token));
    expect(JSON.stringify(inbox)).toContain('SC-0002');
    const detail = await must(call('GET', `/approvals/inbox/stock-count/${big._id}`, undefined, approver.token));
    expect(detail).toMatchObject({ canDecide: true, subject: { kind: 'stock-count', count: { number: 'SC-0002', varianceValueMinor: 9_000_000 } } });
    const approved = await call('PUT', `/approvals/inbox/stock-count/${big._id}/decision`, { decision: 'approved' }, approver.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await must(call('GET', `/inventory/counts/${big._id}`))).status).toBe('posted');
    expect(await storeRow()).toMatchObject({ quantity: 40 });
  });

  it('issues a requisition in part from the store: the issued part travels to the site, the rest becomes a purchase request', async () => {
    const stockItemId = await masterOf(cement._id);
    const sand = await api.createItem({ tagName: 'Central store', name: 'Sharp sand', unit: 'tonnes' });
    const sandMaster = await masterOf(sand._id);
    const mr = await must(call('POST', '/inventory/requisitions', { placeId: site._id, purpose: 'Slab 3', items: [{ stockItemId, quantity: 50 }, { stockItemId: sandMaster, quantity: 5 }] }), 201);
    expect(mr).toMatchObject({ tagName: 'Ikoyi Tower', placeId: site._id, status: 'pending' });
    const cementLine = mr.items.find((l: TJson) => l.itemName === 'Cement');
    const sandLine = mr.items.find((l: TJson) => l.itemName === 'Sharp sand');

    const issued = await must(call('POST', `/inventory/requisitions/${mr._id}/issue`, {
      storeId: store._id, lines: [{ lineId: cementLine.lineId, quantity: 30 }, { lineId: sandLine.lineId, quantity: 0 }], requestPurchase: true,
    }, approver.token));
    expect(issued).toMatchObject({ status: 'issued', transferNumber: expect.stringMatching(/^TR-/), purchaseRequests: [expect.stringMatching(/^PR-/), expect.stringMatching(/^PR-/)] });
    const transfer = await must(call('GET', `/inventory/transfers/${issued.transferId}`));
    expect(transfer).toMatchObject({ status: 'in_transit', requisitionId: mr._id, fromPlace: 'Central store', toPlace: 'Ikoyi Tower', lines: [expect.objectContaining({ name: 'Cement', quantity: 30 })] });
    expect((await rowsOf(stockItemId)).find((r) => r.tag === 'Central store')).toMatchObject({ quantity: 10 });

    const all = (await must(call('POST', '/inventory/get-all-requisitions', { email: owner.user.email }))) as unknown as TJson[];
    expect(all.find((r) => r._id === mr._id)).toMatchObject({ status: 'issued', items: expect.arrayContaining([expect.objectContaining({ itemName: 'Cement', issuedQuantity: 30 })]) });

    const buyer = await staffUser(t.app, owner, 'Bola Buyer', ['Procurement-access']);
    const requests = (await must(call('GET', '/orders/purchase-requests?status=open', undefined, buyer.token))) as unknown as TJson[];
    expect(requests.map((r) => [r.name, r.quantity, r.place, r.requisitionNumber])).toEqual(expect.arrayContaining([
      ['Cement', 20, 'Ikoyi Tower', mr.number], ['Sharp sand', 5, 'Ikoyi Tower', mr.number],
    ]));
    expect((await call('GET', '/orders/purchase-requests', undefined, approver.token)).statusCode).toBe(403);
  });
});
