import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVENTORY_MSG, ZEmailParams, ZEnergyEntry, ZEnergyEntryInput, ZEnergyReport, ZEnergyUsageQuery, ZImproveReport, ZMonthAverageQuery, ZMonthAverages, ZOk,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TEnergyService } from './energy.service.ts';

export const energyRoutes = (energy: TEnergyService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['energy'];

  app.post('/api/v1/inventory/tracker', { schema: { tags, body: ZEnergyEntryInput, response: { 201: ZOk(ZEnergyEntry) } }, config: allow('Tracker-access', 'collector') },
    async (req, reply) => reply.code(201).send(ok(await energy.record(req.auth!, req.body), INVENTORY_MSG.energySaved)));

  app.get('/api/v1/inventory/energy-usage/:email', { schema: { tags, params: ZEmailParams, querystring: ZEnergyUsageQuery, response: { 200: ZOk(z.array(ZEnergyEntry)) } }, config: allow('Tracker-access') },
    async (req) => ok(await energy.usage(userAuth(req), req.params.email, req.query)));

  app.get('/api/v1/inventory/monthavrg/:email', {
    schema: { tags, params: ZEmailParams, querystring: ZMonthAverageQuery, response: { 200: ZOk(ZMonthAverages) }, description: 'Monthly averages of quantity, cost and cost per unit; isAlert marks a month whose cost per unit rose more than alertPercent' },
    config: allow('Tracker-access'),
  }, async (req) => ok(await energy.monthAverages(userAuth(req), req.params.email, req.query)));

  app.put('/api/v1/inventory/improve-report', { schema: { tags, body: ZImproveReport, response: { 200: ZOk(ZEnergyReport) } }, config: allow('Tracker-access') },
    async (req) => ok(await energy.improveReport(userAuth(req), req.body), INVENTORY_MSG.reportWritten));
};
