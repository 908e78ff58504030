import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, ZDesignation, ZDesignationInput, ZDesignationUpdate, ZEmailParams, ZIdParams, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TDesignationsService } from './designations.service.ts';

export const designationRoutes = (designations: TDesignationsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['designations'];

  app.post('/api/v1/designation', {
    schema: { tags, body: ZDesignationInput, response: { 201: ZOk(ZDesignation) } },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await designations.create(userAuth(req), req.body), MSG.designationCreated)));

  app.put('/api/v1/designation/:id', {
    schema: { tags, params: ZIdParams, body: ZDesignationUpdate, response: { 200: ZOk(ZDesignation) } },
    config: allow('HR-access'),
  }, async (req) => ok(await designations.update(userAuth(req), req.params.id, req.body), MSG.designationUpdated));

  app.delete('/api/v1/designation/:id', {
    schema: { tags, params: ZIdParams },
    config: allow('HR-access'),
  }, async (req) => {
    await designations.remove(userAuth(req), req.params.id);
    return ok(null, MSG.designationDeleted);
  });

  // Job titles are shown across modules (appraisal, payroll), so any signed-in user of the business may list them.
  app.get('/api/v1/employee/designation/:email', {
    schema: { tags, params: ZEmailParams, response: { 200: ZOk(z.array(ZDesignation)) } },
    config: allow('user'),
  }, async (req) => ok(await designations.list(req.auth!, req.params.email)));
};
