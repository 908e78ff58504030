import type { TRouteCase } from './route-table.ts';

/** Stock transfers, counts, requisition issue and purchase requests (issue 34), spread into ROUTES. */
const STOCK = ['Inventory-access'];
const missing = () => ({ id: '5f1b8a8e-2f6c-4c7e-9a55-0d4c1e9b7a11' });
const place = '5f1b8a8e-2f6c-4c7e-9a55-0d4c1e9b7a12';

export const TRANSFER_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/inventory/transfers': { access: STOCK, crossTenant: 'own-business', query: () => ({ status: 'draft' }), optionalFields: ['status'] },
  'GET /api/v1/inventory/transfers/:id': { access: STOCK, crossTenant: 'denied', params: missing },
  'POST /api/v1/inventory/transfers': {
    access: STOCK, crossTenant: 'own-business', optionalFields: ['note'],
    body: (a) => ({ fromPlaceId: place, toPlaceId: missing().id, lines: [{ stockItemId: a.inventory.itemId, quantity: 1 }] }),
  },
  'PUT /api/v1/inventory/transfers/:id': {
    access: STOCK, crossTenant: 'denied', params: missing, optionalFields: ['note'],
    body: (a) => ({ fromPlaceId: place, toPlaceId: missing().id, lines: [{ stockItemId: a.inventory.itemId, quantity: 1 }] }),
  },
  'POST /api/v1/inventory/transfers/:id/dispatch': { access: STOCK, crossTenant: 'denied', params: missing, noInput: 'the transfer in the path is all it takes' },
  'POST /api/v1/inventory/transfers/:id/receive': { access: STOCK, crossTenant: 'denied', params: missing, body: () => ({}), optionalFields: ['lines'] },
  'POST /api/v1/inventory/transfers/:id/cancel': { access: STOCK, crossTenant: 'denied', params: missing, noInput: 'the transfer in the path is all it takes' },
  'GET /api/v1/inventory/counts': { access: STOCK, crossTenant: 'own-business', noInput: "the business's count sheets" },
  'GET /api/v1/inventory/counts/:id': { access: STOCK, crossTenant: 'denied', params: missing },
  'POST /api/v1/inventory/counts': { access: STOCK, crossTenant: 'own-business', body: () => ({ placeId: place }) },
  'PUT /api/v1/inventory/counts/:id': { access: STOCK, crossTenant: 'denied', params: missing, body: () => ({ lines: [] }), optionalFields: ['reason'] },
  'POST /api/v1/inventory/counts/:id/refresh': { access: STOCK, crossTenant: 'denied', params: missing, noInput: 'the count in the path is all it takes' },
  'POST /api/v1/inventory/counts/:id/post': { access: STOCK, crossTenant: 'denied', params: missing, body: () => ({ reason: 'Probe' }) },
  'GET /api/v1/inventory/settings': { access: STOCK, crossTenant: 'own-business', noInput: "the business's inventory settings" },
  'PUT /api/v1/inventory/settings': { access: [...STOCK, 'Settings-access'], crossTenant: 'own-business', body: () => ({ countApprovalThresholdMinor: 5_000_000 }), validValues: { countApprovalThresholdMinor: [42, 0] } },
  'POST /api/v1/inventory/requisitions/:id/issue': {
    access: ['Approvals-access', 'Inventory-access'], crossTenant: 'denied', params: (a) => ({ id: a.inventory.requisitionId }), optionalFields: ['requestPurchase'],
    body: () => ({ storeId: place, lines: [{ lineId: missing().id, quantity: 1 }], requestPurchase: true }),
  },
  'GET /api/v1/orders/purchase-requests': { access: ['Procurement-access'], crossTenant: 'own-business', query: () => ({ status: 'open' }), optionalFields: ['status'] },
  'POST /api/v1/orders/purchase-requests/:id/order': { access: ['Procurement-access'], crossTenant: 'denied', params: missing, body: (a) => ({ orderId: a.procurement.orderId }) },
};
