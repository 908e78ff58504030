import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';
import { multipart } from './helpers/test-app.ts';
import { PDF_BYTES } from './helpers/seed-people.ts';

/** Issue 35, lane match: a three-way match that holds money. */
describe('three-way match that holds money', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let approver: TStaff;
  let accountant: TStaff;
  let vendorId: string;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  /** 500 bags of cement at ₦10,200, approved, 300 received (the user's order). */
  const cementOrder = async () => {
    const [order] = expectData(await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'Cement', unit: 'bag', quantity: 500, unitPrice: '10200' }] }), 201);
    expectData(await call(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }), 200);
    expectData(await call(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa Storekeeper', lines: [{ lineId: order.lines[0]._id, quantity: 300 }] } }), 200);
    return order as { _id: string; invoiceNumber: string; lines: Array<{ _id: string }> };
  };
  const invoice = (orderId: string, lineId: string, number: string, quantity: number, unitPrice: string) =>
    call(accountant, 'POST', '/api/v1/orders/invoices', { orderId, invoiceNumber: number, invoiceDate: '2026-03-05', dueDate: '2026-04-05', lines: [{ lineId, quantity, unitPrice }] });
  const schedule = (orderId: string, invoiceId: string | null, amount: string) =>
    call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId, invoiceId, amount, dueDate: '2026-04-01' });
  const approvePayment = (paymentId: string) => call(approver, 'PUT', `/api/v1/approvals/inbox/payment/${paymentId}/decision`, { decision: 'approved' });
  const naira = (minor: number) => `NGN ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Eko Builders', email: 'owner@eko-match.ng' });
    other = await registerBusiness(t.app, { businessName: 'Abuja Works', email: 'owner@abuja-match.ng' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    accountant = await staffUser(t.app, owner, 'Kemi Accounts', ['Accounts-access']);
    vendorId = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement' }), 201)[0]._id;
  });
  afterAll(async () => t?.close());

  it('keeps tolerances per business in the procurement settings: 0% quantity and 2% price by default', async () => {
    expect(expectData(await call(buyer, 'GET', '/api/v1/orders/settings'), 200)).toMatchObject({ qtyToleranceBp: 0, priceToleranceBp: 200 });
    const saved = expectData(await call(owner, 'PUT', '/api/v1/orders/settings', { vatRate: '7.5', levyRate: '0', qtyTolerance: '0', priceTolerance: '2.5' }), 200);
    expect(saved).toMatchObject({ qtyToleranceBp: 0, priceToleranceBp: 250 });
    expect(expectData(await call(other, 'GET', '/api/v1/orders/settings'), 200)).toMatchObject({ priceToleranceBp: 200 });
    expectData(await call(owner, 'PUT', '/api/v1/orders/settings', { vatRate: '7.5', levyRate: '0', priceTolerance: '2' }), 200);
  });

  it('holds an invoice over tolerance: it cannot be scheduled until overridden with a reason, which is audited and shown', async () => {
    const order = await cementOrder();
    const inv = expectData(await invoice(order._id, order.lines[0]._id, 'DC-350', 350, '10500'), 201);
    expect(inv.hold).toMatchObject({ state: 'held', isHeld: true, override: null });
    const reasons = inv.lines[0].reasons.map((r: { code: string }) => r.code);
    expect(reasons).toEqual(['quantity-over-received', 'price-over-order']);
    expect(inv.lines[0].reasons[0].text).toBe('Cement: 350 bag invoiced, only 300 received and not yet invoiced (tolerance 0%)');

    const refused = await schedule(order._id, inv._id, '100');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Invoice DC-350 is held by the three-way match \(Cement: 350 bag invoiced/);
    // Nor through the order without naming the invoice.
    expect((await schedule(order._id, null, '100')).statusCode).toBe(409);

    // The accountant cannot override; an approver must, with a reason.
    expect((await call(accountant, 'POST', `/api/v1/orders/invoices/${inv._id}/override`, { reason: 'Agreed' })).statusCode).toBe(403);
    expect((await call(approver, 'POST', `/api/v1/orders/invoices/${inv._id}/override`, {})).statusCode).toBe(400);
    expect((await call(other, 'POST', `/api/v1/orders/invoices/${inv._id}/override`, { reason: 'Not yours' })).statusCode).toBe(404);
    const released = expectData(await call(approver, 'POST', `/api/v1/orders/invoices/${inv._id}/override`, { reason: 'Price rise agreed by the MD; 50 bags arrive Monday' }), 200);
    expect(released.hold).toMatchObject({ state: 'overridden', isHeld: false, override: { reason: 'Price rise agreed by the MD; 50 bags arrive Monday', by: 'Ada Approver' } });
    const [row] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.hold-overridden'), eq(auditLog.entityId, inv._id)));
    expect(row.after).toMatchObject({ reason: 'Price rise agreed by the MD; 50 bags arrive Monday', by: 'Ada Approver' });
    expect((await call(approver, 'POST', `/api/v1/orders/invoices/${inv._id}/override`, { reason: 'again' })).statusCode).toBe(409);
    expect((await schedule(order._id, inv._id, '100')).statusCode).toBe(201);
  });

  it('releases a held invoice once credit notes bring it within tolerance of received × order price', async () => {
    const order = await cementOrder();
    const inv = expectData(await invoice(order._id, order.lines[0]._id, 'DC-CN', 350, '10500'), 201);
    expect(inv.hold.isHeld).toBe(true);
    // received 300 × ₦10,200 + 7.5% VAT is what the match allows.
    expect(inv.hold.allowedMinor).toBe(328_950_000);
    const gap = inv.totalMinor - inv.hold.allowedMinor;
    const small = expectData(await call(accountant, 'POST', `/api/v1/orders/invoices/${inv._id}/credit-notes`, { number: 'CN-1', date: '2026-03-06', reason: 'Part of the price difference', amount: '1000' }), 201);
    expect(small.hold).toMatchObject({ state: 'held', creditsMinor: 100_000 });
    expect((await call(accountant, 'POST', `/api/v1/orders/invoices/${inv._id}/credit-notes`, { number: 'cn-1', date: '2026-03-06', reason: 'dup', amount: '1' })).statusCode).toBe(409);
    const closed = expectData(await call(accountant, 'POST', `/api/v1/orders/invoices/${inv._id}/credit-notes`, {
      number: 'CN-2', date: '2026-03-06', reason: '50 bags not delivered, price back to the order', amount: `${(gap - 100_000) / 100}`, lineId: order.lines[0]._id,
    }), 201);
    expect(closed.hold).toMatchObject({ state: 'credited', isHeld: false, creditsMinor: gap });
    expect(closed.creditNotes.map((c: { number: string; item: string | null }) => [c.number, c.item])).toEqual([['CN-1', null], ['CN-2', 'Cement']]);
    expect(closed.outstandingMinor).toBe(inv.hold.allowedMinor);
    const over = await schedule(order._id, inv._id, `${closed.outstandingMinor / 100 + 0.01}`);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`outstanding (${naira(closed.outstandingMinor)})`);
    expect((await schedule(order._id, inv._id, `${closed.outstandingMinor / 100}`)).statusCode).toBe(201);
  });

  it('refuses invoiced quantity above ordered across all invoices of the order, naming the line', async () => {
    const order = await cementOrder();
    expectData(await invoice(order._id, order.lines[0]._id, 'DC-300', 300, '10200'), 201);
    const res = await invoice(order._id, order.lines[0]._id, 'DC-250', 250, '10200');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invoiced quantity of Cement (550) is more than ordered (500): amend the order first');
    expect((await invoice(order._id, order.lines[0]._id, 'DC-200', 200, '10200')).statusCode).toBe(201);
  });

  it('computes one outstanding: the list, the detail and the refusal message agree; a paid invoice has nothing to schedule', async () => {
    const order = await cementOrder();
    const inv = expectData(await invoice(order._id, order.lines[0]._id, 'DC-OK', 300, '10200'), 201);
    expect(inv.hold.state).toBe('matched');
    const part = expectData(await schedule(order._id, inv._id, '1000000'), 201);
    const list = expectData(await call(accountant, 'GET', `/api/v1/orders/invoices/${owner.user.email}`), 200).find((i: { _id: string }) => i._id === inv._id);
    const detail = expectData(await call(accountant, 'GET', `/api/v1/orders/detail/${order._id}`), 200);
    const inDetail = detail.invoices.find((i: { _id: string }) => i._id === inv._id);
    expect(list.outstandingMinor).toBe(inv.totalMinor - 100_000_000);
    expect(inDetail.outstandingMinor).toBe(list.outstandingMinor);
    const refused = await schedule(order._id, inv._id, `${list.outstandingMinor / 100 + 1}`);
    expect(refused.json().message).toContain(`outstanding (${naira(list.outstandingMinor)})`);

    expectData(await approvePayment(part._id), 200);
    expectData(await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId: part._id, paidDate: '2026-04-01', method: 'bank-transfer' }), 200);
    const rest = expectData(await schedule(order._id, inv._id, `${list.outstandingMinor / 100}`), 201);
    expectData(await approvePayment(rest._id), 200);
    expectData(await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId: rest._id, paidDate: '2026-04-02', method: 'bank-transfer' }), 200);
    const paid = expectData(await call(accountant, 'GET', `/api/v1/orders/invoice/${inv._id}`), 200);
    expect(paid).toMatchObject({ paidMinor: inv.totalMinor, outstandingMinor: 0 });
    const again = await schedule(order._id, inv._id, '1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('outstanding (NGN 0.00)');
  });

  it('refuses to approve or record as paid a payment whose invoice became held (goods returned after scheduling)', async () => {
    const order = await cementOrder();
    const inv = expectData(await invoice(order._id, order.lines[0]._id, 'DC-RET', 300, '10200'), 201);
    const payment = expectData(await schedule(order._id, inv._id, '100000'), 201);
    const detail = expectData(await call(buyer, 'GET', `/api/v1/orders/detail/${order._id}`), 200);
    expectData(await call(buyer, 'POST', `/api/v1/orders/${order._id}/returns`, { grnId: detail.grns[0]._id, returnedDate: '2026-03-03', reason: 'Wet bags', lines: [{ lineId: order.lines[0]._id, quantity: 20 }] }), 201);
    const refused = await approvePayment(payment._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Invoice DC-RET is held/);
  });

  it('shows the payment approver the invoice, its lines, the GRNs, the match with reasons and the override', async () => {
    const order = await cementOrder();
    const inv = expectData(await invoice(order._id, order.lines[0]._id, 'DC-APR', 310, '10200'), 201);
    expectData(await call(approver, 'POST', `/api/v1/orders/invoices/${inv._id}/override`, { reason: '10 bags on the next truck' }), 200);
    const form = multipart([{ name: 'file', filename: 'DC-APR.pdf', contentType: 'application/pdf', data: PDF_BYTES }]);
    const up = await t.app.inject({ method: 'POST', url: `/api/v1/orders/invoices/${inv._id}/document`, headers: { ...bearer(accountant.token), ...form.headers }, payload: form.payload });
    expect(up.statusCode).toBe(201);
    const file = await call(approver, 'GET', `/api/v1/orders/invoices/${inv._id}/document`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const payment = expectData(await schedule(order._id, inv._id, '500000'), 201);
    const detail = expectData(await call(approver, 'GET', `/api/v1/approvals/inbox/payment/${payment._id}`), 200);
    const subject = detail.subject ?? detail;
    const shown = JSON.stringify(subject);
    expect(shown).toContain('DC-APR');
    expect(shown).toContain('Cement: 310 bag invoiced, only 300 received and not yet invoiced (tolerance 0%)');
    expect(shown).toContain('10 bags on the next truck');
    expect(shown).toContain('Musa Storekeeper');
    expect(subject.invoice.document).toMatchObject({ mime: 'application/pdf' });
  });
});
