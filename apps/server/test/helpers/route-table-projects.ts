import type { TSeed } from './seed.ts';
import type { TRouteCase } from './route-table.ts';

const READ = ['Projects-access', 'Management-access'];
const WRITE = ['Projects-access'];
const project = (a: TSeed) => ({ projectId: a.costs.projectId });

/**
 * Project costing (issue 35): the seed's project record is the first business's; a second business naming it gets 404.
 * The certificate of the payment probe is an id no certificate has (the project-costing tests drive the real case).
 */
export const PROJECT_COSTING_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/projects/costing': { access: READ, crossTenant: 'own-business', noInput: "lists the caller business's projects" },
  'GET /api/v1/projects/:projectId/costing': { access: READ, crossTenant: 'denied', params: project },
  'GET /api/v1/projects/:projectId/cost-entries': {
    access: READ, crossTenant: 'denied', params: project, query: () => ({ category: 'materials', source: 'cost-record', stage: 'actual', page: '1', limit: '10' }),
    optionalFields: ['category', 'source', 'stage', 'page', 'limit'],
  },
  'PUT /api/v1/projects/:projectId/budget': { access: WRITE, crossTenant: 'denied', params: project, body: () => ({ lines: [{ category: 'materials', amount: '1000' }] }) },
  'PUT /api/v1/projects/:projectId/contract': {
    access: WRITE, crossTenant: 'denied', params: project, body: () => ({ contractValue: '50000', retentionPercent: '5', whtPercent: 2.5 }),
    optionalFields: ['contractValue', 'retentionPercent', 'whtPercent'],
    // Amounts and rates are taken as numbers too (ZMajorAmount, ZPercent); a contract value may be cleared.
    validValues: { contractValue: [null, 42, 1.5], retentionPercent: [42, 1.5], whtPercent: [42, 1.5] },
  },
  'POST /api/v1/projects/:projectId/certificates': {
    access: WRITE, crossTenant: 'denied', params: project,
    body: () => ({ number: `IPC-${Math.random().toString(36).slice(2, 8)}`, date: '2026-02-01', gross: '1000' }),
    optionalFields: ['retention', 'wht', 'otherDeductions', 'note'],
    validValues: { gross: [42, 1.5] },
  },
  'PUT /api/v1/projects/:projectId/certificates/:id': {
    access: WRITE, crossTenant: 'denied', params: (a) => ({ ...project(a), id: a.staff.user._id }),
    body: () => ({ number: `IPC-${Math.random().toString(36).slice(2, 8)}`, date: '2026-02-01', gross: '1000' }),
    optionalFields: ['retention', 'wht', 'otherDeductions', 'note'],
    validValues: { gross: [42, 1.5] },
  },
  'DELETE /api/v1/projects/:projectId/certificates/:id': { access: WRITE, crossTenant: 'denied', params: (a) => ({ ...project(a), id: a.staff.user._id }) },
  'POST /api/v1/projects/:projectId/certificates/:id/payments': {
    access: WRITE, crossTenant: 'denied', params: (a) => ({ ...project(a), id: a.staff.user._id }), body: () => ({ amount: '100', date: '2026-02-02' }),
  },
};
