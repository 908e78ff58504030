import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';

describe('energy entries carry their kind (issue 34): units never mix', () => {
  let t: TTestApp;
  let owner: TSession;
  const track = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/inventory/tracker', headers: bearer(owner.token), payload: { email: owner.user.email, manager: 'Ada Eze', ...payload } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Volt Sites', email: 'owner@voltsites.ng' });
  });
  afterAll(async () => t.close());

  it('keeps diesel litres and grid kWh apart in the monthly summary and per project; the spec path defaults to diesel', async () => {
    const spec = await track({ date: '2026-03-02', quantity: 200, expenses: '240000', tagName: 'Ikoyi Tower' });
    expect(spec.statusCode, spec.body).toBe(201);
    expect(spec.json().data).toMatchObject({ kind: 'diesel', unit: 'L', tagName: 'Ikoyi Tower' });
    expect(spec.json().data.placeId).toEqual(expect.any(String));
    await track({ date: '2026-03-05', kind: 'grid', quantity: 1500, expenses: '300000', tagName: 'Ikoyi Tower' });
    await track({ date: '2026-03-09', kind: 'diesel', quantity: 100, expenses: '125000', tagName: 'ikoyi  tower' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/inventory/monthavrg/${owner.user.email}`, headers: bearer(owner.token) });
    const { months, byProject } = res.json().data;
    expect(months).toEqual([
      expect.objectContaining({ month: '2026-03', kind: 'diesel', unit: 'L', totalQuantity: 300, totalExpensesMinor: 36_500_000, costPerUnitMinor: 121_667 }),
      expect.objectContaining({ month: '2026-03', kind: 'grid', unit: 'kWh', totalQuantity: 1500, totalExpensesMinor: 30_000_000, costPerUnitMinor: 20_000 }),
    ]);
    expect(byProject).toEqual([
      expect.objectContaining({ tagName: 'Ikoyi Tower', kind: 'diesel', totalQuantity: 300 }),
      expect.objectContaining({ tagName: 'Ikoyi Tower', kind: 'grid', totalQuantity: 1500 }),
    ]);
  });

  it('computes litres per hour of a generator from its running hours', async () => {
    const gen = (await t.app.inject({ method: 'POST', url: '/api/v1/inventory/create-truck', headers: bearer(owner.token), payload: { kind: 'generator', plateNumber: 'GEN-1', model: 'Perkins 100 kVA', capacity: '100 kVA', fuelType: 'diesel' } })).json().data;
    await track({ date: '2026-04-01', quantity: 100, expenses: '120000', tagName: 'Ikoyi Tower', assetId: gen._id, runningHours: 1000 });
    await track({ date: '2026-04-03', quantity: 90, expenses: '108000', tagName: 'Ikoyi Tower', assetId: gen._id, runningHours: 1020 });
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/fleet/trucks/${gen._id}`, headers: bearer(owner.token) })).json().data;
    expect(page.litresPerHour).toBe(4.5);
    expect(page.generatorFuel[0]).toMatchObject({ runningHours: 1020, hoursSincePrevious: 20, litresPerHour: 4.5 });
  });
});
