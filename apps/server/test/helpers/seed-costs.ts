import type { FastifyInstance } from 'fastify';
import { bearer, type TSession } from './test-app.ts';

export type TCostsSeed = { tagName: string; recordId: string; paymentId: string; description: string; announcementId: string; announcementTitle: string; projectId: string };

/** One project with an overhead record and a payment, for the route table's probes. */
export const seedCosts = async (app: FastifyInstance, base: { owner: TSession; businessName: string }): Promise<TCostsSeed> => {
  const h = bearer(base.owner.token);
  const tagName = `${base.businessName} Tower`;
  const description = `${base.businessName} private diesel purchase`;
  const rec = await app.inject({ method: 'POST', url: '/api/v1/cost/overhead-cost', headers: h, payload: { email: base.owner.user.email, employeeName: 'Seeder', tagName, records: [{ description, category: 'Fuel', amount: '15000.50', date: '2026-01-15' }] } });
  if (rec.statusCode !== 201) throw new Error(rec.body);
  const pay = await app.inject({ method: 'POST', url: '/api/v1/cost/add-payment', headers: h, payload: { email: base.owner.user.email, tagName, newPaymentEntry: { amount: 50000, date: '2026-01-20' } } });
  if (pay.statusCode !== 201) throw new Error(pay.body);
  // The project record the tag made (issue 35's costing routes take its id).
  const places = await app.inject({ method: 'GET', url: `/api/v1/places?kind=project&q=${encodeURIComponent(tagName)}`, headers: h });
  const projectId = (places.json().data as Array<{ _id: string; name: string }>).find((p) => p.name === tagName)?._id;
  if (!projectId) throw new Error(places.body);
  const announcementTitle = `${base.businessName} private staff party`;
  const post = await app.inject({ method: 'POST', url: '/api/v1/blog/posts', headers: h, payload: { title: announcementTitle, body: 'Friday at six.' } });
  if (post.statusCode !== 201) throw new Error(post.body);
  return { tagName, recordId: rec.json().data[0]._id, paymentId: pay.json().data._id, description, announcementId: post.json().data._id, announcementTitle, projectId };
};

export const costSecretsOf = (c: TCostsSeed) => [c.tagName, c.recordId, c.paymentId, c.description, c.announcementId, c.announcementTitle];
