import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, notifications } from '../src/db/schema/index.ts';
import { buildServices } from '../src/app.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { createRemittancesService } from '../src/features/remittances/remittances.service.ts';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { expectData, staffUser } from './helpers/procurement.ts';

describe('withholding tax at payment, the WHT schedule, payables ageing and supplier documents (issue 35)', () => {
  let t: TTestApp;
  let owner: TSession;
  let ghana: TSession;
  type TStaff = Awaited<ReturnType<typeof staffUser>>;
  let buyer: TStaff;
  let ada: TStaff;
  let accountant: TStaff;
  let consultant: string;
  let sandSeller: string;

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const pdfText = async (raw: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(raw) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    return text;
  };
  const addOrder = async (vendorId: string, unitPrice: string, s: TSession = buyer) =>
    expectData(await call(s, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'Site survey', unit: 'job', quantity: 1, unitPrice }] }), 201)[0];
  const approve = async (orderId: string) => expectData(await call(ada, 'PUT', '/api/v1/orders/update-approval-status', { orderId, approvalStatus: 'approved', POType: 'regular' }), 200);
  /** An approved order, received and invoiced in full; returns the order and the invoice. */
  const invoiced = async (vendorId: string, unitPrice: string, invoiceNumber: string, dates: { invoiceDate: string; dueDate?: string }) => {
    const order = await addOrder(vendorId, unitPrice);
    await approve(order._id);
    expectData(await call(buyer, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: dates.invoiceDate, receiver: 'Musa', lines: [{ lineId: order.lines[0]._id, quantity: 1 }] } }), 200);
    const invoice = expectData(await call(accountant, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber, ...dates, lines: [{ lineId: order.lines[0]._id, quantity: 1, unitPrice }] }), 201);
    return { order, invoice };
  };
  const scheduleAndApprove = async (orderId: string, invoiceId: string, amount: string) => {
    const payment = expectData(await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId, invoiceId, amount, dueDate: '2026-04-10' }), 201);
    const decided = await call(ada, 'PUT', '/api/v1/orders/update-approval-statusV2', { orderId: payment._id, ownerEmail: owner.user.email, service: 'payment', userId: ada.user._id });
    expect(decided.json().data.status).toBe('approved');
    return payment;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Eko Builders', email: 'owner@eko-wht.ng' });
    ghana = await registerBusiness(t.app, { businessName: 'Accra Works', email: 'owner@accra-wht.gh', country: 'GH' });
    buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    ada = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    accountant = await staffUser(t.app, owner, 'Kemi Accounts', ['Accounts-access']);
    expectData(await call(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [ada.user._id], totalApprovalsRequired: 1 }), 201);
    [consultant, sandSeller] = expectData(await call(buyer, 'POST', '/api/v1/vendors/add-vendors', { vendors: [
      { name: 'Kano Consulting Engineers', taxId: '12345678-0001', address: '3 Zoo Road, Kano', whtCategory: 'professional', whtPayeeType: 'company' },
      { name: 'Musa Sand Supplies', whtCategory: 'goods', whtPayeeType: 'individual' },
    ] }), 201).map((v: { _id: string }) => v._id);
  });
  afterAll(async () => t?.close());

  it('keeps the vendor\'s WHT category and company/individual flag', async () => {
    const rows = expectData(await call(buyer, 'GET', `/api/v1/vendors/fetch-vendors/${owner.user.email}`), 200);
    expect(rows.find((v: { _id: string }) => v._id === consultant)).toMatchObject({ whtCategory: 'professional', whtPayeeType: 'company', isSmallSupplier: false });
    expect(rows.find((v: { _id: string }) => v._id === sandSeller)).toMatchObject({ whtCategory: 'goods', whtPayeeType: 'individual' });
  });

  it('withholds 5% of the amount before VAT from a consultant (company, with TIN) at payment, shows it before confirming, stores and audits it', async () => {
    const { order, invoice } = await invoiced(consultant, '1000000', 'KCE-001', { invoiceDate: '2026-04-01', dueDate: '2026-04-30' });
    const total = invoice.totalMinor as number; // 1,000,000 + 7.5% VAT
    expect(total).toBe(107_500_000);
    const payment = await scheduleAndApprove(order._id, invoice._id, '1075000');
    const preview = expectData(await call(accountant, 'GET', `/api/v1/orders/payments/${payment._id}/withholding?paidDate=2026-04-15`), 200);
    // VAT is not the consultant's income: 5% of ₦1,000,000.00, not of the ₦1,075,000.00 paid.
    expect(preview).toMatchObject({ grossMinor: total, baseMinor: 100_000_000, rateBp: 500, whtMinor: 5_000_000, netMinor: total - 5_000_000, authority: 'FIRS', rateKey: 'NG-2025-professional-company' });
    const paid = expectData(await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId: payment._id, paidDate: '2026-04-15', method: 'bank-transfer', reference: 'TRF-1' }), 200);
    expect(paid).toMatchObject({ status: 'paid', amountMinor: total, whtMinor: 5_000_000, whtRateBp: 500, whtRateKey: 'NG-2025-professional-company', whtAuthority: 'FIRS' });
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, payment._id));
    expect(audits.map((a) => a.action)).toContain('payment.withheld');
    const receipt = await call(accountant, 'GET', `/api/v1/orders/payments/${payment._id}/wht-receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('WHT credit note');
    expect(text).toContain('50,000.00');
    expect(text).toContain('Amount before VAT (taxed)');
    expect(text).toContain('1,000,000.00');
    expect(text).toContain('12345678-0001');
  });

  it('doubles the rate for a supplier without a TIN and sends an individual\'s tax to the State IRS', async () => {
    const { order, invoice } = await invoiced(sandSeller, '100000', 'MSS-9', { invoiceDate: '2026-04-02' });
    const payment = await scheduleAndApprove(order._id, invoice._id, '107500');
    const paid = expectData(await call(accountant, 'POST', '/api/v1/orders/payment-track', { paymentId: payment._id, paidDate: '2026-04-20', method: 'cash' }), 200);
    expect(paid).toMatchObject({ whtRateBp: 400, whtMinor: 400_000, whtAuthority: 'State IRS' }); // 4% of ₦100,000.00 before VAT
  });

  it('lists the month\'s WHT per authority with the 21st as due date, as a download, and on the remittance tracker', async () => {
    const s = expectData(await call(accountant, 'GET', '/api/v1/orders/wht-schedule?month=2026-04'), 200);
    expect(s.authorities.map((a: { authority: string }) => a.authority)).toEqual(['FIRS', 'State IRS']);
    const firs = s.authorities[0];
    expect(firs).toMatchObject({ dueDate: '2026-05-21', whtMinor: 5_000_000, baseMinor: 100_000_000 });
    expect(firs.rows[0]).toMatchObject({ vendorName: 'Kano Consulting Engineers', vendorTin: '12345678-0001', invoiceNumber: 'KCE-001', grossMinor: 107_500_000, baseMinor: 100_000_000, rateBp: 500, whtMinor: 5_000_000 });
    expect(s.totalWhtMinor).toBe(5_000_000 + 400_000);
    const csv = await call(accountant, 'GET', '/api/v1/orders/wht-schedule?month=2026-04&authority=FIRS&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Kano Consulting Engineers');
    expect(csv.body).toContain('50000.00');
    expect(csv.body).toContain('Amount before VAT');
    const xlsx = await call(accountant, 'GET', '/api/v1/orders/wht-schedule?month=2026-04&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const tracker = expectData(await call(accountant, 'GET', '/api/v1/remittances?from=2026-04&to=2026-04'), 200);
    const wht = tracker.items.filter((i: { kind: string }) => i.kind === 'ng-wht');
    expect(wht).toEqual(expect.arrayContaining([
      expect.objectContaining({ payee: 'FIRS', period: '2026-04', amountDueMinor: 5_000_000, dueDate: '2026-05-21' }),
      expect.objectContaining({ payee: 'State IRS', amountDueMinor: 400_000, dueDate: '2026-05-21' }),
    ]));
    // A remittance of it is recorded like any other.
    const rec = await t.app.inject({
      method: 'POST', url: '/api/v1/remittances/payments', headers: { ...bearer(accountant.token), 'content-type': 'multipart/form-data; boundary=X' },
      payload: ['kind=ng-wht', 'payee=FIRS', 'period=2026-04', 'amount=50000', 'reference=FIRS-RRR-1', 'paidOn=2026-05-02'].map((kv) => {
        const [k, v] = kv.split('=');
        return `--X\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
      }).join('') + '--X--\r\n',
    });
    expect(rec.statusCode).toBe(201);
  });

  it('reminds a business that runs no payroll of the WHT it owes, two days before the 21st, once', async () => {
    const { notify } = createNotificationsService(t.deps);
    const services = buildServices(t.deps);
    const peers = { payroll: services.payroll, leave: services.leave, notify, withholding: services.withholding };
    const at = (iso: string) => createRemittancesService(t.deps, peers, { now: () => new Date(iso) });
    const whtReminders = async () => (await t.deps.db.select().from(notifications)
      .where(and(eq(notifications.businessId, owner.user.businessId), like(notifications.messageKey, 'remittances.%'))))
      .map((n) => n.params as Record<string, string>).filter((p) => p.period === '2026-04').map((p) => `${p.authority}: ${p.payee}`);
    // April's FIRS WHT was remitted in full above; the State IRS part (₦4,000) is still owed, due 21 May.
    await at('2026-05-10T08:00:00Z').sendReminders();
    expect(await whtReminders()).toEqual([]);
    await at('2026-05-19T08:00:00Z').sendReminders();
    await at('2026-05-19T09:00:00Z').sendReminders();
    expect(await whtReminders()).toEqual(['Withholding tax: State IRS']);
  });

  it('puts payables in ageing buckets that add up to the total outstanding, with the invoices', async () => {
    await invoiced(consultant, '200000', 'KCE-002', { invoiceDate: '2026-01-05', dueDate: '2026-01-20' }); // 101 days past due on 2026-05-01
    await invoiced(consultant, '50000', 'KCE-003', { invoiceDate: '2026-04-01', dueDate: '2026-04-10' }); // 21 days
    const partly = await invoiced(sandSeller, '80000', 'MSS-10', { invoiceDate: '2026-04-25', dueDate: '2026-05-25' }); // current
    await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: partly.order._id, invoiceId: partly.invoice._id, amount: '10000', dueDate: '2026-05-20' });
    const a = expectData(await call(accountant, 'GET', '/api/v1/orders/payables-ageing?asOf=2026-05-01'), 200);
    const sum = (b: Record<string, number>) => b.current + b.d1to30 + b.d31to60 + b.d61to90 + b.over90;
    expect(sum(a.totals)).toBe(a.totals.totalMinor);
    expect(a.vendors.reduce((s: number, v: { totalMinor: number }) => s + v.totalMinor, 0)).toBe(a.totals.totalMinor);
    for (const v of a.vendors) {
      expect(sum(v)).toBe(v.totalMinor);
      expect(v.invoices.reduce((s: number, i: { outstandingMinor: number }) => s + i.outstandingMinor, 0)).toBe(v.totalMinor);
    }
    expect(a.totals).toMatchObject({ over90: 21_500_000, d1to30: 5_375_000, current: 8_600_000 - 1_000_000 });
    const kano = a.vendors.find((v: { vendorName: string }) => v.vendorName === 'Kano Consulting Engineers');
    expect(kano.invoices.find((i: { invoiceNumber: string }) => i.invoiceNumber === 'KCE-002')).toMatchObject({ bucket: 'over90', daysPastDue: 101 });
    expect(kano.invoices.some((i: { invoiceNumber: string }) => i.invoiceNumber === 'KCE-001')).toBe(false); // paid in full
  });

  it('marks a pending order\'s PDF NOT APPROVED and names the approvers on an approved one', async () => {
    const pending = await addOrder(consultant, '5000');
    const draft = await call(buyer, 'GET', `/api/v1/orders/${pending._id}/pdf`);
    expect(draft.statusCode).toBe(200);
    const pendingText = await pdfText(draft.rawPayload);
    expect(pendingText).toContain('NOT APPROVED');
    expect(pendingText).toContain('Kano Consulting Engineers');
    await approve(pending._id);
    const approvedText = await pdfText((await call(buyer, 'GET', `/api/v1/orders/${pending._id}/pdf`)).rawPayload);
    expect(approvedText).not.toContain('NOT APPROVED');
    expect(approvedText).toContain('Ada Approver');
    expect(approvedText).toContain(pending.invoiceNumber);
  });

  it('prints a GRN and a payment advice with gross, WHT and net', async () => {
    const { order, invoice } = await invoiced(consultant, '10000', 'KCE-004', { invoiceDate: '2026-04-03' });
    const detail = expectData(await call(buyer, 'GET', `/api/v1/orders/detail/${order._id}`), 200);
    const grnText = await pdfText((await call(buyer, 'GET', `/api/v1/orders/grns/${detail.grns[0]._id}/pdf`)).rawPayload);
    expect(grnText).toContain('Goods-received note');
    expect(grnText).toContain('Musa');
    const payment = expectData(await call(accountant, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, invoiceId: invoice._id, amount: '10750', dueDate: '2026-04-30' }), 201);
    const adviceText = await pdfText((await call(accountant, 'GET', `/api/v1/orders/payments/${payment._id}/advice-pdf`)).rawPayload);
    expect(adviceText).toContain('NOT APPROVED');
    expect(adviceText).toContain('Net to vendor');
  });

  it('in Ghana withholds nothing while a year\'s payments to a supplier stay within GH¢2,000, then 3% of the amount before VAT and levies', async () => {
    const [blocks] = expectData(await call(ghana, 'POST', '/api/v1/vendors/add-vendors', { vendors: [
      { name: 'Tema Blocks Ltd', taxId: 'C0012345678', whtCategory: 'goods', whtPayeeType: 'company' },
    ] }), 201).map((v: { _id: string }) => v._id);
    const yaw = await staffUser(t.app, ghana, 'Yaw Approver', ['Approvals-access']);
    expectData(await call(ghana, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: ghana.user.email, serviceName: 'purchase-order', userId: [yaw.user._id], totalApprovalsRequired: 1 }), 201);
    const paidWith = async (unitPrice: string, invoiceNumber: string, paidDate: string) => {
      const order = expectData(await call(ghana, 'POST', '/api/v1/orders/add-orders', { vendorId: blocks, lines: [{ item: 'Sandcrete blocks', unit: 'lot', quantity: 1, unitPrice }] }), 201)[0];
      expectData(await call(yaw, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' }), 200);
      expectData(await call(ghana, 'PUT', '/api/v1/orders/grn-update', { grnData: { orderId: order._id, receivedDate: paidDate, receiver: 'Kofi', lines: [{ lineId: order.lines[0]._id, quantity: 1 }] } }), 200);
      const invoice = expectData(await call(ghana, 'POST', '/api/v1/orders/invoices', { orderId: order._id, invoiceNumber, invoiceDate: paidDate, lines: [{ lineId: order.lines[0]._id, quantity: 1, unitPrice }] }), 201);
      const total = invoice.totalMinor as number;
      const payment = expectData(await call(ghana, 'POST', '/api/v1/orders/schedule-payment', { orderId: order._id, invoiceId: invoice._id, amount: (total / 100).toFixed(2), dueDate: paidDate }), 201);
      if (payment.status !== 'scheduled') {
        await call(yaw, 'PUT', '/api/v1/orders/update-approval-statusV2', { orderId: payment._id, ownerEmail: ghana.user.email, service: 'payment', userId: yaw.user._id });
      }
      const preview = expectData(await call(ghana, 'GET', `/api/v1/orders/payments/${payment._id}/withholding?paidDate=${paidDate}`), 200);
      expectData(await call(ghana, 'POST', '/api/v1/orders/payment-track', { paymentId: payment._id, paidDate, method: 'bank-transfer' }), 200);
      return { order, total, preview };
    };
    // GH¢1,000 of blocks (with VAT and levies, still within GH¢2,000): nothing withheld, and the preview says why.
    const first = await paidWith('1000', 'TB-1', '2026-03-02');
    expect(first.total).toBeGreaterThan(100_000);
    expect(first.total).toBeLessThanOrEqual(200_000);
    expect(first.preview).toMatchObject({ whtMinor: 0, note: 'under-threshold' });
    // GH¢5,000 more in the same year passes the threshold: 3% of this payment's amount before VAT and levies.
    const second = await paidWith('5000', 'TB-2', '2026-03-20');
    expect(second.preview).toMatchObject({ rateBp: 300, baseMinor: 500_000, whtMinor: 15_000, netMinor: second.total - 15_000, authority: 'GRA' });
    // A new year starts a new count.
    const third = await paidWith('1000', 'TB-3', '2027-01-05');
    expect(third.preview).toMatchObject({ whtMinor: 0, note: 'under-threshold' });
  });

  it('keeps every new route away from another business', async () => {
    const payments = expectData(await call(accountant, 'GET', `/api/v1/orders/payment-details/${owner.user.email}`), 200);
    const id = payments[0]._id;
    for (const url of [`/api/v1/orders/payments/${id}/withholding`, `/api/v1/orders/payments/${id}/advice-pdf`, `/api/v1/orders/payments/${id}/wht-receipt`, `/api/v1/orders/${payments[0].orderId}/pdf`]) {
      expect((await call(ghana, 'GET', url)).statusCode).toBe(404);
    }
    const theirs = expectData(await call(ghana, 'GET', '/api/v1/orders/wht-schedule?month=2026-04'), 200);
    expect(theirs.authorities).toEqual([]);
    expect(expectData(await call(ghana, 'GET', '/api/v1/orders/payables-ageing'), 200).vendors).toEqual([]);
    expect((await call(buyer, 'GET', '/api/v1/orders/wht-schedule?month=2026-04')).statusCode).toBe(403);
  });
});
