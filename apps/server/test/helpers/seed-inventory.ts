import type { FastifyInstance } from 'fastify';
import { bearer, multipart } from './test-app.ts';
import { waitForJob } from './seed-people.ts';
import type { TSeed } from './seed.ts';

/** Stock, a requisition, a truck, a fleet requisition and an energy entry of one business (for the route table). */
export type TInventorySeed = {
  tagName: string;
  itemId: string;
  /** The master item (issue 34) the seeded stock row is of. */
  stockItemId: string;
  itemName: string;
  requisitionId: string;
  truckId: string;
  plateNumber: string;
  fleetRequisitionId: string;
  energyManager: string;
  /** A finished inventory import job. */
  importJobId: string;
};

const must = (res: { statusCode: number; body: string }, status: number, what: string) => {
  if (res.statusCode !== status) throw new Error(`seed ${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data;
};

export const seedInventory = async (app: FastifyInstance, base: Omit<TSeed, 'people' | 'inventory' | 'time' | 'payroll' | 'procurement'>): Promise<TInventorySeed> => {
  const h = bearer(base.owner.token);
  const first = base.businessName.split(' ')[0];
  const tagName = (base.collectionPoint as unknown as { tagName: string }).tagName;
  const item = must(await app.inject({
    method: 'POST', url: '/api/v1/inventory/create', headers: h,
    payload: { tagName, name: `${first} cement`, sku: `${first.toUpperCase()}-CEM`, unit: 'bags', quantity: 40, unitCost: '5200.50', reorderLevel: 5, collectionPointId: base.collectionPoint._id },
  }), 201, 'item');
  const requisition = must(await app.inject({
    method: 'POST', url: '/api/v1/inventory/requisitions', headers: h, payload: { tagName, purpose: `${first} foundation`, items: [{ itemId: item._id, quantity: 2 }] },
  }), 201, 'requisition');
  const plateNumber = `${first.slice(0, 3).toUpperCase()}-123-KJ`;
  const truck = must(await app.inject({ method: 'POST', url: '/api/v1/inventory/create-truck', headers: h, payload: { plateNumber, model: 'Sinotruk Howo', capacity: '30 tonnes', fuelType: 'diesel' } }), 201, 'truck');
  const fleetRequisition = must(await app.inject({
    method: 'POST', url: '/api/v1/cost/create-requisition', headers: h, payload: { tagName, purpose: `${first} haulage`, startDate: '2030-01-05', endDate: '2030-01-07' },
  }), 201, 'fleet requisition');
  const energyManager = `${first} Generator Lead`;
  must(await app.inject({
    method: 'POST', url: '/api/v1/inventory/tracker', headers: h,
    payload: { date: '2026-01-10', quantity: 200, expenses: '180000', email: base.owner.user.email, manager: energyManager, tagName, businessName: base.businessName },
  }), 201, 'energy entry');
  const form = multipart([{ name: 'file', filename: 'stock.csv', contentType: 'text/csv', data: Buffer.from(`Project,Name,Unit,Quantity,Unit cost\n${tagName},${first} gravel,tonnes,3,9000\n`) }]);
  const started = must(await app.inject({ method: 'POST', url: '/api/v1/inventory/import', headers: { ...h, ...form.headers }, payload: form.payload }), 202, 'inventory import');
  const imported = await waitForJob(app, base.owner.token, started.jobId, '/api/v1/inventory/import');
  if (imported.status !== 'succeeded') throw new Error(`seed inventory import: ${JSON.stringify(imported)}`);
  return { importJobId: started.jobId, tagName, itemId: item._id, stockItemId: item.stockItemId, itemName: item.name, requisitionId: requisition._id, truckId: truck._id, plateNumber, fleetRequisitionId: fleetRequisition._id, energyManager };
};

export const inventorySecretsOf = (s: TInventorySeed) => [s.itemId, s.itemName, s.requisitionId, s.truckId, s.plateNumber, s.fleetRequisitionId, s.energyManager, s.importJobId];
