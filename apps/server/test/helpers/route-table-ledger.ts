import type { TRouteCase } from './route-table.ts';

const employeeParam = (a: Parameters<NonNullable<TRouteCase['params']>>[0]) => ({ id: a.people.employee._id });

/** Issue 35 (lane ledger): an employee's labour split over projects, set by HR or payroll (Accounts). */
export const LEDGER_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/projects/labour-allocation/:id': { access: ['HR-access', 'Accounts-access'], crossTenant: 'denied', params: employeeParam },
  'PUT /api/v1/projects/labour-allocation/:id': {
    access: ['HR-access', 'Accounts-access'], crossTenant: 'denied', params: employeeParam, body: () => ({ effectiveMonth: '2026-03', allocations: [] }),
  },
};
