import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { and, eq } from 'drizzle-orm';
import { auditLog, projectCostEntries } from '../src/db/schema/index.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi } from './helpers/inject-api.ts';
import { staffUser } from './helpers/procurement.ts';

// Order amendment (docs/decisions-amend.md): "amend the order first" now has a way to do it.
let t: TTestApp;
let owner: TSession;
let buyer: TSession;
let approver: TSession;
let accounts: TSession;
let projectId: string;
let vendorId: string;
const { call, ok } = injectApi(() => t);

type TLine = { _id: string; item: string; quantity: string; unitPriceMinor: number };
type TDetail = { _id: string; invoiceNumber: string; revision: number; approvalStatus: string; subtotalMinor: number; vatMinor: number; totalMinor: number; lines: TLine[] };

const committed = async () => (await t.deps.db.select().from(projectCostEntries).where(and(
  eq(projectCostEntries.businessId, owner.user.businessId), eq(projectCostEntries.projectId, projectId), eq(projectCostEntries.stage, 'committed'),
))).reduce((s, r) => s + r.amountMinor, 0);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Amend Works Ltd', email: 'owner@amend-works.ng' });
  buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access', 'Inventory-access']);
  approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
  accounts = await staffUser(t.app, owner, 'Kemi Accounts', ['Accounts-access']);
  await ok(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [approver.user._id], totalApprovalsRequired: 1 }, 201);
  projectId = (await ok(owner, 'POST', '/api/v1/places', { kind: 'project', name: 'Ikoyi Bridge' }, 201)).data._id;
  vendorId = (await ok(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement', email: 'sales@dangote.example' }, 201)).data[0]._id;
}, 60_000);
afterAll(async () => t?.close());

describe('amending a purchase order (revision, re-approval, history)', () => {
  let order: TDetail;
  const cement = () => order.lines[0];
  const approve = async () => ok(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' });

  it('an approved order of 500 bags refuses an invoice for 550: amend the order first', async () => {
    order = (await ok(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, projectId, lines: [{ item: 'Cement', unit: 'bags', quantity: 500, unitPrice: '1000' }] }, 201)).data[0];
    expect(order).toMatchObject({ revision: 1, approvalStatus: 'pending', subtotalMinor: 50_000_000, totalMinor: 53_750_000 });
    await approve();
    expect(await committed()).toBe(50_000_000);
    const res = await call(accounts, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: 'DC-1', invoiceDate: '2026-03-01', lines: [{ lineId: cement()._id, quantity: 550, unitPrice: '1000' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Invoiced quantity of Cement (550) is more than ordered (500): amend the order first');
  });

  it('refuses an amendment without a reason, naming the field', async () => {
    const res = await call(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, { lines: [{ lineId: cement()._id, quantity: 600, unitPrice: '1000' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'reason', message: 'reason: is required' });
    const blank = await call(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: '  ', lines: [{ lineId: cement()._id, quantity: 600, unitPrice: '1000' }] });
    expect(blank.status).toBe(400);
    expect(blank.body.field).toBe('reason');
  });

  it('refuses a quantity below what was already received, naming the line and the figure', async () => {
    await ok(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa', lines: [{ lineId: cement()._id, quantity: 200, notStocked: true }] } });
    const res = await call(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: 'Less needed', lines: [{ lineId: cement()._id, quantity: 150, unitPrice: '1000' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'lines.0.quantity', message: 'lines.0.quantity: Cement cannot go below the 200 bags already received' });
  });

  it('refuses a new line without an item, and roles that may not buy', async () => {
    const res = await call(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: 'More', lines: [{ quantity: 5, unitPrice: '10' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('lines.0.item: is required');
    expect((await call(accounts, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: 'More', lines: [{ lineId: cement()._id, quantity: 600, unitPrice: '1000' }] })).status).toBe(403);
  });

  it('raises Cement to 600 and adds Sand: totals recomputed as on creation, revision 2, back for approval, history and audit kept', async () => {
    const before = order.totalMinor;
    const res = await ok(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, {
      reason: 'Site needs 100 more bags and sand', lines: [{ lineId: cement()._id, quantity: 600, unitPrice: '1000' }, { item: 'Sand', unit: 'tonnes', quantity: '2.5', unitPrice: '8000.50' }],
    });
    expect(res.message).toBe('Order amended; it goes back for approval');
    order = res.data;
    // 600 × 1,000 + 2.5 × 8,000.50 = 620,001.25; VAT 7.5% = 46,500.09375 → 46,500.09
    expect(order).toMatchObject({ revision: 2, approvalStatus: 'pending', subtotalMinor: 62_000_125, vatMinor: 4_650_009, totalMinor: 66_650_134 });
    expect(order.lines.map((l) => [l.item, l.quantity, l.unitPriceMinor])).toEqual([['Cement', '600', 100_000], ['Sand', '2.5', 800_050]]);
    expect((order as unknown as { approval: { status: string } }).approval.status).toBe('pending');
    expect(await committed()).toBe(0); // pending: nothing committed until approved again

    const history = (await ok(accounts, 'GET', `/api/v1/orders/${order._id}/revisions`)).data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ revision: 2, reason: 'Site needs 100 more bags and sand', createdBy: 'Bisi Buyer', before: { totalMinor: before }, after: { totalMinor: 66_650_134 } });
    expect(history[0].before.lines).toEqual([expect.objectContaining({ item: 'Cement', quantity: '500' })]);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'order.amended')));
    expect(audits).toHaveLength(1);
  });

  it('refuses a second amendment while the first waits for approval', async () => {
    const res = await call(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: 'Again', lines: [{ lineId: cement()._id, quantity: 700, unitPrice: '1000' }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${order.invoiceNumber} is pending: only an approved order can be amended`);
  });

  it('once approved again, the project commitment is the amended open quantity and the invoice for 550 is accepted', async () => {
    await approve();
    // Cement: 600 − 200 received = 400 open × 1,000; Sand 2.5 × 8,000.50 (net of VAT).
    expect(await committed()).toBe(40_000_000 + 2_000_125);
    const inv = await ok(accounts, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: 'DC-1', invoiceDate: '2026-03-03', lines: [{ lineId: cement()._id, quantity: 550, unitPrice: '1000' }] }, 201);
    expect(inv.data.totalMinor).toBe(59_125_000);
    const res = await call(buyer, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: 'Fewer', lines: [{ lineId: cement()._id, quantity: 500, unitPrice: '1000' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('lines.0.quantity: Cement cannot go below the 550 bags already invoiced');
  });

  it('prints the revision on the PO PDF once amended', async () => {
    const res = await call(buyer, 'GET', `/api/v1/orders/${order._id}/pdf`);
    expect(res.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.raw) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toMatch(/Revision:\s*2/);
  });

  it('a standing order and another business\'s order cannot be amended', async () => {
    const standing = (await ok(buyer, 'POST', '/api/v1/orders/add-standing', { vendorId, description: 'Diesel', ceiling: '1000000', validFrom: '2026-01-01', validTo: '2026-12-31' }, 201)).data;
    const res = await call(buyer, 'POST', `/api/v1/orders/${standing._id}/amend`, { reason: 'More', lines: [{ quantity: 1, item: 'x', unit: 'l', unitPrice: '1' }] });
    expect(res.status).toBe(409);
    const other = await registerBusiness(t.app, { businessName: 'Other Ltd', email: 'owner@other-amend.ng' });
    expect((await call(other, 'POST', `/api/v1/orders/${order._id}/amend`, { reason: 'x', lines: [{ lineId: cement()._id, quantity: 600, unitPrice: '1000' }] })).status).toBe(404);
    expect((await call(other, 'GET', `/api/v1/orders/${order._id}/revisions`)).status).toBe(404);
  });
});
