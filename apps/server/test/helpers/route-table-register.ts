import type { TRouteCase } from './route-table.ts';

/** The payroll register and variance (issue 32 item 7): pay data, Accounts-access, on the first business's seeded run. */
export const REGISTER_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/payroll/runs/:runId/register': { access: ['Accounts-access'], crossTenant: 'denied', query: () => ({ format: 'xlsx' }), optionalFields: ['format'] },
  'GET /api/v1/payroll/runs/:runId/variance': { access: ['Accounts-access'], crossTenant: 'denied', query: () => ({ page: '1', limit: '25' }), optionalFields: ['page', 'limit'] },
};
