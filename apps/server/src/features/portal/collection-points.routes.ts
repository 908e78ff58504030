import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG, ZCollectionPointInput, ZEmailParams, ZGoogleLink, ZGoogleLinkParams, ZRegenerateCodeParams, ZUpdateNumber,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TCollectionPointsService } from './collection-points.service.ts';

export const collectionPointRoutes = (points: TCollectionPointsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['collection points'];

  app.post('/api/v1/auth/dcollector', { schema: { tags, body: ZCollectionPointInput }, config: allow('Projects-access') },
    async (req, reply) => reply.code(201).send(ok(await points.create(userAuth(req), req.body), MSG.collectorCreated)));

  app.get('/api/v1/auth/cpd/:email', { schema: { tags, params: ZEmailParams }, config: allow('Projects-access', 'Settings-access') },
    async (req) => ok(await points.list(userAuth(req), req.params.email)));

  app.put('/api/v1/auth/regenerate-code/:id/:employeeNumber', { schema: { tags, params: ZRegenerateCodeParams }, config: allow('Settings-access') },
    async (req) => ok(await points.regenerateCode(userAuth(req), req.params.id, req.params.employeeNumber), MSG.codeRegenerated));

  app.put('/api/v1/auth/update-number', { schema: { tags, body: ZUpdateNumber }, config: allow('Settings-access') },
    async (req) => ok(await points.updateNumber(userAuth(req), req.body), MSG.numberUpdated));

  app.put('/api/v1/auth/save-google-link/:userId/:employeeNumber', { schema: { tags, params: ZGoogleLinkParams, body: ZGoogleLink }, config: allow('Settings-access') },
    async (req) => ok(await points.saveGoogleLink(userAuth(req), req.params.userId, req.params.employeeNumber, req.body.googleLink), MSG.googleLinkSaved));
};
