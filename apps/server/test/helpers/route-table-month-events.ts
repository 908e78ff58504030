import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';

const employeeParam = (a: TSeed) => ({ id: a.people.employee._id });

/** Month events reach pay (issue 32): employee exits (HR) and the business's pay rules (read by Accounts, set by the owner). */
export const MONTH_EVENT_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/employee/exit/:id': {
    access: ['HR-access'], crossTenant: 'denied', params: employeeParam,
    body: () => ({ lastDay: '2099-12-31', reason: 'resignation', note: 'probe' }), optionalFields: ['note'],
  },
  'DELETE /api/v1/employee/exit/:id': { access: ['HR-access'], crossTenant: 'denied', params: employeeParam },
  'GET /api/v1/payroll/pay-rules': { access: ['Accounts-access'], crossTenant: 'own-business', noInput: "the caller's own business; takes no input" },
  'PUT /api/v1/payroll/pay-rules': {
    access: ['owner'], crossTenant: 'own-business', body: () => ({ prorationBasis: 'calendar' }),
  },
};
