import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { collectorFor, inventoryApi, staffUser } from './helpers/inventory.ts';

describe('material requisitions through the approvals engine', () => {
  let t: TTestApp;
  let owner: TSession;
  let approver: TSession;
  let api: ReturnType<typeof inventoryApi>;
  let site: Awaited<ReturnType<typeof collectorFor>>;
  let otherSite: Awaited<ReturnType<typeof collectorFor>>;
  let cement: Record<string, any>;
  let rods: Record<string, any>;

  const requisitions = (token: string, tagName: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/inventory/get-requisitions', headers: bearer(token), payload: { tagName, email: owner.user.email } });
  const decide = (session: TSession, requestId: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-material-approval-status', headers: bearer(session.token), payload: { requestId, ownerEmail: owner.user.email, service: 'material-requisition', userId: session.user._id, approvalSource: 'web', ...extra } });
  const request = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/v1/inventory/requisitions', headers: bearer(token), payload });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Abuja Homes', email: 'owner@abujahomes.ng' });
    approver = await staffUser(t.app, owner, 'Chidi Approver', ['Approvals-access']);
    api = inventoryApi(t.app, owner);
    site = await collectorFor(t.app, owner, 'gwarinpa-site', 'GW-01');
    otherSite = await collectorFor(t.app, owner, 'maitama-site', 'MA-01');
    cement = await api.createItem({ tagName: 'gwarinpa-site', name: 'Cement', quantity: 100, unitCost: '5000', collectionPointId: site.pointId });
    rods = await api.createItem({ tagName: 'gwarinpa-site', name: 'Rods', unit: 'lengths', quantity: 30, unitCost: '7000', collectionPointId: site.pointId });
  });
  afterAll(async () => t.close());

  it('takes a request from a collection point, lets the office change it, and issues the stock once approved', async () => {
    const created = await request(site.token, { purpose: 'Block 4 foundation', neededBy: '2026-12-01', items: [{ itemId: cement._id, quantity: 10 }] });
    expect(created.statusCode).toBe(201);
    const req = created.json();
    expect(req).toMatchObject({ success: true, message: MSG.requisitionSubmitted, data: { tagName: 'gwarinpa-site', source: 'collector', employeeNumber: 'GW-01', status: 'pending', approvals: 0, approvalsRequired: 1, collectionPointId: site.pointId } });
    expect((await requisitions(site.token, 'gwarinpa-site')).json().data.map((r: { _id: string }) => r._id)).toEqual([req.data._id]);
    expect((await requisitions(otherSite.token, 'maitama-site')).json().data).toEqual([]);

    const updated = await t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-requisition', headers: api.h, payload: { requisitionId: req.data._id, requisitionData: { items: [{ itemId: cement._id, quantity: 12 }, { itemId: rods._id, quantity: 5 }] } } });
    expect(updated.json()).toMatchObject({ message: MSG.requisitionUpdated, data: { _id: req.data._id, items: [{ itemName: 'Cement', quantity: 12 }, { itemName: 'Rods', quantity: 5 }] } });

    const approved = await decide(approver, req.data._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ message: MSG.approvalStatusUpdated, data: { status: 'issued', approvals: 1, items: [{ itemName: 'Cement', issuedQuantity: 12 }, { itemName: 'Rods', issuedQuantity: 5 }] } });
    expect((await api.item(cement._id)).quantity).toBe(88);
    expect((await api.item(rods._id)).quantity).toBe(25);
    const log = (await api.logs('gwarinpa-site', { kind: 'outstock' })).json().data;
    expect(log.map((m: { reference: string; requisitionId: string; collectionPointId: string }) => [m.reference, m.requisitionId, m.collectionPointId]))
      .toEqual([[req.data.number, req.data._id, site.pointId], [req.data.number, req.data._id, site.pointId]]);
    const again = await decide(approver, req.data._id);
    expect(again.statusCode).toBe(409);
    expect((await api.item(cement._id)).quantity).toBe(88);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-requisition', headers: api.h, payload: { requisitionId: req.data._id, requisitionData: { purpose: 'late' } } })).statusCode).toBe(409);
  });

  it('needs every approval the rule asks for, and the requester cannot approve their own', async () => {
    const rule = await t.app.inject({ method: 'POST', url: '/api/v1/orders/create-approvals', headers: api.h, payload: { ownerEmail: owner.user.email, userId: [owner.user._id, approver.user._id], serviceName: 'material-requisition', totalApprovalsRequired: 2 } });
    expect(rule.statusCode).toBe(201);
    const req = (await request(site.token, { purpose: 'Lintels', items: [{ itemId: rods._id, quantity: 4 }] })).json().data;
    expect(req.approvalsRequired).toBe(2);
    expect((await decide(owner, req._id)).json().data).toMatchObject({ status: 'pending', approvals: 1 });
    expect((await api.item(rods._id)).quantity).toBe(25);
    expect((await decide(approver, req._id)).json().data).toMatchObject({ status: 'issued', approvals: 2 });
    expect((await api.item(rods._id)).quantity).toBe(21);

    await t.app.inject({ method: 'POST', url: '/api/v1/orders/create-approvals', headers: api.h, payload: { ownerEmail: owner.user.email, userId: [owner.user._id, approver.user._id], serviceName: 'material-requisition', totalApprovalsRequired: 1 } });
    const mine = (await request(owner.token, { tagName: 'gwarinpa-site', purpose: 'Office ask', items: [{ itemId: rods._id, quantity: 1 }] })).json().data;
    const own = await decide(owner, mine._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve or reject your own request');
    expect((await decide(approver, mine._id)).json().data.status).toBe('issued');
  });

  it('refuses an approval that would take stock below zero, leaving the requisition pending', async () => {
    const req = (await request(site.token, { purpose: 'Too much', items: [{ itemId: cement._id, quantity: 500 }] })).json().data;
    const res = await decide(approver, req._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough Cement in stock: 88 bags available, 500 asked for');
    const list = (await requisitions(owner.token, 'gwarinpa-site')).json().data;
    expect(list.find((r: { _id: string }) => r._id === req._id)).toMatchObject({ status: 'pending', approvals: 0 });
    expect((await api.item(cement._id)).quantity).toBe(88);
    const rejected = await decide(approver, req._id, { decision: 'rejected', reason: 'Order a smaller quantity' });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await api.item(cement._id)).quantity).toBe(88);
  });

  it('deletes a pending requisition from the list and keeps decided ones', async () => {
    const req = (await request(site.token, { purpose: 'Changed plan', items: [{ itemId: cement._id, quantity: 1 }] })).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/requisitions/${req._id}`, headers: bearer(otherSite.token) })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/requisitions/${req._id}`, headers: bearer(site.token) });
    expect(del.json()).toMatchObject({ success: true, message: MSG.requisitionDeleted });
    const all = (await t.app.inject({ method: 'POST', url: '/api/v1/inventory/get-all-requisitions', headers: api.h, payload: { email: owner.user.email } })).json().data;
    expect(all.some((r: { _id: string }) => r._id === req._id)).toBe(false);
    const issued = all.find((r: { status: string }) => r.status === 'issued');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/inventory/requisitions/${issued._id}`, headers: api.h })).statusCode).toBe(409);
  });

  it("confines collectors to their point's items and keeps other businesses out", async () => {
    const foreign = await request(otherSite.token, { purpose: 'Borrow', items: [{ itemId: cement._id, quantity: 1 }] });
    expect(foreign.statusCode).toBe(404);
    expect((await request(site.token, { tagName: 'maitama-site', purpose: 'x', items: [{ itemId: cement._id, quantity: 1 }] })).statusCode).toBe(403);
    const other = await registerBusiness(t.app, { businessName: 'Elsewhere Ltd', email: 'owner@elsewhere.ng' });
    const req = (await request(site.token, { purpose: 'Mine', items: [{ itemId: cement._id, quantity: 1 }] })).json().data;
    const theirDecision = await t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-material-approval-status', headers: bearer(other.token), payload: { requestId: req._id, ownerEmail: other.user.email, service: 'material-requisition', userId: other.user._id, approvalSource: 'web' } });
    expect(theirDecision.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/orders/update-requisition', headers: bearer(other.token), payload: { requisitionId: req._id, requisitionData: { purpose: 'hijack' } } })).statusCode).toBe(404);
    expect((await requisitions(other.token, 'gwarinpa-site')).statusCode).toBe(403);
  });
});
