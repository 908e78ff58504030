import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { MSG, REMITTANCE_MSG } from '@bizdesk/contract';
import { auditLog, notifications } from '../src/db/schema/index.ts';
import { createRemittancesService } from '../src/features/remittances/remittances.service.ts';
import { addWorkingDays } from '../src/features/remittances/due-dates.ts';
import { createNotificationsService } from '../src/features/notifications/notifications.service.ts';
import { findStatutoryDue } from '../src/features/payroll/statutory/due.ts';
import { bearer, createTestApp, login, multipart, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { PDF_BYTES } from './helpers/seed-people.ts';
import { givePayableAccounts } from './helpers/payable.ts';

// One Nigerian business with two employees (Lagos, Ogun): May's run approved long ago (overdue by now), this month's run
// approved today (due). An Accounts+Approvals user approves; an HR-only clerk and another business see nothing.
let t: TTestApp;
let owner: TSession;
let approver: TSession;
let hr: TSession;
let other: TSession;
const OLD = '2026-05';
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const CURRENT = lagosToday().slice(0, 7);

const call = async (session: TSession | string, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
  const token = typeof session === 'string' ? session : session.token;
  const res = await t.app.inject({ method: method as 'GET', url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : null, res };
};
const ok = async (session: TSession, method: string, url: string, payload?: unknown, status = 200) => {
  const r = await call(session, method, url, payload);
  if (r.status !== status) throw new Error(`${method} ${url}: expected ${status}, got ${r.status} ${r.res.body}`);
  return r.body;
};
type TField = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };
const pay = async (session: TSession, fields: Record<string, string>, file?: { filename: string; contentType: string; data: Buffer }) => {
  const parts: TField[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'receipt', ...file });
  const form = multipart(parts);
  return call(session, 'POST', '/api/v1/remittances/payments', form.payload, form.headers);
};
const listOf = async (session: TSession, query = '') => (await ok(session, 'GET', `/api/v1/remittances${query}`)).data;
const itemOf = async (kind: string, payee: string, period: string) => {
  const from = period < CURRENT ? period : CURRENT;
  const list = await listOf(owner, `?from=${from}&to=${CURRENT}`);
  return list.items.find((i: { kind: string; payee: string; period: string }) => i.kind === kind && i.payee === payee && i.period === period);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const approvedRun = async (month: string) => {
  const run = (await ok(owner, 'POST', '/api/v1/employee/employeeBulkUpload', { selectAll: true, month })).data;
  await ok(owner, 'POST', `/api/v1/payroll/runs/${run._id}/compute`, undefined, 202);
  for (let i = 0; ; i++) {
    const r = (await ok(owner, 'GET', `/api/v1/payroll/run/${month}`)).data;
    if (r.job?.status === 'succeeded' && !r.isStale) break;
    if (i > 400) throw new Error('run not computed');
    await sleep(50);
  }
  await ok(approver, 'POST', `/api/v1/payroll/runs/${run._id}/approve`);
  return run._id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: 'Remit Ltd', email: 'owner@remit.example' });
  for (const [email, roles] of [['approver@remit.example', ['Accounts-access', 'Approvals-access']], ['hr@remit.example', ['HR-access']]] as const) {
    await ok(owner, 'POST', '/api/v1/auth/user-register', { userName: email.split('@')[0], email, password: 'remit test pass 1', roles }, 201);
  }
  approver = await login(t.app, 'approver@remit.example', 'remit test pass 1');
  hr = await login(t.app, 'hr@remit.example', 'remit test pass 1');
  other = await registerBusiness(t.app, { businessName: 'Other Remit Ltd', email: 'owner@other-remit.example' });
  for (const [key, first, gross, state] of [['ada', 'Ada', '6000000', 'Lagos'], ['bola', 'Bola', '4800000', 'Ogun']] as const) {
    const e = (await ok(owner, 'POST', `/api/v1/employee/create/${owner.user._id}`, { firstName: first, lastName: 'Obi', email: `${key}@remit.example`, grossIncome: gross }, 201)).data;
    await ok(owner, 'PUT', `/api/v1/employee/payment-settings/${e._id}`, { stateOfResidence: state, pensionFundAdministrator: 'Stanbic IBTC' });
    await givePayableAccounts(t.app, owner, [e._id]);
  }
  await approvedRun(OLD);
  await approvedRun(CURRENT);
}, 120_000);
afterAll(async () => t?.close());

describe('remittance tracker', () => {
  it('lists what the approved runs make due, per authority and payee, with due dates by the rules', async () => {
    const list = await listOf(owner);
    expect(list.to).toBe(CURRENT);
    const paye = list.items.find((i: any) => i.kind === 'ng-paye' && i.payee === 'Lagos' && i.period === CURRENT);
    expect(paye).toMatchObject({ status: 'due', paidMinor: 0, dueBasis: 'fixed', payments: [] });
    expect(paye.amountDueMinor).toBeGreaterThan(0);
    expect(paye.outstandingMinor).toBe(paye.amountDueMinor);
    const [y, m] = CURRENT.split('-').map(Number);
    expect(paye.dueDate).toBe(m === 12 ? `${y + 1}-01-10` : `${y}-${String(m + 1).padStart(2, '0')}-10`);
    // Not marked paid: pension counts 7 working days from the approval (today).
    const pension = list.items.find((i: any) => i.kind === 'ng-pension' && i.period === CURRENT);
    // The PFA as the pay settings keep it (a name, or a code once the PFA list lands).
    expect(pension.payee).toMatch(/stanbic/i);
    expect(pension.dueBasis).toBe('approval');
    expect(pension.dueDate >= addWorkingDays(lagosToday(), 7, new Set())).toBe(true);
    // May's PAYE is long past the 10th of June with nothing paid.
    expect(list.items.find((i: any) => i.kind === 'ng-paye' && i.payee === 'Ogun' && i.period === OLD)).toMatchObject({ status: 'overdue', dueDate: '2026-06-10' });
    expect(list.totals.overdueCount).toBeGreaterThan(0);
    expect((await listOf(owner, '?status=overdue')).items.every((i: any) => i.status === 'overdue')).toBe(true);
  });

  it('records a part payment: part-paid with the difference outstanding; after the due date a short payment is overdue with the difference', async () => {
    const before = await itemOf('ng-paye', 'Lagos', CURRENT);
    const half = Math.floor(before.amountDueMinor / 2);
    const res = await pay(owner, { kind: 'ng-paye', payee: 'Lagos', period: CURRENT, amount: (half / 100).toFixed(2), reference: 'LIRS-001', paidOn: lagosToday(), note: 'first half' });
    expect(res.status, res.res.body).toBe(201);
    expect(res.body).toMatchObject({ message: REMITTANCE_MSG.recorded, data: { amountMinor: half, reference: 'LIRS-001', recordedBy: 'Owner Person', receipt: null, voided: null } });
    const after = await itemOf('ng-paye', 'Lagos', CURRENT);
    expect(after).toMatchObject({ status: 'part-paid', paidMinor: half, outstandingMinor: before.amountDueMinor - half });

    const old = await itemOf('ng-paye', 'Lagos', OLD);
    expect((await pay(owner, { kind: 'ng-paye', payee: 'Lagos', period: OLD, amount: '100.00', reference: 'LIRS-MAY', paidOn: '2026-06-09' })).status).toBe(201);
    expect(await itemOf('ng-paye', 'Lagos', OLD)).toMatchObject({ status: 'overdue', paidMinor: 10_000, outstandingMinor: old.amountDueMinor - 10_000 });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'remittance.recorded')));
    expect(audits.length).toBe(2);
  });

  it('keeps a receipt as proof and serves it to the business only; refuses a file that is not a document', async () => {
    const bad = await pay(owner, { kind: 'ng-paye', payee: 'Ogun', period: CURRENT, amount: '10', reference: 'OG-1', paidOn: lagosToday() },
      { filename: 'receipt.pdf', contentType: 'application/pdf', data: Buffer.from('MZ\x90\x00 not a pdf at all, an executable') });
    expect(bad.status).toBe(415);
    expect(bad.body.message).toBe(MSG.documentTypeNotAllowed);
    expect((await itemOf('ng-paye', 'Ogun', CURRENT)).payments).toEqual([]);

    const good = await pay(owner, { kind: 'ng-paye', payee: 'Ogun', period: CURRENT, amount: '10', reference: 'OG-2', paidOn: lagosToday() },
      { filename: 'ogun receipt.pdf', contentType: 'application/pdf', data: PDF_BYTES });
    expect(good.status, good.res.body).toBe(201);
    expect(good.body.data.receipt).toEqual({ name: 'ogun receipt.pdf', mime: 'application/pdf' });
    const id = good.body.data._id;
    const file = await call(owner, 'GET', `/api/v1/remittances/payments/${id}/receipt`);
    expect(file.status).toBe(200);
    expect(file.res.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(file.res.headers['content-disposition']).toMatch(/^attachment/);
    expect((await call(other, 'GET', `/api/v1/remittances/payments/${id}/receipt`)).status).toBe(404);
    expect((await call(other, 'POST', `/api/v1/remittances/payments/${id}/void`, { reason: 'not mine' })).status).toBe(404);
    expect((await listOf(other)).items).toEqual([]);
    expect((await itemOf('ng-paye', 'Ogun', CURRENT)).payments[0].voided).toBeNull();
  });

  it('voids a payment only with a reason: it stays listed, counts for nothing, and cannot be voided twice', async () => {
    const pfa = (await listOf(owner)).items.find((i: any) => i.kind === 'ng-pension' && i.period === CURRENT).payee as string;
    const res = await pay(owner, { kind: 'ng-pension', payee: pfa, period: CURRENT, amount: '5000', reference: 'PFA-TYPO', paidOn: lagosToday() });
    expect(res.status).toBe(201);
    const id = res.body.data._id;
    expect((await itemOf('ng-pension', pfa, CURRENT)).paidMinor).toBe(500_000);
    const noReason = await call(owner, 'POST', `/api/v1/remittances/payments/${id}/void`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/);
    const voided = await ok(approver, 'POST', `/api/v1/remittances/payments/${id}/void`, { reason: 'Wrong amount typed' });
    expect(voided).toMatchObject({ message: REMITTANCE_MSG.voided, data: { voided: { by: 'approver', reason: 'Wrong amount typed' } } });
    const item = await itemOf('ng-pension', pfa, CURRENT);
    expect(item.paidMinor).toBe(0);
    expect(item.payments).toHaveLength(1);
    expect(item.payments[0].voided.reason).toBe('Wrong amount typed');
    expect((await call(owner, 'POST', `/api/v1/remittances/payments/${id}/void`, { reason: 'again' })).status).toBe(409);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.businessId, owner.user.businessId), eq(auditLog.action, 'remittance.voided')));
    expect(audits).toHaveLength(1);
  });

  it('refuses a payment for a period without an approved run, a kind or payee not due, a future date and bad fields, naming the field', async () => {
    const base = { kind: 'ng-paye', payee: 'Lagos', period: CURRENT, amount: '10', reference: 'R-1', paidOn: lagosToday() };
    const noRun = await pay(owner, { ...base, period: '2025-01' });
    expect(noRun.status).toBe(409);
    expect(noRun.body.message).toMatch(/^period: /);
    expect((await pay(owner, { ...base, payee: 'Kano' })).body.message).toMatch(/^kind: ng-paye \(Kano\) is not due/);
    expect((await pay(owner, { ...base, kind: 'gh-paye', payee: '' })).status).toBe(400);
    const future = await pay(owner, { ...base, paidOn: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/^paidOn: /);
    expect((await pay(owner, { ...base, amount: '12.345' })).body.message).toMatch(/^amount: /);
    expect((await pay(owner, { ...base, amount: '0' })).body.message).toMatch(/^amount: /);
    expect((await pay(owner, { ...base, reference: '' })).body.message).toMatch(/^reference: /);
    expect((await pay(owner, { ...base, kind: 'vat' })).body.message).toMatch(/^kind: /);
  });

  it('is for Accounts-access only: an HR-only user gets 403 on every remittance route', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect((await call(hr, 'GET', '/api/v1/remittances')).status).toBe(403);
    expect((await pay(hr, { kind: 'ng-paye', payee: 'Lagos', period: CURRENT, amount: '1', reference: 'x', paidOn: lagosToday() })).status).toBe(403);
    expect((await call(hr, 'GET', `/api/v1/remittances/payments/${id}/receipt`)).status).toBe(403);
    expect((await call(hr, 'POST', `/api/v1/remittances/payments/${id}/void`, { reason: 'x' })).status).toBe(403);
    expect((await call(approver, 'GET', '/api/v1/remittances')).status).toBe(200);
  });

  it('sends a reminder 3 days before the due date and one on the day it is overdue, once per slot across instances, none for what is paid', async () => {
    const { notify } = createNotificationsService(t.deps);
    const peers = { payroll: { statutory: { due: (b: string, c: string, p: string) => findStatutoryDue(t.deps.db, b, c, p) } }, leave: { holidayDates: async () => new Set<string>() }, notify };
    const at = (iso: string) => [createRemittancesService(t.deps, peers, { now: () => new Date(iso) }), createRemittancesService(t.deps, peers, { now: () => new Date(iso) })];
    // May's Ogun PAYE paid in full: no reminder for it; Lagos is only part-paid.
    const ogun = await itemOf('ng-paye', 'Ogun', OLD);
    expect((await pay(owner, { kind: 'ng-paye', payee: 'Ogun', period: OLD, amount: (ogun.outstandingMinor / 100).toFixed(2), reference: 'OG-MAY', paidOn: '2026-06-05' })).status).toBe(201);
    // PAYE's dates are fixed; pension's follow the approval day, so it is left out here.
    const reminders = async () => (await t.deps.db.select().from(notifications)
      .where(and(eq(notifications.businessId, owner.user.businessId), like(notifications.messageKey, 'remittances.%'))))
      .map((n) => n.params as Record<string, string>).filter((p) => p.authority === 'PAYE (State IRS)')
      .map((p) => `${p.payee} ${p.period}`).sort();

    const early = at('2026-06-06T08:00:00Z'); // 4 days before: nothing yet
    await Promise.all(early.map((s) => s.sendReminders()));
    expect(await reminders()).toEqual([]);
    const before = at('2026-06-07T08:00:00Z');
    await Promise.all([...before, ...before].map((s) => s.sendReminders()));
    await Promise.all(at('2026-06-09T08:00:00Z').map((s) => s.sendReminders()));
    expect(await reminders()).toEqual(['Lagos 2026-05']);
    const overdue = at('2026-06-11T08:00:00Z');
    await Promise.all([...overdue, ...overdue].map((s) => s.sendReminders()));
    expect(await reminders()).toEqual(['Lagos 2026-05', 'Lagos 2026-05']);
    const keys = (await t.deps.db.select().from(notifications).where(and(eq(notifications.businessId, owner.user.businessId), like(notifications.messageKey, 'remittances.%'))))
      .filter((n) => (n.params as Record<string, string>).payee === 'Lagos').map((n) => n.messageKey).sort();
    expect(keys).toEqual(['remittances.overdue', 'remittances.upcoming']);
    const note = (await t.deps.db.select().from(notifications).where(and(eq(notifications.businessId, owner.user.businessId), eq(notifications.messageKey, 'remittances.overdue')))).find((n) => (n.params as Record<string, string>).payee === 'Lagos')!;
    expect(note).toMatchObject({ category: 'Accounts', subject: 'pay', link: { screen: 'remittances', id: OLD } });
    expect(note.message).toMatch(/PAYE \(State IRS\), Lagos for 2026-05: NGN [\d,]+\.\d\d was due on 2026-06-10/);
    // Another business's reminders are its own: it has no run, so it got none.
    expect((await t.deps.db.select().from(notifications).where(and(eq(notifications.businessId, other.user.businessId), like(notifications.messageKey, 'remittances.%'))))).toEqual([]);
  });

  it('shows remittances due and overdue on the dashboard until they are paid', async () => {
    const figures = async () => (await ok(owner, 'GET', '/api/v1/dashboard/figures')).data as Array<{ key: string; value: number; count?: number; to: string }>;
    const due = (await figures()).find((f) => f.key === 'remittancesDue');
    const list = await listOf(owner);
    expect(due).toMatchObject({ value: list.totals.dueMinor, count: list.totals.dueCount, to: '/remittances?status=due' });
    expect((await figures()).find((f) => f.key === 'remittancesOverdue')).toMatchObject({ value: list.totals.overdueMinor, count: list.totals.overdueCount });
    expect((await ok(hr, 'GET', '/api/v1/dashboard/figures')).data.some((f: { key: string }) => f.key.startsWith('remittances'))).toBe(false);
    for (const i of list.items.filter((x: any) => x.outstandingMinor > 0)) {
      const r = await pay(owner, { kind: i.kind, payee: i.payee, period: i.period, amount: (i.outstandingMinor / 100).toFixed(2), reference: `ALL-${i.kind}`, paidOn: lagosToday() });
      expect(r.status, r.res.body).toBe(201);
    }
    expect((await figures()).filter((f) => f.key.startsWith('remittances'))).toEqual([]);
    expect((await listOf(owner)).items.every((i: any) => i.status === 'paid')).toBe(true);
  });
});
