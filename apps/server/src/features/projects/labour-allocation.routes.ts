import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLabourAllocation, ZLabourAllocationInput } from '@bizdesk/contract';
import { ZIdParams, ZOk } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TLabourAllocationService } from './labour-allocation.service.ts';

const tags = ['projects'];
/** Issue 35: who sets where people's labour goes — HR and payroll (Accounts). */
const WHO = allow('HR-access', 'Accounts-access');

export const labourAllocationRoutes = (labour: TLabourAllocationService) => async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/v1/projects/labour-allocation/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZLabourAllocation) }, description: 'An employee\'s labour split over projects, by month' }, config: WHO,
  }, async (req) => ok(await labour.get(userAuth(req), req.params.id)));
  app.put('/api/v1/projects/labour-allocation/:id', {
    schema: { tags, params: ZIdParams, body: ZLabourAllocationInput, response: { 200: ZOk(ZLabourAllocation) }, description: 'Sets an employee\'s labour split over projects from a month on' }, config: WHO,
  }, async (req) => ok(await labour.put(userAuth(req), req.params.id, req.body), 'Labour allocation saved'));
};
