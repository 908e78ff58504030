import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZOk, ZPurchaseRequest, ZPurchaseRequestOrder, ZPurchaseRequestQuery } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TPurchaseRequestsService } from './purchase-requests.service.ts';

/** Purchase requests (issue 34): the buyers' list of what requisitions could not get from stock. */
export const purchaseRequestRoutes = (requests: TPurchaseRequestsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const config = allow('Procurement-access');

  app.get('/api/v1/orders/purchase-requests', { schema: { tags, querystring: ZPurchaseRequestQuery, response: { 200: ZOk(z.array(ZPurchaseRequest)) } }, config },
    async (req) => ok(await requests.list(userAuth(req), req.query)));
  app.post('/api/v1/orders/purchase-requests/:id/order', { schema: { tags, params: ZIdParams, body: ZPurchaseRequestOrder, response: { 200: ZOk(ZPurchaseRequest) }, description: 'Marks the request ordered on a purchase order' }, config },
    async (req) => ok(await requests.order(userAuth(req), req.params.id, req.body.orderId), 'Purchase request ordered'));
};
