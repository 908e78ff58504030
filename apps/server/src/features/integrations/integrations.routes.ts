import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INTEGRATIONS_MSG, ZApiKey, ZApiKeyCreate, ZApiKeyCreated, ZIdParams, ZOk, ZWebhook, ZWebhookCreate, ZWebhookCreated, ZWebhookDelivery, ZWebhookUpdate,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, humansOnly, userAuth } from '../../platform/auth/guard.ts';
import type { TApiKeysService } from './api-keys.service.ts';
import type { TWebhooksService } from './webhooks.service.ts';

/** Issue 36 item 6: the owner's API keys and webhooks. A key is never an owner, so none of these take one. */
export const integrationRoutes = (keys: TApiKeysService, hooks: TWebhooksService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const owner = { ...allow('owner'), ...humansOnly };

  app.get('/api/v1/api-keys', {
    schema: { tags: ['api-keys'], response: { 200: ZOk(z.array(ZApiKey)) }, description: 'owner only: the business\'s API keys (never their secrets), revoked ones included' },
    config: owner,
  }, async (req) => ok(await keys.find(userAuth(req))));

  app.post('/api/v1/api-keys', {
    schema: { tags: ['api-keys'], body: ZApiKeyCreate, response: { 201: ZOk(ZApiKeyCreated) }, description: 'owner only: a key with some module roles; its secret is in this answer only. Send it as Authorization: Bearer bzk_… or X-Api-Key.' },
    config: owner,
  }, async (req, reply) => reply.code(201).send(ok(await keys.create(userAuth(req), req.body), INTEGRATIONS_MSG.keyCreated)));

  app.post('/api/v1/api-keys/:id/revoke', {
    schema: { tags: ['api-keys'], params: ZIdParams, response: { 200: ZOk(ZApiKey) }, description: 'owner only: the key stops working on every instance within a second' },
    config: owner,
  }, async (req) => ok(await keys.revoke(userAuth(req), req.params.id), INTEGRATIONS_MSG.keyRevoked));

  app.get('/api/v1/webhooks', {
    schema: { tags: ['webhooks'], response: { 200: ZOk(z.array(ZWebhook)) }, description: 'owner only: the business\'s webhooks' },
    config: owner,
  }, async (req) => ok(await hooks.find(userAuth(req))));

  app.post('/api/v1/webhooks', {
    schema: { tags: ['webhooks'], body: ZWebhookCreate, response: { 201: ZOk(ZWebhookCreated) }, description: 'owner only: a URL and the events to send to it; the signing secret is in this answer only' },
    config: owner,
  }, async (req, reply) => reply.code(201).send(ok(await hooks.create(userAuth(req), req.body), INTEGRATIONS_MSG.webhookCreated)));

  app.put('/api/v1/webhooks/:id', {
    schema: { tags: ['webhooks'], params: ZIdParams, body: ZWebhookUpdate, response: { 200: ZOk(ZWebhook) }, description: 'owner only: change the URL, events, description, or pause it (active: false)' },
    config: owner,
  }, async (req) => ok(await hooks.update(userAuth(req), req.params.id, req.body), INTEGRATIONS_MSG.webhookSaved));

  app.delete('/api/v1/webhooks/:id', {
    schema: { tags: ['webhooks'], params: ZIdParams, response: { 200: ZOk(z.null()) }, description: 'owner only: the webhook and its delivery log' },
    config: owner,
  }, async (req) => ok(await hooks.delete(userAuth(req), req.params.id), INTEGRATIONS_MSG.webhookDeleted));

  app.get('/api/v1/webhooks/:id/deliveries', {
    schema: { tags: ['webhooks'], params: ZIdParams, response: { 200: ZOk(z.array(ZWebhookDelivery)) }, description: 'owner only: the last 50 deliveries, each with its attempts (status code, duration, error)' },
    config: owner,
  }, async (req) => ok(await hooks.deliveries(userAuth(req), req.params.id)));

  app.post('/api/v1/webhooks/:id/test', {
    schema: { tags: ['webhooks'], params: ZIdParams, response: { 202: ZOk(z.null()) }, description: 'owner only: queue a signed webhook.test delivery to this webhook' },
    config: owner,
  }, async (req, reply) => reply.code(202).send(ok(await hooks.sendTest(userAuth(req), req.params.id), INTEGRATIONS_MSG.testQueued)));
};
