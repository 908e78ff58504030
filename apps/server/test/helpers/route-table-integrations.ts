import type { TRouteCase } from './route-table.ts';

/** An id nobody holds: the second business and the malformed probes can never reach a real key or webhook. */
const unknownId = () => ({ id: '6e2d2c0f-2a1b-4d8e-8f9a-9b2c3d4e5f60' });
const hookBody = () => ({ url: 'https://hooks.example.com/bizdesk', events: ['employee.created', 'leave.decided'], description: 'Probe' });

/** API keys and webhooks (issue 36 item 6): the owner only (a key, whatever its roles, is refused; apps/server/test/api-keys.test.ts). */
export const INTEGRATION_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/api-keys': { access: ['owner'], crossTenant: 'own-business', noInput: 'lists the business\'s keys' },
  'POST /api/v1/api-keys': {
    access: ['owner'], crossTenant: 'own-business', body: () => ({ name: 'Probe key', roles: ['HR-access'], expiresAt: '2099-01-01T00:00:00Z' }),
    optionalFields: ['expiresAt'], validValues: { expiresAt: [null] },
  },
  'POST /api/v1/api-keys/:id/revoke': { access: ['owner'], crossTenant: 'denied', params: unknownId },
  'GET /api/v1/webhooks': { access: ['owner'], crossTenant: 'own-business', noInput: 'lists the business\'s webhooks' },
  'POST /api/v1/webhooks': { access: ['owner'], crossTenant: 'own-business', body: hookBody, optionalFields: ['description'], validValues: { description: [null] } },
  'PUT /api/v1/webhooks/:id': {
    access: ['owner'], crossTenant: 'denied', params: unknownId, body: () => ({ ...hookBody(), active: false }),
    optionalFields: ['url', 'events', 'description', 'active'], validValues: { description: [null] },
  },
  'DELETE /api/v1/webhooks/:id': { access: ['owner'], crossTenant: 'denied', params: unknownId },
  'GET /api/v1/webhooks/:id/deliveries': { access: ['owner'], crossTenant: 'denied', params: unknownId },
  'POST /api/v1/webhooks/:id/test': { access: ['owner'], crossTenant: 'denied', params: unknownId },
};
