import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MSG } from '@bizdesk/contract';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { collectorFor } from './helpers/inventory.ts';
import { buildMonths } from '../src/features/energy/energy.service.ts';

describe('energy tracker', () => {
  let t: TTestApp;
  let owner: TSession;
  const track = (payload: Record<string, unknown>, token = owner.token) =>
    t.app.inject({ method: 'POST', url: '/api/v1/inventory/tracker', headers: bearer(token), payload: { email: owner.user.email, manager: 'Ngozi Eze', tagName: 'ph-site', businessName: 'Port Harcourt Works', ...payload } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Port Harcourt Works', email: 'owner@phworks.ng' });
  });
  afterAll(async () => t.close());

  it('records entries and averages them per month with cost per unit, alerting on a rise above the set percentage', async () => {
    const first = await track({ date: '2026-01-05', quantity: 100, expenses: '100000' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: INVENTORY_MSG.energySaved, data: { quantity: 100, expensesMinor: 10000000, costPerUnitMinor: 100000 } });
    await track({ date: '2026-01-20', quantity: 50, expenses: '55000' });
    await track({ date: '2026-02-03', quantity: 120, expenses: '150000' });
    await track({ date: '2026-03-03', quantity: 80, expenses: '101000', tagName: 'bonny-site' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/inventory/monthavrg/${owner.user.email}?alertPercent=15`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    const { months, byProject, alertPercent } = res.json().data;
    expect(alertPercent).toBe(15);
    expect(months[0]).toMatchObject({ month: '2026-01', entries: 2, totalQuantity: 150, totalExpensesMinor: 15500000, averageQuantity: 75, averageExpensesMinor: 7750000, costPerUnitMinor: 103333, costPerUnitChangePercent: null, isAlert: false });
    // 125000 per unit against 103333: +21 %, above 15 %.
    expect(months[1]).toMatchObject({ month: '2026-02', costPerUnitMinor: 125000, costPerUnitChangePercent: 21, isAlert: true });
    // 126250 against 125000: +1 %, no alert.
    expect(months[2]).toMatchObject({ month: '2026-03', costPerUnitMinor: 126250, isAlert: false });
    expect(byProject.map((p: { tagName: string }) => p.tagName)).toEqual(['bonny-site', 'ph-site']);
    const lenient = (await t.app.inject({ method: 'GET', url: `/api/v1/inventory/monthavrg/${owner.user.email}?alertPercent=25`, headers: bearer(owner.token) })).json().data;
    expect(lenient.months.some((m: { isAlert: boolean }) => m.isAlert)).toBe(false);
    const usage = (await t.app.inject({ method: 'GET', url: `/api/v1/inventory/energy-usage/${owner.user.email}?tagName=ph-site`, headers: bearer(owner.token) })).json().data;
    expect(usage.map((e: { date: string }) => e.date)).toEqual(['2026-02-03', '2026-01-20', '2026-01-05']);
  });

  it('writes a note on usage and savings with the built-in analyst when no model is configured', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/inventory/improve-report', headers: bearer(owner.token), payload: { email: owner.user.email, tagName: 'ph-site', alertPercent: 15, instructions: 'Where can we cut diesel costs?' } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ source: 'builtin', tagName: 'ph-site' });
    expect(data.report).toContain('Energy report for project ph-site, 2026-01 to 2026-02');
    expect(data.report).toContain('Cost per unit rose more than 15% in 2026-02 (+21%)');
    expect(data.report).toContain('NGN 1,033.33');
  });

  it('takes entries from a collection point for its own project only, and refuses bad input and other businesses', async () => {
    const site = await collectorFor(t.app, owner, 'ph-site', 'PH-01');
    const mine = await track({ date: '2026-04-01', quantity: 10, expenses: '12000' }, site.token);
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data.recordedBy).toBe('PH-01');
    expect((await track({ date: '2026-04-01', quantity: 10, expenses: '12000', tagName: 'bonny-site' }, site.token)).statusCode).toBe(403);
    const bad = await track({ date: '2026-04-01', quantity: 0, expenses: '12000.555' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/quantity|expenses/);
    const other = await registerBusiness(t.app, { businessName: 'Other Energy', email: 'owner@otherenergy.ng' });
    expect((await track({ date: '2026-04-01', quantity: 10, expenses: '1' }, other.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/inventory/monthavrg/${owner.user.email}`, headers: bearer(other.token) })).statusCode).toBe(403);
  });

  it('computes cost per unit and month changes in integers, never dividing by zero', () => {
    const months = buildMonths([
      { month: '2026-01', entries: 3, quantityMilli: '1000', expenses: '1' },
      { month: '2026-02', entries: 1, quantityMilli: '3000', expenses: '10' },
    ], 10);
    expect(months.map((m) => [m.costPerUnitMinor, m.averageExpensesMinor])).toEqual([[1, 0], [3, 10]]);
    expect(months[1]).toMatchObject({ costPerUnitChangePercent: 200, isAlert: true });
  });
});
