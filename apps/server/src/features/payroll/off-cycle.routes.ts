import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFF_CYCLE_MSG, ZCreateOffCycleRun, ZOffCycleRunDetail, ZOk, ZRun, ZRunIdParams, ZRunsQuery } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TOffCycleService } from './off-cycle.service.ts';

/** Pay figures: the owner and Accounts-access. */
const PAY = allow('Accounts-access');

/**
 * Off-cycle runs (issue 32 item 3). Compute, approve, mark paid, publish, the bank file and the register are the
 * regular run's routes (/api/v1/payroll/runs/:runId/...), which take any run.
 */
export const offCycleRoutes = (offCycle: TOffCycleService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll'];

  app.get('/api/v1/payroll/runs', {
    schema: { tags, querystring: ZRunsQuery, response: { 200: ZOk(z.array(ZRun)) }, description: 'The runs of ?month=YYYY-MM (the regular run first, then its off-cycle runs) or of ?year= (default this year), each with its kind' },
    config: PAY,
  }, async (req) => ok(await offCycle.list(userAuth(req), req.query)));

  app.post('/api/v1/payroll/off-cycle', {
    schema: {
      tags, body: ZCreateOffCycleRun, response: { 201: ZOk(ZOffCycleRunDetail) },
      description: 'A bonus, 13th-month or correction run of the month beside its regular run: employees (or selectAll), a bulk value, per-employee items (amounts in major units; a bonus may be a percentage of one month\'s gross; a correction\'s amounts are signed). Compute and approve it with /api/v1/payroll/runs/:runId/compute and /approve.',
    },
    config: PAY,
  }, async (req, reply) => reply.code(201).send(ok(await offCycle.create(userAuth(req), req.body), OFF_CYCLE_MSG.created)));

  app.get('/api/v1/payroll/off-cycle/:runId', {
    schema: { tags, params: ZRunIdParams, response: { 200: ZOk(ZOffCycleRunDetail) }, description: 'The run and what it pays each employee, as entered' },
    config: PAY,
  }, async (req) => ok(await offCycle.detail(userAuth(req), req.params.runId)));

  app.delete('/api/v1/payroll/off-cycle/:runId', {
    schema: { tags, params: ZRunIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) }, description: 'Deletes a draft off-cycle run (an approved one stays)' },
    config: PAY,
  }, async (req) => ok(await offCycle.remove(userAuth(req), req.params.runId), OFF_CYCLE_MSG.deleted));
};
