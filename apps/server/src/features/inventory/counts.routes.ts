import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCountInput, ZCountPost, ZCountSave, ZIdParams, ZInventorySettings, ZOk, ZStockCount } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TCountsService } from './counts.service.ts';

/** Stock counts (issue 34): count sheets per place, their variances posted as adjustments. */
export const countRoutes = (counts: TCountsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];
  const config = allow('Inventory-access');
  const one = { 200: ZOk(ZStockCount) };

  app.get('/api/v1/inventory/counts', { schema: { tags, response: { 200: ZOk(z.array(ZStockCount)) } }, config },
    async (req) => ok(await counts.list(userAuth(req))));
  app.get('/api/v1/inventory/counts/:id', { schema: { tags, params: ZIdParams, response: one }, config },
    async (req) => ok(await counts.get(userAuth(req), req.params.id)));
  app.post('/api/v1/inventory/counts', { schema: { tags, body: ZCountInput, response: { 201: ZOk(ZStockCount) }, description: 'A count sheet of a place: every stock row there with what it holds now' }, config },
    async (req, reply) => reply.code(201).send(ok(await counts.create(userAuth(req), req.body.placeId), 'Count sheet made')));
  app.put('/api/v1/inventory/counts/:id', { schema: { tags, params: ZIdParams, body: ZCountSave, response: one }, config },
    async (req) => ok(await counts.save(userAuth(req), req.params.id, req.body), 'Count saved'));
  app.post('/api/v1/inventory/counts/:id/refresh', { schema: { tags, params: ZIdParams, response: one, description: 'A new snapshot of the lines that moved since the sheet was made' }, config },
    async (req) => ok(await counts.refresh(userAuth(req), req.params.id), 'Moved lines are ready to recount'));
  app.post('/api/v1/inventory/counts/:id/post', { schema: { tags, params: ZIdParams, body: ZCountPost, response: one, description: 'Books the variances, or sends them for approval above the threshold' }, config },
    async (req) => {
      const count = await counts.post(userAuth(req), req.params.id, req.body);
      return ok(count, count.status === 'posted' ? 'Count posted' : 'Count sent for approval');
    });
  app.get('/api/v1/inventory/settings', { schema: { tags, response: { 200: ZOk(ZInventorySettings) } }, config },
    async (req) => ok(await counts.settings(userAuth(req))));
  app.put('/api/v1/inventory/settings', { schema: { tags, body: ZInventorySettings, response: { 200: ZOk(ZInventorySettings) } }, config: allow('Inventory-access', 'Settings-access') },
    async (req) => ok(await counts.saveSettings(userAuth(req), req.body), 'Inventory settings saved'));
};
