import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { bearer, createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

describe('removing a receipt typed by mistake: the certificate it paid and the project figures follow', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let projectId: string;
  const tag = 'Lekki Pier';

  const call = (s: TSession, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const costing = async () => (await call(owner, 'GET', `/api/v1/projects/${projectId}/costing`)).json().data;
  const figures = async () => (await call(owner, 'GET', `/api/v1/cost/projects/${owner.user.email}`)).json().data.find((p: { tagName: string }) => p.tagName === tag);
  const payments = async () => (await call(owner, 'GET', `/api/v1/cost/fetch-project-payment?email=${owner.user.email}&tagName=${encodeURIComponent(tag)}`)).json().data;
  const certificate = async (number: string, gross: string) => {
    const res = await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates`, { number, date: '2026-02-01', gross });
    expect(res.statusCode).toBe(201);
    return res.json().data._id as string;
  };
  const pay = async (id: string, amount: string, date: string) => {
    const res = await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates/${id}/payments`, { amount, date });
    expect(res.statusCode).toBe(201);
  };
  const paymentOf = async (amountMinor: number, date: string) =>
    (await payments()).find((p: { amountMinor: number; date: string }) => p.amountMinor === amountMinor && p.date === date)._id as string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Chika Marine', email: 'chika@receipts.ng' });
    other = await registerBusiness(t.app, { businessName: 'Yaw Docks', email: 'yaw@receipts.gh', country: 'GH' });
    const rec = await call(owner, 'POST', '/api/v1/cost/overhead-cost', {
      email: owner.user.email, employeeName: 'Bola', tagName: tag, records: [{ description: 'Piles', category: 'Materials', amount: '300000', date: '2026-01-10' }],
    });
    expect(rec.statusCode).toBe(201);
    projectId = (await call(owner, 'GET', `/api/v1/places?kind=project&q=${encodeURIComponent(tag)}`)).json().data[0]._id;
  });
  afterAll(async () => t.close());

  it('a certificate paid 1,000,000 by mistake goes back to billed, paid 0, and the project figures drop back', async () => {
    const id = await certificate('IPC 1', '1000000');
    const before = await costing();
    const figuresBefore = await figures();
    await pay(id, '1000000', '2026-02-03');
    expect((await costing()).paidMinor).toBe(before.paidMinor + 100_000_000);
    const paymentId = await paymentOf(100_000_000, '2026-02-03');
    expect((await payments()).find((p: { _id: string }) => p._id === paymentId)).toMatchObject({ certificateId: id, certificateNumber: 'IPC 1' });

    const res = await call(owner, 'DELETE', `/api/v1/cost/payments/${paymentId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Payment removed', data: { _id: paymentId, certificate: { _id: id, status: 'billed', paidMinor: 0, paidDate: null } } });

    const after = await costing();
    expect(after.paidMinor).toBe(before.paidMinor);
    expect(after.marginMinor).toBe(before.marginMinor);
    expect(after.certificates.find((c: { _id: string }) => c._id === id)).toMatchObject({ status: 'billed', paidMinor: 0, paidDate: null });
    expect(await figures()).toMatchObject({ paymentsMinor: figuresBefore.paymentsMinor, marginMinor: figuresBefore.marginMinor });
    expect((await payments()).map((p: { _id: string }) => p._id)).not.toContain(paymentId);
    // Once nothing is paid against it, the certificate can be deleted again.
    expect((await call(owner, 'DELETE', `/api/v1/projects/${projectId}/certificates/${id}`)).statusCode).toBe(200);
    // Gone: a second removal is 404.
    expect((await call(owner, 'DELETE', `/api/v1/cost/payments/${paymentId}`)).statusCode).toBe(404);
  });

  it('a part-paid certificate keeps the other receipt and its date; the audit trail has the receipt as it was', async () => {
    const id = await certificate('IPC 2', '500000');
    await pay(id, '100000', '2026-03-01');
    await pay(id, '250000', '2026-03-20');
    const mistake = await paymentOf(25_000_000, '2026-03-20');
    const res = await call(owner, 'DELETE', `/api/v1/cost/payments/${mistake}`);
    expect(res.statusCode).toBe(200);
    const cert = (await costing()).certificates.find((c: { _id: string }) => c._id === id);
    expect(cert).toMatchObject({ status: 'part-paid', paidMinor: 10_000_000, paidDate: '2026-03-01' });
    const [row] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'project.payment-removed'));
    expect(row).toBeDefined();
    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, mistake));
    const removed = rows.find((r) => r.action === 'project.payment-removed');
    expect(removed?.before).toMatchObject({ id: mistake, amountMinor: 25_000_000, date: '2026-03-20', certificateId: id, certificateNumber: 'IPC 2' });
  });

  it('a plain payment is removed too, and the payments received follow', async () => {
    const add = await call(owner, 'POST', '/api/v1/cost/add-payment', { email: owner.user.email, tagName: tag, newPaymentEntry: { amount: '70000', date: '2026-04-01' } });
    expect(add.statusCode).toBe(201);
    const before = await figures();
    expect((await call(owner, 'DELETE', `/api/v1/cost/payments/${add.json().data._id}`)).json()).toMatchObject({ success: true, data: { certificate: null } });
    expect((await figures()).paymentsMinor).toBe(before.paymentsMinor - 7_000_000);
  });

  it("another business's token gets 404 and removes nothing; a role without project access gets 403", async () => {
    const add = await call(owner, 'POST', '/api/v1/cost/add-payment', { email: owner.user.email, tagName: tag, newPaymentEntry: { amount: '1000', date: '2026-04-02' } });
    const id = add.json().data._id;
    const foreign = await call(other, 'DELETE', `/api/v1/cost/payments/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The payment was not found');
    const reg = await call(owner, 'POST', '/api/v1/auth/user-register', { userName: 'Hana HR', email: 'hana@receipts.ng', password: 'hana pass 12', roles: ['HR-access'] });
    expect(reg.statusCode).toBe(201);
    const hr = await login(t.app, 'hana@receipts.ng', 'hana pass 12');
    expect((await call(hr, 'DELETE', `/api/v1/cost/payments/${id}`)).statusCode).toBe(403);
    expect((await payments()).map((p: { _id: string }) => p._id)).toContain(id);
  });
});
