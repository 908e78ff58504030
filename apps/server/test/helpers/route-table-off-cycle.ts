import type { TRouteCase } from './route-table.ts';

/** Off-cycle payroll runs (issue 32 item 3): pay data, Accounts-access (the owner has every role). */
export const OFF_CYCLE_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/payroll/runs': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ month: '2026-12' }), optionalFields: ['month', 'year'] },
  'POST /api/v1/payroll/off-cycle': {
    access: ['Accounts-access'], crossTenant: 'denied',
    body: (a) => ({ kind: 'bonus', month: '2026-12', items: [{ employeeId: a.people.employee._id, amount: '1000' }] }),
    optionalFields: ['label', 'base', 'bulk', 'selectAll', 'employeeIds', 'items'],
  },
  'GET /api/v1/payroll/off-cycle/:runId': { access: ['Accounts-access'], crossTenant: 'denied' },
  'DELETE /api/v1/payroll/off-cycle/:runId': { access: ['Accounts-access'], crossTenant: 'denied' },
};
