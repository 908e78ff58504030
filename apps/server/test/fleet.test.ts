import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MSG } from '@bizdesk/contract';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { staffUser } from './helpers/inventory.ts';

describe('fleet: trucks, their state and fleet requisitions', () => {
  let t: TTestApp;
  let owner: TSession;
  let clerk: TSession;
  const h = () => bearer(owner.token);
  const post = (url: string, payload: object, token = owner.token) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const createTruck = async (plateNumber: string) => (await post('/api/v1/inventory/create-truck', { plateNumber, model: 'MAN Diesel TGS', capacity: '30 tonnes', fuelType: 'diesel' })).json().data;
  const askTruck = async (tagName: string, startDate: string, endDate: string) =>
    (await post('/api/v1/cost/create-requisition', { tagName, purpose: `Haulage for ${tagName}`, startDate, endDate }, clerk.token)).json().data;
  const approve = (id: string, truckId: string, token = owner.token) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/cost/approve-requisition/${id}`, headers: bearer(token), payload: { truckId } });
  const fleet = async () => (await post('/api/v1/inventory/fleet', { email: owner.user.email })).json().data;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Kano Haulage', email: 'owner@kanohaulage.ng' });
    clerk = await staffUser(t.app, owner, 'Musa Clerk', ['Procurement-access']);
  });
  afterAll(async () => t.close());

  it('books a free truck on approval and refuses a double booking, naming the clashing booking', async () => {
    const truck = await createTruck('kan-451-xa');
    expect(truck).toMatchObject({ plateNumber: 'KAN-451-XA', state: 'free', bookings: [] });
    const first = await askTruck('kano-ring-road', '2031-05-10', '2031-05-14');
    expect(first).toMatchObject({ status: 'pending', truckId: null, approvalsRequired: 1 });
    const ok = await approve(first._id, truck._id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: INVENTORY_MSG.fleetRequisitionApproved, data: { status: 'approved', truckId: truck._id, plateNumber: 'KAN-451-XA' } });

    const second = await askTruck('zaria-bridge', '2031-05-14', '2031-05-20');
    const clash = await approve(second._id, truck._id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Truck KAN-451-XA is already booked from 2031-05-10 to 2031-05-14 for kano-ring-road (Haulage for kano-ring-road); choose another truck or other dates');
    const other = await createTruck('KAN-777-XB');
    expect((await approve(second._id, other._id)).json().data).toMatchObject({ status: 'approved', plateNumber: 'KAN-777-XB' });
    const later = await askTruck('zaria-bridge', '2031-05-15', '2031-05-16');
    expect((await approve(later._id, truck._id)).json().data.status).toBe('approved');
    const f = await fleet();
    expect(f.trucks.find((x: { _id: string }) => x._id === truck._id).bookings.map((b: { startDate: string }) => b.startDate)).toEqual(['2031-05-10', '2031-05-15']);
    expect(f.requisitions).toHaveLength(3);
  });

  it('serialises two approvals racing for one truck: exactly one books it', async () => {
    const truck = await createTruck('RACE-1');
    const a = await askTruck('site-a', '2032-01-01', '2032-01-03');
    const b = await askTruck('site-b', '2032-01-02', '2032-01-04');
    const answers = await Promise.all([approve(a._id, truck._id), approve(b._id, truck._id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows assigned and in-maintenance states and keeps trucks in maintenance or on another project from bookings', async () => {
    const truck = await createTruck('MNT-100');
    const assign = await post('/api/v1/inventory/add-truck', { truckId: truck._id, tagName: 'dala-site' });
    expect(assign.json()).toMatchObject({ message: INVENTORY_MSG.truckAssigned, data: { state: 'assigned', assignedTagName: 'dala-site' } });
    const elsewhere = await askTruck('gwale-site', '2031-07-01', '2031-07-02');
    expect((await approve(elsewhere._id, truck._id)).json().message).toBe('Truck MNT-100 is assigned to project dala-site; release it or choose another truck');
    const refusedDelete = await t.app.inject({ method: 'DELETE', url: `/api/v1/cost/delete-truck/${truck._id}`, headers: h() });
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().message).toBe('Truck MNT-100 is assigned to project dala-site; release it before removing it');
    expect((await post('/api/v1/inventory/add-truck', { truckId: truck._id, release: true })).json().data.state).toBe('free');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const entry = await post('/api/v1/inventory/truck-entry', { truckId: truck._id, kind: 'maintenance', date: today, endDate: '2031-07-01', cost: '350000.50', note: 'Gearbox' });
    expect(entry.json().data).toMatchObject({ kind: 'maintenance', costMinor: 35000050 });
    await post('/api/v1/inventory/truck-entry', { truckId: truck._id, kind: 'fuel', date: today, litres: 300, cost: '390000' });
    const shown = (await fleet()).trucks.find((x: { _id: string }) => x._id === truck._id);
    expect(shown).toMatchObject({ state: 'in maintenance', maintenanceUntil: '2031-07-01', fuelCostMinor: 39000000, maintenanceCostMinor: 35000050 });
    expect((await approve(elsewhere._id, truck._id)).json().message).toBe(`Truck MNT-100 is in maintenance from ${today} to 2031-07-01; choose another truck`);
    const entries = (await t.app.inject({ method: 'GET', url: `/api/v1/inventory/truck-entries/${truck._id}`, headers: h() })).json().data;
    expect(entries.map((e: { kind: string }) => e.kind).sort()).toEqual(['fuel', 'maintenance']);
  });

  it('removes a free truck from the fleet, but not one with a booking still to come', async () => {
    const booked = await createTruck('BKD-200');
    const req = await askTruck('kofar-site', '2033-02-01', '2033-02-02');
    await approve(req._id, booked._id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/cost/delete-truck/${booked._id}`, headers: h() })).json().message)
      .toBe('Truck BKD-200 is booked from 2033-02-01 to 2033-02-02 for kofar-site; it cannot be removed before that ends');
    const free = await createTruck('FRE-300');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/cost/delete-truck/${free._id}`, headers: h() });
    expect(del.json()).toMatchObject({ success: true, message: INVENTORY_MSG.truckDeleted });
    expect((await fleet()).trucks.some((x: { _id: string }) => x._id === free._id)).toBe(false);
    expect((await post('/api/v1/inventory/create-truck', { plateNumber: 'BKD-200', model: 'x', capacity: '1 t', fuelType: 'petrol' })).statusCode).toBe(409);
  });

  it('keeps other businesses and non-approvers out', async () => {
    const truck = await createTruck('SEC-900');
    const req = await askTruck('secure-site', '2034-01-01', '2034-01-02');
    expect((await approve(req._id, truck._id, clerk.token)).statusCode).toBe(403);
    const other = await registerBusiness(t.app, { businessName: 'Other Fleet', email: 'owner@otherfleet.ng' });
    expect((await approve(req._id, truck._id, other.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/cost/delete-truck/${truck._id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await post('/api/v1/inventory/fleet', { email: owner.user.email }, other.token)).statusCode).toBe(403);
    const theirs = (await post('/api/v1/inventory/fleet', { email: other.user.email }, other.token)).json().data;
    expect(theirs).toEqual({ trucks: [], requisitions: [] });
  });
});
