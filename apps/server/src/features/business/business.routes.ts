import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BUSINESS_MSG, ZBusinessProfile, ZBusinessProfileInput, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TBusinessService } from './business.service.ts';

export const businessRoutes = (business: TBusinessService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['business'];

  app.get('/api/v1/business/profile', {
    schema: { tags, response: { 200: ZOk(ZBusinessProfile) }, description: 'The business\'s name, country and the identifiers it files under (any signed-in user of the business)' },
    config: allow('user'),
  }, async (req) => ok(await business.get(userAuth(req))));

  app.put('/api/v1/business/profile', {
    schema: { tags, body: ZBusinessProfileInput, response: { 200: ZOk(ZBusinessProfile) }, description: 'owner only: the business name and identifiers; null or "" clears one; employerPensionRate in percent (Nigeria: at least 10)' },
    config: allow('owner'),
  }, async (req) => ok(await business.update(userAuth(req), req.body), BUSINESS_MSG.profileSaved));
};
