import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { injectApi, waitFor } from './helpers/inject-api.ts';
import { nextWorkingDay } from './helpers/seed-time.ts';
import { inventoryApi } from './helpers/inventory.ts';
import { staffUser } from './helpers/procurement.ts';
import { givePayableAccounts } from './helpers/payable.ts';
import { verifySignature, postWebhook } from '../src/platform/webhooks/send.ts';
import { assertPublicHost, guardedLookup, isPrivateAddress, PrivateAddressError } from '../src/platform/webhooks/address-guard.ts';
import { raiseWebhookEvent } from '../src/platform/webhooks/outbox.ts';
import { loadConfig } from '../src/config.ts';
import { allowsPrivateAddresses } from '../src/features/integrations/webhooks.service.ts';

type TReceived = { headers: http.IncomingHttpHeaders; body: string; path: string };

/** A local receiver: records each request and answers the next status of `answers` (then 200). */
const startReceiver = async () => {
  const received: TReceived[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, answers, url: (p: string) => `http://127.0.0.1:${port}${p}`, close: () => new Promise<void>((r) => server.close(() => r())) };
};

describe('webhooks', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const api = injectApi(() => t);

  beforeAll(async () => {
    // Outside production private addresses are allowed (the receiver is on 127.0.0.1); retries wait about a second.
    t = await createTestApp({ WEBHOOK_RETRY_DELAY_SECONDS: '1' });
    receiver = await startReceiver();
    owner = await registerBusiness(t.app, { businessName: 'Hooks Ltd' });
    other = await registerBusiness(t.app, { businessName: 'Other Hooks Ltd' });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('sends a chosen event signed (HMAC-SHA256 over timestamp.body), retries after a 500, and logs both attempts', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/people'), events: ['employee.created'] }, 201)).data;
    expect(hook.secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await api.ok(owner, 'GET', '/api/v1/webhooks')).data)).not.toContain(hook.secret);
    receiver.answers.push(500);
    const started = Date.now();
    const employee = (await api.ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Hook', lastName: 'Person', email: 'hook@hooks.example', grossIncome: 1_200_000 }, 201)).data;
    expect(Date.now() - started).toBeLessThan(2000); // the request never waits for the receiver

    const calls = await waitFor('two deliveries', async () => {
      const mine = receiver.received.filter((r) => r.path === '/people');
      return mine.length >= 2 && mine;
    }, 30_000);
    for (const [i, call] of calls.entries()) {
      expect(verifySignature(hook.secret, call.body, String(call.headers['bizdesk-signature']))).toBe(true);
      expect(verifySignature('whsec_wrong', call.body, String(call.headers['bizdesk-signature']))).toBe(false);
      expect(call.headers['bizdesk-event']).toBe('employee.created');
      expect(call.headers['bizdesk-attempt']).toBe(String(i + 1));
      const body = JSON.parse(call.body);
      expect(body).toMatchObject({ event: 'employee.created', id: call.headers['bizdesk-delivery'], data: { employeeId: employee._id, email: 'hook@hooks.example' } });
      expect(call.body).not.toContain('1200000'); // no pay leaves by webhook
    }
    expect(calls[0].headers['bizdesk-delivery']).toBe(calls[1].headers['bizdesk-delivery']);

    const log = await waitFor('the delivery marked delivered', async () => {
      const d = (await api.ok(owner, 'GET', `/api/v1/webhooks/${hook._id}/deliveries`)).data;
      return d[0]?.status === 'delivered' && d;
    }, 10_000);
    expect(log).toHaveLength(1);
    expect(log[0].attempts.map((a: { attempt: number; statusCode: number }) => [a.attempt, a.statusCode])).toEqual([[1, 500], [2, 200]]);
    expect(log[0].attempts[0].error).toContain('500');
  }, 60_000);

  it('does not send events nobody chose, nor to a paused webhook, and sends a test event on demand', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/leave-only'), events: ['leave.decided'] }, 201)).data;
    const paused = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/paused'), events: ['employee.created'] }, 201)).data;
    await api.ok(owner, 'PUT', `/api/v1/webhooks/${paused._id}`, { active: false });
    await api.ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Not', lastName: 'Sent', email: 'notsent@hooks.example' }, 201);
    await api.ok(owner, 'POST', `/api/v1/webhooks/${hook._id}/test`, undefined, 202);
    const test = await waitFor('the test event', async () => receiver.received.find((r) => r.path === '/leave-only'));
    expect(test.headers['bizdesk-event']).toBe('webhook.test');
    expect(verifySignature(hook.secret, test.body, String(test.headers['bizdesk-signature']))).toBe(true);
    expect(receiver.received.filter((r) => r.path === '/paused')).toHaveLength(0);
    expect((await api.ok(owner, 'GET', `/api/v1/webhooks/${paused._id}/deliveries`)).data).toEqual([]);
  });

  it('tells an employee\'s update and a leave decision from where they happen', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/hr'), events: ['employee.updated', 'leave.decided'] }, 201)).data;
    const emp = (await api.ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: 'Leave', lastName: 'Taker', email: 'leave@hooks.example' }, 201)).data;
    await api.ok(owner, 'POST', `/api/v1/employee/update-1/${emp._id}`, { phone: '08031234567' });
    const day = nextWorkingDay();
    const leave = (await api.ok(owner, 'POST', `/api/v1/employee/leave/${emp._id}`, { type: 'sick', startDate: day, endDate: day, reason: 'flu' }, 201)).data;
    await api.ok(owner, 'PUT', `/api/v1/leave/requests/${leave._id}/decision`, { decision: 'declined', reason: 'cover needed' });
    const calls = await waitFor('both events', async () => {
      const mine = receiver.received.filter((r) => r.path === '/hr');
      return mine.length >= 2 && mine;
    });
    const bodies = calls.map((c) => JSON.parse(c.body)).sort((a, b) => a.event.localeCompare(b.event));
    expect(bodies[0]).toMatchObject({ event: 'employee.updated', data: { employeeId: emp._id, changed: ['phone'] } });
    expect(bodies[1]).toMatchObject({ event: 'leave.decided', data: { leaveId: leave._id, employeeId: emp._id, decision: 'declined', reason: 'cover needed' } });
    for (const c of calls) expect(verifySignature(hook.secret, c.body, String(c.headers['bizdesk-signature']))).toBe(true);
  });

  it('tells when a stock movement takes an item to its reorder level', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/stock'), events: ['stock.below_reorder'] }, 201)).data;
    const stock = inventoryApi(t.app, owner);
    const item = await stock.createItem({ name: 'Diesel', unit: 'litres', quantity: 15, unitCost: '1100', reorderLevel: 10 });
    await stock.outstock(item._id, 3, 'GEN-1');
    await stock.outstock(item._id, 3, 'GEN-2');
    const call = await waitFor('the reorder event', async () => receiver.received.find((r) => r.path === '/stock'));
    expect(JSON.parse(call.body)).toMatchObject({ event: 'stock.below_reorder', data: { itemId: item._id, name: 'Diesel', quantity: 9, reorderLevel: 10, unit: 'litres' } });
    expect(verifySignature(hook.secret, call.body, String(call.headers['bizdesk-signature']))).toBe(true);
  });

  it('tells when a purchase order is finally approved (not before)', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/orders'), events: ['order.approved'] }, 201)).data;
    const approver = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    const buyer = await staffUser(t.app, owner, 'Bisi Buyer', ['Procurement-access']);
    await api.ok(owner, 'POST', '/api/v1/orders/create-approvals', { ownerEmail: owner.user.email, serviceName: 'purchase-order', userId: [approver.user._id], totalApprovalsRequired: 1 }, 201);
    const vendorId = (await api.ok(buyer, 'POST', '/api/v1/vendors/add-vendors', { name: 'Dangote Cement', email: 'sales@dangote.example' }, 201)).data[0]._id;
    const [order] = (await api.ok(buyer, 'POST', '/api/v1/orders/add-orders', { vendorId, lines: [{ item: 'Cement', unit: 'bag', quantity: 10, unitPrice: '5000' }] }, 201)).data;
    expect(((await api.ok(owner, 'GET', `/api/v1/webhooks/${hook._id}/deliveries`)).data as unknown[]).length).toBe(0);
    await api.ok(approver, 'PUT', '/api/v1/orders/update-approval-status', { orderId: order._id, approvalStatus: 'approved', POType: 'regular' });
    const call = await waitFor('the approval event', async () => receiver.received.find((r) => r.path === '/orders'));
    expect(JSON.parse(call.body)).toMatchObject({ event: 'order.approved', data: { orderId: order._id, number: order.invoiceNumber, totalMinor: order.totalMinor } });
  });

  it('tells when a payroll run is approved, without pay figures', async () => {
    const boss = await registerBusiness(t.app, { businessName: 'Pay Hooks Ltd' });
    const hook = (await api.ok(boss, 'POST', '/api/v1/webhooks', { url: receiver.url('/pay'), events: ['payroll.approved'] }, 201)).data;
    const emp = (await api.ok(boss, 'POST', `/api/v1/employee/create/${boss.user._id}`, { firstName: 'Ada', lastName: 'Obi', email: 'ada@payhooks.example', grossIncome: '2400000' }, 201)).data._id;
    await givePayableAccounts(t.app, boss, [emp]);
    await api.ok(boss, 'PUT', '/api/v1/payroll/approval-setting', { payrollApproval: 'owner-when-alone' });
    const draft = (await api.ok(boss, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month: '2026-03' })).data;
    await api.ok(boss, 'POST', `/api/v1/payroll/runs/${draft._id}/compute`, undefined, 202);
    await waitFor('the run to compute', async () => {
      const r = (await api.ok(boss, 'GET', '/api/v1/payroll/run/2026-03')).data;
      return r.job?.status === 'succeeded' && !r.isStale;
    });
    await api.ok(boss, 'POST', `/api/v1/payroll/runs/${draft._id}/approve`, { reason: 'Only I hold the roles' });
    const call = await waitFor('the payroll event', async () => receiver.received.find((r) => r.path === '/pay'));
    expect(JSON.parse(call.body)).toMatchObject({ event: 'payroll.approved', businessId: boss.user.businessId, data: { runId: draft._id, month: '2026-03' } });
    expect(Object.keys(JSON.parse(call.body).data).sort()).toEqual(['month', 'runId']);
    expect(verifySignature(hook.secret, call.body, String(call.headers['bizdesk-signature']))).toBe(true);
  }, 60_000);

  it('queues nothing for a change that rolled back (the outbox is the event\'s own transaction)', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/rollback'), events: ['stock.below_reorder'] }, 201)).data;
    await expect(t.deps.db.transaction(async (tx) => {
      expect(await raiseWebhookEvent(t.deps, tx, owner.user.businessId, 'stock.below_reorder', { itemId: 'x' })).toBeGreaterThan(0);
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect((await api.ok(owner, 'GET', `/api/v1/webhooks/${hook._id}/deliveries`)).data).toEqual([]);
  });

  it('is the owner\'s: other roles get 403, another business 404', async () => {
    const hook = (await api.ok(owner, 'POST', '/api/v1/webhooks', { url: receiver.url('/private'), events: ['payroll.approved'] }, 201)).data;
    await api.ok(owner, 'POST', '/api/v1/auth/user-register', { userName: 'Accountant', email: 'acct@hooks.example', password: 'acct pass 11', roles: ['Settings-access', 'Accounts-access'] }, 201);
    const accountant = await login(t.app, 'acct@hooks.example', 'acct pass 11');
    expect((await api.call(accountant, 'GET', '/api/v1/webhooks')).status).toBe(403);
    expect((await api.call(accountant, 'GET', `/api/v1/webhooks/${hook._id}/deliveries`)).status).toBe(403);
    for (const [method, url, body] of [
      ['GET', `/api/v1/webhooks/${hook._id}/deliveries`], ['PUT', `/api/v1/webhooks/${hook._id}`, { active: false }],
      ['POST', `/api/v1/webhooks/${hook._id}/test`], ['DELETE', `/api/v1/webhooks/${hook._id}`],
    ] as Array<[string, string, object?]>) {
      expect([method, (await api.call(other, method, url, body)).status]).toEqual([method, 404]);
    }
    expect((await api.ok(other, 'GET', '/api/v1/webhooks')).data).toEqual([]);
    expect((await api.call(owner, 'POST', '/api/v1/webhooks', { url: 'ftp://example.com/x', events: ['payroll.approved'] })).status).toBe(400);
    expect((await api.call(owner, 'POST', '/api/v1/webhooks', { url: 'https://example.com/x', events: ['payroll.paid'] })).status).toBe(400);
    await api.ok(owner, 'DELETE', `/api/v1/webhooks/${hook._id}`);
    expect((await api.call(owner, 'GET', `/api/v1/webhooks/${hook._id}/deliveries`)).status).toBe(404);
  });
});

describe('webhook address guard (production)', () => {
  it('calls loopback, private, link-local and mapped addresses private, and public ones public', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('refuses a host when any address it resolves to is private (checked in the connection\'s own lookup)', async () => {
    const fake = ((_h: string, _o: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) => cb(null, [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }])) as unknown as typeof dns.lookup;
    const err = await new Promise<Error | null>((resolve) => guardedLookup({ allowPrivate: false, resolve: fake })('rebind.example', { all: true }, (e) => resolve(e)));
    expect(err).toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicHost('http://169.254.169.254/latest/meta-data', { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicHost('http://[::1]:8080/', { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicHost('http://localhost/', { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicHost('http://127.0.0.1/', { allowPrivate: true })).resolves.toBeUndefined();
  });

  it('sends nothing to a local receiver in production mode, and says why in the log entry', async () => {
    const receiver = await startReceiver();
    try {
      const res = await postWebhook({ url: receiver.url('/x'), body: '{}', headers: {}, timeoutMs: 2000, allowPrivate: false });
      expect(res).toMatchObject({ ok: false, statusCode: null });
      expect(res.error).toContain('private or local address');
      expect(receiver.received).toHaveLength(0);
      const allowed = await postWebhook({ url: receiver.url('/x'), body: '{}', headers: {}, timeoutMs: 2000, allowPrivate: true });
      expect(allowed).toMatchObject({ ok: true, statusCode: 200 });
    } finally {
      await receiver.close();
    }
  });

  it('is on by default in production; WEBHOOK_ALLOW_PRIVATE=true turns it off', () => {
    expect(loadConfig({}).NODE_ENV).toBe('production');
    expect(allowsPrivateAddresses(loadConfig({}))).toBe(false);
    expect(allowsPrivateAddresses(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }))).toBe(true);
    expect(allowsPrivateAddresses(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow('WEBHOOK_ALLOW_PRIVATE');
  });
});
