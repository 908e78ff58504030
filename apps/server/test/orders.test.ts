import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@bizdesk/contract';
import { auditLog, goodsReceived, notifications, orderLines } from '../src/db/schema/index.ts';
import { createApprovalsService } from '../src/features/approvals/approvals.service.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { createOrdersService } from '../src/features/orders/orders.service.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { authOf, expectData, staffUser } from './helpers/procurement.ts';

describe('purchase orders, standing orders, goods received, invoices and payments', () => {
  let t: TTestApp;
  let owner: TSession;
  let ghana: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let ada: TStaff;
  let bola: TStaff;
  let accountant: TStaff;
  let vendorId: string;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const addOrder = async (lines: Array<Record<string, unknown>>, s: TSession = buyer, vendor = vendorId) =>
    expectData(await call(s, 'POST', '/api/v1/orders/add-orders', { vendorId: vendor, lines }), 201)[0];
  const decide = (s: TSession, orderId: string, approvalStatus: 'approved' | 'rejected' = 'approved', POType = 'regular') =>
    call(s, 'PUT', '/api/v1/orders/update-approval-status', { orderId, approvalStatus, POType, ...(approvalStatus === 'rejected' ? { reason: 'Too dear' } : {}) });
  const approvedOrder = async (lines: Array<Record<string, unknown>>) => {
    const order = await addOrder(lines);
    await decide(ada, order._id);
    expectData(await decide(bola, order._id), 200);
    return order;
  };
  const grn = (orderId: string, lines: Array<{ lineId: string; quantity: number | string }>, s: TSession = buyer) =>
    call(s, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId, receivedDate: '2026-03-02', receiver: 'Musa Storekeeper', lines } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Eko Builders', email: 'owner@eko-builders.ng' });
    ghana = await registerBusiness(t.app, { businessName: 'Accra Works', email: 'owner@accra-works.gh', country: 'GH' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    ada = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    bola = await staffUser(t.app, owner, 'Bola Approver', ['Approvals-access']);
    accountant = await staffUser(t.app, owner, 'Kemi Accounts', ['Accounts-access']);
    expectData(await call(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [ada.user._id, bola.user._id], totalApprovalsRequired: 2 }), 201);
    expectData(await call(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'standing-order', userId: [ada.user._id], totalApprovalsRequired: 1 }), 201);
    vendorId = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement', email: 'sales@dangote.example' }), 201)[0]._id;
  });
  afterAll(async () => t?.close());

  describe('add-orders', () => {
    it('computes line totals, VAT at 7.5% (Nigeria) and the total in minor units on the server', async () => {
      const res = await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [
        { item: 'Sharp sand', unit: 'tonne', quantity: '2.5', unitPrice: '1000.10' },
        { item: 'Cement', unit: 'bag', quantity: 3, unitPrice: '333.33' },
      ] });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(MSG.ordersAdded);
      const [order] = res.json().data;
      expect(order).toMatchObject({
        POType: 'regular', approvalStatus: 'pending', receiptStatus: 'open', currency: 'NGN', vendor: { name: 'Dangote Cement' },
        subtotalMinor: 350024, vatMinor: 26252, leviesMinor: 0, totalMinor: 376276, vatRateBp: 750,
      });
      expect(order.invoiceNumber).toMatch(/^PO-\d{6}$/);
      expect(order.lines.map((l: { quantity: string; lineTotalMinor: number }) => [l.quantity, l.lineTotalMinor])).toEqual([['2.5', 250025], ['3', 99999]]);
      expect(order.approval).toMatchObject({ service: 'purchase-order', status: 'pending', totalApprovalsRequired: 2 });
    });

    it('adds VAT 15% and 6% levies for a Ghana business', async () => {
      const [v] = expectData(await call(ghana, 'POST', '/api/v1/vendors/add-vendors', { name: 'Tema Steel' }), 201);
      const [order] = expectData(await call(ghana, 'POST', '/api/v1/orders/add-orders', { vendorId: v._id, lines: [{ item: 'Rods', unit: 'piece', quantity: 10, unitPrice: '100' }] }), 201);
      expect(order).toMatchObject({ currency: 'GHS', subtotalMinor: 100000, vatMinor: 15000, leviesMinor: 6000, totalMinor: 121000 });
    });

    it('refuses money sent as a JSON number, a negative quantity and another business\'s vendor', async () => {
      const asNumber = await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'x', unit: 'bag', quantity: 1, unitPrice: 10.1 }] });
      expect(asNumber.statusCode).toBe(400);
      const negative = await call(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'x', unit: 'bag', quantity: -1, unitPrice: '10' }] });
      expect(negative.statusCode).toBe(400);
      const foreign = await call(ghana, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'x', unit: 'bag', quantity: 1, unitPrice: '10' }] });
      expect(foreign.statusCode).toBe(404);
    });

    it('adds several orders at once, or none when one is bad', async () => {
      const before = (await call(buyer, 'GET', `/api/v1/orders/get-orders/${owner.user.email}?limit=100`)).json().totalRecords;
      const bad = await call(buyer, 'POST', '/api/v1/orders/add-orders', { orders: [
        { vendorId, lines: [{ item: 'ok', unit: 'bag', quantity: 1, unitPrice: '10' }] },
        { vendorId: crypto.randomUUID(), lines: [{ item: 'no vendor', unit: 'bag', quantity: 1, unitPrice: '10' }] },
      ] });
      expect(bad.statusCode).toBe(404);
      expect((await call(buyer, 'GET', `/api/v1/orders/get-orders/${owner.user.email}?limit=100`)).json().totalRecords).toBe(before);
    });
  });

  describe('approval of orders (through the approvals engine)', () => {
    it('approves an order only when both approvers of the rule approved', async () => {
      const order = await addOrder([{ item: 'Blocks', unit: 'piece', quantity: 100, unitPrice: '450' }]);
      const first = await decide(ada, order._id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ message: MSG.approvalStatusUpdated, data: { approvalStatus: 'pending', approval: { approvals: 1 } } });
      const second = await decide(bola, order._id);
      expect(second.json().data).toMatchObject({ approvalStatus: 'approved', approval: { status: 'approved', approvals: 2 } });
    });

    it('rejects at the first rejection', async () => {
      const order = await addOrder([{ item: 'Paint', unit: 'litre', quantity: 20, unitPrice: '1500' }]);
      const res = await decide(ada, order._id, 'rejected');
      expect(res.json().data).toMatchObject({ approvalStatus: 'rejected', approval: { reason: 'Too dear' } });
    });

    it('refuses the buyer approving (no Approvals-access) and a wrong POType', async () => {
      const order = await addOrder([{ item: 'Nails', unit: 'kg', quantity: 5, unitPrice: '900' }]);
      expect((await decide(buyer, order._id)).statusCode).toBe(403);
      const wrongType = await decide(ada, order._id, 'approved', 'standing');
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe(`POType: ${order.invoiceNumber} is a regular order`);
    });
  });

  describe('grn-update', () => {
    it('refuses goods against an order not yet approved', async () => {
      const order = await addOrder([{ item: 'Tiles', unit: 'box', quantity: 10, unitPrice: '100' }]);
      const res = await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 1 }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Goods cannot be received: this order is pending, not approved');
    });

    it('receives part, then refuses more than ordered minus already received, naming what remains', async () => {
      const order = await approvedOrder([{ item: 'Cement', unit: 'bag', quantity: 10, unitPrice: '5000' }]);
      const part = await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 6 }]);
      expect(part.statusCode).toBe(200);
      expect(part.json().data).toMatchObject({ receiptStatus: 'partially-received', lines: [{ received: '6' }] });
      const over = await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 5 }]);
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('Cement: only 4 bag remain to be received (ordered 10, already received 6)');
      const rest = await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 4 }]);
      expect(rest.json().data).toMatchObject({ receiptStatus: 'received', grns: [{ receiver: 'Musa Storekeeper' }, { receiver: 'Musa Storekeeper' }] });
    });

    it('never over-counts two receipts at once: one is refused', async () => {
      const order = await approvedOrder([{ item: 'Gravel', unit: 'tonne', quantity: 10, unitPrice: '8000' }]);
      const lineId = order.lines[0]._id;
      const [a, b] = await Promise.all([grn(order._id, [{ lineId, quantity: 6 }]), grn(order._id, [{ lineId, quantity: 6 }])]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [line] = await t.deps.db.select().from(orderLines).where(eq(orderLines.id, lineId));
      expect(line.receivedMilli).toBe(6000);
    });

    it('refuses a line of another order and a receipt of nothing', async () => {
      const order = await approvedOrder([{ item: 'Wire', unit: 'roll', quantity: 2, unitPrice: '100' }]);
      const other = await addOrder([{ item: 'Pipe', unit: 'piece', quantity: 2, unitPrice: '100' }]);
      expect((await grn(order._id, [{ lineId: other.lines[0]._id, quantity: 1 }])).json().message).toBe(`grnData.lines.0.lineId: is not a line of ${order.invoiceNumber}`);
      expect((await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 0 }])).json().message).toBe('grnData.lines: enter a received quantity above 0 for at least one line');
    });

    it('hands received goods to stock inside the receipt\'s transaction: a failure there leaves no receipt', async () => {
      // A second orders service on the same database, as inventory would hook in through onGoodsReceived.
      const notify = createNotificationsService(t.deps).notify;
      const orders = createOrdersService(t.deps, { notify, approvals: createApprovalsService(t.deps, { notify }) });
      const stocked: Array<{ item: string; quantityMilli: number }> = [];
      let failNext = true;
      orders.onGoodsReceived(async (tx, auth, goods) => {
        if (failNext) throw new Error('stock store unavailable');
        for (const l of goods.lines) stocked.push({ item: l.item, quantityMilli: l.quantityMilli });
        await notify(tx, auth.businessId, { category: 'Inventory', actionType: 'Stock in', message: `stock raised by ${goods.orderNumber}` });
      });
      const order = await approvedOrder([{ item: 'Rods', unit: 'piece', quantity: 50, unitPrice: '2500' }]);
      const auth = authOf(buyer, buyer.userName, buyer.roles);
      const data = { orderId: order._id, receivedDate: '2026-03-02', receiver: 'Musa', lines: [{ lineId: order.lines[0]._id, quantity: 20 }] };
      await expect(orders.receive(auth, data)).rejects.toThrow('stock store unavailable');
      expect(await t.deps.db.select().from(goodsReceived).where(eq(goodsReceived.orderId, order._id))).toEqual([]);
      expect((await t.deps.db.select().from(orderLines).where(eq(orderLines.id, order.lines[0]._id)))[0].receivedMilli).toBe(0);
      failNext = false;
      const done = await orders.receive(auth, data);
      expect(done.lines[0].received).toBe('20');
      expect(stocked).toEqual([{ item: 'Rods', quantityMilli: 20000 }]);
      const note = await t.deps.db.select().from(notifications).where(and(eq(notifications.businessId, owner.user.businessId), eq(notifications.message, `stock raised by ${order.invoiceNumber}`)));
      expect(note).toHaveLength(1);
    });
  });

  describe('cancel', () => {
    it('cancels before any goods are received, audited, and refuses after', async () => {
      const order = await addOrder([{ item: 'Doors', unit: 'piece', quantity: 2, unitPrice: '30000' }]);
      const res = await call(buyer, 'DELETE', `/api/v1/orders/cancel/${order._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ approvalStatus: 'cancelled', receiptStatus: 'cancelled', approval: { status: 'cancelled' } });
      const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'purchase-order.cancelled')));
      expect(audits).toHaveLength(1);
      expect((await call(buyer, 'DELETE', `/api/v1/orders/cancel/${order._id}`)).statusCode).toBe(409);

      const received = await approvedOrder([{ item: 'Windows', unit: 'piece', quantity: 2, unitPrice: '30000' }]);
      await grn(received._id, [{ lineId: received.lines[0]._id, quantity: 1 }]);
      const late = await call(buyer, 'DELETE', `/api/v1/orders/cancel/${received._id}`);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(`${received.invoiceNumber} cannot be cancelled: goods were already received against it`);
    });

    it("gives another business 404 for this business's order", async () => {
      const order = await addOrder([{ item: 'Locks', unit: 'piece', quantity: 2, unitPrice: '3000' }]);
      expect((await call(ghana, 'DELETE', `/api/v1/orders/cancel/${order._id}`)).statusCode).toBe(404);
      expect((await call(ghana, 'GET', `/api/v1/orders/detail/${order._id}`)).statusCode).toBe(404);
      expect((await call(ghana, 'POST', '/api/v1/orders/order', { invoiceNumber: order.invoiceNumber, ownerEmail: owner.user.email })).statusCode).toBe(403);
      expect((await call(ghana, 'POST', '/api/v1/orders/order', { invoiceNumber: order.invoiceNumber, ownerEmail: ghana.user.email })).statusCode).toBe(404);
    });
  });

  describe('standing orders', () => {
    let standing: { _id: string };
    beforeAll(async () => {
      standing = expectData(await call(buyer, 'POST', '/api/v1/orders/add-standing', { vendorId, description: 'Diesel for site generators', ceiling: '1000000', validFrom: '2026-01-01', validTo: '2026-06-30' }), 201);
    });

    it('refuses a call-off until approved', async () => {
      const res = await call(buyer, 'PUT', '/api/v1/orders/standing-po-update', { orderId: standing._id, amount: '100', description: 'x', date: '2026-02-01' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This standing order is pending, not approved. Remaining balance: NGN 1,000,000.00');
    });

    it('draws call-offs down the ceiling and refuses one past it or outside the validity, with the remaining balance', async () => {
      expectData(await decide(ada, standing._id, 'approved', 'standing'), 200);
      const first = await call(buyer, 'PUT', '/api/v1/orders/standing-po-update', { orderId: standing._id, amount: '600000', description: 'January diesel', date: '2026-01-31' });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ drawnMinor: 60_000_000, ceilingMinor: 100_000_000, callOffs: [{ description: 'January diesel' }] });
      const over = await call(buyer, 'PUT', '/api/v1/orders/standing-po-update', { orderId: standing._id, amount: '400000.01', description: 'Too much', date: '2026-02-15' });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('This call-off of NGN 400,000.01 is more than the remaining balance. Remaining balance: NGN 400,000.00');
      const late = await call(buyer, 'PUT', '/api/v1/orders/standing-po-update', { orderId: standing._id, amount: '10', description: 'Late', date: '2026-07-01' });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This standing order is valid from 2026-01-01 to 2026-06-30; a call-off on 2026-07-01 is outside it. Remaining balance: NGN 400,000.00');
      const exact = await call(buyer, 'PUT', '/api/v1/orders/standing-po-update', { orderId: standing._id, amount: '400000', description: 'The rest', date: '2026-03-01' });
      expect(exact.json().data.drawnMinor).toBe(100_000_000);
    });

    it('refuses validTo before validFrom', async () => {
      const res = await call(buyer, 'POST', '/api/v1/orders/add-standing', { vendorId, description: 'x', ceiling: '10', validFrom: '2026-05-01', validTo: '2026-04-01' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('invoices, three-way match and payments', () => {
    let order: { _id: string; invoiceNumber: string; lines: Array<{ _id: string }> };
    beforeAll(async () => {
      order = await approvedOrder([
        { item: 'Cement', unit: 'bag', quantity: 10, unitPrice: '5000' },
        { item: 'Sand', unit: 'tonne', quantity: 4, unitPrice: '12000' },
      ]);
      await grn(order._id, [{ lineId: order.lines[0]._id, quantity: 10 }, { lineId: order.lines[1]._id, quantity: 2 }]);
    });
    const invoice = (number: string, lines: Array<{ lineId: string; quantity: number; unitPrice: string }>) =>
      call(accountant, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber: number, invoiceDate: '2026-03-05', dueDate: '2026-04-05', lines });

    it('matches ordered, received and invoiced quantities and prices, flagging mismatches', async () => {
      const matched = await invoice('INV-1', [{ lineId: order.lines[0]._id, quantity: 10, unitPrice: '5000' }]);
      expect(matched.statusCode).toBe(201);
      expect(matched.json().data).toMatchObject({ match: 'matched', totalMinor: 5_375_000, lines: [{ item: 'Cement', ordered: '10', received: '10', invoiced: '10', state: 'matched' }] });
      const tooMany = await invoice('INV-2', [{ lineId: order.lines[1]._id, quantity: 4, unitPrice: '12000' }]);
      expect(tooMany.json().data).toMatchObject({ match: 'mismatch', lines: [{ item: 'Sand', ordered: '4', received: '2', invoiced: '4', state: 'quantity-mismatch' }] });
      const list = expectData(await call(accountant, 'GET', `/api/v1/orders/invoices/${owner.user.email}`), 200);
      expect(list.map((i: { invoiceNumber: string; match: string }) => [i.invoiceNumber, i.match])).toEqual(expect.arrayContaining([['INV-1', 'matched'], ['INV-2', 'mismatch']]));
      expect((await invoice('inv-1', [{ lineId: order.lines[0]._id, quantity: 1, unitPrice: '5000' }])).statusCode).toBe(409);
    });

    it('flags a price different from the order\'s', async () => {
      const other = await approvedOrder([{ item: 'Glass', unit: 'sheet', quantity: 2, unitPrice: '7000' }]);
      await grn(other._id, [{ lineId: other.lines[0]._id, quantity: 2 }]);
      const res = await call(accountant, 'POST', '/api/v1/orders/invoices', { orderId: other._id, invoiceNumber: 'G-1', invoiceDate: '2026-03-05', lines: [{ lineId: other.lines[0]._id, quantity: 2, unitPrice: '7500' }] });
      expect(res.json().data).toMatchObject({ match: 'mismatch', lines: [{ state: 'price-mismatch', orderedUnitPriceMinor: 700000, invoicedUnitPriceMinor: 750000 }] });
    });

    it('schedules a payment up to what is outstanding, refuses more, and tracks it once approved', async () => {
      const detail = expectData(await call(accountant, 'GET', `/api/v1/orders/detail/${order._id}`), 200);
      const total = detail.totalMinor as number;
      expect(detail.outstandingMinor).toBe(total);
      // INV-2 (4 t of sand invoiced, 2 received) holds the order's money until released (issue 35).
      const held = await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, amount: '1', dueDate: '2026-04-01' });
      expect(held.statusCode).toBe(409);
      expect(held.json().message).toMatch(/^Invoice INV-2 is held/);
      const inv2 = detail.invoices.find((i: { invoiceNumber: string }) => i.invoiceNumber === 'INV-2')._id;
      expectData(await call(ada, 'POST', `/api/v1/orders/invoices/${inv2}/override`, { reason: 'The second load of sand arrives tomorrow' }), 200);
      const over = await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, amount: `${total / 100 + 1}`, dueDate: '2026-04-01' });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toMatch(/is more than what is outstanding \(NGN [\d,]+\.\d{2}\)$/);
      const scheduled = await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, amount: '50000', dueDate: '2026-04-01' });
      expect(scheduled.statusCode).toBe(201);
      expect(scheduled.json()).toMatchObject({ message: MSG.paymentScheduled, data: { amountMinor: 5_000_000, status: 'pending-approval' } });
      const paymentId = scheduled.json().data._id;
      const rest = await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, amount: `${(total - 5_000_000) / 100 + 0.01}`, dueDate: '2026-04-01' });
      expect(rest.statusCode).toBe(409);

      const early = await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId, paidDate: '2026-04-01', method: 'bank-transfer' });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('This payment is still waiting for approval');
      const approve = await call(ada, 'PUT', '/api/v1/orders/update-approval-statusV2', { orderId: paymentId, ownerEmail: owner.user.email, service: 'payment', userId: ada.user._id });
      expect(approve.json().data.status).toBe('approved');
      const paid = await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId, paidDate: '2026-04-01', method: 'bank-transfer', reference: 'TRF-0091' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ message: MSG.paymentDataSent, data: { status: 'paid', paidDate: '2026-04-01', reference: 'TRF-0091' } });
      expect((await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId, paidDate: '2026-04-02', method: 'cash' })).statusCode).toBe(409);
      const details = expectData(await call(accountant, 'GET', `/api/v1/orders/payment-details/${owner.user.email}`), 200);
      expect(details.find((p: { _id: string }) => p._id === paymentId)).toMatchObject({ status: 'paid', orderNumber: order.invoiceNumber, vendorName: 'Dangote Cement' });
    });

    it('keeps payments of another business out of reach', async () => {
      expect((await call(ghana, 'GET', `/api/v1/orders/payment-details/${owner.user.email}`)).statusCode).toBe(403);
      expect((await call(ghana, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, amount: '1', dueDate: '2026-04-01' })).statusCode).toBe(404);
    });
  });

  describe('lists and summary', () => {
    it('finds an order by its number and lists orders by status', async () => {
      const order = await addOrder([{ item: 'Bolts', unit: 'box', quantity: 1, unitPrice: '100' }]);
      const found = expectData(await call(ada, 'POST', '/api/v1/orders/order', { invoiceNumber: order.invoiceNumber.toLowerCase(), ownerEmail: owner.user.email }), 200);
      expect(found._id).toBe(order._id);
      const pending = (await call(buyer, 'GET', `/api/v1/orders/get-orders/${owner.user.email}?status=pending&limit=100`)).json();
      expect(pending.data.every((o: { approvalStatus: string }) => o.approvalStatus === 'pending')).toBe(true);
      expect(pending.data.some((o: { _id: string }) => o._id === order._id)).toBe(true);
    });

    it('sums spend by vendor and counts orders for the procurement summary', async () => {
      const summary = expectData(await call(owner, 'GET', '/api/v1/orders/summary'), 200);
      expect(summary.spendByVendor[0]).toMatchObject({ vendor: 'Dangote Cement' });
      expect(summary.orders.received).toBeGreaterThan(0);
      expect(summary.spendByMonth).toEqual([{ month: '2026-04', totalMinor: 5_000_000 }]);
      expect(summary.averageApprovalHours.map((h: { service: string }) => h.service)).toEqual(expect.arrayContaining(['purchase-order', 'payment']));
    });
  });
});
