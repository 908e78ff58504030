import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZOk, ZTransfer, ZTransferInput, ZTransferQuery, ZTransferReceipt } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TTransfersService } from './transfers.service.ts';

/** Stock transfers between places (issue 34): the storekeeper's documents. */
export const transferRoutes = (transfers: TTransfersService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];
  const config = allow('Inventory-access');
  const one = { 200: ZOk(ZTransfer) };

  app.get('/api/v1/inventory/transfers', { schema: { tags, querystring: ZTransferQuery, response: { 200: ZOk(z.array(ZTransfer)) } }, config },
    async (req) => ok(await transfers.list(userAuth(req), req.query)));
  app.get('/api/v1/inventory/transfers/:id', { schema: { tags, params: ZIdParams, response: one }, config },
    async (req) => ok(await transfers.get(userAuth(req), req.params.id)));
  app.post('/api/v1/inventory/transfers', { schema: { tags, body: ZTransferInput, response: { 201: ZOk(ZTransfer) } }, config },
    async (req, reply) => reply.code(201).send(ok(await transfers.create(userAuth(req), req.body), 'Transfer saved as a draft')));
  app.put('/api/v1/inventory/transfers/:id', { schema: { tags, params: ZIdParams, body: ZTransferInput, response: one }, config },
    async (req) => ok(await transfers.update(userAuth(req), req.params.id, req.body), 'Transfer changed'));
  app.post('/api/v1/inventory/transfers/:id/dispatch', { schema: { tags, params: ZIdParams, response: one, description: 'transfer_out at the source; the goods are in transit' }, config },
    async (req) => ok(await transfers.dispatch(userAuth(req), req.params.id), 'Transfer dispatched'));
  app.post('/api/v1/inventory/transfers/:id/receive', { schema: { tags, params: ZIdParams, body: ZTransferReceipt, response: one, description: 'transfer_in at the destination; a part may stay in transit' }, config },
    async (req) => ok(await transfers.receive(userAuth(req), req.params.id, req.body), 'Goods received'));
  app.post('/api/v1/inventory/transfers/:id/cancel', { schema: { tags, params: ZIdParams, response: one, description: 'what is in transit goes back to the source' }, config },
    async (req) => ok(await transfers.cancel(userAuth(req), req.params.id), 'Transfer cancelled'));
};
