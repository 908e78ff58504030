import type { FastifyInstance } from 'fastify';
import { bearer, multipart, type TSession } from './test-app.ts';
import { waitForJob } from './seed-people.ts';

export type TProcurementSeed = { vendorId: string; clientId: string; boqId: string; contractId: string; boqLineId: string; quoteId: string; orderId: string; orderNumber: string; orderLineId: string; standingId: string; importJobId: string };

const data = (res: { statusCode: number; body: string }, status: number) => {
  if (res.statusCode !== status) throw new Error(`procurement seed: expected ${status}, got ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).data;
};

/** A vendor, a client, a BOQ with a quote, a regular and a standing order of one business. */
export const seedProcurement = async (app: FastifyInstance, owner: TSession, name: string): Promise<TProcurementSeed> => {
  const h = bearer(owner.token);
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  const [vendor] = data(await app.inject({ method: 'POST', url: '/api/v1/vendors/add-vendors', headers: h, payload: { name: `${name} Supplies`, email: `sales@${slug}-supplies.example` } }), 201);
  const client = data(await app.inject({ method: 'POST', url: '/api/v1/vendors/clients', headers: h, payload: { name: `${name} Client`, kind: 'client' } }), 201);
  const contractId = `${slug}-C1`;
  const boq = data(await app.inject({ method: 'POST', url: '/api/v1/vendors/add-boq', headers: h, payload: { contractId, businessName: `${name} Client`, projectTitle: `${name} warehouse`, lines: [{ item: 'Cement', quantity: 10, unit: 'bag' }] } }), 201);
  const quote = data(await app.inject({ method: 'POST', url: `/api/v1/vendors/upload-quotes/${owner.user.email}`, headers: h, payload: { email: `quotes@${slug}.example`, quotesData: { contractId, contractorName: `${name} Builders`, lines: [{ lineId: boq.lines[0]._id, unitPrice: '5000' }] } } }), 201);
  const [order] = data(await app.inject({ method: 'POST', url: '/api/v1/orders/add-orders', headers: h, payload: { vendorId: vendor._id, lines: [{ item: `${name} rods`, unit: 'piece', quantity: 4, unitPrice: '2500.50' }] } }), 201);
  const standing = data(await app.inject({ method: 'POST', url: '/api/v1/orders/add-standing', headers: h, payload: { vendorId: vendor._id, description: `${name} diesel`, ceiling: '1000000', validFrom: '2026-01-01', validTo: '2026-12-31' } }), 201);
  const form = multipart([{ name: 'file', filename: 'vendors.csv', contentType: 'text/csv', data: Buffer.from(`Name,Email,Categories\n${name} Haulage,dispatch@${slug}-haulage.example,Transport\n`) }]);
  const started = data(await app.inject({ method: 'POST', url: '/api/v1/vendors/import', headers: { ...h, ...form.headers }, payload: form.payload }), 202);
  const imported = await waitForJob(app, owner.token, started.jobId, '/api/v1/vendors/import');
  if (imported.status !== 'succeeded') throw new Error(`procurement seed import: ${JSON.stringify(imported)}`);
  return { importJobId: started.jobId, vendorId: vendor._id, clientId: client._id, boqId: boq._id, contractId, boqLineId: boq.lines[0]._id, quoteId: quote._id, orderId: order._id, orderNumber: order.invoiceNumber, orderLineId: order.lines[0]._id, standingId: standing._id };
};

export const procurementSecretsOf = (p: TProcurementSeed) => [p.vendorId, p.clientId, p.boqId, p.quoteId, p.orderId, p.standingId, p.orderLineId, p.importJobId];
