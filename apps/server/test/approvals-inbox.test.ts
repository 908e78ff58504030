import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { bearer, createTestApp, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { dayIn } from './helpers/time.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// Issue 30: one inbox for everything waiting for the signed-in person, with a detail the approver may read
// whatever their module roles, and decisions (with a comment) taken there.
describe('approvals inbox', () => {
  let t: TTestApp;
  let owner: TSession;
  let stranger: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let approver: TStaff;
  let payApprover: TStaff;
  let hr: TStaff;
  let strangerApprover: TStaff;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(s.token), remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
  const inbox = async (s: TSession, query = '') => expectData(await call(s, 'GET', `/api/v1/approvals/inbox${query}`), 200);
  const detailUrl = (kind: string, id: string) => `/api/v1/approvals/inbox/${kind}/${id}`;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Inbox Builders', email: 'owner@inbox-builders.ng' });
    stranger = await registerBusiness(t.app, { businessName: 'Other Works', email: 'owner@other-works.ng' });
    buyer = await staffUser(t.app, owner, 'Bayo Buyer', ['Procurement-access', 'Inventory-access']);
    approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    payApprover = await staffUser(t.app, owner, 'Pat Payroll', ['Accounts-access', 'Approvals-access']);
    hr = await staffUser(t.app, owner, 'Halima HR', ['HR-access']);
    strangerApprover = await staffUser(t.app, stranger, 'Kofi Approver', ['Approvals-access']);
  });
  afterAll(async () => t?.close());

  it('shows an Approvals-only user the purchase order with its lines, refuses a rejection without a comment, and approves it with one', async () => {
    const [vendor] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement', email: 'sales@dangote.example' }), 201);
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', {
      vendorId: vendor._id, lines: [{ item: 'Cement 50 kg', unit: 'bag', quantity: 400, unitPrice: '8000' }, { item: 'Sharp sand', unit: 'tonne', quantity: 20, unitPrice: '15000' }],
    }), 201);

    const box = await inbox(approver);
    const row = box.rows.find((r: { subjectId: string }) => r.subjectId === order._id);
    expect(row).toMatchObject({ kind: 'purchase-order', requestedBy: { userName: 'Bayo Buyer' }, currency: 'NGN' });
    expect(row.amount).toBe(order.totalMinor);
    expect(box.counts).toMatchObject({ 'purchase-order': 1, total: 1 });
    // The buyer asked for it: it is not theirs to decide, so it is not in their inbox.
    expect((await call(buyer, 'GET', '/api/v1/approvals/inbox')).statusCode).toBe(403);

    const detail = expectData(await call(approver, 'GET', detailUrl('purchase-order', order._id)), 200);
    expect(detail).toMatchObject({ status: 'pending', canDecide: true, history: [], subject: { kind: 'purchase-order', quotes: null } });
    expect(detail.subject.order.lines.map((l: { item: string }) => l.item)).toEqual(['Cement 50 kg', 'Sharp sand']);

    const noComment = await call(approver, 'PUT', `${detailUrl('purchase-order', order._id)}/decision`, { decision: 'rejected' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().message).toMatch(/^comment/);

    const done = expectData(await call(approver, 'PUT', `${detailUrl('purchase-order', order._id)}/decision`, { decision: 'approved', comment: 'Within budget' }), 200);
    expect(done).toMatchObject({ status: 'approved', canDecide: false, subject: { order: { approvalStatus: 'approved' } } });
    expect(done.history).toEqual([expect.objectContaining({ userName: 'Ada Approver', decision: 'approved', reason: 'Within budget' })]);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'approval.approved')));
    expect(audits.some((a) => JSON.stringify(a.after).includes('Within budget'))).toBe(true);
    expect((await inbox(approver)).counts.total ?? 0).toBe(0);
    // Who decided it may still read it.
    expect((await call(approver, 'GET', detailUrl('purchase-order', order._id))).statusCode).toBe(200);
  });

  it("shows a payment's approver the invoice's three-way match and the order's lines", async () => {
    const [vendor] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Julius Berger Supplies' }), 201);
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Rebar 12 mm', unit: 'piece', quantity: 10, unitPrice: '2000' }] }), 201);
    expectData(await call(approver, 'PUT', `${detailUrl('purchase-order', order._id)}/decision`, { decision: 'approved' }), 200);
    const lineId = order.lines[0]._id;
    expectData(await call(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-02-01', receiver: 'Musa', lines: [{ lineId, quantity: 10 }] } }), 200);
    const invoice = expectData(await call(owner, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: 'JB-77', invoiceDate: '2026-02-02', lines: [{ lineId, quantity: 10, unitPrice: '2000' }] }), 201);
    const payment = expectData(await call(owner, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, invoiceId: invoice._id, amount: '1000', dueDate: '2026-03-01' }), 201);
    const row = (await inbox(approver, '?kind=payment')).rows.find((r: { subjectId: string }) => r.subjectId === payment._id);
    expect(row).toMatchObject({ kind: 'payment', amount: 100_000 });
    const detail = expectData(await call(approver, 'GET', detailUrl('payment', payment._id)), 200);
    expect(detail.subject).toMatchObject({ kind: 'payment', payment: { _id: payment._id }, invoice: { invoiceNumber: 'JB-77', match: 'matched' } });
    expect(detail.subject.order.lines.map((l: { item: string }) => l.item)).toEqual(['Rebar 12 mm']);
  });

  it("refuses another business's approver (404) and a user who may not decide it (403)", async () => {
    const [vendor] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Lafarge' }), 201);
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId: vendor._id, lines: [{ item: 'Blocks', unit: 'piece', quantity: 10, unitPrice: '500' }] }), 201);
    const foreign = await call(strangerApprover, 'GET', detailUrl('purchase-order', order._id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Blocks');
    expect((await call(strangerApprover, 'PUT', `${detailUrl('purchase-order', order._id)}/decision`, { decision: 'approved' })).statusCode).toBe(404);
    // HR-access reaches the inbox (for leave) but decides no purchase order.
    const hrSees = await call(hr, 'GET', detailUrl('purchase-order', order._id));
    expect(hrSees.statusCode).toBe(403);
    expect(hrSees.body).not.toContain('Blocks');
    expect((await inbox(hr)).rows.some((r: { kind: string }) => r.kind === 'purchase-order')).toBe(false);
    expect((await call(approver, 'GET', detailUrl('purchase-order', crypto.randomUUID()))).statusCode).toBe(404);
  });

  it('puts a computed payroll run in the inbox of those who may approve it, and approves it from there', async () => {
    const ngozi = expectData(await call(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi@inbox-builders.ng', grossIncome: '6000000' }), 201);
    await givePayableAccounts(t.app, owner, [ngozi._id]);
    const run = expectData(await call(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-05' }), 200);
    expect((await call(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`)).statusCode).toBe(202);
    let row: { kind: string; amount: number; subjectId: string } | undefined;
    for (let i = 0; i < 200 && !row; i++) {
      row = (await inbox(payApprover)).rows.find((r: { kind: string }) => r.kind === 'payroll');
      if (!row) await sleep(100);
    }
    expect(row).toMatchObject({ kind: 'payroll', subjectId: run._id });
    expect(row!.amount).toBeGreaterThan(0);
    // Approving pay needs Accounts-access as well: an Approvals-only user is not offered the run.
    expect((await inbox(approver)).rows.some((r: { kind: string }) => r.kind === 'payroll')).toBe(false);
    const detail = expectData(await call(payApprover, 'GET', detailUrl('payroll', run._id)), 200);
    expect(detail.subject.run).toMatchObject({ month: '2026-05', status: 'draft' });
    expect(detail.subject.run.totals.netMinor).toBe(row!.amount);
    const done = expectData(await call(payApprover, 'PUT', `${detailUrl('payroll', run._id)}/decision`, { decision: 'approved' }), 200);
    expect(done.subject.run.status).toBe('approved');
    expect((await inbox(payApprover)).rows.some((r: { kind: string }) => r.kind === 'payroll')).toBe(false);
  });

  it('holds pending leave for HR, who decide it there', async () => {
    const e = expectData(await call(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Tunde', lastName: 'Bello', email: 'tunde@inbox-builders.ng', grossIncome: '3000000', startDate: '2025-01-06' }), 201);
    const year = Number(dayIn('Africa/Lagos').slice(0, 4)) + 1;
    let day = new Date(Date.UTC(year, 1, 2));
    while (day.getUTCDay() !== 2) day = new Date(day.getTime() + 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const leave = expectData(await call(hr, 'POST', `/api/v1/employee/leave/${e._id}`, { type: 'sick', startDate: date, endDate: date, reason: 'Malaria' }), 201);
    const box = await inbox(hr);
    expect(box.rows.find((r: { kind: string }) => r.kind === 'leave')).toMatchObject({ subjectId: leave._id, title: expect.stringContaining('Tunde Bello') });
    expect(box.counts.leave).toBe(1);
    expect((await inbox(approver)).counts.leave).toBeUndefined();
    expect((await call(approver, 'GET', detailUrl('leave', leave._id))).statusCode).toBe(403);
    const done = expectData(await call(hr, 'PUT', `${detailUrl('leave', leave._id)}/decision`, { decision: 'approved', comment: 'Get well' }), 200);
    expect(done).toMatchObject({ status: 'approved', subject: { leave: { status: 'approved', decisionReason: 'Get well' } } });
    expect((await inbox(hr)).counts.leave).toBeUndefined();
  });

  it('lists the free trucks on a fleet requisition and books the one the approver picks', async () => {
    const truck = expectData(await call(owner, 'POST', '/api/v1/inventory/create-truck', { plateNumber: 'LAG-101-AA', model: 'MAN TGS', capacity: '30 tonnes', fuelType: 'diesel' }), 201);
    const req = expectData(await call(buyer, 'POST', '/api/v1/cost/create-requisition', { tagName: 'lekki-bridge', purpose: 'Haulage', startDate: '2031-05-10', endDate: '2031-05-14' }), 201);
    const detail = expectData(await call(approver, 'GET', detailUrl('fleet-requisition', req._id)), 200);
    expect(detail.subject.freeTrucks.map((x: { plateNumber: string }) => x.plateNumber)).toEqual(['LAG-101-AA']);
    const noTruck = await call(approver, 'PUT', `${detailUrl('fleet-requisition', req._id)}/decision`, { decision: 'approved' });
    expect(noTruck.statusCode).toBe(409);
    const done = expectData(await call(approver, 'PUT', `${detailUrl('fleet-requisition', req._id)}/decision`, { decision: 'approved', truckId: truck._id, comment: 'Take the MAN' }), 200);
    expect(done.subject.requisition).toMatchObject({ status: 'approved', plateNumber: 'LAG-101-AA' });
  });

  it('filters by kind and pages', async () => {
    const [vendor] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Pager Supplies' }), 201);
    for (const item of ['A', 'B', 'C']) {
      expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId: vendor._id, lines: [{ item, unit: 'piece', quantity: 1, unitPrice: '100' }] }), 201);
    }
    const all = await inbox(approver, '?kind=purchase-order&limit=2&page=1');
    const next = await inbox(approver, '?kind=purchase-order&limit=2&page=2');
    expect(all.totalRecords).toBe(all.counts['purchase-order']);
    expect(all.rows).toHaveLength(2);
    expect(next.rows.length).toBe(all.totalRecords - 2);
    expect(new Set([...all.rows, ...next.rows].map((r: { _id: string }) => r._id)).size).toBe(all.totalRecords);
    expect((await inbox(approver, '?kind=leave')).rows).toEqual([]);
    expect((await call(approver, 'GET', '/api/v1/approvals/inbox?kind=nothing')).statusCode).toBe(400);
  });
});
