import type { TRouteCase } from './route-table.ts';

const P = ['Projects-access'];

/**
 * Import batches (issue 35, lane costrecs). The seed holds no batch: the undo's :id is a cost record's id, which names
 * no batch, so a second business is refused (404) as the first would be; cost-records-import.test drives the real cases.
 */
export const COSTRECS_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/cost/import-batches/:email': { access: P, crossTenant: 'denied', query: () => ({ tagName: 'Lekki Tower' }), optionalFields: ['tagName'] },
  'POST /api/v1/cost/import-batches/:email/:id/undo': { access: P, crossTenant: 'denied', params: (a) => ({ email: a.owner.user.email, id: a.costs.recordId }) },
};
