import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';

/** Issue 34, the inventory core: the item master with stock per location, the staff a movement names, returns to the supplier. */
const STOCK = ['Inventory-access'];
const master = (a: TSeed) => ({ id: a.inventory.stockItemId });
/** A GRN id nobody holds: the probes never send real goods back. */
const NO_GRN = '5d1c1b9e-1f0e-4c7e-9d9a-8a1b2c3d4e5a';

export const STOCK_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/stock-items': {
    access: [...STOCK, 'Procurement-access'], crossTenant: 'own-business', query: () => ({ q: 'cement', page: '1', limit: '10' }), optionalFields: ['q', 'page', 'limit', 'locationId'], freeText: ['q'],
  },
  'POST /api/v1/stock-items': {
    access: STOCK, crossTenant: 'own-business', body: () => ({ name: `Probe sand ${Math.random().toString(36).slice(2, 8)}`, unit: 'tonnes' }), optionalFields: ['sku', 'category', 'conversions'],
  },
  'PUT /api/v1/stock-items/:id': { access: STOCK, crossTenant: 'denied', params: master, body: () => ({ category: 'Probe' }), optionalFields: ['name', 'sku', 'unit', 'category', 'conversions'] },
  'POST /api/v1/stock-items/:id/locations': {
    access: STOCK, crossTenant: 'denied', params: master, body: (a) => ({ locationId: a.collectionPoint._id }), optionalFields: ['reorderLevel'],
  },
  'GET /api/v1/stock-staff': { access: STOCK, crossTenant: 'own-business', query: () => ({ q: 'a', limit: '20' }), optionalFields: ['q', 'limit'], freeText: ['q'] },
  'POST /api/v1/orders/:id/returns': {
    access: ['Procurement-access', 'Inventory-access'], crossTenant: 'denied', params: (a) => ({ id: a.procurement.orderId }),
    body: (a) => ({ grnId: NO_GRN, returnedDate: '2026-02-01', reason: 'Probe', lines: [{ lineId: a.procurement.orderLineId, quantity: 1 }] }),
  },
};
