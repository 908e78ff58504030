import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';

// Pay structures and recurring items (issue 32): pay data, Accounts-access.
const unknownId = () => ({ id: '6e2d2c0f-2a1f-4d8f-8e0b-9b2c3d4e5f60' });
const employeeParam = (a: TSeed) => ({ id: a.people.employee._id });
const item = () => ({ name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', fromMonth: '2026-01' });
const structure = () => ({ name: `Probe grade ${Math.random().toString(36).slice(2, 8)}`, split: { basic: 40, housing: 20, transport: 10 }, pensionBase: 'basic-housing-transport' });

export const STRUCTURE_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/payroll/structures': { access: ['Accounts-access'], crossTenant: 'own-business', noInput: 'the business\'s own structures; takes no input' },
  'POST /api/v1/payroll/structures': { access: ['Accounts-access'], crossTenant: 'own-business', body: structure, optionalFields: ['split', 'pensionBase', 'isDefault'], validValues: { split: [null], pensionBase: [null] } },
  'POST /api/v1/payroll/structures/assign': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ employeeIds: [a.people.employee._id], structureId: null }), validValues: { structureId: [null] } },
  'PUT /api/v1/payroll/structures/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownId, body: structure, optionalFields: ['split', 'pensionBase', 'isDefault'] },
  'DELETE /api/v1/payroll/structures/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownId },
  'POST /api/v1/payroll/structures/:id/items': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownId, body: item, optionalFields: ['base', 'toMonth', 'isTaxable', 'isPensionable', 'isPreTax'] },
  'GET /api/v1/payroll/employees/:id/structure': { access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam },
  'POST /api/v1/payroll/employees/:id/recurring-items': {
    access: ['Accounts-access'], crossTenant: 'denied', params: employeeParam, body: item, optionalFields: ['base', 'toMonth', 'isTaxable', 'isPensionable', 'isPreTax'], validValues: { percent: [42, 1.5] },
  },
  'PUT /api/v1/payroll/recurring-items/:id/end': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownId, body: () => ({ toMonth: '2026-06' }) },
  'DELETE /api/v1/payroll/recurring-items/:id': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownId },
};
