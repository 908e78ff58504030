import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';
import { badImportSheets, importForm } from './route-table-imports.ts';

/** Inventory, requisitions, fleet and energy routes (issue 15), spread into ROUTES. */
const item = (a: TSeed) => ({ id: a.inventory.itemId });
const point = (a: TSeed) => ({ tag: a.inventory.tagName });
const project = (a: TSeed) => ({ project: a.inventory.tagName });
const STOCK = ['Inventory-access'];
const REQUESTERS = ['Inventory-access', 'Procurement-access'];
const FLEET = ['Procurement-access'];
// More than the seeded stock (or, for a receipt, past the largest quantity an item holds): every variant of the
// other path segments is refused, so the probes never move stock.
const tooMuch = (a: TSeed) => ({ id: a.inventory.itemId, nums: 'EMP-00001', quantity: '999999', order: 'PO-1', used: 'Foundation', tag: a.inventory.tagName });

const stockForm = importForm(() => `Project,Name,Unit\nprobe-site,Probe gravel ${Math.random().toString(36).slice(2, 8)},tonnes\n`);
const badStockSheets = badImportSheets({ header: 'Project,Name,Unit', row: 'site,Cement,bags', withoutRequired: 'Name,Unit\nCement,bags' });

export const INVENTORY_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/inventory/import/preview': { access: STOCK, crossTenant: 'own-business', form: stockForm, malformedForms: badStockSheets, optionalFields: ['language'] },
  'POST /api/v1/inventory/import': { access: STOCK, crossTenant: 'own-business', form: stockForm, malformedForms: badStockSheets, optionalFields: ['language'] },
  'GET /api/v1/inventory/import/:jobId': { access: STOCK, crossTenant: 'denied', params: (a) => ({ jobId: a.inventory.importJobId }) },
  'POST /api/v1/inventory/all-inventory': { access: [...STOCK, 'Procurement-access'], crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email }) },
  'GET /api/v1/inventory/inventory-point/:email/:tag': { access: [...STOCK, 'Procurement-access', 'collector'], crossTenant: 'denied', params: point },
  'GET /api/v1/inventory/export/:email': { access: STOCK, crossTenant: 'denied', query: () => ({ format: 'xlsx' }), optionalFields: ['format'] },
  'GET /api/v1/inventory/:id': { access: [...STOCK, 'Procurement-access', 'collector'], crossTenant: 'denied', params: item },
  'POST /api/v1/inventory/create': { access: STOCK, crossTenant: 'own-business', body: () => ({ tagName: 'probe-site', name: 'Probe sand', unit: 'tonnes' }) },
  'GET /api/v1/inventory/per-item/:email/:project': { access: STOCK, crossTenant: 'denied', params: project },
  'GET /api/v1/inventory/count/:email/:project': { access: STOCK, crossTenant: 'denied', params: project },
  'GET /api/v1/inventory/total-value/:email': { access: STOCK, crossTenant: 'denied' },
  'GET /api/v1/inventory/outstock/:email/:id/:nums/:quantity/:order/:tag': { access: STOCK, crossTenant: 'denied', params: tooMuch },
  'GET /api/v1/inventory/usedstock/:email/:id/:nums/:quantity/:used/:order/:tag': { access: [...STOCK, 'collector'], crossTenant: 'denied', params: tooMuch },
  'GET /api/v1/inventory/instock/:email/:id/:nums/:quantity/:tag': { access: STOCK, crossTenant: 'denied', params: (a) => ({ ...tooMuch(a), quantity: '99999999999' }) },
  'POST /api/v1/inventory/stockbalance': { access: [...STOCK, 'Procurement-access'], crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email, tagName: a.inventory.tagName }), optionalFields: ['tagName'] },
  'POST /api/v1/inventory/update/:id': { access: STOCK, crossTenant: 'denied', params: item, body: () => ({ category: 'Probe' }) },
  'POST /api/v1/inventory/connect': { access: STOCK, crossTenant: 'denied', body: (a) => ({ itemId: a.inventory.itemId, collectionPointId: a.collectionPoint._id }) },
  'DELETE /api/v1/inventory/delete/:id': { access: STOCK, crossTenant: 'denied', params: item },
  'PUT /api/v1/inventory/update-department': { access: STOCK, crossTenant: 'denied', body: (a) => ({ itemIds: [a.inventory.itemId], departmentId: a.departmentId }) },
  'GET /api/v1/inventory/logs/:email/:tag': { access: [...STOCK, 'collector'], crossTenant: 'denied', params: point },
  'GET /api/v1/inventory/logsG/:email': { access: STOCK, crossTenant: 'denied', query: () => ({ kind: 'outstock' }), optionalFields: ['kind'] },
  'POST /api/v1/inventory/requisitions': { access: [...REQUESTERS, 'collector'], crossTenant: 'denied', body: (a) => ({ tagName: a.inventory.tagName, purpose: 'Probe', items: [{ itemId: a.inventory.itemId, quantity: 1 }] }) },
  'POST /api/v1/inventory/get-requisitions': { access: [...REQUESTERS, 'Approvals-access', 'collector'], crossTenant: 'denied', body: (a) => ({ tagName: a.inventory.tagName, email: a.owner.user.email }) },
  'POST /api/v1/inventory/get-all-requisitions': { access: [...REQUESTERS, 'Approvals-access'], crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email }) },
  'DELETE /api/v1/inventory/requisitions/:id': { access: [...REQUESTERS, 'collector'], crossTenant: 'denied', params: (a) => ({ id: a.inventory.requisitionId }) },
  'PUT /api/v1/orders/update-requisition': { access: REQUESTERS, crossTenant: 'denied', body: (a) => ({ requisitionId: a.inventory.requisitionId, requisitionData: { purpose: 'Probe change' } }) },
  'PUT /api/v1/orders/update-material-approval-status': {
    access: ['Approvals-access'], crossTenant: 'denied',
    body: (a) => ({ requestId: a.inventory.requisitionId, ownerEmail: a.owner.user.email, service: 'material-requisition', userId: a.owner.user._id, approvalSource: 'web' }),
  },
  'POST /api/v1/inventory/tracker': {
    access: ['Tracker-access', 'collector'], crossTenant: 'denied', validValues: { quantity: [42, 1.5], expenses: [42, 1.5] },
    body: (a) => ({ date: '2026-02-01', quantity: 10, expenses: '9000', email: a.owner.user.email, manager: 'Probe', tagName: a.inventory.tagName }),
  },
  'GET /api/v1/inventory/energy-usage/:email': { access: ['Tracker-access'], crossTenant: 'denied' },
  'GET /api/v1/inventory/monthavrg/:email': { access: ['Tracker-access'], crossTenant: 'denied' },
  'PUT /api/v1/inventory/improve-report': { access: ['Tracker-access'], crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email }) },
  'POST /api/v1/inventory/create-truck': { access: FLEET, crossTenant: 'own-business', body: () => ({ plateNumber: `PRB-${Math.floor(Math.random() * 900 + 100)}-XY`, model: 'Probe', capacity: '10 tonnes', fuelType: 'diesel' }) },
  'POST /api/v1/inventory/add-truck': { access: FLEET, crossTenant: 'denied', body: (a) => ({ truckId: a.inventory.truckId, tagName: a.inventory.tagName }) },
  'POST /api/v1/inventory/fleet': { access: [...FLEET, 'Approvals-access'], crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email }) },
  'DELETE /api/v1/cost/delete-truck/:id': { access: FLEET, crossTenant: 'denied', params: (a) => ({ id: a.inventory.truckId }) },
  'POST /api/v1/inventory/truck-entry': { access: FLEET, crossTenant: 'denied', validValues: { cost: [42, 1.5] }, body: (a) => ({ truckId: a.inventory.truckId, kind: 'fuel', date: '2026-02-01', cost: '45000' }) },
  'GET /api/v1/inventory/truck-entries/:id': { access: FLEET, crossTenant: 'denied', params: (a) => ({ id: a.inventory.truckId }) },
  'POST /api/v1/cost/create-requisition': { access: FLEET, crossTenant: 'own-business', body: () => ({ tagName: 'probe-site', purpose: 'Probe haulage', startDate: '2031-03-01', endDate: '2031-03-02' }) },
  'PUT /api/v1/cost/approve-requisition/:requisitionId': { access: ['Approvals-access'], crossTenant: 'denied', params: (a) => ({ requisitionId: a.inventory.fleetRequisitionId }), body: (a) => ({ truckId: a.inventory.truckId }) },
};
