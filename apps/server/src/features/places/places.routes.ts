import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPlace, ZPlaceInput, ZPlaceQuery } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TPlacesService } from './places.service.ts';

/** Who keeps the list of places: the owner, settings, and the store and buying staff who name them every day. */
export const PLACE_KEEPERS = ['Settings-access', 'Inventory-access', 'Procurement-access'] as const;

export const placeRoutes = (places: TPlacesService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];
  app.get('/api/v1/places', {
    schema: { tags, querystring: ZPlaceQuery, response: { 200: ZOk(z.array(ZPlace)) }, description: "The business's projects, sites and stores (the pickers' list)" },
    config: allow('user'),
  }, async (req) => ok(await places.list(userAuth(req), req.query)));

  app.post('/api/v1/places', {
    schema: { tags, body: ZPlaceInput, response: { 201: ZOk(ZPlace) }, description: 'A new project, site (of a project) or store' },
    config: allow(...PLACE_KEEPERS),
  }, async (req, reply) => reply.code(201).send(ok(await places.create(userAuth(req), req.body))));
};
