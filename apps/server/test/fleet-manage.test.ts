import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { staffUser } from './helpers/inventory.ts';
import { addMonths, serviceDue } from '../src/features/fleet/fleet-figures.ts';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
const plusDays = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('fleet manager (issue 34): bookings, odometers, service schedule and papers', () => {
  let t: TTestApp;
  let owner: TSession;
  let buyer: TSession;
  let storekeeper: TSession;
  let hr: TSession;
  const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner.token) => t.app.inject({ method, url, headers: bearer(token), payload });
  const createTruck = async (plateNumber: string, extra: object = {}) => {
    const res = await req('POST', '/api/v1/inventory/create-truck', { plateNumber, model: 'Mack Granite', capacity: '20 tonnes', fuelType: 'diesel', ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const fuel = (truckId: string, date: string, odometerKm: number, litres: number, cost: string) =>
    req('POST', '/api/v1/inventory/truck-entry', { truckId, kind: 'fuel', date, odometerKm, litres, cost });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Lekki Builders', email: 'owner@lekkibuild.ng' });
    buyer = await staffUser(t.app, owner, 'Bola Buyer', ['Procurement-access']);
    storekeeper = await staffUser(t.app, owner, 'Sade Store', ['Inventory-access']);
    hr = await staffUser(t.app, owner, 'Halima Hr', ['HR-access']);
  });
  afterAll(async () => t.close());

  it('refuses an assignment that clashes with a booking, naming the booking, and lets only the owner or an approver assign', async () => {
    const truck = await createTruck('LAG-100-AA');
    const booked = await req('POST', '/api/v1/inventory/add-truck', { truckId: truck._id, tagName: 'Ikoyi Tower', startDate: '2031-03-01', endDate: '2031-03-10' });
    expect(booked.statusCode, booked.body).toBe(200);
    const clash = await req('POST', '/api/v1/inventory/add-truck', { truckId: truck._id, tagName: 'Lekki Phase 2', startDate: '2031-03-05', endDate: '2031-03-06' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Truck LAG-100-AA is already booked from 2031-03-01 to 2031-03-10 for Ikoyi Tower (Assigned to Ikoyi Tower); choose another truck or other dates');
    expect((await req('POST', '/api/v1/inventory/add-truck', { truckId: truck._id, tagName: 'Lekki Phase 2', startDate: '2031-03-11', endDate: '2031-03-12' }, buyer.token)).statusCode).toBe(403);
    const later = await req('POST', '/api/v1/inventory/add-truck', { truckId: truck._id, tagName: 'Lekki Phase 2', startDate: '2031-03-11', endDate: '2031-03-12' });
    expect(later.statusCode).toBe(200);

    const states = (await req('GET', '/api/v1/fleet/availability?startDate=2031-03-09&endDate=2031-03-09', undefined, buyer.token)).json().data;
    expect(states.find((s: { truckId: string }) => s.truckId === truck._id)).toMatchObject({ state: 'booked', project: 'Ikoyi Tower', until: '2031-03-10' });
    const page = (await req('GET', `/api/v1/fleet/trucks/${truck._id}`)).json().data;
    expect(page.bookings.map((b: { tagName: string }) => b.tagName)).toEqual(['Lekki Phase 2', 'Ikoyi Tower']);
  });

  it('computes km per litre and cost per km from consecutive fuel readings and refuses a lower reading', async () => {
    const truck = await createTruck('LAG-200-BB');
    expect((await fuel(truck._id, '2026-10-01', 10_000, 100, '100000')).statusCode).toBe(201);
    expect((await fuel(truck._id, '2026-10-05', 10_450, 150, '150000')).statusCode).toBe(201);
    const lower = await fuel(truck._id, '2026-10-06', 10_400, 50, '50000');
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe('odometerKm: 10,400 km is lower than the last reading, 10,450 km on 2026-10-05');
    const trip = await req('POST', '/api/v1/fleet/trips', { truckId: truck._id, date: '2026-10-06', startKm: 10_300, endKm: 10_500 }, storekeeper.token);
    expect(trip.json().message).toBe('startKm: 10,300 km is lower than the last reading, 10,450 km on 2026-10-05');
    const page = (await req('GET', `/api/v1/fleet/trucks/${truck._id}`)).json().data;
    // 450 km on the 150 litres bought at the second reading: 3.0 km/l; ₦150,000 over 450 km = ₦333.33 a km.
    expect(page.kmPerLitre).toBe(3);
    expect(page.costPerKmMinor).toBe(33_333);
    expect(page.entries[0]).toMatchObject({ odometerKm: 10_450, kmSincePrevious: 450, kmPerLitre: 3, costPerKmMinor: 33_333 });
    expect(page.truck.odometerKm).toBe(10_450);
  });

  it('makes a service due by km from the last service reading and by months from its date', async () => {
    const byKm = await createTruck('LAG-300-CC', { serviceIntervalKm: 5000, lastServiceKm: 20_000, lastServiceDate: '2026-01-10' });
    expect(byKm.serviceDue).toMatchObject({ dueKm: 25_000, isDue: false });
    await fuel(byKm._id, today(), 25_100, 80, '80000');
    const page = (await req('GET', `/api/v1/fleet/trucks/${byKm._id}`)).json().data;
    expect(page.truck.serviceDue).toMatchObject({ dueKm: 25_000, isDue: true });
    // The service restarts the schedule from its reading.
    await req('POST', '/api/v1/inventory/truck-entry', { truckId: byKm._id, kind: 'maintenance', isService: true, date: today(), odometerKm: 25_150, cost: '40000' });
    expect((await req('GET', `/api/v1/fleet/trucks/${byKm._id}`)).json().data.truck.serviceDue).toMatchObject({ dueKm: 30_150, isDue: false });

    const byMonths = await createTruck('LAG-301-CC', { serviceIntervalMonths: 6, lastServiceDate: addMonths(plusDays(-1), -6) });
    expect(byMonths.serviceDue).toMatchObject({ dueDate: plusDays(-1), isDue: true });
    expect(serviceDue({ serviceIntervalKm: null, serviceIntervalMonths: 3, lastServiceKm: null, lastServiceDate: '2026-11-30', createdDate: '2026-01-01' }, null, '2027-02-27'))
      .toEqual({ dueKm: null, dueDate: '2027-02-28', isDue: false });
  });

  it('shows an expiring insurance and a service due on the reminders of Inventory- and Procurement-access users, not of HR', async () => {
    const truck = await createTruck('LAG-400-DD', { insuranceExpiry: plusDays(10), serviceIntervalMonths: 3, lastServiceDate: addMonths(today(), -3) });
    const kindsFor = async (token: string) => ((await req('GET', '/api/v1/reminders', undefined, token)).json().data.reminders as Array<{ kind: string; name: string; link: { screen: string; id: string }; date: string }>)
      .filter((r) => r.name === 'LAG-400-DD');
    for (const token of [storekeeper.token, buyer.token, owner.token]) {
      const mine = await kindsFor(token);
      expect(mine.find((r) => r.kind === 'insurance-expiry')).toMatchObject({ date: plusDays(10), link: { screen: 'truck', id: truck._id } });
      expect(mine.find((r) => r.kind === 'service-due')).toMatchObject({ date: today(), link: { screen: 'truck', id: truck._id } });
    }
    expect(await kindsFor(hr.token)).toEqual([]);
  });
});
