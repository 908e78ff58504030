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
  // The seed has no place of its own: an :id or intoId of another kind of record (the staff user's id) names no place,
  // so a second business is refused (404) as the first would be; the places tests drive the real cases.
  'PATCH /api/v1/places/:id': {
    access: ['Settings-access', 'Inventory-access', 'Procurement-access'], crossTenant: 'denied',
    body: () => ({ name: `Probe ${Math.random().toString(36).slice(2, 8)}`, kind: 'store' }), optionalFields: ['name', 'kind', 'projectId', 'address', 'description'],
  },
  'POST /api/v1/places/:id/archive': { access: ['Settings-access', 'Inventory-access', 'Procurement-access'], crossTenant: 'denied' },
  'POST /api/v1/places/:id/unarchive': { access: ['Settings-access', 'Inventory-access', 'Procurement-access'], crossTenant: 'denied' },
  'GET /api/v1/places/review': { access: ['Settings-access'], crossTenant: 'own-business', noInput: 'lists the caller business\'s proposed places' },
  'POST /api/v1/places/review/confirm': {
    access: ['Settings-access'], crossTenant: 'denied', body: (a) => ({ places: [{ id: a.staff.user._id, name: 'Probe project' }] }),
  },
  'POST /api/v1/places/:id/merge': { access: ['Settings-access'], crossTenant: 'denied', body: (a) => ({ intoId: a.staff.user._id }) },
};
