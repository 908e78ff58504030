import type { TRouteCase } from './route-table.ts';

/** The fleet manager's routes (issue 34): truck page, managed fields, trips, the picker's availability. */
const FLEET = ['Procurement-access', 'Inventory-access'];
const truckParam = (a: Parameters<NonNullable<TRouteCase['params']>>[0]) => ({ id: a.inventory.truckId });

export const FLEET_ROUTES: Record<string, TRouteCase> = {
  'PUT /api/v1/fleet/trucks/:id': {
    access: FLEET, crossTenant: 'denied', params: truckParam, body: () => ({ insuranceExpiry: '2031-01-31', serviceIntervalMonths: 6 }),
    validValues: { insuranceExpiry: [null], serviceIntervalMonths: [null, 42] },
    optionalFields: ['driverEmployeeId', 'driverLicenceExpiry', 'insuranceExpiry', 'roadworthinessExpiry', 'hackneyPermitExpiry', 'serviceIntervalKm', 'serviceIntervalMonths', 'lastServiceDate', 'lastServiceKm'],
  },
  'GET /api/v1/fleet/trucks/:id': { access: FLEET, crossTenant: 'denied', params: truckParam },
  'POST /api/v1/fleet/trips': {
    access: FLEET, crossTenant: 'denied', body: (a) => ({ truckId: a.inventory.truckId, date: '2026-02-01', startKm: 9_000_000, endKm: 9_000_010, from: 'Yard', to: 'Site' }),
    optionalFields: ['driverEmployeeId', 'from', 'to', 'placeId', 'purpose'], validValues: { startKm: [42] },
  },
  'GET /api/v1/fleet/availability': {
    access: [...FLEET, 'Approvals-access'], crossTenant: 'own-business', query: () => ({ startDate: '2031-01-01', endDate: '2031-01-05' }),
  },
};
