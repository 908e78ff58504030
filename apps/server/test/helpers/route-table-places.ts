import type { TRouteCase } from './route-table.ts';

/** Places (issue 34): the pickers' list is open to every user of the business; keeping places to those who name them. */
export const PLACE_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/places': {
    access: ['user'], crossTenant: 'own-business', query: () => ({ kind: 'project,store', q: 'lekki' }), optionalFields: ['kind', 'q'], freeText: ['q'],
  },
  'POST /api/v1/places': {
    access: ['Settings-access', 'Inventory-access', 'Procurement-access'], crossTenant: 'own-business',
    body: () => ({ kind: 'store', name: `Probe store ${Math.random().toString(36).slice(2, 8)}` }), optionalFields: ['projectId', 'address', 'description'],
  },
};
