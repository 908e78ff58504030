import type { TRouteCase } from './route-table.ts';
import { multipart } from './test-app.ts';
import { badImportSheets } from './route-table-imports.ts';

type TPart = Parameters<typeof multipart>[0][number];
const sheet = (csv: string): TPart => ({ name: 'file', filename: 'probe.csv', contentType: 'text/csv', data: Buffer.from(csv) });
const badPaySheets = badImportSheets({ header: 'Employee number,Pay day', row: 'EMP-1,25', withoutRequired: 'Gross income,Pay day\n100,25' });

/** Pay setup at spreadsheet speed (issue 32 item 5, k3): pay data, Accounts-access. */
export const PAY_SETUP_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/payroll/settings/bulk': {
    access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ employeeIds: [a.people.employee._id], settings: { payDay: 25 } }),
    optionalFields: ['employeeIds', 'selectAll', 'search', 'excludedIds'],
  },
  'GET /api/v1/payroll/runs/:runId/bank-file/check': { access: ['Accounts-access'], crossTenant: 'denied', query: () => ({ layout: 'ng-nibss' }), optionalFields: ['layout', 'format', 'debitAccount'] },
  'POST /api/v1/payroll/pay-details/import/preview': {
    access: ['Accounts-access'], crossTenant: 'own-business', form: (a) => multipart([sheet(`Email,Pay day\n${a.people.employee.email},25\n`)]), malformedForms: badPaySheets, optionalFields: ['language'],
  },
  'POST /api/v1/payroll/pay-details/import': {
    access: ['Accounts-access'], crossTenant: 'own-business', form: (a) => multipart([sheet(`Email,Pay day\n${a.people.employee.email},25\n`)]), malformedForms: badPaySheets, optionalFields: ['language'],
  },
  'GET /api/v1/payroll/pay-details/import/:jobId': { access: ['Accounts-access'], crossTenant: 'denied', params: () => ({ jobId: '5d1c1b9e-1f0e-4c7e-9d9a-8a1b2c3d4e5f' }) },
  'GET /api/v1/payroll/pay-details/export': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ format: 'csv' }), optionalFields: ['format'] },
};
