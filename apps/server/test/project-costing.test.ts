import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { createLedgerService } from '../src/features/projects/ledger.service.ts';
import { bearer, createTestApp, login, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

describe('project costing: budget, committed, actual, forecast, certificates and margin from the project cost ledger', () => {
  let t: TTestApp;
  let owner: TSession;
  let other: TSession;
  let projectId: string;
  let siteId: string;
  const tag = 'Ikoyi Bridge';

  const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(s.token), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const costing = async (s = owner) => (await call(s, 'GET', `/api/v1/projects/${projectId}/costing`)).json().data;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Adaeze Builders', email: 'ada@costing.ng' });
    other = await registerBusiness(t.app, { businessName: 'Kwesi Works', email: 'kwesi@costing.gh', country: 'GH' });
    const rec = await call(owner, 'POST', '/api/v1/cost/overhead-cost', {
      email: owner.user.email, employeeName: 'Bola', tagName: tag, records: [
        { description: 'Cement 100 bags', category: 'Cement', amount: '500000', date: '2026-01-10' },
        { description: 'Diesel for the generator', category: 'Diesel', amount: '120000.50', date: '2026-02-03' },
      ],
    });
    expect(rec.statusCode).toBe(201);
    projectId = (await call(owner, 'GET', `/api/v1/places?kind=project&q=${encodeURIComponent(tag)}`)).json().data[0]._id;
    const site = await call(owner, 'POST', '/api/v1/places', { kind: 'site', name: 'Ikoyi Bridge north abutment', projectId });
    expect(site.statusCode).toBe(201);
    siteId = site.json().data._id;
    // Other sources, as the lanes that write them will: an order (committed and received), stock used at the site, payroll, fuel.
    const ledger = createLedgerService({ db: t.deps.db });
    const bid = owner.user.businessId;
    await t.deps.db.transaction(async (tx) => {
      await ledger.replace(tx, bid, { kind: 'purchase-order', id: crypto.randomUUID() }, [
        { placeId: projectId, category: 'materials', stage: 'committed', amountMinor: 200_000_000, date: '2026-01-05', reference: 'PO-000001', key: 'l1' },
        { placeId: siteId, category: 'materials', stage: 'actual', amountMinor: 30_000_000, date: '2026-01-20', reference: 'PO-000001', key: 'l1' },
      ]);
      await ledger.replace(tx, bid, { kind: 'stock-use', id: crypto.randomUUID() }, [{ placeId: siteId, category: 'materials', stage: 'actual', amountMinor: 15_000_000, date: '2026-02-10' }]);
      await ledger.replace(tx, bid, { kind: 'payroll', id: crypto.randomUUID() }, [{ placeId: projectId, category: 'labour', stage: 'actual', amountMinor: 40_000_000, date: '2026-02-28' }]);
      await ledger.replace(tx, bid, { kind: 'fleet-fuel', id: crypto.randomUUID() }, [{ placeId: siteId, category: 'plant-fuel', stage: 'actual', amountMinor: 8_000_000, date: '2026-02-12' }]);
    });
  });
  afterAll(async () => t.close());

  const ACTUAL = 50_000_000 + 12_000_050 + 30_000_000 + 15_000_000 + 40_000_000 + 8_000_000;

  it('totals equal the sum of the ledger entries, per category, per source and per month', async () => {
    const c = await costing();
    expect(c).toMatchObject({ name: tag, actualMinor: ACTUAL, committedMinor: 200_000_000, budgetMinor: null, hasBudgetLines: false });
    const entries = (await call(owner, 'GET', `/api/v1/projects/${projectId}/cost-entries?limit=100`)).json();
    expect(entries.totalRecords).toBe(7);
    const actualSum = entries.data.filter((e: { stage: string }) => e.stage === 'actual').reduce((s: number, e: { amountMinor: number }) => s + e.amountMinor, 0);
    expect(actualSum).toBe(c.actualMinor);
    const byCat = Object.fromEntries(c.categories.map((l: { category: string; actualMinor: number }) => [l.category, l.actualMinor]));
    expect(byCat).toMatchObject({ materials: 50_000_000 + 30_000_000 + 15_000_000, labour: 40_000_000, 'plant-fuel': 12_000_050 + 8_000_000, other: 0 });
    expect(c.bySource.find((s: { sourceKind: string }) => s.sourceKind === 'cost-record')).toMatchObject({ entries: 2, actualMinor: 62_000_050 });
    expect(c.months.map((m: { month: string }) => m.month)).toEqual(['2026-01', '2026-02']);
    expect(c.months.reduce((s: number, m: { actualMinor: number }) => s + m.actualMinor, 0)).toBe(ACTUAL);
  });

  it('pages and filters the ledger entries, each linking to its source screen', async () => {
    const payroll = (await call(owner, 'GET', `/api/v1/projects/${projectId}/cost-entries?source=payroll`)).json();
    expect(payroll.totalRecords).toBe(1);
    expect(payroll.data[0]).toMatchObject({ category: 'labour', amountMinor: 40_000_000, link: { screen: 'payroll' } });
    const committed = (await call(owner, 'GET', `/api/v1/projects/${projectId}/cost-entries?stage=committed&category=materials`)).json();
    expect(committed.data.map((e: { reference: string }) => e.reference)).toEqual(['PO-000001']);
    const page2 = (await call(owner, 'GET', `/api/v1/projects/${projectId}/cost-entries?page=2&limit=5`)).json();
    expect(page2).toMatchObject({ page: 2, limit: 5, totalRecords: 7 });
    expect(page2.data).toHaveLength(2);
    expect((await call(owner, 'GET', `/api/v1/projects/${projectId}/cost-entries?source=nonsense`)).statusCode).toBe(400);
  });

  it('budget per category against committed and actual: forecast is actual + committed or the budget if greater', async () => {
    const res = await call(owner, 'PUT', `/api/v1/projects/${projectId}/budget`, { lines: [{ category: 'materials', amount: '3000000' }, { category: 'labour', amount: 300000 }, { category: 'energy', amount: '50000' }] });
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    const line = (k: string) => c.categories.find((l: { category: string }) => l.category === k);
    // materials: 950 000 spent + 2 000 000 promised = 2 950 000 under a 3 000 000 budget → forecast is the budget
    expect(line('materials')).toMatchObject({ budgetMinor: 300_000_000, actualMinor: 95_000_000, committedMinor: 200_000_000, forecastMinor: 300_000_000, varianceMinor: 0 });
    // labour: 400 000 spent over a 300 000 budget → overrun of 100 000
    expect(line('labour')).toMatchObject({ budgetMinor: 30_000_000, forecastMinor: 40_000_000, varianceMinor: -10_000_000 });
    // energy: nothing spent yet → the forecast is the whole budget
    expect(line('energy')).toMatchObject({ budgetMinor: 5_000_000, actualMinor: 0, forecastMinor: 5_000_000, varianceMinor: 0 });
    expect(line('plant-fuel')).toMatchObject({ budgetMinor: null, forecastMinor: 20_000_050, varianceMinor: null });
    expect(c.totals).toMatchObject({ budgetMinor: 335_000_000, actualMinor: ACTUAL, forecastMinor: 300_000_000 + 40_000_000 + 5_000_000 + 20_000_050 });
    expect(c.totals.varianceMinor).toBe(335_000_000 - c.totals.forecastMinor);
    const removed = (await call(owner, 'PUT', `/api/v1/projects/${projectId}/budget`, { lines: [{ category: 'energy', amount: null }] })).json().data;
    expect(removed.categories.find((l: { category: string }) => l.category === 'energy').budgetMinor).toBeNull();
    expect(removed.budgetMinor).toBe(330_000_000);
    const bad = await call(owner, 'PUT', `/api/v1/projects/${projectId}/budget`, { lines: [{ category: 'materials', amount: '12.345' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('lines.0.amount');
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'project.budget-set'))).toHaveLength(2);
  });

  it('a certificate with retention and WHT gives the right net; payments make it part-paid then paid; margin is billed − actual', async () => {
    const contract = await call(owner, 'PUT', `/api/v1/projects/${projectId}/contract`, { contractValue: '10000000', retentionPercent: '5', whtPercent: '2.5' });
    expect(contract.statusCode).toBe(200);
    expect(contract.json().data).toMatchObject({ contractValueMinor: 1_000_000_000, retentionPercent: '5', whtPercent: '2.5' });
    const cert = await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates`, { number: 'IPC 1', date: '2026-02-15', gross: '4000000', otherDeductions: '10000' });
    expect(cert.statusCode).toBe(201);
    expect(cert.json().data).toMatchObject({ grossMinor: 400_000_000, retentionMinor: 20_000_000, whtMinor: 10_000_000, otherDeductionsMinor: 1_000_000, netMinor: 369_000_000, status: 'billed', paidMinor: 0 });
    const id = cert.json().data._id;
    expect((await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates`, { number: 'ipc 1', date: '2026-02-16', gross: '1' })).statusCode).toBe(409);
    const part = await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates/${id}/payments`, { amount: '1000000', date: '2026-03-01' });
    expect(part.json().data).toMatchObject({ status: 'part-paid', paidMinor: 100_000_000, paidDate: '2026-03-01' });
    const over = await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates/${id}/payments`, { amount: '3000000', date: '2026-03-05' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^amount: /);
    const rest = await call(owner, 'POST', `/api/v1/projects/${projectId}/certificates/${id}/payments`, { amount: '2690000', date: '2026-03-10' });
    expect(rest.json().data).toMatchObject({ status: 'paid', paidMinor: 369_000_000, paidDate: '2026-03-10' });
    // The spec's plain payment still works as written, and counts as billed and paid.
    const plain = await call(owner, 'POST', '/api/v1/cost/add-payment', { email: owner.user.email, tagName: tag, newPaymentEntry: { amount: 500000, date: '2026-03-12' } });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ success: true, message: 'Payment added', data: { tagName: tag, amountMinor: 50_000_000, date: '2026-03-12' } });
    const c = await costing();
    expect(c).toMatchObject({
      billedMinor: 450_000_000, paidMinor: 419_000_000, retentionHeldMinor: 20_000_000, whtSufferedMinor: 10_000_000,
      marginMinor: 450_000_000 - ACTUAL,
    });
    expect(c.marginBp).toBe(Math.round(((450_000_000 - ACTUAL) * 10000) / 450_000_000));
    const payments = (await call(owner, 'GET', `/api/v1/cost/fetch-project-payment?email=${owner.user.email}&tagName=${encodeURIComponent(tag)}`)).json().data;
    expect(payments.map((p: { amountMinor: number }) => p.amountMinor).sort()).toEqual([50_000_000, 100_000_000, 269_000_000].sort());
    const list = (await call(owner, 'GET', '/api/v1/projects/costing')).json().data;
    expect(list.find((p: { projectId: string }) => p.projectId === projectId)).toMatchObject({ billedMinor: 450_000_000, actualMinor: ACTUAL, budgetMinor: 330_000_000 });
  });

  it('Management reads stock used and payroll from the ledger instead of "not reported"', async () => {
    const view = (await call(owner, 'GET', `/api/v1/cost/management/${owner.user.email}`)).json().data;
    expect(view.totals).toMatchObject({ stockUsedMinor: 15_000_000, payrollMinor: 40_000_000 });
    const p = view.projects.find((x: { tagName: string }) => x.tagName === tag);
    expect(p).toMatchObject({ stockUsedMinor: 15_000_000, payrollMinor: 40_000_000, marginMinor: p.paymentsMinor - p.overheadsMinor - 15_000_000 });
  });

  it("another business gets 404 for the project and sees none of it; a role without project access gets 403", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/v1/projects/${projectId}/costing`], ['GET', `/api/v1/projects/${projectId}/cost-entries`],
      ['PUT', `/api/v1/projects/${projectId}/budget`, { lines: [{ category: 'materials', amount: '1' }] }],
      ['POST', `/api/v1/projects/${projectId}/certificates`, { number: 'X', date: '2026-01-01', gross: '1' }],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(tag);
    }
    expect((await call(other, 'GET', '/api/v1/projects/costing')).json().data).toEqual([]);
    expect((await call(owner, 'GET', `/api/v1/projects/${siteId}/costing`)).statusCode).toBe(404);
    const reg = await call(owner, 'POST', '/api/v1/auth/user-register', { userName: 'Hana HR', email: 'hana@costing.ng', password: 'hana pass 12', roles: ['HR-access'] });
    expect(reg.statusCode).toBe(201);
    const hr = await login(t.app, 'hana@costing.ng', 'hana pass 12');
    expect((await call(hr, 'GET', `/api/v1/projects/${projectId}/costing`)).statusCode).toBe(403);
  });
});
