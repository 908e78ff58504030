import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEmailParams, ZOk, ZSearchGroup, ZSearchQuery } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TSearchService } from './search.service.ts';

export const searchRoutes = (search: TSearchService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Any signed-in user: each area answers only when the user holds its role, so nothing outside them is shown.
  app.get('/api/v1/search/:email', {
    schema: { tags: ['search'], params: ZEmailParams, querystring: ZSearchQuery, response: { 200: ZOk(z.array(ZSearchGroup)) } },
    config: allow('user'),
  }, async (req) => ok(await search.search(userAuth(req), req.params.email, req.query.q)));
};
