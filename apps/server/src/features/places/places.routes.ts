import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPlace, ZPlaceConfirm, ZPlaceInput, ZPlaceMerge, ZPlaceMergeResult, ZPlacePatch, ZPlaceQuery, ZPlaceReview, ZIdParams } from '@bizdesk/contract';
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
  app.patch('/api/v1/places/:id', {
    schema: { tags, params: ZIdParams, body: ZPlacePatch, response: { 200: ZOk(ZPlace) }, description: "Renames a place (its records' name copies follow; the old name still resolves), changes its kind, a site's project, address or description" },
    config: allow(...PLACE_KEEPERS),
  }, async (req) => ok(await places.update(userAuth(req), req.params.id, req.body), 'Place saved'));

  app.post('/api/v1/places/:id/archive', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZPlace) }, description: 'Archives a place: it leaves the pickers; its records stay' },
    config: allow(...PLACE_KEEPERS),
  }, async (req) => ok(await places.setArchived(userAuth(req), req.params.id, true), 'Place archived'));

  app.post('/api/v1/places/:id/unarchive', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZPlace) }, description: 'Brings an archived place back to the pickers' },
    config: allow(...PLACE_KEEPERS),
  }, async (req) => ok(await places.setArchived(userAuth(req), req.params.id, false), 'Place restored'));

  app.get('/api/v1/places/review', {
    schema: { tags, response: { 200: ZOk(z.array(ZPlaceReview)) }, description: 'Places made from typed names, waiting for confirmation, with the spellings merged into each and their record counts' },
    config: allow('Settings-access'),
  }, async (req) => ok(await places.review(userAuth(req))));

  app.post('/api/v1/places/review/confirm', {
    schema: { tags, body: ZPlaceConfirm, response: { 200: ZOk(z.array(ZPlace)) }, description: 'Confirms proposed places, each optionally renamed, given another kind or its project' },
    config: allow('Settings-access'),
  }, async (req) => ok(await places.confirm(userAuth(req), req.body), 'Places confirmed'));

  app.post('/api/v1/places/:id/merge', {
    schema: { tags, params: ZIdParams, body: ZPlaceMerge, response: { 200: ZOk(ZPlaceMergeResult) }, description: 'Merges a place into another: every record naming it names the surviving place; its spellings keep resolving' },
    config: allow('Settings-access'),
  }, async (req) => ok(await places.merge(userAuth(req), req.params.id, req.body.intoId), 'Places merged'));
};
